// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http, serializeParams, setSession, tokenExpiry, toHttpError, LOGOUT_EVENT, setNavigator } from './http';

// A token whose payload carries the given claims (signature irrelevant to the client).
const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

describe('serializeParams', () => {
  it('repeats array keys and skips nulls', () => {
    expect(
      serializeParams({
        id: ['a', 'b'],
        q: 'x y',
        skip: null,
        none: undefined,
        n: 0,
      }),
    ).toBe('id=a&id=b&q=x+y&n=0');
  });
});

describe('tokenExpiry', () => {
  it('reads exp in seconds', () => {
    expect(tokenExpiry(token({ exp: 2_000_000_000 })).getTime()).toBe(2_000_000_000_000);
  });
  it('refuses a token without exp', () => {
    expect(() => tokenExpiry(token({ sub: 'x' }))).toThrow('Token does not have an expiration time');
  });
});

describe('toHttpError', () => {
  it('maps the server body to message, statusCode and field errors', async () => {
    const adapter: AxiosAdapter = async (config) =>
      Promise.reject(
        Object.assign(new Error('Request failed'), {
          isAxiosError: true,
          config,
          response: {
            status: 409,
            data: {
              statusCode: 409,
              error: 'Conflict',
              message: 'Taken',
              errors: { email: 'Taken' },
            },
            headers: {},
            config,
          },
        }),
      );
    const err = await http.get('/api/v1/user', { adapter }).catch((e) => e);
    expect(err).toMatchObject({
      statusCode: 409,
      message: 'Taken',
      errors: { email: 'Taken' },
    });
    expect(toHttpError(err)).toBe(err);
  });
});

describe('401 handling', () => {
  const calls: string[] = [];
  let refreshes = 0;
  let valid = '';

  beforeEach(() => {
    calls.length = 0;
    refreshes = 0;
    Cookies.remove('accessToken');
    Cookies.remove('refreshToken');
    valid = token({ exp: inSeconds(60), n: 1 });
  });
  afterEach(() => vi.restoreAllMocks());

  // One adapter for the instance: 401 unless the bearer is the currently valid token.
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    calls.push(`${config.method} ${config.url}`);
    const auth = config.headers.get('Authorization');
    if (auth === `Bearer ${valid}`)
      return {
        data: { ok: true },
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
      };
    return Promise.reject(
      Object.assign(new Error('401'), {
        isAxiosError: true,
        config,
        response: {
          status: 401,
          data: { message: 'Unauthorized' },
          headers: {},
          config,
        },
      }),
    );
  };

  it('refreshes once for many parallel 401s and replays each request', async () => {
    setSession(token({ exp: inSeconds(60), old: true }), token({ exp: inSeconds(3600) }));
    const axios = (await import('axios')).default;
    vi.spyOn(axios, 'post').mockImplementation(async () => {
      refreshes += 1;
      await new Promise((r) => setTimeout(r, 20));
      return {
        data: {
          accessToken: valid,
          refreshToken: token({ exp: inSeconds(3600), r: 2 }),
        },
      };
    });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => http.get(`/api/v1/user/${i}`, { adapter })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(refreshes).toBe(1);
    expect(calls).toHaveLength(20);
    expect(Cookies.get('accessToken')).toBe(valid);
  });

  it('never refreshes for /auth/* calls', async () => {
    setSession(token({ exp: inSeconds(60), old: true }), token({ exp: inSeconds(3600) }));
    const axios = (await import('axios')).default;
    const post = vi.spyOn(axios, 'post');
    const err = await http.get('/api/v1/auth/me', { adapter }).catch((e) => e);
    expect(err.statusCode).toBe(401);
    expect(post).not.toHaveBeenCalled();
  });

  it('without a refresh token: clears the session, fires logout and goes to sign-in', async () => {
    Cookies.set('accessToken', token({ exp: inSeconds(60), old: true }));
    const navigate = vi.fn();
    setNavigator(navigate);
    const onLogout = vi.fn();
    window.addEventListener(LOGOUT_EVENT, onLogout);
    const err = await http.get('/api/v1/user', { adapter }).catch((e) => e);
    window.removeEventListener(LOGOUT_EVENT, onLogout);
    expect(err.statusCode).toBe(401);
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/auth/sign-in');
    expect(Cookies.get('accessToken')).toBeUndefined();
  });

  it('a refresh the server refuses ends the session', async () => {
    setSession(token({ exp: inSeconds(60), old: true }), token({ exp: inSeconds(3600) }));
    const navigate = vi.fn();
    setNavigator(navigate);
    const axios = (await import('axios')).default;
    vi.spyOn(axios, 'post').mockRejectedValue(
      Object.assign(new Error('401'), { isAxiosError: true, response: { status: 401, data: { message: 'Session has ended' } } }),
    );
    const err = await http.get('/api/v1/user', { adapter }).catch((e) => e);
    expect(err.statusCode).toBe(401);
    expect(navigate).toHaveBeenCalledWith('/auth/sign-in');
    expect(Cookies.get('refreshToken')).toBeUndefined();
  });

  it('a refresh that never reaches the server keeps the session and reports the network failure', async () => {
    const refresh = token({ exp: inSeconds(3600) });
    setSession(token({ exp: inSeconds(60), old: true }), refresh);
    const navigate = vi.fn();
    setNavigator(navigate);
    const axios = (await import('axios')).default;
    vi.spyOn(axios, 'post').mockRejectedValue(Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK' }));
    const err = await http.get('/api/v1/user', { adapter }).catch((e) => e);
    expect(err.statusCode).toBe(0);
    expect(err.code).toBe('network_error');
    expect(navigate).not.toHaveBeenCalled();
    expect(Cookies.get('refreshToken')).toBe(refresh);
  });

  it('adds the timestamp, marker and no-cache headers to every call', async () => {
    setSession(valid, token({ exp: inSeconds(3600) }));
    let seen: InternalAxiosRequestConfig | undefined;
    await http.get('/api/v1/user', {
      adapter: async (config) => {
        seen = config;
        return { data: [], status: 200, statusText: 'OK', headers: {}, config };
      },
    });
    expect(seen!.params._t).toEqual(expect.any(Number));
    expect(seen!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(seen!.headers.get('Cache-Control')).toBe('no-cache');
    expect(seen!.headers.get('Pragma')).toBe('no-cache');
    expect(seen!.withCredentials).toBe(true);
    expect(seen!.timeout).toBe(30000);
  });
});
