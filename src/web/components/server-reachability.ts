import { useCallback, useEffect, useState } from 'react';

/** The error a request without answer carries (toHttpError's shape). */
export const UNREACHABLE_ERROR = { statusCode: 0, code: 'network_error', message: 'network_error' } as const;

/** One light request to the server's health route; true when it answers. */
export async function probeServer(): Promise<boolean> {
  try {
    const res = await fetch('/api/health', { cache: 'no-store', headers: { Accept: 'application/json' } });
    return res.status < 500;
  } catch {
    return false;
  }
}

/**
 * Whether the server answers, checked once on mount and again when the browser comes
 * back online. `report(error)` marks it unreachable after a failed call; `retry()`
 * checks again and clears the notice when the server is back.
 */
export function useServerReachability() {
  const [error, setError] = useState<unknown>(null);
  const check = useCallback(async () => {
    const ok = await probeServer();
    setError(ok ? null : UNREACHABLE_ERROR);
    return ok;
  }, []);
  useEffect(() => {
    let alive = true;
    void probeServer().then((ok) => alive && !ok && setError(UNREACHABLE_ERROR));
    const online = () => void check();
    window.addEventListener('online', online);
    window.addEventListener('offline', online);
    return () => {
      alive = false;
      window.removeEventListener('online', online);
      window.removeEventListener('offline', online);
    };
  }, [check]);
  return { error, report: setError, retry: check };
}
