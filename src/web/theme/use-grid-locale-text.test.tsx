import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import type { GridLocaleText } from '@mui/x-data-grid';
import { describe, expect, it } from 'vitest';
import { enUS } from '@mui/x-data-grid/locales';
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

// The free grid's texts (column menu, filters, columns panel, pagination…): none may stay
// English in another language. Pivot, charts and the AI assistant are paid features the app
// does not use; operators written as symbols and words French spells as English are fine.
const PAID =
  /^(pivot|charts|aiAssistant|prompt|toolbarPivot|toolbarCharts|toolbarAssistant|emptyPivot|columnMenuManage(Pivot|Charts)|aggregation)/;
const SAME_WORD = new Set([
  'filterOperator=',
  'filterOperator!=',
  'filterOperator>',
  'filterOperator>=',
  'filterOperator<',
  'filterOperator<=',
  'columnMenuLabel',
  'toolbarDensityStandard',
]);

describe('grid texts in every language', () => {
  const en = enUS.components.MuiDataGrid.defaultProps.localeText as Record<string, unknown>;
  it.each(['fr', 'vi', 'cn', 'ar'] as const)('leaves no free-grid text in English in %s', async (lang) => {
    const text = (await gridText(lang, {})) as Record<string, unknown>;
    const english = Object.keys(en).filter((k) => {
      if (PAID.test(k) || SAME_WORD.has(k)) return false;
      if (typeof en[k] === 'function') return typeof text[k] !== 'function';
      return text[k] === undefined || text[k] === en[k];
    });
    expect(english).toEqual([]);
  });

  it('names the column menu in the language', async () => {
    const ar = (await gridText('ar', {})).columnMenuAriaLabel as (name: string) => string;
    expect(ar('الاسم')).toBe('قائمة العمود الاسم');
  });
});
