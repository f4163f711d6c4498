import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SettingsProvider, useSettings, type SettingsContextValue } from './index';

let ctx: SettingsContextValue;
function Probe() {
  ctx = useSettings();
  return null;
}
const mount = () =>
  render(
    <SettingsProvider>
      <Probe />
    </SettingsProvider>,
  );
const stored = () => JSON.parse(window.localStorage.getItem('app-settings') ?? 'null') as unknown;

beforeEach(() => window.localStorage.clear());

describe('SettingsProvider (spec §3–4)', () => {
  it('writes the defaults at first start and saves each change at once', () => {
    mount();
    expect(stored()).toEqual(DEFAULT_SETTINGS);
    expect(ctx.canReset).toBe(false);
    act(() => ctx.onUpdate('navColor', 'apparent'));
    expect(stored()).toEqual({ ...DEFAULT_SETTINGS, navColor: 'apparent' });
    act(() => ctx.onUpdate('fontSize', 30));
    expect(ctx.fontSize).toBe(20);
    expect(ctx.canReset).toBe(true);
  });

  it('keeps the theme mode key in step and Reset all restores the default scheme', () => {
    mount();
    act(() => ctx.onUpdate('colorScheme', 'dark'));
    expect(window.localStorage.getItem('theme-mode')).toBe('dark');
    act(() => ctx.onReset());
    expect(stored()).toEqual(DEFAULT_SETTINGS);
    expect(window.localStorage.getItem('theme-mode')).toBe('light');
    expect(ctx.canReset).toBe(false);
  });

  it('resets a stored record whose version differs', () => {
    window.localStorage.setItem('app-settings', JSON.stringify({ ...DEFAULT_SETTINGS, navLayout: 'mini', version: '2.0.0' }));
    mount();
    expect(ctx.navLayout).toBe('vertical');
    expect(stored()).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps a current record across mounts', () => {
    window.localStorage.setItem('app-settings', JSON.stringify({ ...DEFAULT_SETTINGS, contrast: 'hight', navLayout: 'horizontal' }));
    mount();
    expect(ctx.contrast).toBe('hight');
    expect(ctx.navLayout).toBe('horizontal');
  });

  it('opens and closes the drawer', () => {
    mount();
    expect(ctx.open).toBe(false);
    act(() => ctx.onToggle());
    expect(ctx.open).toBe(true);
    act(() => ctx.onClose());
    expect(ctx.open).toBe(false);
  });
});
