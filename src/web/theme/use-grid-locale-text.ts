import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import type { GridLocaleText } from '@mui/x-data-grid';

/**
 * The DataGrid translations of the current language (set on the theme) plus a page's own
 * texts. Passing `localeText` straight to a DataGrid replaces the theme's translations
 * (pagination, filters, menus) instead of extending them — use this instead.
 */
export function useGridLocaleText(overrides: Partial<GridLocaleText> = {}): Partial<GridLocaleText> {
  const theme = useTheme();
  const themed = (theme.components as { MuiDataGrid?: { defaultProps?: { localeText?: Partial<GridLocaleText> } } } | undefined)
    ?.MuiDataGrid?.defaultProps?.localeText;
  const key = JSON.stringify(Object.entries(overrides).filter(([, v]) => typeof v === 'string'));
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => ({ ...themed, ...overrides }), [themed, key]);
}
