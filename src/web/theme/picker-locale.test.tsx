import { act, render, waitFor } from '@testing-library/react';
import { DateField } from '@mui/x-date-pickers/DateField';
import { usePickerAdapter, usePickerTranslations } from '@mui/x-date-pickers/hooks';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, type LangValue } from '../i18n';
import { AR_PICKERS_TEXT } from '../i18n/pickers-ar';
import { SettingsProvider } from '../settings';
import { AppThemeProvider } from './index';
import { PickersLocalization } from './pickers-localization';

let texts: PickersLocaleText | undefined;
let adapterLocale: string | undefined;
function Probe() {
  texts = usePickerTranslations();
  adapterLocale = usePickerAdapter().locale as string;
  return null;
}

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});

// The date pickers' own texts (aria labels, placeholders, toolbar) and the dayjs locale
// that writes month and day names, per language (spec §9 date locales).
// The empty field's placeholders come from both: the locale's date order, the language's words.
const EXPECTED: Record<LangValue, { previousMonth: string; okButtonLabel: string; dayjs: string; empty: string }> = {
  en: { previousMonth: 'Previous month', okButtonLabel: 'OK', dayjs: 'en', empty: 'MM/DD/YYYY' },
  fr: { previousMonth: 'Mois précédent', okButtonLabel: 'OK', dayjs: 'fr', empty: 'JJ/MM/AAAA' },
  vi: { previousMonth: 'Tháng trước', okButtonLabel: 'OK', dayjs: 'vi', empty: 'DD/MM/YYYY' },
  cn: { previousMonth: '上个月', okButtonLabel: '确认', dayjs: 'zh-cn', empty: 'YYYY/MM/DD' },
  ar: { previousMonth: 'الشهر السابق', okButtonLabel: 'موافق', dayjs: 'ar-sa', empty: 'يوم/شهر/سنة' },
};

describe('date pickers follow the language (AppThemeProvider, PickersLocalization)', () => {
  it('uses each language’s picker texts and dayjs locale, and back to English', async () => {
    const { container } = render(
      <SettingsProvider>
        <AppThemeProvider>
          <PickersLocalization>
            <Probe />
            <DateField label="Join date" />
          </PickersLocalization>
        </AppThemeProvider>
      </SettingsProvider>,
    );
    const field = () => container.querySelector('.MuiPickersSectionList-root')?.textContent?.replace(/[\u200e\u2066-\u2069]/g, '');
    for (const lang of ['fr', 'vi', 'cn', 'ar', 'en'] as const) {
      await act(() => i18n.changeLanguage(lang));
      const want = EXPECTED[lang];
      await waitFor(() => {
        expect(texts?.previousMonth, lang).toBe(want.previousMonth);
        expect(texts?.okButtonLabel, lang).toBe(want.okButtonLabel);
        expect(adapterLocale, lang).toBe(want.dayjs);
        expect(field(), lang).toBe(want.empty);
      });
    }
  });

  it('has an Arabic text for every key, none left in English', async () => {
    const { enUS } = await import('@mui/x-date-pickers/locales');
    const english = enUS.components.MuiLocalizationProvider.defaultProps.localeText as PickersLocaleText;
    expect(Object.keys(AR_PICKERS_TEXT).sort()).toEqual(Object.keys(english).sort());
    // Functions take a view, a formatted value or the field's params: called with a view
    // and a time, each still answers in Arabic.
    const asText = (v: unknown): string =>
      typeof v === 'function' ? String((v as (...a: unknown[]) => unknown)('day', '10:00')) : String(v);
    for (const key of Object.keys(english) as Array<keyof PickersLocaleText>) {
      if (key === 'calendarWeekNumberHeaderText' || key === 'calendarWeekNumberText') continue; // '#' and the bare number
      expect(asText(AR_PICKERS_TEXT[key]), key).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
