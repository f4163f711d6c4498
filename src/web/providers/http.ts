import axios, { type AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { API_URL, forceLogout, getAccessToken, getRefreshToken, isCancelError, serializeParams, setSession, toHttpError } from './session';

// One axios instance for every call the client makes (data provider, auth, bell).
// Spec §7: cookies sent, 30 s time-out, JSON, bearer token, script marker, no-cache,
// a timestamp on every URL, arrays as repeated keys, nulls skipped; one refresh on 401.
// The session helpers live in session.ts (no axios) and are re-exported here.

export * from './session';

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
    if (isCancelError(error)) return Promise.reject(toHttpError(error));
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
      } catch (refreshError) {
        // A refresh the server refused ends the session; one that never reached it (offline,
        // server down) does not: the user sees the unreachable notice and retries signed in.
        const failure = toHttpError(refreshError);
        if (getRefreshToken() && (failure.statusCode === 0 || failure.statusCode >= 500)) return Promise.reject(failure);
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
