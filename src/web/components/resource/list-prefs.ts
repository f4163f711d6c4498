import { useCallback, useState } from 'react';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';

/** What a user chose for a list (columns shown, page size), kept per user and resource. */
export type ListPrefs = { columns?: GridColumnVisibilityModel; pageSize?: number };

const keyOf = (userId: string | undefined, resource: string) => `list-prefs:${userId ?? 'anonymous'}:${resource}`;

function read(key: string): ListPrefs {
  try {
    return (JSON.parse(window.localStorage.getItem(key) ?? '{}') as ListPrefs) ?? {};
  } catch {
    return {};
  }
}

export function useListPrefs(userId: string | undefined, resource: string) {
  const key = keyOf(userId, resource);
  const [prefs, setPrefs] = useState<ListPrefs>(() => read(key));
  const update = useCallback(
    (patch: ListPrefs) => {
      setPrefs((prev) => {
        const next = { ...prev, ...patch };
        try {
          window.localStorage.setItem(key, JSON.stringify(next));
        } catch {
          /* storage full or blocked: the choice lasts for this visit */
        }
        return next;
      });
    },
    [key],
  );
  return [prefs, update] as const;
}
