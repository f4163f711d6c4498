import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { createAppTheme, navColorStyles } from './create-theme';
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

describe('primary icon buttons', () => {
  it('read at 4.5:1 or more on the paper and the page, for each preset, mode and contrast', () => {
    for (const primaryColor of Object.keys(PRESETS) as Array<keyof typeof PRESETS>) {
      for (const mode of ['light', 'dark'] as const) {
        for (const contrast of ['default', 'hight'] as const) {
          const theme = createAppTheme({ ...base, primaryColor, mode, contrast });
          const overrides = theme.components?.MuiIconButton?.styleOverrides as { colorPrimary: { color: string } };
          const where = `${primaryColor} ${mode} ${contrast}`;
          for (const bg of [theme.palette.background.paper, theme.palette.background.default]) {
            expect(getContrastRatio(overrides.colorPrimary.color, bg), `${where} on ${bg}`).toBeGreaterThanOrEqual(4.5);
          }
        }
      }
    }
    // The purple stays purple where it reads (light mode).
    expect((createAppTheme(base).components?.MuiIconButton?.styleOverrides as { colorPrimary: { color: string } }).colorPrimary.color).toBe(
      '#7635DC',
    );
  });
});

describe('navColorStyles', () => {
  it('keeps every navigation text at 4.5:1 or more, for each preset, mode and nav colour', () => {
    for (const primaryColor of Object.keys(PRESETS) as Array<keyof typeof PRESETS>) {
      for (const mode of ['light', 'dark'] as const) {
        for (const contrast of ['default', 'hight'] as const) {
          const theme = createAppTheme({ ...base, primaryColor, mode, contrast });
          for (const navColor of ['integrate', 'apparent'] as const) {
            const nav = navColorStyles(theme, navColor);
            const where = `${primaryColor} ${mode} ${contrast} ${navColor}`;
            for (const [name, colour] of Object.entries({
              color: nav.color,
              subheader: nav.subheaderColor,
              active: nav.activeColor,
              brand: nav.brandColor,
            })) {
              expect(getContrastRatio(colour, nav.bgcolor), `${where} ${name}`).toBeGreaterThanOrEqual(4.5);
            }
          }
        }
      }
    }
  });
});
