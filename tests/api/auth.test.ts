import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { buildTestApp, login, type TestApp } from '../fixtures/app.js';
import { lastCodeSentTo } from '../fixtures/mail.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ REFRESH_REUSE_INTERVAL_S: '2' });
});
afterAll(() => t?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers, remoteAddress });
const me = (accessToken: string) => t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('login and tokens', () => {
  it('signs in every demo role and /auth/me shows the role', async () => {
    for (const role of ['admin', 'hr_lead', 'sale_lead', 'developer', 'hr', 'sale', 'manager'] as const) {
      const res = await post('/auth/login', { email: `${role}@demo.local`, password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(200);
      const { accessToken, refreshToken, user } = res.json();
      expect(user.role).toBe(role);
      expect(user).not.toHaveProperty('passwordHash');
      expect((await me(accessToken)).json().role).toBe(role);
      const access = decode(accessToken);
      const refresh = decode(refreshToken);
      expect(Number(access.exp) - Number(access.iat)).toBe(15 * 60);
      // The session's end is fixed at sign-in; the token is signed a moment later, maybe in the next second.
      expect(Number(refresh.exp) - Number(refresh.iat)).toBeGreaterThanOrEqual(7 * 24 * 3600 - 1);
      expect(Number(refresh.exp) - Number(refresh.iat)).toBeLessThanOrEqual(7 * 24 * 3600);
    }
  });

  it('accepts the e-mail in any case and refuses a wrong password with 401', async () => {
    expect((await post('/auth/login', { email: 'HR@Demo.Local', password: DEMO_PASSWORD })).statusCode).toBe(200);
    const bad = await post('/auth/login', { email: 'hr@demo.local', password: 'wrong-password' }, {}, '10.9.9.9');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: 'Invalid e-mail or password' });
  });

  it('gives field errors for bad input and refuses unknown fields', async () => {
    const res = await post('/auth/login', { email: 'not-an-email', password: '', role: 'admin' });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors.email).toBeTruthy();
    expect(errors.password).toBeTruthy();
    expect(errors.role).toBe('Unknown field');
  });

  it('refuses a token signed with another key, an expired one and a refresh token used as access token', async () => {
    const forged = await new SignJWT({ sid: crypto.randomUUID(), role: 'admin', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(t.users.admin.id)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    expect((await me(forged)).statusCode).toBe(401);
    const { accessToken, refreshToken } = await login(t.app, 'sale@demo.local', DEMO_PASSWORD);
    const sid = decode(accessToken).sid as string;
    const expired = await new SignJWT({ sid, role: 'sale', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(t.users.sale.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(t.services.config.JWT_SECRET!));
    expect((await me(expired)).statusCode).toBe(401);
    expect((await me(refreshToken)).statusCode).toBe(401);
    expect((await me(accessToken)).statusCode).toBe(200);
  });
});

describe('refresh rotation', () => {
  it('rotates: the new pair works, the session keeps its absolute expiry', async () => {
    const first = await login(t.app, 'developer@demo.local', DEMO_PASSWORD);
    const res = await post('/auth/refresh', { token: first.refreshToken });
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(decode(next.refreshToken).exp).toBe(decode(first.refreshToken).exp);
    expect((await me(next.accessToken)).statusCode).toBe(200);
  });

  it('two refreshes at once with the same token both succeed (reuse interval)', async () => {
    const first = await login(t.app, 'developer@demo.local', DEMO_PASSWORD);
    const [a, b] = await Promise.all([
      post('/auth/refresh', { token: first.refreshToken }),
      post('/auth/refresh', { token: first.refreshToken }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await me(b.json().accessToken)).statusCode).toBe(200);
  });

  it('replaying a spent refresh token after the reuse interval revokes the whole family', async () => {
    const first = await login(t.app, 'developer@demo.local', DEMO_PASSWORD);
    const second = (await post('/auth/refresh', { token: first.refreshToken })).json();
    await new Promise((r) => setTimeout(r, 2300));
    const replay = await post('/auth/refresh', { token: first.refreshToken });
    expect(replay.statusCode).toBe(401);
    // The thief's replay also ends the legitimate holder's tokens of that family.
    expect((await post('/auth/refresh', { token: second.refreshToken })).statusCode).toBe(401);
    expect((await me(second.accessToken)).statusCode).toBe(401);
    // Other sessions of the same user are untouched.
    const other = await login(t.app, 'developer@demo.local', DEMO_PASSWORD);
    expect((await me(other.accessToken)).statusCode).toBe(200);
  });

  it('refuses garbage and access tokens as refresh tokens', async () => {
    expect((await post('/auth/refresh', { token: 'garbage' })).statusCode).toBe(401);
    const { accessToken } = await login(t.app, 'hr@demo.local', DEMO_PASSWORD);
    expect((await post('/auth/refresh', { token: accessToken })).statusCode).toBe(401);
    expect((await post('/auth/refresh', {})).statusCode).toBe(400);
  });

  it('logout revokes the session: access and refresh tokens stop working at once', async () => {
    const s = await login(t.app, 'manager@demo.local', DEMO_PASSWORD);
    const out = await post('/auth/logout', { token: s.refreshToken }, { authorization: `Bearer ${s.accessToken}` });
    expect(out.statusCode).toBe(204);
    expect((await me(s.accessToken)).statusCode).toBe(401);
    expect((await post('/auth/refresh', { token: s.refreshToken })).statusCode).toBe(401);
  });
});

// Sign-in throttling and the other public forms' limits: tests/api/throttling.test.ts.

describe('sign-up, verification and password reset', () => {
  it('registers a pending developer who signs in only after verifying the mailed code', async () => {
    const email = 'new.person@example.com';
    const reg = await post('/auth/register', { fullName: 'New Person', email, password: 'a long enough passphrase' });
    expect(reg.statusCode).toBe(201);
    const early = await post('/auth/login', { email, password: 'a long enough passphrase' });
    expect(early.statusCode).toBe(403);
    expect((await post('/auth/verify', { email, code: '000000' })).statusCode).toBe(400);
    const code = await lastCodeSentTo(t.services.db, email);
    const verified = await post('/auth/verify', { email, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ role: 'developer', status: 'active' });
    expect((await post('/auth/verify', { email, code })).statusCode).toBe(400); // spent
    expect((await post('/auth/login', { email, password: 'a long enough passphrase' })).statusCode).toBe(200);
    expect((await post('/auth/register', { fullName: 'Again', email, password: 'another passphrase' })).statusCode).toBe(409);
  });

  it('refuses short, overlong and common passwords, without composition rules', async () => {
    const tryPw = (password: string) => post('/auth/register', { fullName: 'Pw Test', email: 'pw@example.com', password });
    expect((await tryPw('short')).json().errors.password).toMatch(/at least 8/);
    expect((await tryPw('x'.repeat(129))).json().errors.password).toMatch(/at most 128/);
    expect((await tryPw('password123')).json().errors.password).toMatch(/too common/);
    expect((await tryPw('all lower case words')).statusCode).toBe(201);
  });

  it('a code fails after five wrong attempts even if the right one comes next', async () => {
    const email = 'brute@example.com';
    await post('/auth/register', { fullName: 'Brute Force', email, password: 'correct horse battery' });
    const code = await lastCodeSentTo(t.services.db, email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) expect((await post('/auth/verify', { email, code: wrong })).statusCode).toBe(400);
    expect((await post('/auth/verify', { email, code })).statusCode).toBe(400);
  });

  it('resets a forgotten password with a mailed code and ends existing sessions', async () => {
    const email = 'hr_lead@demo.local';
    const old = await login(t.app, email, DEMO_PASSWORD);
    expect((await post('/auth/reset-password', { email })).statusCode).toBe(202);
    expect((await post('/auth/reset-password', { email: 'unknown@example.com' })).statusCode).toBe(202);
    const code = await lastCodeSentTo(t.services.db, email);
    const res = await post('/auth/update-password', { email, code, password: 'brand new passphrase' });
    expect(res.statusCode).toBe(200);
    expect((await me(old.accessToken)).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: DEMO_PASSWORD })).statusCode).toBe(401);
    const fresh = await login(t.app, email, 'brand new passphrase');
    // Put the demo password back for the other tests.
    const back = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/me/password',
      headers: { authorization: `Bearer ${fresh.accessToken}` },
      payload: { currentPassword: 'brand new passphrase', newPassword: DEMO_PASSWORD },
    });
    expect(back.statusCode).toBe(204);
  });

  it('changing one’s password needs the current one and keeps only the current session', async () => {
    const a = await login(t.app, 'sale@demo.local', DEMO_PASSWORD);
    const b = await login(t.app, 'sale@demo.local', DEMO_PASSWORD);
    const change = (currentPassword: string, newPassword: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/user/me/password',
        headers: { authorization: `Bearer ${a.accessToken}` },
        payload: { currentPassword, newPassword },
      });
    const wrong = await change('nope-nope', 'whatever passphrase');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toBeTruthy();
    expect((await change(DEMO_PASSWORD, 'whatever passphrase')).statusCode).toBe(204);
    expect((await me(a.accessToken)).statusCode).toBe(200);
    expect((await me(b.accessToken)).statusCode).toBe(401);
    expect((await change('whatever passphrase', DEMO_PASSWORD)).statusCode).toBe(204);
  });
});

describe('account changes apply on the next request', () => {
  it('deactivating a user or changing their role takes effect before their token expires', async () => {
    const email = 'switch@example.com';
    const admin = await t.auth('admin');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user',
      headers: admin,
      payload: { fullName: 'Role Switch', email, role: 'hr', password: 'switch passphrase' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const s = await login(t.app, email, 'switch passphrase');
    const users = () => t.app.inject({ url: '/api/v1/user/paginated', headers: { authorization: `Bearer ${s.accessToken}` } });
    expect((await users()).statusCode).toBe(200);
    await t.app.inject({ method: 'PATCH', url: `/api/v1/user/${id}`, headers: admin, payload: { role: 'developer' } });
    expect((await users()).statusCode).toBe(403);
    await t.app.inject({ method: 'PATCH', url: `/api/v1/user/${id}`, headers: admin, payload: { status: 'inactive' } });
    expect((await me(s.accessToken)).statusCode).toBe(401);
    expect((await post('/auth/login', { email, password: 'switch passphrase' })).statusCode).toBe(403);
  });
});
