import { describe, expect, it } from 'vitest';
import { alpha, darken, getContrastRatio, lighten } from '@mui/material/styles';
import { CONTRAST_TARGETS, TINTS, composite as over, createAppTheme, navColorStyles, themeTokens, tintedIcon } from './create-theme';
import { PRESETS } from './palette';

const base = { mode: 'light', direction: 'ltr', contrast: 'default', primaryColor: 'default', fontFamily: 'Public Sans Variable' } as const;

describe('createAppTheme (spec §9)', () => {
  it('is purple by default and follows the five presets (a shade of the preset where its main would not read)', () => {
    expect(createAppTheme(base).palette.primary.main).toBe('#7635DC');
    for (const preset of ['preset1', 'preset2', 'preset3', 'preset4', 'preset5'] as const) {
      const set = PRESETS[preset];
      expect([set.main, set.dark, set.darker]).toContain(createAppTheme({ ...base, primaryColor: preset }).palette.primary.main);
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

  it("drops transitions, ripples and the skeletons' pulse for a system that asks for less motion, and only then", () => {
    const moving = createAppTheme(base);
    expect(moving.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(moving.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(false);
    expect(moving.components?.MuiSkeleton?.defaultProps?.animation).toBe('pulse');
    const still = createAppTheme({ ...base, reducedMotion: true });
    expect(still.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(still.transitions.duration.enteringScreen).toBe(0);
    expect(still.transitions.duration.leavingScreen).toBe(0);
    expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(still.components?.MuiSkeleton?.defaultProps?.animation).toBe(false);
  });

  it('applies mode, high contrast and direction', () => {
    expect(createAppTheme({ ...base, mode: 'dark' }).palette.mode).toBe('dark');
    const normal = createAppTheme(base).palette;
    const high = createAppTheme({ ...base, contrast: 'hight' }).palette;
    expect(high.text.primary).not.toBe(normal.text.primary);
    expect(high.text.secondary).not.toBe(normal.text.secondary);
    expect(high.error.main).not.toBe(normal.error.main);
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

describe('theme tokens reach WCAG AA (text 4.5:1, outlines and focus 3:1; more in high contrast)', () => {
  const cases = (Object.keys(PRESETS) as Array<keyof typeof PRESETS>).flatMap((primaryColor) =>
    (['light', 'dark'] as const).flatMap((mode) => (['default', 'hight'] as const).map((contrast) => ({ primaryColor, mode, contrast }))),
  );
  it.each(cases)('$primaryColor $mode $contrast', ({ primaryColor, mode, contrast }) => {
    const tk = themeTokens({ primaryColor, mode, contrast });
    const target = CONTRAST_TARGETS[contrast];
    const failures: string[] = [];
    const need = (name: string, fg: string, ratio: number) => {
      for (const [where, bg] of [
        ['page', tk.page],
        ['paper', tk.paper],
      ] as const) {
        const r = getContrastRatio(fg, bg);
        if (r < ratio) failures.push(`${name} on ${where}: ${r.toFixed(2)} < ${ratio}`);
      }
    };
    need('text.primary', tk.text.primary, target.text);
    need('text.secondary', tk.text.secondary, target.text);
    for (const name of ['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const) {
      need(`${name}.main`, tk[name].main, 4.5);
      const onFill = getContrastRatio(tk[name].contrastText, tk[name].main);
      if (onFill < 4.5) failures.push(`${name}.contrastText on ${name}.main: ${onFill.toFixed(2)}`);
    }
    need('input outline', tk.inputBorder, target.nonText);
    need('focus ring', tk.focusRing, target.nonText);
    expect(failures).toEqual([]);
  });

  it('puts the tokens on the MUI theme', () => {
    const theme = createAppTheme({ ...base, mode: 'dark' });
    const tk = themeTokens({ ...base, mode: 'dark' });
    expect(theme.palette.error.main).toBe(tk.error.main);
    expect(theme.palette.primary.main).toBe(tk.primary.main);
    const input = theme.components?.MuiOutlinedInput?.styleOverrides as { notchedOutline: { borderColor: string } };
    expect(input.notchedOutline.borderColor).toBe(tk.inputBorder);
    // The error red of the issue (3.16:1 on white) is gone.
    expect(getContrastRatio(createAppTheme(base).palette.error.main, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
  });
});

// The colour pairs the components actually draw, beyond the palette's own tokens: shaded days, a
// leave day, an unread notification, the warning of a long day, notification icons, alerts and
// tooltips. This is where the contrast of every mode, contrast setting and preset is proved; the
// browser crawl checks one mode only.
describe('the colour pairs the components draw reach WCAG AA in every mode, contrast and preset', () => {
  const cases = (Object.keys(PRESETS) as Array<keyof typeof PRESETS>).flatMap((primaryColor) =>
    (['light', 'dark'] as const).flatMap((mode) => (['default', 'hight'] as const).map((contrast) => ({ primaryColor, mode, contrast }))),
  );
  it.each(cases)('$primaryColor $mode $contrast', ({ primaryColor, mode, contrast }) => {
    const theme = createAppTheme({ ...base, primaryColor, mode, contrast });
    const p = theme.palette;
    const target = CONTRAST_TARGETS[contrast];
    const failures: string[] = [];
    const need = (name: string, fg: string, bg: string, ratio: number) => {
      const r = getContrastRatio(fg, bg);
      if (r < ratio) failures.push(`${name}: ${r.toFixed(2)} < ${ratio}`);
    };
    for (const [where, surface] of [
      ['page', p.background.default],
      ['paper', p.background.paper],
    ] as const) {
      const shaded = over(p.action.hover, surface);
      need(`text on a shaded day (${where})`, p.text.primary, shaded, target.text);
      need(`secondary text on a shaded day (${where})`, p.text.secondary, shaded, target.text);
      need(`a long day's total (${where})`, p.warning.main, surface, 4.5);
      need(`a long day's total on a shaded day (${where})`, p.warning.main, shaded, 4.5);
    }
    const paper = p.background.paper;
    need('hours on a leave day', p.text.primary, over(alpha(p.info.main, TINTS.leaveDay), paper), target.text);
    const unread = over(alpha(p.primary.main, TINTS.unreadNotification), paper);
    need('an unread notification', p.text.primary, unread, target.text);
    need('an unread notification, secondary', p.text.secondary, unread, target.text);
    for (const c of ['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const) {
      const icon = tintedIcon(theme, c);
      need(`${c} notification icon`, icon.color, over(icon.bgcolor, paper), target.nonText);
    }
    for (const c of ['info', 'success', 'warning', 'error'] as const) {
      // MUI's standard alert: a shade of the colour's light on a tint of it.
      const [text, fill] =
        mode === 'light' ? [darken(p[c].light, 0.6), lighten(p[c].light, 0.9)] : [lighten(p[c].light, 0.6), darken(p[c].light, 0.9)];
      need(`${c} alert`, text, fill, 4.5);
    }
    const tooltip = (theme.components?.MuiTooltip?.styleOverrides as { tooltip: { backgroundColor: string; color: string } }).tooltip;
    need('tooltip', tooltip.color, tooltip.backgroundColor, 4.5);
    expect(failures).toEqual([]);
  });
});
