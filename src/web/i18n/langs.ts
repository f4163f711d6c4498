// The spec's five languages (section 9): value, label, country code, date locale,
// number format and direction. MUI component translations load per language in theme/.

export type LangValue = 'en' | 'fr' | 'vi' | 'cn' | 'ar';

export type LangOption = {
  value: LangValue;
  label: string;
  /** The language's own name in its own script (the language menu shows this). */
  nativeLabel: string;
  countryCode: string;
  /** dayjs locale name */
  adapterLocale: 'en' | 'fr' | 'vi' | 'zh-cn' | 'ar-sa';
  numberFormat: { code: string; currency: string };
  /** BCP 47 tag for <html lang> ('cn' is not a language tag) */
  htmlLang: string;
  direction: 'ltr' | 'rtl';
};

export const LANGS: readonly LangOption[] = [
  {
    value: 'en',
    label: 'English',
    nativeLabel: 'English',
    countryCode: 'GB',
    adapterLocale: 'en',
    numberFormat: { code: 'en-US', currency: 'USD' },
    htmlLang: 'en',
    direction: 'ltr',
  },
  {
    value: 'fr',
    label: 'French',
    nativeLabel: 'Français',
    countryCode: 'FR',
    adapterLocale: 'fr',
    numberFormat: { code: 'fr-Fr', currency: 'EUR' },
    htmlLang: 'fr',
    direction: 'ltr',
  },
  {
    value: 'vi',
    label: 'Vietnamese',
    nativeLabel: 'Tiếng Việt',
    countryCode: 'VN',
    adapterLocale: 'vi',
    numberFormat: { code: 'vi-VN', currency: 'VND' },
    htmlLang: 'vi',
    direction: 'ltr',
  },
  {
    value: 'cn',
    label: 'Chinese',
    nativeLabel: '中文',
    countryCode: 'CN',
    adapterLocale: 'zh-cn',
    numberFormat: { code: 'zh-CN', currency: 'CNY' },
    htmlLang: 'zh-CN',
    direction: 'ltr',
  },
  {
    value: 'ar',
    label: 'Arabic',
    nativeLabel: 'العربية',
    countryCode: 'SA',
    adapterLocale: 'ar-sa',
    numberFormat: { code: 'ar', currency: 'AED' },
    htmlLang: 'ar',
    direction: 'rtl',
  },
];

export const LANG_VALUES = LANGS.map((l) => l.value);
export const FALLBACK_LNG: LangValue = 'en';
export const DEFAULT_NS = 'common';
export const LANG_STORAGE_KEY = 'i18nextLng';
export const DETECTION_ORDER = ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'];

export function getLang(value: string | undefined | null): LangOption {
  const base = (value ?? '').toLowerCase();
  return (
    LANGS.find((l) => l.value === base) ??
    LANGS.find((l) => l.value === base.split('-')[0]) ??
    (base.startsWith('zh') ? LANGS.find((l) => l.value === 'cn') : undefined) ??
    LANGS[0]
  );
}
