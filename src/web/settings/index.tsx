import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  DEFAULT_SETTINGS,
  canResetSettings,
  readSettings,
  updateSettings,
  writeSettings,
  type Settings,
  type SettingsKey,
} from './settings-config';

export * from './settings-config';

/** Storage key of the theme mode (section 9), kept in step with settings.colorScheme. */
export const THEME_MODE_STORAGE_KEY = 'theme-mode';

export type SettingsContextValue = Settings & {
  /** Saves one field immediately (section 4). */
  onUpdate: <K extends SettingsKey>(key: K, value: Settings[K]) => void;
  /** Updates several fields at once (group resets). */
  onUpdateMany: (patch: Partial<Settings>) => void;
  /** Reset all: defaults, and the colour mode back to the default scheme. */
  onReset: () => void;
  /** Any setting differs from its default (the Reset all dot). */
  canReset: boolean;
  /** Settings drawer state. */
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
};

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

function persist(next: Settings) {
  writeSettings(storage(), next);
  try {
    storage()?.setItem(THEME_MODE_STORAGE_KEY, next.colorScheme);
  } catch {
    /* ignore */
  }
}

const noop = () => {};
const fallback: SettingsContextValue = {
  ...DEFAULT_SETTINGS,
  onUpdate: noop,
  onUpdateMany: noop,
  onReset: noop,
  canReset: false,
  open: false,
  onToggle: noop,
  onClose: noop,
};

const SettingsContext = createContext<SettingsContextValue>(fallback);

function initialSettings(): Settings {
  const { settings, reset } = readSettings(storage());
  // A missing or stale record is replaced by the defaults at once.
  if (reset) persist(settings);
  return settings;
}

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<Settings>(initialSettings);
  const [open, setOpen] = useState(false);

  const onUpdate = useCallback(<K extends SettingsKey>(key: K, value: Settings[K]) => {
    setSettings((prev) => {
      const next = updateSettings(prev, key, value);
      persist(next);
      return next;
    });
  }, []);

  const onUpdateMany = useCallback((patch: Partial<Settings>) => {
    setSettings((prev) => {
      let next = prev;
      for (const [k, v] of Object.entries(patch)) next = updateSettings(next, k as SettingsKey, v);
      persist(next);
      return next;
    });
  }, []);

  const onReset = useCallback(() => {
    const next = { ...DEFAULT_SETTINGS };
    persist(next);
    setSettings(next);
  }, []);

  const onToggle = useCallback(() => setOpen((o) => !o), []);
  const onClose = useCallback(() => setOpen(false), []);

  const value = useMemo<SettingsContextValue>(
    () => ({
      ...settings,
      onUpdate,
      onUpdateMany,
      onReset,
      canReset: canResetSettings(settings),
      open,
      onToggle,
      onClose,
    }),
    [settings, onUpdate, onUpdateMany, onReset, open, onToggle, onClose],
  );

  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsContextValue {
  return useContext(SettingsContext);
}
