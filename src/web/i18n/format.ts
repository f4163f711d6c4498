import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../domain/countries';
import { MINOR_UNITS, formatMoneyLocale, parseDecimal } from '../../domain/money';
import { getLang, type LangValue } from './langs';

// Dates, numbers and money in the current language's format (spec §9 locales: en-US, fr-FR,
// vi-VN, zh-CN, ar). The grids format their date columns with `useFormatters().date`, so a
// grid and a form show the same date the same way.

/** BCP 47 locale of each language for Intl (the spec writes fr-Fr; Intl takes any case). */
export const FORMAT_LOCALES: Record<LangValue, string> = {
  en: 'en-US',
  fr: 'fr-FR',
  vi: 'vi-VN',
  cn: 'zh-CN',
  ar: 'ar',
};

export type Formatters = {
  locale: string;
  /** A calendar date ('2024-01-31' or a full ISO time): 01/31/2024, 31/01/2024, 2024/1/31… */
  date: (iso: string | Date | null | undefined) => string;
  /** A date and time in the user's time zone. */
  dateTime: (iso: string | Date | null | undefined) => string;
  number: (n: number | string | null | undefined, options?: Intl.NumberFormatOptions) => string;
  /** An amount (a number or a NUMERIC string) in the given currency. */
  money: (amount: number | string | null | undefined, currency: string) => string;
  /** A year, never digit-grouped (2027, not 2,027), in the language's digits. */
  year: (y: number | string | null | undefined) => string;
  /** A month ('YYYY-MM' or a date in it): 'janv. 2026' (short) or 'janvier 2026' (long). */
  month: (ym: string | null | undefined, style?: 'short' | 'long') => string;
  /** A country by its ISO 3166-1 alpha-2 code: 'DE' is Allemagne in French, 德国 in Chinese. */
  country: (code: string | null | undefined) => string;
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: string | Date): Date | undefined {
  // A calendar date has no time zone: read it as noon UTC so no zone moves its day.
  const d = value instanceof Date ? value : DATE_ONLY.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

export function createFormatters(lang: string): Formatters {
  const locale = FORMAT_LOCALES[getLang(lang).value];
  // A currency's Latin code keeps its order inside right-to-left text (formatMoneyLocale).
  const rtl = getLang(lang).direction === 'rtl';
  const dateFmt = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' });
  const dateOnlyFmt = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
  const dateTimeFmt = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const numberFmt = new Intl.NumberFormat(locale);
  const yearFmt = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 0 });
  const monthFmts = {
    short: new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
    long: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  };
  const moneyFmts = new Map<string, Intl.NumberFormat>();
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  return {
    locale,
    date: (iso) => {
      if (blank(iso)) return '';
      const d = toDate(iso!);
      if (!d) return String(iso);
      return (typeof iso === 'string' && DATE_ONLY.test(iso) ? dateOnlyFmt : dateFmt).format(d);
    },
    dateTime: (iso) => {
      if (blank(iso)) return '';
      const d = toDate(iso!);
      return d ? dateTimeFmt.format(d) : String(iso);
    },
    number: (n, options) => {
      if (blank(n)) return '';
      const v = Number(n);
      if (Number.isNaN(v)) return String(n);
      return options ? new Intl.NumberFormat(locale, options).format(v) : numberFmt.format(v);
    },
    year: (y) => {
      if (blank(y)) return '';
      const v = Number(y);
      return Number.isInteger(v) ? yearFmt.format(v) : String(y);
    },
    month: (ym, style = 'short') => {
      if (blank(ym)) return '';
      const m = /^(\d{4})-(\d{2})/.exec(ym!);
      return m ? monthFmts[style].format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 15, 12))) : String(ym);
    },
    country: (code) => (blank(code) ? '' : countryName(code!, locale)),
    money: (amount, currency) => {
      if (blank(amount)) return '';
      // A decimal string (the API's exact amounts) is grouped as it is, never read as a float.
      if (typeof amount === 'string' && currency in MINOR_UNITS && parseDecimal(amount))
        return formatMoneyLocale(amount, currency, locale, rtl);
      const v = Number(amount);
      if (Number.isNaN(v)) return String(amount);
      let fmt = moneyFmts.get(currency);
      if (!fmt) {
        fmt = new Intl.NumberFormat(locale, { style: 'currency', currency });
        moneyFmts.set(currency, fmt);
      }
      return rtl
        ? fmt
            .formatToParts(v)
            .map((p) => (p.type === 'currency' ? `\u2066${p.value}\u2069` : p.value))
            .join('')
        : fmt.format(v);
    },
  };
}

/** The formatters of the current language; they change when the language does. */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => createFormatters(lang), [lang]);
}
