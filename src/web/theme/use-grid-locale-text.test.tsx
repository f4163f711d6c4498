import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import type { GridLocaleText } from '@mui/x-data-grid';
import { describe, expect, it } from 'vitest';
import type { LangValue } from '../i18n/langs';
import { createAppTheme } from './create-theme';
import { loadComponentLocale } from './component-locales';
import { useGridLocaleText } from './use-grid-locale-text';

const base = { mode: 'light', direction: 'ltr', contrast: 'default', primaryColor: 'default', fontFamily: 'Public Sans Variable' } as const;

async function gridText(lang: LangValue, overrides: Partial<GridLocaleText>) {
  const theme = createAppTheme(base, await loadComponentLocale(lang));
  const wrapper = ({ children }: { children: ReactNode }) => <ThemeProvider theme={theme}>{children}</ThemeProvider>;
  return renderHook(() => useGridLocaleText(overrides), { wrapper }).result.current;
}

describe('useGridLocaleText', () => {
  it("keeps the language's pagination texts beside a page's own texts", async () => {
    const fr = await gridText('fr', { noRowsLabel: 'Aucun utilisateur' });
    expect(fr.noRowsLabel).toBe('Aucun utilisateur');
    expect(fr.paginationRowsPerPage).toBe('Lignes par page :');

    const ar = await gridText('ar', { noRowsLabel: 'لا يوجد مستخدمون' });
    expect(ar.paginationRowsPerPage).toBe('عدد الصفوف في الصفحة:');
    expect(ar.noRowsLabel).toBe('لا يوجد مستخدمون');

    expect((await gridText('cn', {})).paginationRowsPerPage).toBe('每页行数:');
    expect((await gridText('vi', {})).paginationRowsPerPage).toBe('Số hàng mỗi trang:');
  });

  it('gives Vietnamese the displayed-rows text its grid translation lacks', async () => {
    const vi = await gridText('vi', {});
    const displayed = vi.paginationDisplayedRows as (p: { from: number; to: number; count: number; estimated?: number }) => string;
    expect(displayed({ from: 1, to: 10, count: 37 })).toBe('1–10 trong 37');
    expect(displayed({ from: 1, to: 10, count: -1 })).toBe('1–10 trong nhiều hơn 10');
  });

  it('in English only adds the overrides (English is the grid default)', async () => {
    expect(await gridText('en', { noRowsLabel: 'No users' })).toEqual({ noRowsLabel: 'No users' });
  });
});
