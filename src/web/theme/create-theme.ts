import { alpha, createTheme, getContrastRatio, type Theme } from '@mui/material/styles';
import type { Settings } from '../settings/settings-config';
import { SECONDARY_FONT } from '../settings/settings-config';
import { PRESETS, error, grey, info, secondary, success, warning } from './palette';
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
};

export function createAppTheme(input: ThemeInput, locale?: ComponentLocale): Theme {
  const { mode, direction, contrast, primaryColor, fontFamily } = input;
  const dark = mode === 'dark';
  const high = contrast === 'hight';
  const primary = PRESETS[primaryColor] ?? PRESETS.default;
  const primaryFont = fontStack(fontFamily);
  const secondaryFont = fontStack(SECONDARY_FONT);
  const paper = dark ? grey[800] : '#FFFFFF';
  // A primary-coloured icon (the notifications' "Mark all as read", the open bell) on a
  // card or popover: the preset's main colour where it reads, else a lighter (dark mode)
  // or darker (light mode) shade — the purple main on the dark paper is only 2.4:1.
  const primaryIcon = readable(dark ? [primary.main, primary.light, primary.lighter] : [primary.main, primary.dark, primary.darker], paper);

  const base = createTheme({
    direction,
    palette: {
      mode,
      primary,
      secondary,
      info,
      success,
      warning,
      error,
      grey,
      divider: alpha(grey[500], 0.2),
      text: dark
        ? { primary: '#FFFFFF', secondary: high ? grey[400] : grey[500], disabled: grey[600] }
        : { primary: grey[800], secondary: high ? grey[700] : grey[600], disabled: grey[500] },
      background: dark ? { default: high ? '#0B0F14' : grey[900], paper } : { default: high ? grey[200] : '#FFFFFF', paper },
      action: {
        hover: alpha(grey[500], 0.08),
        selected: alpha(grey[500], 0.16),
        focus: alpha(grey[500], 0.24),
        disabled: alpha(grey[500], 0.8),
        disabledBackground: alpha(grey[500], 0.24),
      },
    },
    shape: { borderRadius: 8 },
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
      MuiButton: {
        defaultProps: { disableElevation: true },
        // Section 9: small 30, medium auto, large 48.
        styleOverrides: {
          sizeSmall: { height: 30 },
          sizeLarge: { height: 48 },
        },
      },
      MuiIconButton: { styleOverrides: { colorPrimary: { color: primaryIcon } } },
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
