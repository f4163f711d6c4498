import { describe, expect, it } from 'vitest';
import {
  APP_VERSION,
  DEFAULT_SETTINGS,
  SETTINGS_STORAGE_KEY,
  canResetSettings,
  clampFontSize,
  readSettings,
  sanitizeSettings,
  updateSettings,
  writeSettings,
} from './settings-config';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('app settings defaults (spec §3)', () => {
  it('has exactly the spec fields and defaults', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      colorScheme: 'light',
      direction: 'ltr',
      contrast: 'default',
      navLayout: 'vertical',
      primaryColor: 'default',
      navColor: 'integrate',
      compactLayout: true,
      fontSize: 16,
      fontFamily: 'Public Sans Variable',
      version: '1.0.0',
    });
    expect(SETTINGS_STORAGE_KEY).toBe('app-settings');
    expect(APP_VERSION).toBe('1.0.0');
  });
});

describe('readSettings', () => {
  const stored = (value: unknown) => memoryStorage({ 'app-settings': JSON.stringify(value) });

  it.each([
    ['nothing stored', memoryStorage()],
    ['version missing', stored({ ...DEFAULT_SETTINGS, navLayout: 'mini', version: undefined })],
    ['version differs', stored({ ...DEFAULT_SETTINGS, navLayout: 'mini', version: '0.9.0' })],
    ['unreadable JSON', memoryStorage({ 'app-settings': '{oops' })],
    ['not an object', memoryStorage({ 'app-settings': '42' })],
  ])('resets to defaults when %s', (_name, storage) => {
    expect(readSettings(storage)).toEqual({ settings: DEFAULT_SETTINGS, reset: true });
  });

  it('keeps a stored record of the current version', () => {
    const record = { ...DEFAULT_SETTINGS, navLayout: 'mini', contrast: 'hight', colorScheme: 'dark', fontSize: 18 };
    expect(readSettings(stored(record))).toEqual({ settings: record, reset: false });
  });

  it('repairs invalid fields of a current record one by one', () => {
    const { settings } = readSettings(
      stored({ ...DEFAULT_SETTINGS, navLayout: 'diagonal', fontSize: 99, primaryColor: 'preset9', compactLayout: 'yes' }),
    );
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, fontSize: 20 });
  });

  it('survives a storage that throws', () => {
    const storage = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readSettings(storage).settings).toEqual(DEFAULT_SETTINGS);
  });
});

describe('contrast spelling', () => {
  it("stores high contrast as 'hight'", () => {
    expect(updateSettings(DEFAULT_SETTINGS, 'contrast', 'hight').contrast).toBe('hight');
    expect(updateSettings(DEFAULT_SETTINGS, 'contrast', 'high').contrast).toBe('hight');
    expect(sanitizeSettings({ contrast: 'bright' }).contrast).toBe('default');
  });
});

describe('font size clamp 12–20', () => {
  it.each([
    [11, 12],
    [12, 12],
    [16, 16],
    [20, 20],
    [21, 20],
    [-5, 12],
    [15.6, 16],
    ['18', 18],
    ['abc', 16],
    [Number.NaN, 16],
  ])('%s → %s', (input, expected) => {
    expect(clampFontSize(input)).toBe(expected);
    expect(updateSettings(DEFAULT_SETTINGS, 'fontSize', input).fontSize).toBe(expected);
  });
});

describe('saving and reset', () => {
  it('writes the whole record with the app version under app-settings', () => {
    const storage = memoryStorage();
    writeSettings(storage, updateSettings(DEFAULT_SETTINGS, 'navColor', 'apparent'));
    expect(JSON.parse(storage.data.get('app-settings')!)).toEqual({ ...DEFAULT_SETTINGS, navColor: 'apparent' });
  });

  it('offers Reset all only when a setting differs from its default', () => {
    expect(canResetSettings(DEFAULT_SETTINGS)).toBe(false);
    expect(canResetSettings(updateSettings(DEFAULT_SETTINGS, 'compactLayout', false))).toBe(true);
    expect(canResetSettings(updateSettings(DEFAULT_SETTINGS, 'colorScheme', 'dark'))).toBe(true);
  });

  it('accepts the system colour scheme', () => {
    expect(updateSettings(DEFAULT_SETTINGS, 'colorScheme', 'system').colorScheme).toBe('system');
  });
});
