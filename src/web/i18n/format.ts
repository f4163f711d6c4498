import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getLang } from './langs';

// Minimal version; the shell helper's richer one replaces it at merge (same name and shape).

type Value = string | number | null | undefined;

/** Dates, numbers and money in the current language's formats. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const code = getLang(i18n.resolvedLanguage ?? i18n.language).numberFormat.code;
  return useMemo(() => {
    const dateFmt = new Intl.DateTimeFormat(code, { dateStyle: 'medium', timeZone: 'UTC' });
    const dateTimeFmt = new Intl.DateTimeFormat(code, { dateStyle: 'medium', timeStyle: 'short' });
    const numberFmt = new Intl.NumberFormat(code);
    const valid = (v: Value): v is string | number => v !== null && v !== undefined && v !== '';
    return {
      // A plain date (YYYY-MM-DD) is a calendar day: formatted in UTC so no zone moves it.
      date: (v: Value) => (valid(v) && !Number.isNaN(new Date(v).getTime()) ? dateFmt.format(new Date(v)) : ''),
      dateTime: (v: Value) => (valid(v) && !Number.isNaN(new Date(v).getTime()) ? dateTimeFmt.format(new Date(v)) : ''),
      number: (v: Value) => (valid(v) ? numberFmt.format(Number(v)) : ''),
      money: (v: Value, currency = 'USD') =>
        valid(v) ? new Intl.NumberFormat(code, { style: 'currency', currency }).format(Number(v)) : '',
    };
  }, [code]);
}
