// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { authApi } from './auth-api';
import { LOGOUT_EVENT, getAccessToken, getRefreshToken, http, setSession } from './http';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

const fail = (config: InternalAxiosRequestConfig, status: number) =>
  Promise.reject(
    Object.assign(new Error(String(status)), {
      isAxiosError: true,
      config,
      response: { status, data: { message: `status ${status}` }, headers: {}, config },
    }),
  );

describe('authApi.logout', () => {
  const seen: Array<{ url?: string; auth: unknown; body: unknown }> = [];
  let logoutStatus = 204;
  let logouts = 0;
  const original = http.defaults.adapter;
  const fresh = token({ exp: inSeconds(60), fresh: true });
  const onLogout = () => (logouts += 1);

  beforeEach(() => {
    seen.length = 0;
    logoutStatus = 204;
    logouts = 0;
    Cookies.remove('accessToken');
    Cookies.remove('refreshToken');
    const adapter: AxiosAdapter = async (config) => {
      seen.push({ url: config.url, auth: config.headers.get('Authorization'), body: config.data && JSON.parse(config.data as string) });
      if (logoutStatus >= 400) return fail(config, logoutStatus);
      return { data: '', status: logoutStatus, statusText: '', headers: {}, config };
    };
    http.defaults.adapter = adapter;
    window.addEventListener(LOGOUT_EVENT, onLogout);
    vi.spyOn(axios, 'post').mockImplementation(async () => ({
      data: { accessToken: fresh, refreshToken: token({ exp: inSeconds(3600), r: 2 }) },
    }));
  });
  afterEach(() => {
    http.defaults.adapter = original;
    window.removeEventListener(LOGOUT_EVENT, onLogout);
    vi.restoreAllMocks();
  });

  it('revokes the session with the current tokens, then clears it locally', async () => {
    const access = token({ exp: inSeconds(60) });
    const refresh = token({ exp: inSeconds(3600) });
    setSession(access, refresh);
    await authApi.logout();
    expect(axios.post).not.toHaveBeenCalled();
    expect(seen).toEqual([{ url: '/api/v1/auth/logout', auth: `Bearer ${access}`, body: { token: refresh } }]);
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(logouts).toBe(1);
  });

  it('renews an expired access token first (the logout call needs one)', async () => {
    Cookies.set('refreshToken', token({ exp: inSeconds(3600) }));
    await authApi.logout();
    expect(axios.post).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1);
    expect(seen[0].auth).toBe(`Bearer ${fresh}`);
    expect(getRefreshToken()).toBeUndefined();
  });

  it('signs out locally when the server says the session already ended', async () => {
    setSession(token({ exp: inSeconds(60) }), token({ exp: inSeconds(3600) }));
    logoutStatus = 401;
    await authApi.logout();
    expect(getRefreshToken()).toBeUndefined();
    expect(logouts).toBe(1);
  });

  it("keeps the session when the server cannot log out (the menu says 'Unable to logout!')", async () => {
    setSession(token({ exp: inSeconds(60) }), token({ exp: inSeconds(3600) }));
    logoutStatus = 500;
    await expect(authApi.logout()).rejects.toMatchObject({ statusCode: 500 });
    expect(getRefreshToken()).toBeDefined();
    expect(logouts).toBe(0);
  });
});
