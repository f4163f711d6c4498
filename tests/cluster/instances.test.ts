import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../src/domain/modules/auth/auth.schema.js';
import { DEMO_PASSWORD, demoEmail } from '../../src/server/seed/demo.js';
import { createTestDatabase } from '../fixtures/app.js';
import { freePort, startServer, type ServerProcess } from '../fixtures/server-process.js';
import { connectLive, type LiveClient } from '../fixtures/socket.js';
import { TcpProxy } from '../fixtures/tcp-proxy.js';

// Two real server processes (src/server/main.ts, as `npm start` runs them) on one PostgreSQL
// database and one Redis, behind Debian's HAProxy with the repository's configuration
// (deploy/haproxy.cfg): what docs/operations.md tells a firm to run. The instances start once; the
// checks across them come first, then the faults: Redis gone, PostgreSQL restarted under load, and
// an instance killed (SIGKILL) in the middle of a salary import and of an invoice send.
//
// PostgreSQL and Redis are reached through TCP proxies the test cuts (tests/fixtures/tcp-proxy.ts)
// rather than restarted or stopped: the machine's PostgreSQL and Redis serve every other test
// running at the same time. A cut resets every connection and refuses new ones, which is what the
// instances see of a restart; the PostgreSQL restart also terminates the database's backends
// first (pg_terminate_backend: the same "terminating connection due to administrator command" a
// shutdown sends), on this test's database only.

const root = join(import.meta.dirname, '..', '..');
const ROUNDS_OF_ACCESS = 3;
const SENDS = 20;
const IMPORT_ROWS = 300;
/** config.ts's default query timeout: no request may wait longer for an answer. */
const QUERY_TIMEOUT_MS = 5000;

interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  ms: number;
  servedBy: string | null;
  headers: Headers;
}

const figure = (text: string) => process.stdout.write(`  [figures] ${text}\n`);

let dbUrl: string;
let drop: (() => Promise<void>) | undefined;
let pgProxy: TcpProxy;
let redisProxy: TcpProxy;
let haproxy: ChildProcess | undefined;
let haproxyOut = '';
let lb: string;
const instances: Record<string, ServerProcess> = {};
let instanceEnv: (name: string) => Record<string, string>;
const sockets: LiveClient[] = [];
let sql: pg.Client;

async function call(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const started = Date.now();
  const res = await fetch(`${lb}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // HAProxy's own pages and socket.io's frames are not JSON.
  }
  return { status: res.status, body, ms: Date.now() - started, servedBy: res.headers.get('x-served-by'), headers: res.headers };
}

async function signIn(role: Parameters<typeof demoEmail>[0]) {
  const res = await call('POST', '/api/v1/auth/login', { body: { email: demoEmail(role), password: DEMO_PASSWORD } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { accessToken: string; refreshToken: string; user: { id: string } };
}

/** Sends requests until one is served by `instance` (round robin: the first or the second). */
async function through(instance: string, send: () => Promise<Reply>): Promise<Reply> {
  for (let i = 0; i < 4; i++) {
    const res = await send();
    if (res.servedBy === instance) return res;
  }
  throw new Error(`no request reached ${instance}`);
}

function startInstance(name: string) {
  const server = startServer(instanceEnv(name), { port: instances[name]?.port });
  instances[name] = server;
  return server;
}

/** Until HAProxy's health checks see every instance (inter 1s, rise 1). */
async function waitForBalancer(names: string[], timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  const seen = new Set<string>();
  while (Date.now() < deadline) {
    try {
      const res = await call('GET', '/api/health');
      if (res.status === 200 && res.servedBy) seen.add(res.servedBy);
      if (names.every((n) => seen.has(n))) return;
      // Each instance seen since the last failure: a failed check means one is still out.
      if (res.status !== 200) seen.clear();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`HAProxy does not reach ${names.join(' and ')}:\n${haproxyOut}`);
}

beforeAll(async () => {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) throw new Error('REDIS_URL is not set: the two-instance test needs Redis whenever DATABASE_URL is set');
  const created = await createTestDatabase();
  drop = created.drop;
  dbUrl = created.url;
  sql = new pg.Client({ connectionString: dbUrl });
  await sql.connect();
  pgProxy = await TcpProxy.forUrl(dbUrl).start();
  redisProxy = await TcpProxy.forUrl(redisUrl).start();
  const [lbPort, port1, port2] = [await freePort(), await freePort(), await freePort()];
  if (new Set([lbPort, port1, port2]).size !== 3) throw new Error('the OS gave one port twice; run again');
  const shared = {
    REDIS_URL: redisProxy.rewrite(redisUrl),
    JWT_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  };
  instanceEnv = (name) => {
    // Each instance names its connections, so that the test knows whose transaction it sees.
    const url = new URL(pgProxy.rewrite(dbUrl));
    url.searchParams.set('application_name', name);
    return { ...shared, DATABASE_URL: url.toString(), PORT: String(name === 'app1' ? port1 : port2) };
  };
  instances.app1 = startServer(instanceEnv('app1'));
  instances.app2 = startServer(instanceEnv('app2'));

  haproxy = spawn('haproxy', ['-f', join(root, 'deploy/haproxy.cfg'), '-db'], {
    env: {
      PATH: process.env.PATH ?? '',
      SBO_LISTEN: `127.0.0.1:${lbPort}`,
      SBO_APP1: `127.0.0.1:${port1}`,
      SBO_APP2: `127.0.0.1:${port2}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  haproxy.stdout!.on('data', (d) => (haproxyOut += d));
  haproxy.stderr!.on('data', (d) => (haproxyOut += d));
  lb = `http://127.0.0.1:${lbPort}`;
  await Promise.all([instances.app1.ready(), instances.app2.ready()]);
  await waitForBalancer(['app1', 'app2']);
}, 90_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await pgProxy?.restore();
  await redisProxy?.restore();
  await Promise.all(Object.values(instances).map((s) => s.stop()));
  haproxy?.kill('SIGTERM');
  await pgProxy?.close();
  await redisProxy?.close();
  await sql?.end();
  await drop?.();
});

