import axios, { type AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import type { HttpError } from '@refinedev/core';
import Cookies from 'js-cookie';
import { jwtDecode } from 'jwt-decode';

// One axios instance for every call the client makes (data provider, auth, bell).
// Spec §7: cookies sent, 30 s time-out, JSON, bearer token, script marker, no-cache,
// a timestamp on every URL, arrays as repeated keys, nulls skipped; one refresh on 401.

export const API_URL = '/api/v1';
export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const LOGOUT_EVENT = 'auth:logout';
export const LOGIN_EVENT = 'auth:login';
export const SIGN_IN_PATH = '/auth/sign-in';

// ---------------------------------------------------------------------------------
// Tokens: kept in cookies of the same name, expiring with the token's exp claim.

export function tokenExpiry(token: string): Date {
  const { exp } = jwtDecode<{ exp?: number }>(token);
  if (!exp) throw new Error('Token does not have an expiration time');
  return new Date(exp * 1000);
}

export function getAccessToken(): string | undefined {
  return Cookies.get(ACCESS_TOKEN_KEY) || undefined;
}

export function getRefreshToken(): string | undefined {
  return Cookies.get(REFRESH_TOKEN_KEY) || undefined;
}

const cookieOptions = () => ({
  sameSite: 'strict' as const,
  secure: window.location.protocol === 'https:',
  path: '/',
});

export function setSession(accessToken: string, refreshToken: string): void {
  Cookies.set(ACCESS_TOKEN_KEY, accessToken, {
    ...cookieOptions(),
    expires: tokenExpiry(accessToken),
  });
  Cookies.set(REFRESH_TOKEN_KEY, refreshToken, {
    ...cookieOptions(),
    expires: tokenExpiry(refreshToken),
  });
}

export function clearSession(): void {
  Cookies.remove(ACCESS_TOKEN_KEY, { path: '/' });
  Cookies.remove(REFRESH_TOKEN_KEY, { path: '/' });
}

// ---------------------------------------------------------------------------------
// Navigation out of React (forced logout). The app registers the router's navigate.

let navigateTo: (path: string) => void = (path) => window.location.assign(path);
export function setNavigator(fn: (path: string) => void): void {
  navigateTo = fn;
}

/** Forced logout: clear the session, tell the app, go to sign-in. */
export function forceLogout(): void {
  clearSession();
  window.dispatchEvent(new Event(LOGOUT_EVENT));
  if (!window.location.pathname.startsWith('/auth/')) navigateTo(SIGN_IN_PATH);
}

// ---------------------------------------------------------------------------------
// Query strings: arrays as repeated keys, null/undefined skipped.

export function serializeParams(params: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === null || v === undefined) continue;
      search.append(key, v instanceof Date ? v.toISOString() : String(v));
    }
  }
  return search.toString();
}

// ---------------------------------------------------------------------------------
// Errors: Refine's HttpError { message, statusCode, errors } from our error body
// { statusCode, error, message, errors?: { field: message } }.

type ErrorBody = {
  statusCode?: number;
  error?: string;
  message?: string | string[];
  errors?: Record<string, string | string[]>;
};

export type AppHttpError = HttpError & { isCancel?: boolean; error?: string };

export function toHttpError(error: unknown): AppHttpError {
  if (axios.isCancel(error)) {
    return { message: 'Request cancelled', statusCode: 0, isCancel: true };
  }
  if (axios.isAxiosError(error)) {
    const body = (error.response?.data ?? {}) as ErrorBody;
    const message = Array.isArray(body.message) ? body.message.join(', ') : body.message;
    return {
      message: message || error.message || 'Request failed',
      statusCode: error.response?.status ?? 0,
      errors: body.errors,
      error: body.error,
    };
  }
  if (error && typeof error === 'object' && 'statusCode' in error) return error as AppHttpError;
  return {
    message: error instanceof Error ? error.message : String(error),
    statusCode: 0,
  };
}

// ---------------------------------------------------------------------------------

export const http = axios.create({
  baseURL: '',
  timeout: 30000,
  withCredentials: true,
  headers: {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
  },
  paramsSerializer: {
    serialize: (params) => serializeParams(params as Record<string, unknown>),
  },
});

type RetryConfig = InternalAxiosRequestConfig & {
  _retried?: boolean;
  _sentToken?: string;
};

http.interceptors.request.use((config: RetryConfig) => {
  const token = getAccessToken();
  config._sentToken = token;
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  else config.headers.delete('Authorization');
  config.params = { ...(config.params ?? {}), _t: Date.now() };
  return config;
});

const isAuthCall = (url: string | undefined) => !!url && /\/auth\//.test(url);

// One refresh in flight: every request that fails meanwhile awaits the same promise.
let refreshing: Promise<string> | null = null;

export function refreshTokens(): Promise<string> {
  if (!refreshing) {
    refreshing = (async () => {
      const token = getRefreshToken();
      if (!token) throw new Error('No refresh token');
      // A bare axios call: the refresh must never go through the 401 interceptor.
      const { data } = await axios.post<{
        accessToken: string;
        refreshToken: string;
      }>(
        `${API_URL}/auth/refresh`,
        { token },
        {
          timeout: 30000,
          withCredentials: true,
          headers: {
            'X-Requested-With': 'XMLHttpRequest',
            'Cache-Control': 'no-cache',
            Pragma: 'no-cache',
          },
          params: { _t: Date.now() },
        },
      );
      setSession(data.accessToken, data.refreshToken);
      return data.accessToken;
    })().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

http.interceptors.response.use(
  (response) => response,
  async (error: unknown) => {
    if (axios.isCancel(error)) return Promise.reject(toHttpError(error));
    const axiosError = error as AxiosError;
    const config = axiosError.config as RetryConfig | undefined;
    if (axiosError.response?.status === 401 && config && !config._retried && !isAuthCall(config.url)) {
      config._retried = true;
      const current = getAccessToken();
      // Another request already refreshed since this one was sent: just replay it.
      if (current && current !== config._sentToken && !refreshing) {
        return http(config as AxiosRequestConfig);
      }
      try {
        await refreshTokens();
      } catch {
        forceLogout();
        return Promise.reject(toHttpError(error));
      }
      return http(config as AxiosRequestConfig);
    }
    return Promise.reject(toHttpError(error));
  },
);

// A hook for the end-to-end tests to fire requests through this very instance.
if (typeof window !== 'undefined') {
  try {
    if (window.localStorage.getItem('e2e-hooks') === '1') (window as unknown as { __http: typeof http }).__http = http;
  } catch {
    /* storage blocked */
  }
}
