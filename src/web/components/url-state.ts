import { useSearchParams } from 'react-router';

/**
 * A page's view state kept in the address (a tab, a week, a board or table), so a reload, the
 * Back button and a shared link show the same view. A missing or malformed value reads as the
 * fallback; the page sets `null` to drop a value that is the default and keep its address short.
 * Changes replace the history entry: switching tabs is not a step Back should undo.
 */
export function useUrlState() {
  const [params, setParams] = useSearchParams();
  const get = <T extends string>(key: string, fallback: T, valid: (value: string) => boolean): T => {
    const value = params.get(key);
    return value !== null && valid(value) ? (value as T) : fallback;
  };
  // Several keys in one call: two calls in one event would each start from the same address.
  const set = (patch: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return { get, set };
}
