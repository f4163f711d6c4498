// Minimal-UI-like palette: purple main colour (section 9), five presets plus default.
import type { PrimaryColor } from '../settings/settings-config';

export type ColorSet = { lighter: string; light: string; main: string; dark: string; darker: string; contrastText: string };

export const grey = {
  50: '#FCFDFD',
  100: '#F9FAFB',
  200: '#F4F6F8',
  300: '#DFE3E8',
  400: '#C4CDD5',
  500: '#919EAB',
  600: '#637381',
  700: '#454F5B',
  800: '#1C252E',
  900: '#141A21',
} as const;

const c = (lighter: string, light: string, main: string, dark: string, darker: string, contrastText = '#FFFFFF'): ColorSet => ({
  lighter,
  light,
  main,
  dark,
  darker,
  contrastText,
});

/** 'default' is the purple main colour; preset1..preset5 the alternatives. */
export const PRESETS: Record<PrimaryColor, ColorSet> = {
  default: c('#EBD6FD', '#B985F4', '#7635DC', '#431A9E', '#200A69'),
  preset1: c('#C8FAD6', '#5BE49B', '#00A76F', '#007867', '#004B50'),
  preset2: c('#CCF4FE', '#68CDF9', '#078DEE', '#0351AB', '#012972'),
  preset3: c('#D1E9FC', '#76B0F1', '#2065D1', '#103996', '#061B64'),
  preset4: c('#FEF4D4', '#FED680', '#FDA92D', '#B66816', '#793908', grey[800]),
  preset5: c('#FFE3D5', '#FFC1AC', '#FF3030', '#B71833', '#7A0930'),
};

export const secondary = c('#D6E4FF', '#84A9FF', '#3366FF', '#1939B7', '#091A7A');
export const info = c('#CAFDF5', '#61F3F3', '#00B8D9', '#006C9C', '#003768');
export const success = c('#D3FCD2', '#77ED8B', '#22C55E', '#118D57', '#065E49');
export const warning = c('#FFF5CC', '#FFD666', '#FFAB00', '#B76E00', '#7A4100', grey[800]);
export const error = c('#FFE9D5', '#FFAC82', '#FF5630', '#B71D18', '#7A0916');
