import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { canAccessPath } from '../../domain/auth/permissions';
import { LoadingScreen } from '../components/loading-screen';
import { useAuthContext } from '../providers/auth-context';
import { SIGN_IN_PATH } from '../providers/session';

// Only a signed-in user can meet the access-denied view: it loads when first shown.
const PermissionDeniedView = lazy(() => import('../components/permission-denied').then((m) => ({ default: m.PermissionDeniedView })));

/** Where a signed-in user lands by default (the app config's auth redirect path). */
export const PATH_AFTER_LOGIN = '/';

/** Only a same-origin path is an acceptable returnTo. */
export function safeReturnTo(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return PATH_AFTER_LOGIN;
  return value;
}

const SessionErrorView = lazy(() => import('../components/session-error').then((m) => ({ default: m.SessionErrorView })));

/**
 * Protected pages: full-screen loading, then sign-in with returnTo (replacing history).
 * A session that could not be checked (server unreachable) shows a notice with a retry,
 * never a silent trip to the sign-in page.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { loading, authenticated, error } = useAuthContext();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (!authenticated && error) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <SessionErrorView />
      </Suspense>
    );
  }
  if (!authenticated) {
    const current = `${location.pathname}${location.search}${location.hash}`;
    const to = `${SIGN_IN_PATH}?${new URLSearchParams({ returnTo: current }).toString()}`;
    return <Navigate to={to} replace state={{ from: location }} />;
  }
  return <>{children}</>;
}

/** Guest-only pages: a signed-in user goes to returnTo, else the default path. */
export function GuestGuard({ children }: { children: ReactNode }) {
  const { loading, authenticated } = useAuthContext();
  const [searchParams] = useSearchParams();
  if (loading) return <LoadingScreen />;
  if (authenticated) return <Navigate to={safeReturnTo(searchParams.get('returnTo'))} replace />;
  return <>{children}</>;
}

/** Role guard by path prefix: the access-denied view with the current role. */
export function RoleGuard({ children }: { children: ReactNode }) {
  const { role } = useAuthContext();
  const { pathname } = useLocation();
  if (!canAccessPath(role, pathname)) {
    return (
      <Suspense fallback={<LoadingScreen portal={false} />}>
        <PermissionDeniedView role={role} />
      </Suspense>
    );
  }
  return <>{children}</>;
}

/** Forced logout (refresh failed elsewhere) lands on sign-in; registered once. */
export function useRegisterNavigator(register: (fn: (path: string) => void) => void, navigate: (path: string) => void) {
  useEffect(() => {
    register((path) => navigate(path));
  }, [register, navigate]);
}
