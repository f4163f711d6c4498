import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail } from '../../src/server/seed/demo.js';
import { buildTestApp, login, type TestApp } from '../fixtures/app.js';
import { connectLive, refusal, type LiveClient } from '../fixtures/socket.js';
import { socketSessions } from '../../src/server/app.js';

// The live socket as the browser uses it: a real HTTP server, socket.io-client over a
// websocket, namespace /notifications, the access token in the handshake's auth payload.
let t: TestApp;
let base: string;
const open: LiveClient[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.realtime.attach(t.app.server, socketSessions(t.services), t.app.log);
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const c of open) c.close();
  await t?.close();
});

async function connect(token: string) {
  const c = await connectLive(base, token);
  open.push(c);
  return c;
}

async function api<T = unknown>(
  method: string,
  url: string,
  role: Parameters<TestApp['auth']>[0],
  payload?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { ...(await t.auth(role)), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return { status: res.status, body: (res.status === 204 ? undefined : await res.json()) as T };
}

/** A token signed with the given key and claims; `exp` in seconds since the epoch. */
function sign(key: string, claims: { sub: string; sid: string; role: string; typ?: string }, exp: number) {
  return new SignJWT({ sid: claims.sid, role: claims.role, typ: claims.typ ?? 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt(exp - 900)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(key));
}

describe('handshake', () => {
  it('refuses a socket without a token', async () => {
    expect(await refusal(base, undefined)).toBe('Authentication required');
    expect(await refusal(base, '')).toBe('Authentication required');
    expect(await refusal(base, undefined, { token: 12345 })).toBe('Authentication required');
  });

  it('refuses a forged, an expired, a garbage and a refresh token', async () => {
    const { accessToken, refreshToken } = await t.tokens('developer');
    const claims = decodeJwt(accessToken) as { sub: string; sid: string; role: string };
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    // Same claims, a key the server does not know.
    const forged = await sign('another-secret-of-at-least-32-characters!!', { ...claims, role: 'admin' }, inAnHour);
    // The server's own key, but expired a minute ago.
    const expired = await sign(t.services.config.JWT_SECRET!, claims, Math.floor(Date.now() / 1000) - 60);
    // Control: the same recipe with a future expiry is accepted, so the refusals above are about the key and the time.
    const fresh = await sign(t.services.config.JWT_SECRET!, claims, inAnHour);
    for (const bad of [forged, expired, 'not.a.jwt', refreshToken, `${accessToken}x`]) {
      expect(await refusal(base, bad)).toBe('Invalid or expired token');
    }
    (await connect(fresh)).close();
  });

  it('refuses the token of a session that has signed out', async () => {
    const { accessToken } = await login(t.app, demoEmail('sale'), DEMO_PASSWORD);
    (await connect(accessToken)).close();
    // No body at all, as a client signing out sends it.
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${accessToken}` } });
    expect(out.statusCode).toBe(204);
    expect(await refusal(base, accessToken)).toBe('Invalid or expired token');
  });
});

describe('notifications to one user only', () => {
  it('join → unread-count; a new notification → notification + unread-count to that user only; reading pushes the new count', async () => {
    const dev = t.users.developer.id;
    const initial = (await api<{ count: number }>('GET', '/notifications/unread-count', 'developer')).body.count;
    expect(initial).toBeGreaterThan(0); // the demo data leaves one unread

    const devSocket = await connect((await t.tokens('developer')).accessToken);
    expect(await devSocket.next<{ count: number }>('unread-count')).toEqual({ count: initial });
    // A second tab of the same person gets the same events.
    const devTab2 = await connect((await login(t.app, demoEmail('developer'), DEMO_PASSWORD)).accessToken);
    await devTab2.next('unread-count');
    const hrSocket = await connect((await t.tokens('hr')).accessToken);
    await hrSocket.next('unread-count');
    const adminSocket = await connect((await t.tokens('admin')).accessToken);
    await adminSocket.next('unread-count');

    const created = await api('POST', '/notifications', 'admin', {
      userIds: [dev],
      type: 'announcement',
      title: 'Quarterly review',
      message: 'Your review is on Monday',
    });
    expect(created.status).toBe(201);

    const pushed = await devSocket.next<{ id: string; title: string; message: string; type: string }>('notification');
    expect(pushed).toMatchObject({ title: 'Quarterly review', message: 'Your review is on Monday', type: 'announcement' });
    expect(pushed.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await devSocket.next('unread-count')).toEqual({ count: initial + 1 });
    expect(await devTab2.next('notification')).toMatchObject({ id: pushed.id });

    // The stored row is the one pushed.
    const list = await api<{ data: unknown[] }>('GET', '/notifications?limit=1', 'developer');
    expect(list.body.data[0]).toMatchObject({ id: pushed.id, title: 'Quarterly review', isRead: false });

    // Nobody else heard it: not another user, not the sender.
    await new Promise((r) => setTimeout(r, 300));
    expect(hrSocket.events.filter((e) => e.event === 'notification')).toEqual([]);
    expect(adminSocket.events.filter((e) => e.event === 'notification')).toEqual([]);
    expect(hrSocket.events.filter((e) => e.event === 'unread-count')).toHaveLength(1);

    // Reading one pushes the new count; reading all pushes zero.
    expect((await api('POST', '/notifications/mark-as-read', 'developer', { notificationId: pushed.id })).status).toBe(200);
    expect(await devSocket.next('unread-count')).toEqual({ count: initial });
    expect((await api('POST', '/notifications/mark-all-as-read', 'developer', {})).status).toBe(200);
    expect(await devSocket.next('unread-count')).toEqual({ count: 0 });

    // Another user cannot read someone else's notification, and that pushes nothing to them.
    expect((await api('POST', '/notifications/mark-as-read', 'hr', { notificationId: pushed.id })).status).toBe(404);
    // Deleting pushes the count too.
    expect((await api('DELETE', `/notifications/${pushed.id}`, 'developer')).status).toBe(204);
    expect(await devSocket.next('unread-count')).toEqual({ count: 0 });
    expect(hrSocket.events.filter((e) => e.event === 'unread-count')).toHaveLength(1);
  });

  it('a socket that has not joined is not in any room', async () => {
    const silent = await connectLive(base, (await t.tokens('manager')).accessToken, { join: false });
    open.push(silent);
    const joined = await connect((await t.tokens('manager')).accessToken);
    await joined.next('unread-count');
    await api('POST', '/notifications', 'admin', {
      userIds: [t.users.manager.id],
      title: 'Heads up',
      message: 'Only joined sockets hear this',
    });
    await joined.next('notification', (n: { title: string }) => n.title === 'Heads up');
    await new Promise((r) => setTimeout(r, 200));
    expect(silent.events).toEqual([]);
  });

  it('sends live resource events to the sections a role may see', async () => {
    const adminSocket = await connect((await t.tokens('admin')).accessToken);
    await adminSocket.next('unread-count');
    const devSocket = await connect((await t.tokens('developer')).accessToken);
    await devSocket.next('unread-count');
    const res = await api('PATCH', `/user/${t.users.hr.id}`, 'admin', { title: 'Lead Recruiter' });
    expect(res.status).toBe(200);
    const live = await adminSocket.next<{ channel: string; type: string; payload: { ids: string[] } }>('live');
    expect(live).toMatchObject({ channel: 'resources/users', type: 'updated', payload: { ids: [t.users.hr.id] } });
    await new Promise((r) => setTimeout(r, 200));
    // A developer has no users section: no live event about users.
    expect(devSocket.events.filter((e) => e.event === 'live')).toEqual([]);
  });
});
