import type { AuthProvider } from '@refinedev/core';
import { navRole } from '../../domain/auth/permissions';
import { authApi } from './auth-api';
import { SIGN_IN_PATH, getAccessToken, getRefreshToken, toHttpError } from './http';

// Refine's auth provider over the same calls as the session context. Guards and
// screens use the session context; Refine uses this for identity, permissions and
// its error hook.
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
      await authApi.me();
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
      return await authApi.me();
    } catch {
      return null;
    }
  },
  getPermissions: async () => {
    if (!getAccessToken() && !getRefreshToken()) return null;
    try {
      return navRole((await authApi.me()).role);
    } catch {
      return null;
    }
  },
};
