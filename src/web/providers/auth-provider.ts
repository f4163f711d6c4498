import type { AuthProvider } from '@refinedev/core';
import { navRole } from '../../domain/auth/permissions';
import { authApi, type CurrentUser } from './auth-api';
import { getSessionUser } from './auth-context';
import { SIGN_IN_PATH, getAccessToken, getRefreshToken, toHttpError } from './http';

// Refine's auth provider over the same calls as the session context. Guards and
// screens use the session context; Refine uses this for identity, permissions and
// its error hook. The user the session context already holds answers identity and
// permissions, so /auth/me is called once per sign-in rather than on every route change.
const currentUser = async (): Promise<CurrentUser> => getSessionUser() ?? authApi.me();

export const authProvider: AuthProvider = {
  login: async (params: { email: string; password: string }) => {
    try {
      await authApi.login(params);
      return { success: true };
    } catch (error) {
      return { success: false, error: toHttpError(error) as unknown as Error };
    }
  },
  logout: async () => {
    try {
      await authApi.logout();
      return { success: true, redirectTo: SIGN_IN_PATH };
    } catch (error) {
      return { success: false, error: toHttpError(error) as unknown as Error };
    }
  },
  check: async () => {
    if (!getAccessToken() && !getRefreshToken()) return { authenticated: false, redirectTo: SIGN_IN_PATH };
    try {
      await currentUser();
      return { authenticated: true };
    } catch (error) {
      const { statusCode } = toHttpError(error);
      if (statusCode === 401 || statusCode === 403) return { authenticated: false, redirectTo: SIGN_IN_PATH };
      return { authenticated: true };
    }
  },
  // The http layer already refreshed, or logged out, on 401: nothing more to do here.
  onError: async () => ({}),
  getIdentity: async () => {
    if (!getAccessToken() && !getRefreshToken()) return null;
    try {
      return await currentUser();
    } catch {
      return null;
    }
  },
  getPermissions: async () => {
    if (!getAccessToken() && !getRefreshToken()) return null;
    try {
      return navRole((await currentUser()).role);
    } catch {
      return null;
    }
  },
};
