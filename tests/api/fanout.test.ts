import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/domain/auth/permissions.js';
import { openDatabase } from '../../src/server/db/client.js';
import { DEMO_PASSWORD, demoEmail, seedDemoData } from '../../src/server/seed/demo.js';
import { createTestDatabase } from '../fixtures/app.js';
import { freePort, startServer, type ServerProcess } from '../fixtures/server-process.js';
import { connectLive, type LiveClient } from '../fixtures/socket.js';

// Two real server processes (src/server/main.ts, as `npm start` runs it) on one PostgreSQL
// database and one Redis: a notification created through A reaches a socket connected to B.
// The api-postgres project exists only when DATABASE_URL is set; there this suite must run,
// so a missing REDIS_URL fails it instead of skipping. On the embedded database it cannot
// run (one process per data folder) and is left out.
describe('fan-out between two server processes through Redis', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: (() => Promise<void>) | undefined;
  let dbUrl: string;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    const redisUrl = process.env.REDIS_URL;
    if (!redisUrl) throw new Error('REDIS_URL is not set: the two-process fan-out test needs Redis whenever DATABASE_URL is set');
    const probe = createClient({ url: redisUrl, socket: { reconnectStrategy: false, connectTimeout: 3000 } });
    probe.on('error', () => {});
    await probe.connect().catch((err: Error) => {
      throw new Error(`REDIS_URL is set but Redis cannot be reached: ${err.message}`);
    });
    await probe.quit();

    // An empty database: both processes migrate and seed it at the same moment.
    const created = await createTestDatabase({ empty: true });
    drop = created.drop;
    dbUrl = created.url;
    const portA = await freePort();
    let portB = await freePort();
    while (portB === portA) portB = await freePort();
    const env = { DATABASE_URL: dbUrl, REDIS_URL: redisUrl, DEMO_DATA: 'true', JWT_SECRET: randomBytes(32).toString('hex') };
    a = startServer({ ...env, PORT: String(portA) });
    b = startServer({ ...env, PORT: String(portB) });
    await Promise.all([a.ready(), b.ready()]);
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
  });

  async function signIn(server: ServerProcess, role: (typeof ROLES)[number]) {
    const res = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoEmail(role), password: DEMO_PASSWORD }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { accessToken: string; user: { id: string } };
  }

  it('both processes started on one empty database, which was migrated and seeded exactly once', async () => {
    for (const s of [a, b]) {
      const ready = await (await fetch(`${s.url}/api/ready`)).json();
      expect(ready).toEqual({ status: 'ready', database: 'postgres', realtime: 'redis' });
    }
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    try {
      const demo = await c.query(`select role, count(*)::int as n from users where email like '%@demo.local' group by role`);
      expect(Object.fromEntries(demo.rows.map((r) => [r.role, r.n]))).toEqual(Object.fromEntries(ROLES.map((r) => [r, 1])));
      const total = await c.query('select count(*)::int as n from users');
      expect(total.rows[0].n).toBeGreaterThan(ROLES.length);
    } finally {
      await c.end();
    }
    // Exactly one of them announced the demo accounts.
    const announced = [a, b].filter((s) => s.output().includes('Demo data seeded'));
    expect(announced).toHaveLength(1);
  });

  it('a notification created through A reaches the developer connected to B, and nobody else', async () => {
    const dev = await signIn(b, 'developer');
    const devOnB = await connectLive(b.url, dev.accessToken);
    sockets.push(devOnB);
    const { count } = await devOnB.next<{ count: number }>('unread-count');
    const hrOnB = await connectLive(b.url, (await signIn(b, 'hr')).accessToken);
    sockets.push(hrOnB);
    await hrOnB.next('unread-count');

    const admin = await signIn(a, 'admin');
    const title = `Fan-out ${randomBytes(3).toString('hex')}`;
    const res = await fetch(`${a.url}/api/v1/notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userIds: [dev.user.id], title, message: 'Created on A, delivered on B' }),
    });
    expect(res.status).toBe(201);

    expect(await devOnB.next('notification', (n: { title: string }) => n.title === title)).toMatchObject({
      title,
      message: 'Created on A, delivered on B',
    });
    expect(await devOnB.next('unread-count')).toEqual({ count: count + 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(hrOnB.events.filter((e) => e.event === 'notification')).toEqual([]);
  });

  // The same start-up race without process start-up noise, so that it happens every time:
  // two instances migrate one empty database and seed it at the very same moment.
  it('instances migrating and seeding one empty database together do it once, without failing', async () => {
    const fresh = await createTestDatabase({ empty: true });
    try {
      const [one, two] = await Promise.all([openDatabase({ url: fresh.url }), openDatabase({ url: fresh.url })]);
      const quiet = { info() {}, warn() {}, error() {} } as unknown as Parameters<typeof seedDemoData>[1];
      const seeded = await Promise.all([seedDemoData(one.db, quiet), seedDemoData(two.db, quiet), seedDemoData(one.db, quiet)]);
      expect(seeded.filter(Boolean)).toHaveLength(1);
      await Promise.all([one.close(), two.close()]);
    } finally {
      await fresh.drop();
    }
  });

  it('the other way round: a change made through B reaches a socket on A', async () => {
    const devOnA = await connectLive(a.url, (await signIn(a, 'developer')).accessToken);
    sockets.push(devOnA);
    await devOnA.next('unread-count');
    const lead = await signIn(b, 'hr_lead');
    const dev = await signIn(b, 'developer');
    const res = await fetch(`${b.url}/api/v1/notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${lead.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userIds: [dev.user.id], title: 'From B', message: 'Reaches A' }),
    });
    expect(res.status).toBe(201);
    expect(await devOnA.next('notification', (n: { title: string }) => n.title === 'From B')).toMatchObject({ message: 'Reaches A' });
  });

  it('an access change made through A applies on B at its next request, and B’s signed-in users of the role hear of it', async () => {
    const manager = await signIn(b, 'manager');
    const managerOnB = await connectLive(b.url, manager.accessToken);
    sockets.push(managerOnB);
    await managerOnB.next('unread-count');
    const createOnB = async () =>
      (
        await fetch(`${b.url}/api/v1/customers`, {
          method: 'POST',
          headers: { authorization: `Bearer ${manager.accessToken}`, 'content-type': 'application/json' },
          body: '{}',
        })
      ).status;
    // B has just read the overrides (the default refuses): within its cache's 5 s, only A's
    // announcement through Redis can change B's answer.
    expect(await createOnB()).toBe(403);
    const admin = await signIn(a, 'admin');
    const put = (allowed: boolean) =>
      fetch(`${a.url}/api/v1/access/manager/customers/create`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ allowed, note: 'Changed through A' }),
      });
    expect((await put(true)).status).toBe(200);
    // A announces to the other instances before it tells the role's sockets, on one Redis connection.
    await managerOnB.next('access-changed');
    // Allowed now: the empty body is refused on its fields, no longer for the role.
    expect(await createOnB()).toBe(400);
    expect((await put(false)).status).toBe(200);
    await managerOnB.next('access-changed');
    expect(await createOnB()).toBe(403);
  });

  it('SIGTERM stops both cleanly (exit 0), sockets, pool and Redis connections included', async () => {
    const codes = await Promise.all([a.stop(), b.stop()]);
    expect(codes, a.output().slice(-2000) + b.output().slice(-2000)).toEqual([0, 0]);
    for (const s of [a, b]) expect(s.output()).toContain('SIGTERM: shutting down');
  });
});
