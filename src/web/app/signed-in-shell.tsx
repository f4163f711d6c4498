import { useEffect, useMemo, useRef } from 'react';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { i18nProvider } from '../i18n';
import { DashboardLayout } from '../layout/dashboard-layout';
import { queryClientConfig } from '../layout/notifications/query-config';
import { createAccessControlProvider } from '../providers/access-control-provider';
import { useAuthContext } from '../providers/auth-context';
import { authProvider } from '../providers/auth-provider';
import { dataProvider } from '../providers/data-provider';
import { liveProvider } from '../providers/live-provider';
import { requestToaster } from '../toast/load';
import { notificationProvider } from './notification-provider';
import { REFINE_RESOURCES } from './modules';
import { useSessionCacheReset } from './session-cache';
import { useQueryClient } from '@tanstack/react-query';
import { ACCESS_CHANGED_EVENT } from '../../domain/modules/access/access.schema';
import { onNotificationSocket, retainNotificationSocket } from '../providers/notification-socket';

/**
 * Everything only a signed-in user needs, loaded lazily behind the auth guard: Refine
 * (query client, data, live and access-control providers, with the socket) and the
 * dashboard layout (navigation, notification bell, settings button).
 */
export function SignedInShell() {
  const { role } = useAuthContext();
  const roleRef = useRef(role);
  roleRef.current = role;
  const accessControlProvider = useMemo(() => createAccessControlProvider(() => roleRef.current), []);
  // The toaster mounts at once: the bell's live toasts should not wait for it to load.
  useEffect(requestToaster, []);

  return (
    <Refine
      dataProvider={dataProvider}
      authProvider={authProvider}
      routerProvider={routerProvider}
      accessControlProvider={accessControlProvider}
      liveProvider={liveProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      resources={REFINE_RESOURCES}
      options={{
        disableTelemetry: true,
        syncWithLocation: false,
        warnWhenUnsavedChanges: false,
        liveMode: 'auto',
        reactQuery: { clientConfig: queryClientConfig },
      }}
    >
      <SessionCacheReset />
      <AccessRefresh />
      <DashboardLayout />
    </Refine>
  );
}

/** Inside Refine, which owns the query client. */
function SessionCacheReset() {
  useSessionCacheReset();
  return null;
}

/**
 * An admin changed the access of this user's role (decision 014): read it again, and drop Refine's
 * cached answers of the access-control provider, so that navigation, buttons and route guards follow
 * without a reload.
 */
function AccessRefresh() {
  const { refreshAccess, access } = useAuthContext();
  const client = useQueryClient();
  useEffect(() => {
    const release = retainNotificationSocket();
    // The access page's own queries are under 'access' too: another admin's change shows there.
    const stop = onNotificationSocket(ACCESS_CHANGED_EVENT, () => {
      void refreshAccess();
      void client.invalidateQueries({ queryKey: ['access'] });
    });
    return () => {
      stop();
      release();
    };
  }, [refreshAccess, client]);
  useEffect(() => {
    void client.invalidateQueries({ queryKey: ['access'] });
  }, [access, client]);
  return null;
}