describe('two instances behind HAProxy', () => {
  it('sign in through one instance, refresh through the other', async () => {
    let crossed = 0;
    for (let i = 0; i < 4; i++) {
      const login = await call('POST', '/api/v1/auth/login', { body: { email: demoEmail('sale'), password: DEMO_PASSWORD } });
      expect(login.status).toBe(200);
      const refresh = await call('POST', '/api/v1/auth/refresh', { body: { token: login.body.refreshToken } });
      expect(refresh.status, JSON.stringify(refresh.body)).toBe(200);
      if (refresh.servedBy !== login.servedBy) crossed++;
      // The pair the other instance issued works on both.
      const me = [await call('GET', '/api/v1/auth/me', { token: refresh.body.accessToken })];
      me.push(await call('GET', '/api/v1/auth/me', { token: refresh.body.accessToken }));
      expect(me.map((r) => r.status)).toEqual([200, 200]);
      expect(new Set(me.map((r) => r.servedBy)).size).toBe(2);
    }
    expect(crossed).toBeGreaterThanOrEqual(2);
  });

  it('socket.io long polling is sticky: the cookie HAProxy sets keeps a session on its instance', async () => {
    const open = await call('GET', '/socket.io/?EIO=4&transport=polling');
    expect(open.status).toBe(200);
    const sid = (JSON.parse(String(open.body).slice(1)) as { sid: string }).sid;
    const cookie = /sbo_instance=(app\d)/.exec(open.headers.get('set-cookie') ?? '')?.[0];
    expect(cookie).toBe(`sbo_instance=${open.servedBy}`);
    const { accessToken } = await signIn('developer');
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${lb}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', ...headers },
        body,
      });
    // With the cookie every request reaches the session's instance: the namespace connects.
    for (let i = 0; i < 2; i++) expect((await post(`3`, { cookie: cookie! })).status).toBe(200);
    expect((await post(`40/notifications,${JSON.stringify({ token: accessToken })}`, { cookie: cookie! })).status).toBe(200);
    const connected = await call('GET', `/socket.io/?EIO=4&transport=polling&sid=${sid}`, { headers: { cookie: cookie! } });
    expect(connected.servedBy).toBe(open.servedBy);
    expect(String(connected.body)).toContain('40/notifications,{"sid"');
    // Without it, round robin sends every other request to the instance that never heard of it.
    const bare = [await post('3', {}), await post('3', {})].map((r) => r.status).sort();
    expect(bare).toEqual([200, 400]);
  });

  it('a notification written through one instance reaches a socket held by the other', async () => {
    const dev = await signIn('developer');
    const admin = await signIn('admin');
    // Each socket pinned to one instance by the sticky cookie, as a browser's is after its first poll.
    for (const name of ['app1', 'app2']) {
      const socket = await connectLive(lb, dev.accessToken, { headers: { cookie: `sbo_instance=${name}` } });
      sockets.push(socket);
      await socket.next('unread-count');
    }
    const [on1, on2] = sockets.slice(-2) as [LiveClient, LiveClient];
    for (const [writer, listener] of [
      ['app1', on2],
      ['app2', on1],
    ] as const) {
      const title = `Across from ${writer} ${randomBytes(3).toString('hex')}`;
      const res = await through(writer, () =>
        call('POST', '/api/v1/notifications', { token: admin.accessToken, body: { userIds: [dev.user.id], title, message: 'fan-out' } }),
      );
      expect(res.status).toBe(201);
      await listener.next('notification', (n: { title: string }) => n.title === title);
    }
  });

  it('an access change made through one instance holds on the other at its very next request', async () => {
    const manager = await signIn('manager');
    const admin = await signIn('admin');
    const create = () => call('POST', '/api/v1/customers', { token: manager.accessToken, body: {} });
    const put = (allowed: boolean) =>
      call('PUT', '/api/v1/access/manager/customers/create', { token: admin.accessToken, body: { allowed, note: 'Across instances' } });
    // Both instances have read the overrides (refused by default) just now: only the change's
    // announcement can make the other instance answer otherwise within its cache's 5 s.
    const warm = [await create(), await create()];
    expect(warm.map((r) => r.status)).toEqual([403, 403]);
    let crossed = 0;
    for (let round = 0; round < ROUNDS_OF_ACCESS; round++)
      for (const allowed of [true, false]) {
        const change = await put(allowed);
        expect(change.status, JSON.stringify(change.body)).toBe(200);
        const next = await create();
        // Allowed: the empty body is refused on its fields (400), no longer for the role (403).
        expect(next.status, `after ${allowed ? 'allowing' : 'refusing'} through ${change.servedBy}, on ${next.servedBy}`).toBe(
          allowed ? 400 : 403,
        );
        if (next.servedBy !== change.servedBy) crossed++;
      }
    expect(crossed).toBeGreaterThanOrEqual(ROUNDS_OF_ACCESS);
  });

  it('the sign-in throttle counts failures on both instances together', async () => {
    const email = demoEmail('hr');
    const wrong = () => call('POST', '/api/v1/auth/login', { body: { email, password: 'not the password' } });
    const failures: Reply[] = [];
    for (let i = 0; i < LOGIN_THROTTLE.perAccountAndIp; i++) failures.push(await wrong());
    expect(failures.map((r) => r.status)).toEqual(failures.map(() => 401));
    expect(new Set(failures.map((r) => r.servedBy)).size).toBe(2);
    // The next one is refused by whichever instance gets it, as it would be on one.
    const locked = [await wrong(), await wrong()];
    expect(locked.map((r) => r.status)).toEqual([429, 429]);
    expect(new Set(locked.map((r) => r.servedBy)).size).toBe(2);
  });

  it(`${SENDS} invoice sends at once, split across both instances, get ${SENDS} consecutive numbers`, async () => {
    const admin = await signIn('admin');
    const customers = await call('GET', '/api/v1/customers?_start=0&_end=1&code=MAPLE', { token: admin.accessToken });
    const customerId = (customers.body as Array<{ id: string }>)[0]!.id;
    const drafts = await Promise.all(
      Array.from({ length: SENDS }, (_, i) =>
        call('POST', '/api/v1/invoice', {
          token: admin.accessToken,
          body: {
            subject: `Across ${i}`,
            customerId,
            period: '2044-01',
            issueDate: '2044-01-31',
            lines: [{ description: 'Work', quantity: '1', unitPrice: String(100 + i) }],
          },
        }),
      ),
    );
    for (const d of drafts) expect(d.status, JSON.stringify(d.body)).toBe(201);
    const sent = await Promise.all(
      drafts.map((d) => call('POST', `/api/v1/invoice/${d.body.id}/send`, { token: admin.accessToken, body: {} })),
    );
    for (const s of sent) expect(s.status, JSON.stringify(s.body)).toBe(200);
    const by = (name: string) => sent.filter((s) => s.servedBy === name).length;
    figure(`invoice sends: ${by('app1')} through app1, ${by('app2')} through app2`);
    expect(by('app1')).toBeGreaterThan(0);
    expect(by('app2')).toBeGreaterThan(0);
    const numbers = sent.map((s) => s.body.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: SENDS }, (_, i) => `INV-2044-${String(i + 1).padStart(4, '0')}`));
  });
});

