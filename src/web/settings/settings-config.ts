// The spec's app-settings record (sections 3, 4, 9): one shape, its defaults and the
// storage rules. Pure functions so the rules are unit-tested without a DOM.

export const SETTINGS_STORAGE_KEY = 'app-settings';
import { APP_VERSION } from '../../domain/constants';

export { APP_VERSION };
export const FONT_SIZE_MIN = 12;
export const FONT_SIZE_MAX = 20;

export const COLOR_SCHEMES = ['light', 'dark', 'system'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;
/** 'hight' is the spec's stored spelling of high contrast. */
export const CONTRASTS = ['default', 'hight'] as const;
export const NAV_LAYOUTS = ['vertical', 'horizontal', 'mini'] as const;
export const NAV_COLORS = ['integrate', 'apparent'] as const;
export const PRIMARY_COLORS = ['default', 'preset1', 'preset2', 'preset3', 'preset4', 'preset5'] as const;
export const FONT_FAMILIES = ['Public Sans Variable', 'Inter Variable', 'DM Sans Variable', 'Nunito Sans Variable'] as const;
export const PRIMARY_FONT = FONT_FAMILIES[0];
export const SECONDARY_FONT = 'Barlow';

export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export type Direction = (typeof DIRECTIONS)[number];
export type Contrast = (typeof CONTRASTS)[number];
export type NavLayout = (typeof NAV_LAYOUTS)[number];
export type NavColor = (typeof NAV_COLORS)[number];
export type PrimaryColor = (typeof PRIMARY_COLORS)[number];

export type Settings = {
  colorScheme: ColorScheme;
  direction: Direction;
  contrast: Contrast;
  navLayout: NavLayout;
  primaryColor: PrimaryColor;
  navColor: NavColor;
  compactLayout: boolean;
  fontSize: number;
  fontFamily: string;
  version: string;
};

export type SettingsKey = keyof Settings;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  colorScheme: 'light',
  direction: 'ltr',
  contrast: 'default',
  navLayout: 'vertical',
  primaryColor: 'default',
  navColor: 'integrate',
  compactLayout: true,
  fontSize: 16,
  fontFamily: PRIMARY_FONT,
  version: APP_VERSION,
});

export function clampFontSize(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return DEFAULT_SETTINGS.fontSize;
  return Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, Math.round(n)));
}

function oneOf<T extends string>(list: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Keeps only known fields with valid values; anything else falls back to its default. */
export function sanitizeSettings(input: Partial<Record<SettingsKey, unknown>>): Settings {
  const d = DEFAULT_SETTINGS;
  // 'high' is accepted on input but stored with the spec's spelling.
  const contrast = input.contrast === 'high' ? 'hight' : input.contrast;
  return {
    colorScheme: oneOf(COLOR_SCHEMES, input.colorScheme, d.colorScheme),
    direction: oneOf(DIRECTIONS, input.direction, d.direction),
    contrast: oneOf(CONTRASTS, contrast, d.contrast),
    navLayout: oneOf(NAV_LAYOUTS, input.navLayout, d.navLayout),
    primaryColor: oneOf(PRIMARY_COLORS, input.primaryColor, d.primaryColor),
    navColor: oneOf(NAV_COLORS, input.navColor, d.navColor),
    compactLayout: typeof input.compactLayout === 'boolean' ? input.compactLayout : d.compactLayout,
    fontSize: input.fontSize === undefined ? d.fontSize : clampFontSize(input.fontSize),
    fontFamily: oneOf(FONT_FAMILIES, input.fontFamily, d.fontFamily),
    version: APP_VERSION,
  };
}

/**
 * Reads the stored record. A missing or different stored version resets to defaults
 * (section 4); so does unreadable JSON.
 */
export function readSettings(storage: Pick<Storage, 'getItem'> | undefined): { settings: Settings; reset: boolean } {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(SETTINGS_STORAGE_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (!raw) return { settings: { ...DEFAULT_SETTINGS }, reset: true };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return { settings: { ...DEFAULT_SETTINGS }, reset: true };
    const record = parsed as Partial<Record<SettingsKey, unknown>>;
    if (record.version !== APP_VERSION) return { settings: { ...DEFAULT_SETTINGS }, reset: true };
    return { settings: sanitizeSettings(record), reset: false };
  } catch {
    return { settings: { ...DEFAULT_SETTINGS }, reset: true };
  }
}

export function writeSettings(storage: Pick<Storage, 'setItem'> | undefined, settings: Settings): void {
  try {
    storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // private mode or quota: settings still apply for this session
  }
}

/** Applies one change, keeping the record valid (font size clamped, contrast spelled 'hight'). */
export function updateSettings<K extends SettingsKey>(current: Settings, key: K, value: Settings[K] | unknown): Settings {
  return sanitizeSettings({ ...current, [key]: value });
}

const COMPARED: readonly SettingsKey[] = [
  'colorScheme',
  'direction',
  'contrast',
  'navLayout',
  'primaryColor',
  'navColor',
  'compactLayout',
  'fontSize',
  'fontFamily',
];

export function isDefault(settings: Settings, keys: readonly SettingsKey[] = COMPARED): boolean {
  return keys.every((k) => settings[k] === DEFAULT_SETTINGS[k]);
}

/** True when any setting differs from its default (the Reset all dot). */
export function canResetSettings(settings: Settings): boolean {
  return !isDefault(settings);
}
