// MUI, DataGrid and date-picker translations for the current language. English is
// MUI's own default, so nothing loads for it; other languages load on demand.
import type { LangValue } from '../i18n/langs';

export type ComponentLocale = { core: object; dataGrid: object; datePickers: object };

export async function loadComponentLocale(lang: LangValue): Promise<ComponentLocale | undefined> {
  if (lang === 'en') return undefined;
  const [core, grid, pickers] = await Promise.all([
    import('@mui/material/locale'),
    import('@mui/x-data-grid/locales'),
    import('@mui/x-date-pickers/locales'),
  ]);
  switch (lang) {
    case 'fr':
      return { core: core.frFR, dataGrid: grid.frFR, datePickers: withWeekdays(pickers.frFR) };
    case 'vi':
      return { core: core.viVN, dataGrid: withGridText(grid.viVN, VI_GRID_TEXT), datePickers: withWeekdays(pickers.viVN) };
    case 'cn':
      return { core: core.zhCN, dataGrid: grid.zhCN, datePickers: withWeekdays(pickers.zhCN) };
    case 'ar':
      // The date pickers ship no Arabic translation: ours (i18n/pickers-ar.ts).
      return {
        core: core.arSA,
        dataGrid: withGridText(grid.arSD, AR_GRID_TEXT),
        datePickers: withWeekdays((await import('../i18n/pickers-ar')).arSAPickers),
      };
  }
}

type GridLocale = { components: { MuiDataGrid: { defaultProps: { localeText: object } } } };

/** Adds texts a shipped DataGrid translation leaves in English. */
function withGridText(locale: GridLocale, extra: object): GridLocale {
  const { localeText } = locale.components.MuiDataGrid.defaultProps;
  return { components: { MuiDataGrid: { defaultProps: { localeText: { ...localeText, ...extra } } } } };
}

/**
 * The calendar's weekday header: MUI shows the first letter of each short name, which in
 * Vietnamese is "T" for six days (T2…T7) and repeats letters in French and Arabic; the
 * locale's shortest names (dayjs 'dd': CN T2 T3…, di lu ma…, ح ن ث…) tell every day apart.
 */
export const dayOfWeekFormatter = (date: { format: (f: string) => string }) => date.format('dd');

function withWeekdays(locale: object): object {
  const base = locale as { components?: Record<string, unknown> };
  return {
    ...base,
    components: { ...base.components, MuiDateCalendar: { defaultProps: { dayOfWeekFormatter } } },
  };
}

type DisplayedRows = { from: number; to: number; count: number; estimated?: number };

// The Vietnamese grid translation ships without the "1–10 of 37" pagination text; the
// wording follows MUI's own Vietnamese table pagination.
export const VI_GRID_TEXT = {
  paginationDisplayedRows: ({ from, to, count, estimated }: DisplayedRows) => {
    const more = estimated && estimated > to ? `khoảng ${estimated}` : `nhiều hơn ${to}`;
    return `${from}–${to} trong ${count !== -1 ? count : more}`;
  },
  // Texts of the free grid the shipped translation leaves in English.
  noColumnsOverlayLabel: 'Bảng không có cột nào.',
  noColumnsOverlayManageColumns: 'Quản lý cột',
  columnsManagementDeleteIconLabel: 'Xóa',
  headerFilterClear: 'Xóa bộ lọc',
  columnMenuAriaLabel: (columnName: string) => `Menu của cột ${columnName}`,
};

// Texts of the free grid the shipped Arabic translation leaves in English.
export const AR_GRID_TEXT = {
  noColumnsOverlayLabel: 'لا توجد أعمدة في الجدول.',
  noColumnsOverlayManageColumns: 'إدارة الأعمدة',
  headerFilterClear: 'مسح عامل التصفية',
  filterOperatorDoesNotContain: 'لا يحتوي على',
  filterOperatorDoesNotEqual: 'لا يساوي',
  headerFilterOperatorDoesNotContain: 'لا يحتوي على',
  headerFilterOperatorDoesNotEqual: 'لا يساوي',
  columnMenuAriaLabel: (columnName: string) => `قائمة العمود ${columnName}`,
};
