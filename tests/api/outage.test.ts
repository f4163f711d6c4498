import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail } from '../../src/server/seed/demo.js';
import { buildTestApp, createTestDatabase, type TestApp } from '../fixtures/app.js';
import { connectLive, refusal, type LiveClient } from '../fixtures/socket.js';
import { TcpProxy } from '../fixtures/tcp-proxy.js';
import { socketSessions } from '../../src/server/app.js';

// Losing PostgreSQL or Redis for a while: requests fail cleanly (503 in the error shape,
// within seconds, never a 500 or a hang), health stays up, readiness goes down, and the
// same app — not restarted — serves again once they are back.
//
// App A reaches PostgreSQL and Redis through TCP proxies the test breaks; app B shares the
// same database and Redis directly, so that fan-out between them can be observed.
// PostgreSQL-only: the embedded database has no network to lose.
describe('dependency outages', () => {
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  let pgProxy: TcpProxy;
  let redisProxy: TcpProxy;
  let drop: (() => Promise<void>) | undefined;
  const logA: string[] = [];
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    const redisUrl = process.env.REDIS_URL;
    if (!redisUrl) throw new Error('REDIS_URL is not set: the outage suite needs Redis whenever DATABASE_URL is set');
    const db = await createTestDatabase();
    drop = db.drop;
    pgProxy = await TcpProxy.forUrl(db.url).start();
    redisProxy = await TcpProxy.forUrl(redisUrl).start();
    // Default timeouts (config.ts): the test proves what a deployment gets without tuning.
    const env = { JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'info' };
    a = await buildTestApp(env, { databaseUrl: pgProxy.rewrite(db.url), logStream: { write: (line) => void logA.push(line) } });
    b = await buildTestApp({ ...env, LOG_LEVEL: 'silent' }, { databaseUrl: db.url });
    for (const [t, redis] of [
      [a, redisProxy.rewrite(redisUrl)],
      [b, redisUrl],
    ] as const) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await t.realtime.attach(t.app.server, socketSessions(t.services), t.app.log, redis);
    }
    baseA = `http://127.0.0.1:${(a.app.server.address() as { port: number }).port}`;
    baseB = `http://127.0.0.1:${(b.app.server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    for (const s of sockets) s.close();
    await pgProxy?.restore();
    await redisProxy?.restore();
    await a?.close();
    await b?.close();
    await pgProxy?.close();
    await redisProxy?.close();
    await drop?.();
  });

  async function call(base: string, method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
    const started = Date.now();
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, ms: Date.now() - started, headers: res.headers };
  }

  /** The same mix of reads, writes, sign-in and token checks every outage is tried with. */
  function workload(token: string, refreshToken: string) {
    return [
      ['GET', '/api/v1/auth/me'],
      ['GET', '/api/v1/user/paginated?page=1&limit=5&q=nguyen'],
      ['GET', '/api/v1/notifications/unread-count'],
      ['PATCH', '/api/v1/user/me', { title: 'Chief Operating Officer' }],
      ['POST', '/api/v1/notifications', { userIds: [a.users.developer.id], title: 'During an outage', message: 'x' }],
      ['POST', '/api/v1/auth/login', { email: demoEmail('hr'), password: DEMO_PASSWORD }, false],
      ['POST', '/api/v1/auth/refresh', { token: refreshToken }, false],
    ].map(
      ([method, path, body, signed]) =>
        () =>
          call(baseA, method as string, path as string, { token: signed === false ? undefined : token, body }),
    );
  }

  async function expectAllUnavailable(results: Array<Awaited<ReturnType<typeof call>>>, maxMs: number) {
    for (const r of results) {
      expect(r.status, JSON.stringify(r.body)).toBe(503);
      expect(r.body).toEqual({ statusCode: 503, error: 'Service Unavailable', code: 'service_unavailable', message: expect.any(String) });
      expect(r.headers.get('retry-after')).toBeTruthy();
      expect(r.ms).toBeLessThan(maxMs);
    }
  }

  async function expectServing(token: string) {
    // The pool reconnects on its own: the very first requests after the return succeed.
    const me = await call(baseA, 'GET', '/api/v1/auth/me', { token });
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect((await call(baseA, 'GET', '/api/ready')).status).toBe(200);
    const list = await call(baseA, 'GET', '/api/v1/user/paginated?page=1&limit=5', { token });
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(0);
  }

  it('PostgreSQL down (connections reset, new ones refused): 503 at once, health up, ready down; back: serves again', async () => {
    const { accessToken, refreshToken } = await a.tokens('admin');
    await expectServing(accessToken);
    const before = logA.length;

    await pgProxy.refuse();
    await expectAllUnavailable(await Promise.all(workload(accessToken, refreshToken).map((f) => f())), 3000);
    // Sequential, too: one after the other none of them waits.
    await expectAllUnavailable([await call(baseA, 'GET', '/api/v1/auth/me', { token: accessToken })], 3000);
    const ready = await call(baseA, 'GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    const health = await call(baseA, 'GET', '/api/health');
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    // A socket opened now is told the service is unavailable, not that its token is bad
    // (which would sign the user out).
    expect(await refusal(baseA, accessToken)).toBe('Service temporarily unavailable');

    await pgProxy.restore();
    await expectServing(accessToken);
    (await connectLive(baseA, accessToken)).close();

    // The log tells what happened, at warn level, without secrets or query parameters.
    const outage = logA.slice(before).map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(outage.some((l) => l.msg === 'dependency unavailable' && l.level === 40)).toBe(true);
    expect(outage.filter((l) => l.level >= 50)).toEqual([]);
    const text = logA.slice(before).join('\n');
    for (const secret of [accessToken, refreshToken, DEMO_PASSWORD, demoEmail('hr')]) expect(text).not.toContain(secret);
  });

  it('PostgreSQL silent (a partition: no reset, no answer): 503 within seconds, not a hang; back: serves again', async () => {
    const { accessToken, refreshToken } = await a.tokens('admin');
    await expectServing(accessToken);

    pgProxy.silence();
    const [ready, ...results] = await Promise.all([
      call(baseA, 'GET', '/api/ready'),
      ...workload(accessToken, refreshToken).map((f) => f()),
    ]);
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(3000);
    // Idle pooled connections time out on their query (5 s), new ones on connecting (3 s).
    await expectAllUnavailable(results, 8000);
    expect((await call(baseA, 'GET', '/api/health')).status).toBe(200);

    await pgProxy.restore();
    await expectServing(accessToken);
  });

  it('Redis down: API requests keep working; back: fan-out between instances works again both ways', async () => {
    const admin = (await a.tokens('admin')).accessToken;
    const devA = await connectLive(baseA, (await a.tokens('developer')).accessToken);
    const devB = await connectLive(baseB, (await b.tokens('developer')).accessToken);
    sockets.push(devA, devB);
    await Promise.all([devA.next('unread-count'), devB.next('unread-count')]);
    const notify = (base: string, token: string, title: string) =>
      call(base, 'POST', '/api/v1/notifications', { token, body: { userIds: [a.users.developer.id], title, message: 'fan-out check' } });
    const byTitle = (title: string) => (n: { title: string }) => n.title === title;

    // Fan-out works before the outage.
    expect((await notify(baseA, admin, 'before')).status).toBe(201);
    await devB.next('notification', byTitle('before'));

    await redisProxy.refuse();
    await waitFor(async () => (await call(baseA, 'GET', '/api/ready')).body?.realtime === 'redis-down', 10_000);
    // The API does not depend on Redis: reads, writes and notifications go on, promptly.
    for (let i = 0; i < 3; i++) {
      const res = await notify(baseA, admin, `during ${i}`);
      expect(res.status).toBe(201);
      expect(res.ms).toBeLessThan(2000);
      // Sockets on the same instance still get their events.
      await devA.next('notification', byTitle(`during ${i}`));
    }
    expect((await call(baseA, 'GET', '/api/v1/auth/me', { token: admin })).status).toBe(200);
    expect((await call(baseA, 'GET', '/api/ready')).status).toBe(200);

    await redisProxy.restore();
    await waitFor(async () => (await call(baseA, 'GET', '/api/ready')).body?.realtime === 'redis', 10_000);
    // A publishes again (B hears it) and A's subscription is back (A hears B).
    expect((await notify(baseA, admin, 'after, from A')).status).toBe(201);
    await devB.next('notification', byTitle('after, from A'), 5000);
    expect((await notify(baseB, (await b.tokens('admin')).accessToken, 'after, from B')).status).toBe(201);
    await devA.next('notification', byTitle('after, from B'), 5000);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
