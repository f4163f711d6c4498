import type { HttpError } from '@refinedev/core';
import Cookies from 'js-cookie';
import { jwtDecode } from 'jwt-decode';

// The session side of the HTTP layer, without the HTTP client: constants, the token
// cookies, the forced logout and the error shape. The guards and the session context
// need only this, so the sign-in page loads axios (http.ts) when it first calls the API.

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
// { statusCode, error, code, message, errors?: { field: message }, issues?: { field: { code, params } } }.
// `code` and `issues` stay on the error: the client translates by them (i18n/error-text.ts).
// A request that got no answer has status 0 and code 'network_error' (or 'timeout').

type ErrorBody = {
  statusCode?: number;
  error?: string;
  code?: string;
  message?: string | string[];
  errors?: Record<string, string | string[]>;
  issues?: Record<string, { code: string; params?: Record<string, string | number> }>;
  details?: Record<string, unknown>;
};

export type AppHttpError = HttpError & {
  isCancel?: boolean;
  error?: string;
  code?: string;
  issues?: Record<string, { code: string; params?: Record<string, string | number> }>;
  /** What the server adds to act on the error (a stale record: who changed it, when, the record now). */
  details?: Record<string, unknown>;
};

// axios.isCancel and axios.isAxiosError, without importing axios.
type AxiosLikeError = Error & { isAxiosError: true; code?: string; response?: { status?: number; data?: unknown } };
export const isCancelError = (error: unknown): boolean => !!(error && (error as { __CANCEL__?: boolean }).__CANCEL__);
const isAxiosError = (error: unknown): error is AxiosLikeError =>
  !!error && typeof error === 'object' && (error as { isAxiosError?: unknown }).isAxiosError === true;

export function toHttpError(error: unknown): AppHttpError {
  if (isCancelError(error)) {
    return { message: 'Request cancelled', statusCode: 0, isCancel: true };
  }
  if (isAxiosError(error)) {
    const raw = error.response?.data;
    const body = (raw && typeof raw === 'object' ? raw : {}) as ErrorBody;
    const message = Array.isArray(body.message) ? body.message.join(', ') : body.message;
    const status = error.response?.status ?? 0;
    const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
    return {
      message: message || error.message || 'Request failed',
      statusCode: status,
      errors: body.errors,
      error: body.error,
      code: body.code ?? (status === 0 ? (timedOut ? 'timeout' : 'network_error') : undefined),
      issues: body.issues,
      ...(body.details ? { details: body.details } : {}),
    };
  }
  if (error && typeof error === 'object' && 'statusCode' in error) return error as AppHttpError;
  return {
    message: error instanceof Error ? error.message : String(error),
    statusCode: 0,
  };
}
