import { describe, expect, it } from 'vitest';
import { createAppTheme } from './create-theme';
import { PRESETS } from './palette';

const base = { mode: 'light', direction: 'ltr', contrast: 'default', primaryColor: 'default', fontFamily: 'Public Sans Variable' } as const;

describe('createAppTheme (spec §9)', () => {
  it('is purple by default and follows the five presets', () => {
    expect(createAppTheme(base).palette.primary.main).toBe('#7635DC');
    for (const preset of ['preset1', 'preset2', 'preset3', 'preset4', 'preset5'] as const) {
      expect(createAppTheme({ ...base, primaryColor: preset }).palette.primary.main).toBe(PRESETS[preset].main);
    }
    expect(new Set(Object.values(PRESETS).map((p) => p.main)).size).toBe(6);
  });

  it('has button heights small 30, medium auto, large 48', () => {
    const overrides = createAppTheme(base).components?.MuiButton?.styleOverrides as Record<string, { height?: number }>;
    expect(overrides.sizeSmall?.height).toBe(30);
    expect(overrides.sizeMedium?.height).toBeUndefined();
    expect(overrides.sizeLarge?.height).toBe(48);
  });

  it('uses the chosen primary family and the condensed secondary face for headings', () => {
    const theme = createAppTheme({ ...base, fontFamily: 'Inter Variable' });
    expect(theme.typography.fontFamily).toMatch(/^'Inter Variable'/);
    expect(theme.typography.h1.fontFamily).toMatch(/^'Barlow'/);
  });

  it('applies mode, high contrast and direction', () => {
    expect(createAppTheme({ ...base, mode: 'dark' }).palette.mode).toBe('dark');
    const normal = createAppTheme(base).palette.background.default;
    const high = createAppTheme({ ...base, contrast: 'hight' }).palette.background.default;
    expect(high).not.toBe(normal);
    expect(createAppTheme({ ...base, direction: 'rtl' }).direction).toBe('rtl');
  });

  it('carries the component translations of the language', () => {
    const theme = createAppTheme(base, {
      core: { components: { MuiTablePagination: { defaultProps: { labelRowsPerPage: 'Lignes par page :' } } } },
      dataGrid: { components: { MuiDataGrid: { defaultProps: { localeText: { noRowsLabel: 'Pas de résultats' } } } } },
      datePickers: {},
    });
    const components = theme.components as Record<string, { defaultProps?: Record<string, unknown> }>;
    expect(components.MuiTablePagination?.defaultProps?.labelRowsPerPage).toBe('Lignes par page :');
    expect(components.MuiDataGrid?.defaultProps?.localeText).toEqual({ noRowsLabel: 'Pas de résultats' });
  });
});
