import { alpha, createTheme, decomposeColor, getContrastRatio, recomposeColor, type Theme } from '@mui/material/styles';
import type { Settings } from '../settings/settings-config';
import { SECONDARY_FONT } from '../settings/settings-config';
import { PRESETS, error, grey, info, secondary, success, warning, type ColorSet } from './palette';
import type { ComponentLocale } from './component-locales';

declare module '@mui/material/styles' {
  interface PaletteColor {
    lighter: string;
    darker: string;
  }
  interface SimplePaletteColorOptions {
    lighter?: string;
    darker?: string;
  }
}

const FALLBACK_FONTS =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans SC', Arial, sans-serif";

export const fontStack = (family: string) => `'${family}', ${FALLBACK_FONTS}`;

export type ThemeInput = Pick<Settings, 'direction' | 'contrast' | 'primaryColor' | 'fontFamily'> & {
  mode: 'light' | 'dark';
  /** The system asks for less motion (prefers-reduced-motion): no transitions, no ripples. */
  reducedMotion?: boolean;
};

/** Transitions of a user who asked for less motion: none, and nothing waits for one to end. */
const NO_MOTION = {
  create: () => 'none',
  duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
};

/** Where targets grow to thumb size: a coarse pointer or a screen below the desktop layout. */
const TOUCH = '@media (pointer: coarse), (max-width: 1199.95px)';

/** What the theme's colours must reach (WCAG AA; high contrast aims at AAA for text). */
export const CONTRAST_TARGETS = {
  default: { text: 4.5, nonText: 3 },
  hight: { text: 7, nonText: 4.5 },
} as const;

/**
 * The colour tokens of a mode, contrast and preset, each picked to read on the page and the
 * paper: text, coloured text (primary, error… — a link, a helper text, an outlined button),
 * the text on a coloured fill (contrastText), input outlines and the focus ring.
 */
export function themeTokens(input: Pick<ThemeInput, 'mode' | 'contrast' | 'primaryColor'>) {
  const dark = input.mode === 'dark';
  const high = input.contrast === 'hight';
  const target = CONTRAST_TARGETS[high ? 'hight' : 'default'];
  const paper = dark ? (high ? '#0B0F14' : grey[800]) : '#FFFFFF';
  const page = dark ? (high ? '#000000' : grey[900]) : '#FFFFFF';
  const text = dark
    ? { primary: '#FFFFFF', secondary: high ? grey[300] : grey[500], disabled: grey[600] }
    : { primary: high ? '#000000' : grey[800], secondary: high ? grey[800] : grey[600], disabled: grey[500] };
  const onBoth = (c: string, ratio: number) => getContrastRatio(c, paper) >= ratio && getContrastRatio(c, page) >= ratio;
  // A colour set whose main reads as text on the page and the paper, with a contrastText
  // that reads on the main: the preset's main where it does, else a lighter (dark mode)
  // or darker (light mode) shade of the same hue.
  const readableSet = (set: ColorSet): ColorSet => {
    const shades = dark ? [set.main, set.light, set.lighter] : [set.main, set.dark, set.darker];
    const main = shades.find((c) => onBoth(c, target.text)) ?? shades[shades.length - 1]!;
    const contrastText = [set.contrastText, '#FFFFFF', grey[900], '#000000'].reduce((best, c) =>
      getContrastRatio(c, main) > getContrastRatio(best, main) ? c : best,
    );
    return { ...set, main, contrastText };
  };
  const primary = readableSet(PRESETS[input.primaryColor] ?? PRESETS.default);
  const border = dark ? (high ? grey[300] : grey[500]) : high ? grey[800] : grey[600];
  return {
    paper,
    page,
    text,
    primary,
    secondary: readableSet(secondary),
    info: readableSet(info),
    success: readableSet(success),
    warning: readableSet(warning),
    error: readableSet(error),
    /** Outlines of inputs (WCAG 1.4.11: 3:1 against what is around them). */
    inputBorder: border,
    /** The focus ring of every control (WCAG 2.4.7 / 2.4.11). */
    focusRing: primary.main,
    divider: high ? alpha(dark ? grey[300] : grey[800], 0.5) : alpha(grey[500], 0.2),
  };
}

