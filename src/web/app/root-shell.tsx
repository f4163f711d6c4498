import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ProgressBar } from '../components/progress-bar';
import { ScrollToTop } from '../components/scroll-to-top';
import { AuthProvider } from '../providers/auth-context';
import { PageA11y, SkipLink } from './page-a11y';
import { setNavigator } from '../providers/session';

/**
 * The router's root element: session context and the route-change effects. Refine, its
 * data and live providers and the signed-in layout load with the signed-in routes
 * (signed-in-shell.tsx), so the sign-in page does not download them.
 */
export function RootShell() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path) => navigate(path, { replace: true }));
  }, [navigate]);

  return (
    <AuthProvider>
      <SkipLink />
      <PageA11y />
      <ProgressBar />
      <ScrollToTop />
      <Outlet />
    </AuthProvider>
  );
}