describe('faults', () => {
  it('Redis gone: each instance keeps serving and notifying its own sockets; back: they fan out again', async () => {
    const dev = await signIn('developer');
    const admin = await signIn('admin');
    const [on1, on2] = sockets.slice(-2) as [LiveClient, LiveClient];
    const notify = (writer: string, title: string) =>
      through(writer, () =>
        call('POST', '/api/v1/notifications', { token: admin.accessToken, body: { userIds: [dev.user.id], title, message: 'redis' } }),
      );
    const byTitle = (title: string) => (n: { title: string }) => n.title === title;
    const realtime = async (name: string) => (await through(name, () => call('GET', '/api/ready'))).body?.realtime as string;

    const cut = Date.now();
    await redisProxy.refuse();
    for (const name of ['app1', 'app2']) await waitFor(async () => (await realtime(name)) === 'redis-down', 10_000);
    const noticed = (Date.now() - cut) / 1000;
    let errors = 0;
    let slowest = 0;
    for (const [writer, own, other] of [
      ['app1', on1, on2],
      ['app2', on2, on1],
    ] as const) {
      const title = `Without Redis, through ${writer}`;
      const res = await notify(writer, title);
      if (res.status !== 201) errors++;
      slowest = Math.max(slowest, res.ms);
      expect(res.status).toBe(201);
      expect(res.ms).toBeLessThan(2000);
      await own.next('notification', byTitle(title));
      // The other instance's socket cannot hear of it: the pin is real, and so is the outage.
      await new Promise((r) => setTimeout(r, 300));
      expect(other.events.some((e) => e.event === 'notification' && (e.payload as { title: string }).title === title)).toBe(false);
    }

    const back = Date.now();
    await redisProxy.restore();
    for (const name of ['app1', 'app2']) await waitFor(async () => (await realtime(name)) === 'redis', 15_000);
    const recovered = (Date.now() - back) / 1000;
    for (const [writer, other] of [
      ['app1', on2],
      ['app2', on1],
    ] as const) {
      const title = `Redis back, through ${writer}`;
      expect((await notify(writer, title)).status).toBe(201);
      await other.next('notification', byTitle(title), 5000);
    }
    figure(
      `Redis gone: noticed in ${noticed.toFixed(1)} s, API errors ${errors}, slowest write ${slowest} ms, ` +
        `fan-out back ${recovered.toFixed(1)} s after Redis returned`,
    );
  });

  it('PostgreSQL restarted under load: 503 with the translated "try again", none past the query timeout, serving again by itself, no acknowledged write lost', async () => {
    const admin = await signIn('admin');
    const dev = await signIn('developer');
    const acknowledged: string[] = [];
    const results: Array<Reply & { at: number; kind: string }> = [];
    let stop = false;
    let n = 0;
    const worker = async (w: number) => {
      while (!stop) {
        const i = n++;
        const title = `Load ${w}.${i}`;
        const [kind, req] =
          i % 2 === 0
            ? [
                'write',
                call('POST', '/api/v1/notifications', {
                  token: admin.accessToken,
                  body: { userIds: [dev.user.id], title, message: 'load' },
                }),
              ]
            : ['read', call('GET', '/api/v1/user/paginated?page=1&limit=5&q=nguyen', { token: admin.accessToken })];
        const res = await req.catch((err: Error) => ({ status: 0, body: err.message, ms: 0, servedBy: null, headers: new Headers() }));
        results.push({ ...res, at: Date.now(), kind });
        if (kind === 'write' && res.status === 201) acknowledged.push(title);
        if (res.status !== 200 && res.status !== 201) await new Promise((r) => setTimeout(r, 100));
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));
    await new Promise((r) => setTimeout(r, 1500));

    // The restart: every backend of this database told to terminate, then nobody answers for 3 s.
    const down = Date.now();
    await sql.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await pgProxy.refuse();
    await new Promise((r) => setTimeout(r, 3000));
    const up = Date.now();
    await pgProxy.restore();
    // Serving again: a success from each instance after the return.
    await waitFor(
      async () => ['app1', 'app2'].every((name) => results.some((r) => r.at > up && r.status < 300 && r.servedBy === name)),
      15_000,
    );
    const recovered = Math.max(
      ...['app1', 'app2'].map((name) => results.find((r) => r.at > up && r.status < 300 && r.servedBy === name)!.at - up),
    );
    await new Promise((r) => setTimeout(r, 1000));
    stop = true;
    await load;

    const during = results.filter((r) => r.at >= down);
    const failed = during.filter((r) => r.status >= 300 || r.status === 0);
    const before = results.filter((r) => r.at < down);
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((r) => r.status >= 300)).toEqual([]);
    expect(failed.length).toBeGreaterThan(0);
    // Every failure is the app's own 503, in the error shape whose code the client translates.
    for (const r of failed) {
      expect(r.status, JSON.stringify(r.body)).toBe(503);
      expect(r.body).toMatchObject({ statusCode: 503, code: 'service_unavailable' });
      expect(r.headers.get('retry-after')).toBeTruthy();
    }
    const slowest = Math.max(...results.map((r) => r.ms));
    expect(slowest).toBeLessThan(QUERY_TIMEOUT_MS);
    const texts = ['en', 'vi', 'cn', 'fr', 'ar'].map(
      (lang) => JSON.parse(readFileSync(join(root, `src/web/locales/${lang}/errors.json`), 'utf8')).codes.service_unavailable as string,
    );
    expect(new Set(texts).size).toBe(5);
    // Every write the server acknowledged is there.
    const stored = await sql.query<{ title: string }>(`select title from notifications where title like 'Load %'`);
    const lost = acknowledged.filter((t) => !stored.rows.some((r) => r.title === t));
    expect(lost).toEqual([]);
    figure(
      `PostgreSQL restart: ${results.length} requests (${before.length} before the cut), ${failed.length} answered 503 ` +
        `(${during.length - failed.length} after it succeeded), other errors 0, slowest ${slowest} ms (query timeout ${QUERY_TIMEOUT_MS} ms), ` +
        `serving again ${(recovered / 1000).toFixed(1)} s after PostgreSQL returned, acknowledged writes ${acknowledged.length}, lost ${lost.length}`,
    );
    figure(`the client's text for it: ${texts.join(' | ')}`);
  });

  /**
   * Holds `lock` in a transaction of the test's own, starts `request`, waits until the instance
   * that runs it is blocked on the lock in the middle of its transaction, and SIGKILLs that instance.
   */
  async function killMidway(lock: string, request: () => Promise<Reply>) {
    const holder = new pg.Client({ connectionString: dbUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query(lock);
    const pending = request().catch(
      (err: Error) => ({ status: 0, body: String((err.cause as Error | undefined)?.message ?? err.message) }) as Reply,
    );
    let victim: string | undefined;
    await waitFor(async () => {
      const { rows } = await sql.query<{ application_name: string }>(
        `select application_name from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and state = 'active' and application_name like 'app%'`,
      );
      victim = rows[0]?.application_name;
      return !!victim;
    }, 15_000);
    const killed = instances[victim!]!;
    killed.child.kill('SIGKILL');
    expect(await killed.exited).toBe('SIGKILL');
    await holder.query('rollback');
    await holder.end();
    const answer = await pending;
    const restarted = Date.now();
    await startInstance(victim!).ready();
    await waitForBalancer(['app1', 'app2']);
    return { victim: victim!, answer, restartSeconds: (Date.now() - restarted) / 1000 };
  }

  const count = async (query: string, params: unknown[] = []) => Number((await sql.query(query, params)).rows[0].n);

  it('an instance killed in the middle of a salary import: nothing of it stays; after the restart the same file applies whole', async () => {
    const month = '2036-03';
    await sql.query(
      `insert into users (email, full_name, role, status, password_hash)
       select 'killed.import.' || n || '@example.com', 'Killed Import ' || n, 'developer', 'active', 'x' from generate_series(1, $1) n`,
      [IMPORT_ROWS],
    );
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('salaries');
    ws.addRow(['email', 'name', 'month', 'base', 'allowance', 'overtime', 'bonus', 'commission', 'deductions', 'currency']);
    for (let n = 1; n <= IMPORT_ROWS; n++)
      ws.addRow([`killed.import.${n}@example.com`, `Killed Import ${n}`, month, 1500 + n, 120, 0, 0, 0, 157.5, 'USD']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const lead = await signIn('hr_lead');
    const upload = async (step: string): Promise<Reply> => {
      const body = new FormData();
      body.append('file', new Blob([file]), 'salaries.xlsx');
      const started = Date.now();
      const res = await fetch(`${lb}/api/v1/salary/import/${step}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${lead.accessToken}` },
        body,
      });
      return {
        status: res.status,
        body: await res.json().catch(() => undefined),
        ms: Date.now() - started,
        servedBy: res.headers.get('x-served-by'),
        headers: res.headers,
      };
    };
    const preview = await upload(`preview?month=${month}`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const execute = `execute?month=${month}&previewToken=${encodeURIComponent(preview.body.previewToken)}`;

    const counts = async () => ({
      salaries: await count(`select count(*) as n from salaries where month = $1`, [month]),
      imports: await count(`select count(*) as n from salary_imports where month = $1`, [month]),
      files: await count(`select count(*) as n from files`),
      audit: await count(`select count(*) as n from audit_log`),
    });
    const before = await counts();
    // Execute writes the salaries and their audit entries, stores the file, then records the import:
    // holding the import table against inserts stops it there, its rows written and not committed.
    const { victim, answer, restartSeconds } = await killMidway('lock table salary_imports in share mode', () => upload(execute));
    expect(await counts()).toEqual(before);
    // HAProxy answers for the instance that died with the request: the client sees a gateway error.
    expect([0, 502]).toContain(answer.status);

    const again = await upload(execute);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ applied: true, import: { counts: { create: IMPORT_ROWS } } });
    expect((await counts()).salaries).toBe(before.salaries + IMPORT_ROWS);
    figure(
      `SIGKILL during a salary import (${IMPORT_ROWS} rows) on ${victim}: client answered ${answer.status}, rows left 0, ` +
        `instance back behind HAProxy ${restartSeconds.toFixed(1)} s after its restart, the same file then applied whole`,
    );
  });

  it('an instance killed in the middle of an invoice send: the invoice stays a draft, its number is not used up', async () => {
    const admin = await signIn('admin');
    const customers = await call('GET', '/api/v1/customers?_start=0&_end=1&code=MAPLE', { token: admin.accessToken });
    const customerId = (customers.body as Array<{ id: string }>)[0]!.id;
    const drafts: string[] = [];
    for (const i of [1, 2]) {
      const d = await call('POST', '/api/v1/invoice', {
        token: admin.accessToken,
        body: {
          subject: `Killed ${i}`,
          customerId,
          period: '2045-01',
          issueDate: '2045-01-31',
          lines: [{ description: 'Work', quantity: '1', unitPrice: '100' }],
        },
      });
      expect(d.status).toBe(201);
      drafts.push(d.body.id);
    }
    const state = async () =>
      (await sql.query(`select status, number from invoices where id = $1`, [drafts[0]])).rows[0] as {
        status: string;
        number: string | null;
      };
    const series = () => count(`select coalesce(max(last_number), 0) as n from invoice_number_series where series like '%2045%'`);
    const seriesBefore = await series();
    // The send draws the number and updates the invoice, then writes its audit entry: holding the
    // audit log against inserts stops it there.
    const { victim, answer, restartSeconds } = await killMidway('lock table audit_log in share mode', () =>
      call('POST', `/api/v1/invoice/${drafts[0]}/send`, { token: admin.accessToken, body: {} }),
    );
    expect(await state()).toEqual({ status: 'draft', number: null });
    expect(await series()).toBe(seriesBefore);
    expect([0, 502]).toContain(answer.status);

    const sent = await Promise.all(drafts.map((id) => call('POST', `/api/v1/invoice/${id}/send`, { token: admin.accessToken, body: {} })));
    expect(sent.map((s) => s.status)).toEqual([200, 200]);
    expect(sent.map((s) => s.body.number).sort()).toEqual(['INV-2045-0001', 'INV-2045-0002']);
    figure(
      `SIGKILL during an invoice send on ${victim}: client answered ${answer.status}, invoice still a draft, number not used up, ` +
        `instance back behind HAProxy ${restartSeconds.toFixed(1)} s after its restart`,
    );
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