export function createAppTheme(input: ThemeInput, locale?: ComponentLocale): Theme {
  const { mode, direction, contrast, fontFamily, reducedMotion = false } = input;
  const dark = mode === 'dark';
  const high = contrast === 'hight';
  const tokens = themeTokens(input);
  const { primary, paper } = tokens;
  const primaryFont = fontStack(fontFamily);
  const secondaryFont = fontStack(SECONDARY_FONT);
  const primaryIcon = primary.main;
  const focusRing = {
    outline: `2px solid ${tokens.focusRing}`,
    outlineOffset: 2,
  };

  const base = createTheme({
    direction,
    palette: {
      mode,
      primary,
      secondary: tokens.secondary,
      info: tokens.info,
      success: tokens.success,
      warning: tokens.warning,
      error: tokens.error,
      grey,
      divider: tokens.divider,
      text: tokens.text,
      background: { default: tokens.page, paper },
      action: {
        hover: alpha(grey[500], 0.08),
        selected: alpha(grey[500], 0.16),
        focus: alpha(grey[500], 0.24),
        disabled: alpha(grey[500], 0.8),
        disabledBackground: alpha(grey[500], 0.24),
      },
    },
    shape: { borderRadius: 8 },
    ...(reducedMotion && { transitions: NO_MOTION }),
    // Font size setting scales the root (html) size; rem-based styles follow.
    typography: {
      fontFamily: primaryFont,
      fontWeightRegular: 400,
      fontWeightMedium: 500,
      fontWeightBold: 700,
      h1: { fontFamily: secondaryFont, fontWeight: 800, fontSize: '2.5rem', lineHeight: 1.25 },
      h2: { fontFamily: secondaryFont, fontWeight: 800, fontSize: '2rem', lineHeight: 1.33 },
      h3: { fontFamily: secondaryFont, fontWeight: 700, fontSize: '1.5rem', lineHeight: 1.5 },
      h4: { fontWeight: 700, fontSize: '1.25rem', lineHeight: 1.5 },
      h5: { fontWeight: 700, fontSize: '1.125rem', lineHeight: 1.5 },
      h6: { fontWeight: 600, fontSize: '1.0625rem', lineHeight: 1.55 },
      subtitle1: { fontWeight: 600, fontSize: '1rem', lineHeight: 1.5 },
      subtitle2: { fontWeight: 600, fontSize: '0.875rem', lineHeight: 1.57 },
      body1: { fontSize: '1rem', lineHeight: 1.5 },
      body2: { fontSize: '0.875rem', lineHeight: 1.57 },
      caption: { fontSize: '0.75rem', lineHeight: 1.5 },
      overline: { fontWeight: 700, fontSize: '0.75rem', lineHeight: 1.5, textTransform: 'uppercase' },
      button: { fontWeight: 700, fontSize: '0.875rem', lineHeight: 1.71, textTransform: 'none' },
    },
    components: {
      // One visible focus ring on every control reached by keyboard.
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': focusRing,
          'a:focus-visible, [tabindex]:focus-visible': focusRing,
          // Headings and landmarks focused by script (route change, skip link) show no ring.
          '[tabindex="-1"]:focus, [tabindex="-1"]:focus-visible': { outline: 'none' },
        },
      },
      MuiButtonBase: { defaultProps: { disableRipple: reducedMotion }, styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      // A loading placeholder that stays still for a user who asked for less motion.
      MuiSkeleton: { defaultProps: { animation: reducedMotion ? false : 'pulse' } },
      MuiLink: { styleOverrides: { root: { '&:focus-visible': focusRing } } },
      MuiOutlinedInput: {
        styleOverrides: {
          notchedOutline: { borderColor: tokens.inputBorder },
          root: { [`&:hover .MuiOutlinedInput-notchedOutline`]: { borderColor: tokens.text.primary } },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        // Section 9: small 30, medium auto, large 48.
        styleOverrides: {
          sizeSmall: { height: 30 },
          sizeLarge: { height: 48 },
        },
      },
      MuiIconButton: {
        styleOverrides: {
          colorPrimary: { color: primaryIcon },
          // Thumb-sized targets on touch and narrow screens (WCAG 2.5.5: 44 × 44 px).
          sizeMedium: { [TOUCH]: { minWidth: 44, minHeight: 44 } },
        },
      },
      MuiMenuItem: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
      // The grid's own focus (a 1 px half-transparent outline) made as visible as the rest.
      MuiDataGrid: {
        styleOverrides: {
          root: {
            '& .MuiDataGrid-columnHeader:focus, & .MuiDataGrid-columnHeader:focus-within, & .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within':
              { outline: `2px solid ${tokens.focusRing}`, outlineOffset: -2 },
          },
        },
      },
      MuiListItemButton: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiCard: {
        styleOverrides: {
          root: {
            borderRadius: 16,
            boxShadow: high
              ? `0 0 0 1px ${alpha(grey[500], 0.16)}, 0 12px 24px -4px ${alpha(dark ? '#000000' : grey[500], 0.2)}`
              : `0 0 2px 0 ${alpha(dark ? '#000000' : grey[500], 0.2)}, 0 12px 24px -4px ${alpha(dark ? '#000000' : grey[500], 0.12)}`,
          },
        },
      },
      MuiTooltip: {
        styleOverrides: { tooltip: { backgroundColor: dark ? grey[400] : grey[800], color: dark ? grey[800] : '#FFFFFF' } },
      },
    },
  } as Parameters<typeof createTheme>[0]);

  return locale ? createTheme(base, locale.core, locale.dataGrid, locale.datePickers) : base;
}

