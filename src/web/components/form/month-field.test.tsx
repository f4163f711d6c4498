import { act, render, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n';
import { SettingsProvider } from '../../settings';
import { AppThemeProvider } from '../../theme';
import { DayField, MonthField } from './month-field';

beforeAll(async () => {
  window.localStorage.setItem('i18nextLng', 'en');
  await initI18n();
});

// The sections' text as shown, without the marks that keep digits left to right.
const shown = (root: HTMLElement, testId: string) =>
  root.querySelector(`[data-testid="${testId}"] .MuiPickersSectionList-root`)?.textContent?.replace(/[\u200e\u2066-\u2069]/g, '');

describe('month and day fields write in the reader’s language, not the browser’s', () => {
  it('shows November 2026 and 28 November 2026 in each language', async () => {
    const { container } = render(
      <SettingsProvider>
        <AppThemeProvider>
          <MonthField label="Month" value="2026-11" onChange={() => {}} testId="m" />
          <DayField label="Day" value="2026-11-28" onChange={() => {}} testId="d" />
        </AppThemeProvider>
      </SettingsProvider>,
    );
    const want = {
      fr: ['novembre 2026', '28/11/2026'],
      vi: ['tháng 11 2026', '28/11/2026'],
      cn: ['十一月 2026', '2026/11/28'],
      en: ['November 2026', '11/28/2026'],
    } as const;
    for (const lang of ['fr', 'vi', 'cn', 'en'] as const) {
      await act(() => i18n.changeLanguage(lang));
      await waitFor(
        () => {
          expect(shown(container, 'm'), lang).toBe(want[lang][0]);
          expect(shown(container, 'd'), lang).toBe(want[lang][1]);
        },
        { timeout: 8000 },
      );
    }
  }, 30_000);
});
