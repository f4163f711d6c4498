import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { NO_OVERRIDES, overridesFrom, setActiveAccessOverrides, type AccessOverrides } from '../../domain/auth/access-overrides';
import type { MyAccess } from '../../domain/modules/access/access.schema';
import type { CurrentUser } from './auth-api';
import { LOGIN_EVENT, LOGOUT_EVENT, clearSession, getAccessToken, getRefreshToken, toHttpError } from './session';

// The API client (axios) loads only when there is a session to check: a visitor's
// sign-in page renders without it.
const loadApi = () =>
  Promise.all([import('./auth-api'), import('./http')]).then(([{ authApi }, { refreshTokens, http, API_URL }]) => ({
    authApi,
    refreshTokens,
    // The firm's changes to the access of the user's role: `can()` applies them to the declarations' defaults.
    loadAccess: async (role: string): Promise<AccessOverrides> => {
      const { data } = await http.get<MyAccess>(`${API_URL}/access/mine`);
      return overridesFrom(data.overrides.map((o) => ({ ...o, role })));
    },
  }));

// Session states of spec §4: loading → authenticated | unauthenticated.

export type AuthContextValue = {
  user: CurrentUser | null;
  role: string;
  loading: boolean;
  /** The last session check failed without an answer on the session (server unreachable, 5xx). */
  error: unknown;
  authenticated: boolean;
  unauthenticated: boolean;
  checkUserSession: () => Promise<void>;
  setUser: (user: CurrentUser | null) => void;
  /** The firm's overrides of the user's role, as `can()` applies them (decision 014). */
  access: AccessOverrides;
  /** Reads them again (an admin changed them: the live socket says so). */
  refreshAccess: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

// The signed-in user the session context holds, for code outside React (Refine's auth
// provider): the user is fetched once per sign-in, not again on every route change.
let sessionUser: CurrentUser | null = null;
export const getSessionUser = (): CurrentUser | null => sessionUser;

export const LOGIN_RECHECK_MS = 300;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [access, setAccess] = useState<AccessOverrides>(NO_OVERRIDES);
  const mounted = useRef(true);
  const roleRef = useRef('');

  const refreshAccess = useCallback(async () => {
    const role = roleRef.current;
    if (!role) return;
    try {
      const { loadAccess } = await loadApi();
      const next = await loadAccess(role);
      if (mounted.current && roleRef.current === role) setAccess(next);
    } catch {
      // The defaults stay; the server refuses what the firm revoked whatever the screen shows.
    }
  }, []);

  const checkUserSession = useCallback(async () => {
    if (!getAccessToken() && !getRefreshToken()) {
      setUser(null);
      setLoading(false);
      return;
    }
    try {
      const { authApi, refreshTokens } = await loadApi();
      // /auth/* calls never refresh on 401 by themselves; the session check is the one
      // auth call that needs a live access token, so it renews an expired one first.
      if (!getAccessToken()) await refreshTokens();
      let me: CurrentUser;
      try {
        me = await authApi.me();
      } catch (error) {
        if (toHttpError(error).statusCode !== 401 || !getRefreshToken()) throw error;
        await refreshTokens();
        me = await authApi.me();
      }
      roleRef.current = typeof me.role === 'string' ? me.role : '';
      const { loadAccess } = await loadApi();
      const overrides = await loadAccess(roleRef.current).catch(() => NO_OVERRIDES);
      if (mounted.current) {
        setAccess(overrides);
        setUser(me);
        setError(null);
      }
    } catch (error) {
      const { statusCode } = toHttpError(error);
      if (statusCode === 401 || statusCode === 403) {
        clearSession();
        if (mounted.current) {
          setUser(null);
          setError(null);
        }
      } else if (!getAccessToken() && !getRefreshToken() && mounted.current) {
        setUser(null);
        setError(null);
      } else if (mounted.current) {
        // Other errors only end loading; the guard shows them with a retry instead of
        // sending a signed-in user to the sign-in page.
        setError(error);
      }
    } finally {
      if (mounted.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    void checkUserSession();
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const onLogout = () => {
      roleRef.current = '';
      setUser(null);
      setAccess(NO_OVERRIDES);
      setError(null);
    };
    const onLogin = (event: Event) => {
      const detail = (event as CustomEvent<CurrentUser | undefined>).detail;
      if (detail) setUser(detail);
      const timer = setTimeout(() => {
        timers.delete(timer);
        void checkUserSession();
      }, LOGIN_RECHECK_MS);
      timers.add(timer);
    };
    window.addEventListener(LOGOUT_EVENT, onLogout);
    window.addEventListener(LOGIN_EVENT, onLogin);
    return () => {
      mounted.current = false;
      timers.forEach(clearTimeout);
      window.removeEventListener(LOGOUT_EVENT, onLogout);
      window.removeEventListener(LOGIN_EVENT, onLogin);
    };
  }, [checkUserSession]);

  sessionUser = user;
  // Every `can()` of this render and the next ones reads them; the context's value changes with them,
  // so that every screen reading the role renders again.
  setActiveAccessOverrides(access);
  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      role: typeof user?.role === 'string' ? user.role : '',
      loading,
      error,
      authenticated: !!user,
      unauthenticated: !loading && !user,
      checkUserSession,
      setUser,
      access,
      refreshAccess,
    }),
    [user, loading, error, checkUserSession, access, refreshAccess],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuthContext(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuthContext: Context must be used inside AuthProvider');
  return context;
}
