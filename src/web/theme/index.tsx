import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import useMediaQuery from '@mui/material/useMediaQuery';
// MUI X (date pickers, DataGrid) asks @mui/system whether the page is right-to-left. Installed,
// it finds @mui/system 7 while @mui/material 6's ThemeProvider only tells its own @mui/system 6
// (the build keeps the material's copy alone, scripts/vite-trim.ts; Node, in the unit tests, has
// both). Without this the pickers' month arrows and field keep their left-to-right order in Arabic.
import RtlProvider from '@mui/system/RtlProvider';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../settings';
import { getLang } from '../i18n/langs';
import { applyDayjsLocale } from '../i18n/dayjs-locale';
import { createAppTheme } from './create-theme';
import { DateLocaleContext } from './date-locale';
import { loadComponentLocale, type ComponentLocale } from './component-locales';
import { getEmotionCache } from './rtl-cache';
import './fonts';

export { createAppTheme, navColorStyles, fontStack } from './create-theme';
export { PRESETS, grey } from './palette';

/** The colour mode actually shown: 'system' follows the operating system. */
export function useResolvedMode(): 'light' | 'dark' {
  const { colorScheme } = useSettings();
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  return colorScheme === 'system' ? (systemDark ? 'dark' : 'light') : colorScheme;
}

/**
 * Theme from the settings (mode, contrast, preset, font, size, direction) and the
 * current language (MUI, DataGrid, date-picker translations, dayjs locale, <html lang dir>).
 * Must sit inside SettingsProvider, after initI18n().
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const settings = useSettings();
  const { direction, contrast, primaryColor, fontFamily, fontSize, onUpdate } = settings;
  const mode = useResolvedMode();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const { i18n } = useTranslation();
  const lang = getLang(i18n.resolvedLanguage ?? i18n.language);

  const [locales, setLocales] = useState<{ component: ComponentLocale | undefined; date: string }>({ component: undefined, date: 'en' });
  const { component: componentLocale, date: dateLocale } = locales;

  // The component translations and the dayjs locale change together: a date field builds
  // its placeholders when the date locale changes, with the picker texts of that moment.
  useEffect(() => {
    let alive = true;
    void Promise.allSettled([loadComponentLocale(lang.value), applyDayjsLocale(lang.adapterLocale)]).then(([component, date]) => {
      for (const r of [component, date]) if (r.status === 'rejected') console.error(r.reason);
      if (!alive) return;
      setLocales((prev) => ({
        component: component.status === 'fulfilled' ? component.value : prev.component,
        date: date.status === 'fulfilled' ? lang.adapterLocale : prev.date,
      }));
    });
    return () => {
      alive = false;
    };
  }, [lang.value, lang.adapterLocale]);

  // Arabic switches to right-to-left, other languages back to left-to-right. At start
  // only Arabic forces it, so a user's own 'Right to left' choice survives a reload.
  const lastLang = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (lastLang.current === lang.value) return;
    const first = lastLang.current === undefined;
    lastLang.current = lang.value;
    if (first && lang.direction !== 'rtl') return;
    if (direction !== lang.direction) onUpdate('direction', lang.direction);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang.value]);

  useEffect(() => {
    const html = document.documentElement;
    html.setAttribute('dir', direction);
    html.setAttribute('lang', lang.htmlLang);
  }, [direction, lang.htmlLang]);

  const theme = useMemo(
    () => createAppTheme({ mode, direction, contrast, primaryColor, fontFamily, reducedMotion }, componentLocale),
    [mode, direction, contrast, primaryColor, fontFamily, reducedMotion, componentLocale],
  );

  return (
    <CacheProvider value={getEmotionCache(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <GlobalStyles
          styles={(t) => ({
            html: { fontSize: `${fontSize}px` },
            // The skip link: off screen until the keyboard reaches it.
            '.skip-link': {
              position: 'fixed',
              insetInlineStart: 8,
              top: -200,
              zIndex: t.zIndex.tooltip + 1,
              padding: '12px 16px',
              borderRadius: 8,
              background: t.palette.background.paper,
              color: t.palette.text.primary,
              fontWeight: 600,
              boxShadow: t.shadows[8],
            },
            '.skip-link:focus, .skip-link:focus-visible': { top: 8 },
          })}
        />
        <RtlProvider value={direction === 'rtl'}>
          <DateLocaleContext.Provider value={dateLocale}>{children}</DateLocaleContext.Provider>
        </RtlProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}

export { useGridLocaleText } from './use-grid-locale-text';