/** A translucent colour laid over an opaque one, as the browser paints it. */
export function composite(top: string, below: string): string {
  const t = decomposeColor(top);
  const b = decomposeColor(below);
  const a = t.values[3] ?? 1;
  const mixed = [0, 1, 2].map((i) => Math.round(t.values[i]! * a + b.values[i]! * (1 - a))) as [number, number, number];
  return recomposeColor({ type: 'rgb', values: mixed });
}

/** How strongly a colour tints the paper under the components that tint it (kept where text still reads). */
export const TINTS = { unreadNotification: 0.04, leaveDay: 0.12, iconFill: 0.16 } as const;

export type TintColor = 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

/** A coloured icon on a tint of its colour (a notification's avatar): the shade that reads on the tint. */
export function tintedIcon(theme: Theme, color: TintColor): { bgcolor: string; color: string } {
  const set = theme.palette[color];
  const bgcolor = alpha(set.main, TINTS.iconFill);
  const behind = composite(bgcolor, theme.palette.background.paper);
  const shades = theme.palette.mode === 'dark' ? [set.light, set.lighter] : [set.dark, set.darker];
  return { bgcolor, color: readable(shades, behind) };
}

/** The first colour that reads at 4.5:1 on the background (else the last one). */
function readable(candidates: string[], background: string): string {
  return candidates.find((c) => getContrastRatio(c, background) >= 4.5) ?? candidates[candidates.length - 1]!;
}

/**
 * Navigation colours for the two nav colour settings ('integrate' blends, 'apparent'
 * stands out). Every text colour keeps at least 4.5:1 against the nav background: the
 * active item takes the preset's main colour where that reads well, else its dark one
 * (the orange and green presets on white).
 */
export function navColorStyles(theme: Theme, navColor: Settings['navColor']) {
  const dark = theme.palette.mode === 'dark';
  const { primary } = theme.palette;
  if (navColor === 'apparent') {
    const bgcolor = dark ? grey[800] : grey[900];
    return {
      bgcolor,
      color: grey[400],
      iconColor: grey[500],
      activeColor: readable([primary.light, primary.lighter], bgcolor),
      activeBg: alpha(primary.main, 0.24),
      borderColor: 'transparent',
      subheaderColor: grey[500],
      hoverBg: alpha(grey[500], 0.16),
      brandColor: readable([primary.light, primary.lighter], bgcolor),
    };
  }
  const bgcolor = theme.palette.background.default;
  const activeColor = readable(dark ? [primary.light, primary.lighter] : [primary.main, primary.dark, primary.darker], bgcolor);
  return {
    bgcolor,
    color: theme.palette.text.secondary,
    iconColor: theme.palette.text.secondary,
    activeColor,
    activeBg: alpha(primary.main, dark ? 0.16 : 0.08),
    borderColor: alpha(grey[500], 0.12),
    subheaderColor: theme.palette.text.secondary,
    hoverBg: theme.palette.action.hover,
    brandColor: activeColor,
  };
}
