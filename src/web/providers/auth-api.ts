import type { User } from '../../domain/modules/users/users.schema';
import {
  API_URL,
  LOGIN_EVENT,
  LOGOUT_EVENT,
  clearSession,
  getAccessToken,
  getRefreshToken,
  http,
  refreshTokens,
  setSession,
  toHttpError,
} from './http';

// The auth calls of the API (spec §7, issue 3). Every error is Refine's HttpError.

// The API's user shape, shared with the server.
export type CurrentUser = User;

type TokenPair = {
  accessToken: string;
  refreshToken: string;
  user: CurrentUser;
};

const url = (path: string) => `${API_URL}/auth/${path}`;

function signedIn(data: TokenPair): CurrentUser {
  setSession(data.accessToken, data.refreshToken);
  window.dispatchEvent(new CustomEvent(LOGIN_EVENT, { detail: data.user }));
  return data.user;
}

export const authApi = {
  async login(body: { email: string; password: string }): Promise<CurrentUser> {
    const { data } = await http.post<TokenPair>(url('login'), body);
    return signedIn(data);
  },
  async register(body: { fullName: string; email: string; password: string }): Promise<{ email: string }> {
    const { data } = await http.post<{ email: string }>(url('register'), body);
    return data;
  },
  async verify(body: { email: string; code: string }): Promise<CurrentUser> {
    const { data } = await http.post<TokenPair>(url('verify'), body);
    return signedIn(data);
  },
  /** Whether the first-admin setup is open (no admin yet). */
  async setupOpen(): Promise<boolean> {
    const { data } = await http.get<{ open: boolean }>(url('setup'));
    return data.open;
  },
  async setup(body: { code: string; fullName: string; email: string; password: string }): Promise<CurrentUser> {
    const { data } = await http.post<TokenPair>(url('setup'), body);
    return signedIn(data);
  },
  async resendCode(body: { email: string }): Promise<void> {
    await http.post(url('resend-code'), body);
  },
  async resetPassword(body: { email: string }): Promise<void> {
    await http.post(url('reset-password'), body);
  },
  async updatePassword(body: { email: string; code: string; password: string }): Promise<void> {
    await http.post(url('update-password'), body);
  },
  async me(): Promise<CurrentUser> {
    const { data } = await http.get<CurrentUser>(url('me'));
    return data;
  },
  /**
   * Server logout first, then local. The logout call needs a live access token, and
   * /auth/* calls never refresh by themselves: an expired one is renewed first. A
   * session the server already ended (401) needs no revoking; any other failure is
   * thrown, and the caller shows 'Unable to logout!'.
   */
  async logout(): Promise<void> {
    if (getRefreshToken()) {
      try {
        if (!getAccessToken()) await refreshTokens();
        await http.post(url('logout'), { token: getRefreshToken() });
      } catch (error) {
        if (toHttpError(error).statusCode !== 401) throw error;
      }
    }
    clearSession();
    window.dispatchEvent(new Event(LOGOUT_EVENT));
  },
};
