import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import { useCallback, useMemo } from 'react';
import { loadToast } from '../toast/load';
import { applyDayjsLocale } from './dayjs-locale';
import {
  DEFAULT_NS,
  DETECTION_ORDER,
  FALLBACK_LNG,
  LANGS,
  LANG_STORAGE_KEY,
  LANG_VALUES,
  getLang,
  type LangOption,
  type LangValue,
} from './langs';

export { LANGS, LANG_VALUES, FALLBACK_LNG, DEFAULT_NS, LANG_STORAGE_KEY, getLang, type LangOption, type LangValue };

export const i18n = i18next;

// Translations are bundled: each language/namespace file becomes its own chunk,
// loaded on demand — no network API call (section 7).
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

export const NAMESPACES: string[] = Array.from(
  new Set(
    Object.keys(loaders).map((p) =>
      p
        .split('/')
        .pop()!
        .replace(/\.json$/, ''),
    ),
  ),
).sort((a, b) => (a === DEFAULT_NS ? -1 : b === DEFAULT_NS ? 1 : a.localeCompare(b)));

const bundledBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** What the signed-out screens (sign-in and the other auth pages, loading, errors) use. */
export const GUEST_NAMESPACES: string[] = [DEFAULT_NS, 'auth', 'errors'];

/**
 * What the signed-in layout shows: navigation, header, settings, the permission-denied view
 * (which names the role: users) and the bell, whose live notifications speak of jobs and leave
 * requests (NOTIFICATION_NAMESPACES). Each page loads its own before it shows (app/routes.tsx,
 * app/resource-routes.tsx).
 */
export const SHELL_NAMESPACES: string[] = [...GUEST_NAMESPACES, 'navbar', 'settings', 'users', 'notifications', 'jobs', 'leave-requests'];

let initPromise: Promise<void> | undefined;

/**
 * Loads the current language's translations: every namespace, or only the given ones
 * (the app starts with GUEST_NAMESPACES; the signed-in shell and each page add theirs).
 */
export function initI18n(namespaces: string[] = NAMESPACES): Promise<void> {
  initPromise ??= (async () => {
    await i18next
      .use(bundledBackend)
      .use(LanguageDetector)
      .use(initReactI18next)
      .init({
        supportedLngs: LANG_VALUES,
        fallbackLng: FALLBACK_LNG,
        load: 'currentOnly',
        ns: namespaces,
        defaultNS: DEFAULT_NS,
        fallbackNS: DEFAULT_NS,
        interpolation: { escapeValue: false },
        returnNull: false,
        react: { useSuspense: false },
        detection: {
          order: DETECTION_ORDER,
          lookupQuerystring: 'lng',
          lookupCookie: LANG_STORAGE_KEY,
          lookupLocalStorage: LANG_STORAGE_KEY,
          lookupSessionStorage: LANG_STORAGE_KEY,
          caches: ['localStorage'],
          // Browsers say zh-CN; the spec's code for Chinese is cn.
          convertDetectedLanguage: (lng: string) => (lng.toLowerCase().startsWith('zh') ? 'cn' : lng),
        },
      });
    await applyDayjsLocale(getLang(i18next.resolvedLanguage ?? i18next.language).adapterLocale).catch((e: unknown) => console.error(e));
  })();
  return initPromise;
}

/**
 * These namespaces of the current language, before a screen that uses them shows. A language
 * change reloads every namespace loaded so far (i18next keeps them in its `ns` option).
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  await initI18n();
  await i18next.loadNamespaces([...namespaces]);
}

/** Every namespace of the current language: for the pages that have not said which they use. */
export function loadAllNamespaces(): Promise<void> {
  return loadNamespaces(NAMESPACES);
}

export function currentLangValue(): LangValue {
  return getLang(i18next.resolvedLanguage ?? i18next.language).value;
}

/**
 * Changes the language with the spec's toasts: 'Loading...', then
 * 'Language has been changed!' or 'Error changing language!' (logged to the console).
 * Direction and <html lang/dir> follow in the theme (it listens to languageChanged).
 */
export async function changeLanguage(lng: string): Promise<void> {
  const lang = getLang(lng);
  // The toast library loads with the first toast; without it the language still changes.
  const toast = await loadToast().catch((error: unknown) => console.error(error));
  const id = toast?.loading(i18next.t('common:languageChange.loading'));
  try {
    // The namespaces loaded so far come in the new language (the next pages load theirs in it).
    await i18next.changeLanguage(lang.value);
    // changeLanguage resolves even when a bundle failed to load: check it arrived.
    if (!i18next.hasResourceBundle(lang.value, DEFAULT_NS)) {
      throw new Error(`Translations for "${lang.value}" failed to load`);
    }
    await applyDayjsLocale(lang.adapterLocale);
    toast?.success(i18next.t('common:languageChange.success'), { id });
  } catch (error) {
    console.error(error);
    toast?.error(i18next.t('common:languageChange.error'), { id });
  }
}

/** Refine's i18n provider on react-i18next. */
export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: unknown, defaultMessage?: string) => {
    // Refine also calls translate(key, defaultMessage).
    if (typeof options === 'string') return String(i18next.t(key, { defaultValue: options }));
    const opts = (options && typeof options === 'object' ? options : {}) as Record<string, unknown>;
    return String(i18next.t(key, defaultMessage === undefined ? opts : { ...opts, defaultValue: defaultMessage }));
  },
  changeLocale: (lang: string) => changeLanguage(lang),
  getLocale: () => currentLangValue(),
};

export function useLocales() {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage ?? instance.language;
  const currentLang = useMemo(() => getLang(language), [language]);
  const onChangeLang = useCallback((lng: string) => changeLanguage(lng), []);
  return { allLangs: LANGS, currentLang, onChangeLang };
}

/** Number and currency formats of the current language (section 9). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const { numberFormat } = getLang(currentLangValue());
  return new Intl.NumberFormat(numberFormat.code, options).format(value);
}

export function formatCurrency(value: number, currency?: string): string {
  const { numberFormat } = getLang(currentLangValue());
  return new Intl.NumberFormat(numberFormat.code, { style: 'currency', currency: currency ?? numberFormat.currency }).format(value);
}
