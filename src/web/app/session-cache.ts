import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LOGIN_EVENT, LOGOUT_EVENT } from '../providers/http';

// Cached server data belongs to one session. Query keys carry no user (the bell's
// list is ['notifications', 'list'] for everyone), so without this the next person
// to sign in on the tab would first see the previous one's data.

/** Registers the session boundary on Refine's query client; the socket closes on its own. */
export function useSessionCacheReset(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Logout drops every query and mutation: in-flight fetches are cancelled, and a
    // late answer lands in a query that is no longer in the cache.
    const onLogout = () => queryClient.clear();
    // A sign-in starts from empty queries too, whatever refilled them after a logout
    // (mutations stay: the sign-in itself is one).
    const onLogin = () => queryClient.removeQueries();
    window.addEventListener(LOGOUT_EVENT, onLogout);
    window.addEventListener(LOGIN_EVENT, onLogin);
    return () => {
      window.removeEventListener(LOGOUT_EVENT, onLogout);
      window.removeEventListener(LOGIN_EVENT, onLogin);
    };
  }, [queryClient]);
}
