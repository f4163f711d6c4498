import { useEffect, useMemo, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { i18nProvider } from '../i18n';
import { queryClientConfig } from '../layout/notifications/query-config';
import { ProgressBar } from '../components/progress-bar';
import { ScrollToTop } from '../components/scroll-to-top';
import { createAccessControlProvider } from '../providers/access-control-provider';
import { AuthProvider, useAuthContext } from '../providers/auth-context';
import { authProvider } from '../providers/auth-provider';
import { dataProvider } from '../providers/data-provider';
import { setNavigator } from '../providers/http';
import { liveProvider } from '../providers/live-provider';
import { notificationProvider } from './notification-provider';
import { RESOURCES } from './resources';
import { useSessionCacheReset } from './session-cache';

/** The router's root element: session context, Refine and the route-change effects. */
export function RootShell() {
  return (
    <AuthProvider>
      <RefineShell />
    </AuthProvider>
  );
}

function RefineShell() {
  const navigate = useNavigate();
  const { role } = useAuthContext();
  const roleRef = useRef(role);
  roleRef.current = role;
  const accessControlProvider = useMemo(() => createAccessControlProvider(() => roleRef.current), []);

  useEffect(() => {
    setNavigator((path) => navigate(path, { replace: true }));
  }, [navigate]);

  return (
    <Refine
      dataProvider={dataProvider}
      authProvider={authProvider}
      routerProvider={routerProvider}
      accessControlProvider={accessControlProvider}
      liveProvider={liveProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      resources={RESOURCES}
      options={{
        disableTelemetry: true,
        syncWithLocation: false,
        warnWhenUnsavedChanges: false,
        liveMode: 'auto',
        reactQuery: { clientConfig: queryClientConfig },
      }}
    >
      <SessionCacheReset />
      <ProgressBar />
      <ScrollToTop />
      <Outlet />
    </Refine>
  );
}

/** Inside Refine, which owns the query client. */
function SessionCacheReset() {
  useSessionCacheReset();
  return null;
}
