/**
 * `npm run bench:soak` (not in CI): the server under a mixed workload of the seven roles for a long
 * stretch, then 1 000 sockets across two instances. Figures are printed, never asserted.
 *
 * 1. The rate: closed-loop callers (each a role in turn: lists, searches, logwork cells, leave
 *    requests, invoice sends, salary reads, P&L reads, notifications) stepped up 1, 2, 4, 8, … for
 *    SOAK_STEP_SECONDS each; the soak runs at the most callers whose p99 stayed ≤ 500 ms with no error.
 * 2. The soak: SOAK_MINUTES (10) at that rate on PostgreSQL, the app alone in a process of its own
 *    (src/server/main.ts, as `npm start` runs it): per minute the rate, p50/p99, errors and the
 *    server's RSS; the RSS at the last minute against the second (flat: within 10 %).
 * 3. The embedded database: the same workload for SOAK_EMBEDDED_MINUTES (2), then its steady RSS
 *    (target ≤ 500 MB).
 * 4. Sockets: SOAK_SOCKETS (1 000) clients split across two instances on PostgreSQL and Redis, one
 *    user's room; SOAK_NOTIFICATIONS notifications written through the first: delivery time of each
 *    to each socket (target p99 ≤ 100 ms), and each instance's memory per socket.
 *
 * SOAK_ONLY=embedded runs part 3 alone, at SOAK_CALLERS (default 8) callers: for work on the embedded
 * database's memory, without the ten minutes on PostgreSQL first.
 *
 * PostgreSQL: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; databases `bench_soak`
 * and `bench_soak_sockets`, made afresh each run (the demo firm). Redis: REDIS_URL, else
 * redis://127.0.0.1:6379 (the sockets part is skipped without it).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD, demoEmail } from '../../src/server/seed/demo.js';
import { ROLES, type Role } from '../../src/domain/auth/permissions.js';
import { freePort, startServer } from '../fixtures/server-process.js';
import { connectLive, type LiveClient } from '../fixtures/socket.js';
import { freshDatabase, pct, reachable } from './bench-server.js';

const env = process.env;
const MINUTES = Number(env.SOAK_MINUTES ?? 10);
const EMBEDDED_MINUTES = Number(env.SOAK_EMBEDDED_MINUTES ?? 2);
const STEP_SECONDS = Number(env.SOAK_STEP_SECONDS ?? 20);
const SOCKETS = Number(env.SOAK_SOCKETS ?? 1000);
const NOTIFICATIONS = Number(env.SOAK_NOTIFICATIONS ?? 20);
const TARGETS = { p99Ms: 500, rssGrowth: 0.1, embeddedRssMb: 500, deliveryP99Ms: 100 };
const log = (msg: string) => process.stdout.write(`${msg}\n`);
const rssMb = (pid: number) => {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
  what: string;
}

interface Firm {
  tokens: Record<Role, string>;
  ids: Record<Role, string>;
  customerId: string;
  projectId: string;
}

async function signIn(base: string): Promise<Pick<Firm, 'tokens' | 'ids'>> {
  const tokens = {} as Record<Role, string>;
  const ids = {} as Record<Role, string>;
  for (const role of ROLES) {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoEmail(role), password: DEMO_PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`${role} cannot sign in: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { accessToken: string; user: { id: string } };
    tokens[role] = body.accessToken;
    ids[role] = body.user.id;
  }
  return { tokens, ids };
}

async function firmOf(base: string, sql: (q: string) => Promise<Array<Record<string, string>>>): Promise<Firm> {
  const { tokens, ids } = await signIn(base);
  const [customer] = await sql(`select id from customers where code = 'MAPLE'`);
  const [project] = await sql(`select id from projects where status = 'active' order by code limit 1`);
  return { tokens, ids, customerId: customer!.id!, projectId: project!.id! };
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const month = (offset: number) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 7);
};
/** The n-th weekday from a Monday years ahead: leave asked there touches nobody's real plans. */
const weekday = (n: number) => iso(new Date(Date.parse('2040-01-02T00:00:00Z') + (Math.floor(n / 5) * 7 + (n % 5)) * 86_400_000));

/** One caller's next step for `role`: one or two requests, as a person of that role would send. */
function step(base: string, firm: Firm, role: Role, n: number): Array<() => Promise<Response>> {
  const get = (path: string) => () => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${firm.tokens[role]}` } });
  const send = (method: string, path: string, body: unknown) => () =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${firm.tokens[role]}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const pnl = get(`/api/v1/pnl?from=${month(-11)}&to=${month(0)}&groupBy=customer`);
  switch (role) {
    case 'admin':
      return [
        [get('/api/v1/user/paginated?page=1&limit=25')],
        [get('/api/v1/user/paginated?page=1&limit=25&q=nguyen')],
        [send('POST', '/api/v1/notifications', { userIds: [firm.ids.developer], title: `Soak ${n}`, message: 'soak' })],
      ][n % 3]!;
    case 'hr_lead':
      return [[get('/api/v1/salary/paginated?page=1&limit=25')], [pnl], [get('/api/v1/notifications/unread-count')]][n % 3]!;
    case 'hr':
      return [[get('/api/v1/candidates/paginated?page=1&limit=25&q=nguyen')], [get('/api/v1/candidates/paginated?page=1&limit=25')]][
        n % 2
      ]!;
    case 'sale_lead':
      return [[get('/api/v1/invoice/paginated?page=1&limit=25')], [pnl]][n % 2]!;
    case 'sale':
      return [[get('/api/v1/invoice/paginated?page=1&limit=25&q=INV')], [get('/api/v1/notifications?page=1&limit=10')]][n % 2]!;
    case 'developer': {
      const today = new Date();
      const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
      const day = iso(new Date(monday.getTime() + (n % 5) * 86_400_000));
      return [
        [get(`/api/v1/timesheet/sheet?from=${iso(monday)}&to=${iso(new Date(monday.getTime() + 6 * 86_400_000))}`)],
        [send('PUT', '/api/v1/timesheet/cells', { cells: [{ projectId: firm.projectId, date: day, hours: 1 + (n % 8) }] })],
        [get('/api/leave-requests/my-requests')],
      ][n % 3]!;
    }
    case 'manager':
      return [[pnl], [get('/api/leave-requests/paginated?page=1&limit=25')], [get('/api/v1/notifications/unread-count')]][n % 3]!;
  }
}

/** The writes that take two requests: a leave asked and cancelled, an invoice drafted and sent. */
async function twoStep(base: string, firm: Firm, n: number, record: (s: Sample) => void) {
  const auth = (role: Role) => ({ authorization: `Bearer ${firm.tokens[role]}`, 'content-type': 'application/json' });
  const timedCall = async (what: string, role: Role, method: string, path: string, body?: unknown) => {
    const started = performance.now();
    let ok = false;
    let json: Record<string, unknown> | undefined;
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: auth(role),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      json = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
      ok = res.status < 300;
      if (!ok && env.SOAK_VERBOSE) log(`  ${what}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
    } catch {
      ok = false;
    }
    record({ at: Date.now(), ms: performance.now() - started, ok, what });
    return ok ? json : undefined;
  };
  if (n % 2 === 0) {
    const asked = await timedCall('leave request', 'developer', 'POST', '/api/leave-requests', {
      reason: 'Soak',
      type: 'sick',
      startDate: weekday(n),
      endDate: weekday(n),
    });
    if (asked) await timedCall('leave cancel', 'developer', 'POST', `/api/leave-requests/${String(asked.id)}/cancel`, {});
  } else {
    const draft = await timedCall('invoice draft', 'admin', 'POST', '/api/v1/invoice', {
      subject: `Soak ${n}`,
      customerId: firm.customerId,
      period: '2039-01',
      issueDate: '2039-01-31',
      lines: [{ description: 'Work', quantity: '1', unitPrice: '100' }],
    });
    if (draft) await timedCall('invoice send', 'admin', 'POST', `/api/v1/invoice/${String(draft.id)}/send`, {});
  }
}

/** `callers` closed loops for `seconds`, each cycling through the roles; every request recorded. */
async function load(base: string, firm: Firm, callers: number, seconds: number, samples: Sample[]) {
  const until = Date.now() + seconds * 1000;
  let counter = 0;
  const record = (s: Sample) => samples.push(s);
  const caller = async (c: number) => {
    while (Date.now() < until) {
      const n = counter++;
      const role = ROLES[(n + c) % ROLES.length]!;
      // One step in eight is a two-request write (leave, invoice); the rest the role's own mix.
      if (n % 8 === 7) {
        await twoStep(base, firm, n, record);
        continue;
      }
      for (const request of step(base, firm, role, n)) {
        const started = performance.now();
        let ok = false;
        let status = 0;
        try {
          const res = await request();
          status = res.status;
          const text = await res.text();
          ok = status < 300;
          if (!ok && env.SOAK_VERBOSE) log(`  ${role}: ${status} ${text.slice(0, 200)}`);
        } catch {
          ok = false;
        }
        record({ at: Date.now(), ms: performance.now() - started, ok, what: `${role} ${status}` });
      }
    }
  };
  await Promise.all(Array.from({ length: callers }, (_, c) => caller(c)));
}

const summary = (samples: Sample[], seconds: number) => {
  const ms = samples.map((s) => s.ms);
  return {
    rate: samples.length / seconds,
    p50: samples.length ? Math.round(pct(ms, 50)) : 0,
    p99: samples.length ? Math.round(pct(ms, 99)) : 0,
    errors: samples.filter((s) => !s.ok).length,
  };
};

async function findRate(base: string, firm: Firm): Promise<number> {
  log(`\n## The rate: callers stepped up, ${STEP_SECONDS} s each, until p99 > ${TARGETS.p99Ms} ms or an error`);
  log('| callers | req/s | p50 | p99 | errors |');
  log('|---|---|---|---|---|');
  let best = 1;
  for (let callers = 1; callers <= 64; callers *= 2) {
    const samples: Sample[] = [];
    await load(base, firm, callers, STEP_SECONDS, samples);
    const s = summary(samples, STEP_SECONDS);
    log(`| ${callers} | ${s.rate.toFixed(0)} | ${s.p50} ms | ${s.p99} ms | ${s.errors} |`);
    if (s.p99 > TARGETS.p99Ms || s.errors) break;
    best = callers;
  }
  return best;
}

async function soak(name: string, base: string, pid: number, firm: Firm, callers: number, minutes: number) {
  log(`\n## Soak, ${name}: ${callers} callers for ${minutes} min`);
  log('| minute | req/s | p50 | p99 | errors | server RSS |');
  log('|---|---|---|---|---|---|');
  const rss: number[] = [];
  const all: Sample[] = [];
  for (let m = 1; m <= minutes; m++) {
    const samples: Sample[] = [];
    await load(base, firm, callers, 60, samples);
    all.push(...samples);
    rss.push(rssMb(pid));
    const s = summary(samples, 60);
    log(`| ${m} | ${s.rate.toFixed(0)} | ${s.p50} ms | ${s.p99} ms | ${s.errors} | ${rss[m - 1]!.toFixed(0)} MB |`);
  }
  const s = summary(all, minutes * 60);
  const failures = new Map<string, number>();
  for (const x of all.filter((a) => !a.ok)) failures.set(x.what, (failures.get(x.what) ?? 0) + 1);
  log(
    `whole run: ${s.rate.toFixed(0)} req/s, p99 ${s.p99} ms (target ≤ ${TARGETS.p99Ms}), ${s.errors} errors (target 0)` +
      (failures.size ? ` — ${[...failures].map(([w, k]) => `${w}: ${k}`).join(', ')}` : ''),
  );
  return { summary: s, rss };
}

async function sockets(adminUrl: string, redisUrl: string) {
  const url = await freshDatabase(adminUrl, 'bench_soak_sockets');
  const env0 = { DATABASE_URL: url, REDIS_URL: redisUrl, DEMO_DATA: 'true', LOG_LEVEL: 'warn', ACCESS_TOKEN_TTL_S: '7200' };
  const a = startServer({ ...env0, PORT: String(await freePort()) });
  await a.ready(90_000);
  const b = startServer({ ...env0, PORT: String(await freePort()) });
  const clients: LiveClient[] = [];
  try {
    await b.ready(90_000);
    const { tokens, ids } = await signIn(a.url);
    const before = [rssMb(a.child.pid!), rssMb(b.child.pid!)];
    for (let i = 0; i < SOCKETS; i += 50)
      clients.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, SOCKETS - i) }, (_, k) =>
            connectLive((i + k) % 2 ? b.url : a.url, tokens.developer, { timeoutMs: 30_000 }),
          ),
        )),
      );
    await Promise.all(clients.map((c) => c.next('unread-count', undefined, 30_000)));
    await new Promise((r) => setTimeout(r, 2000));
    const after = [rssMb(a.child.pid!), rssMb(b.child.pid!)];
    const delays: number[] = [];
    let lost = 0;
    for (let n = 0; n < NOTIFICATIONS; n++) {
      const title = `Sockets ${n}`;
      const sent = performance.now();
      const waits = clients.map((c) =>
        c
          .next('notification', (p: { title: string }) => p.title === title, 10_000)
          .then(
            () => delays.push(performance.now() - sent),
            () => lost++,
          ),
      );
      const res = await fetch(`${a.url}/api/v1/notifications`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ userIds: [ids.developer], title, message: 'sockets' }),
      });
      if (res.status !== 201) throw new Error(`notification refused: ${res.status}`);
      await Promise.all(waits);
    }
    const perSocketKb = (i: number) => (((after[i]! - before[i]!) * 1024) / (SOCKETS / 2)).toFixed(0);
    log(`\n## Sockets: ${SOCKETS} clients across two instances (PostgreSQL + Redis), ${NOTIFICATIONS} notifications through the first`);
    log(
      `delivery (write sent → event at each socket, both instances): p50 ${pct(delays, 50).toFixed(0)} ms, ` +
        `p99 ${pct(delays, 99).toFixed(0)} ms (target ≤ ${TARGETS.deliveryP99Ms}), lost ${lost}`,
    );
    log(
      `memory: instance 1 ${before[0]!.toFixed(0)} → ${after[0]!.toFixed(0)} MB (${perSocketKb(0)} KB per socket), ` +
        `instance 2 ${before[1]!.toFixed(0)} → ${after[1]!.toFixed(0)} MB (${perSocketKb(1)} KB per socket)`,
    );
  } finally {
    for (const c of clients) c.close();
    await Promise.all([a.stop(), b.stop()]);
  }
}

async function main() {
  if (env.SOAK_ONLY === 'embedded') return embedded(Number(env.SOAK_CALLERS ?? 8));
  const adminUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (!(await reachable(adminUrl))) throw new Error(`no PostgreSQL at ${adminUrl.replace(/\/\/[^@]*@/, '//')}`);
  const url = await freshDatabase(adminUrl, 'bench_soak');
  const db = new pg.Client({ connectionString: url });
  const common = { DEMO_DATA: 'true', LOG_LEVEL: 'warn', ACCESS_TOKEN_TTL_S: '7200' };
  const server = startServer({ ...common, DATABASE_URL: url, PORT: String(await freePort()) });
  try {
    await server.ready(120_000);
    await db.connect();
    const firm = await firmOf(server.url, async (q) => (await db.query(q)).rows);
    const callers = await findRate(server.url, firm);
    const pgRun = await soak('PostgreSQL', server.url, server.child.pid!, firm, callers, MINUTES);
    const second = pgRun.rss[Math.min(1, pgRun.rss.length - 1)]!;
    const last = pgRun.rss[pgRun.rss.length - 1]!;
    log(
      `RSS at minute ${pgRun.rss.length} ${last.toFixed(0)} MB vs minute 2 ${second.toFixed(0)} MB: ` +
        `${(((last - second) / second) * 100).toFixed(1)} % (target within ${TARGETS.rssGrowth * 100} %)`,
    );
    await server.stop();

    await embedded(callers);

    const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    await sockets(adminUrl, redisUrl);
  } finally {
    await db.end().catch(() => {});
    await server.stop();
  }
}

/** The same workload on the embedded database, then its steady RSS. */
async function embedded(callers: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-embedded-'));
  const server = startServer({
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    ACCESS_TOKEN_TTL_S: '7200',
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
  });
  try {
    await server.ready(120_000);
    const { tokens, ids } = await signIn(server.url);
    const firm = { tokens, ids, ...(await embeddedIds(server.url, tokens.admin)) };
    log(`embedded database: RSS after the start ${rssMb(server.child.pid!).toFixed(0)} MB`);
    await soak('embedded database', server.url, server.child.pid!, firm, callers, EMBEDDED_MINUTES);
    await new Promise((r) => setTimeout(r, 5000));
    const steady = rssMb(server.child.pid!);
    log(`embedded database: steady RSS after the run ${steady.toFixed(0)} MB (target ≤ ${TARGETS.embeddedRssMb} MB)`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The customer and project the writes use, read through the API (the embedded database has no second client). */
async function embeddedIds(base: string, adminToken: string): Promise<Pick<Firm, 'customerId' | 'projectId'>> {
  const get = async (path: string) =>
    (await (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as Array<{ id: string }>;
  const [customer] = await get('/api/v1/customers?_start=0&_end=1&code=MAPLE');
  const [project] = await get('/api/v1/projects?_start=0&_end=1&status=active&_sort=code&_order=asc');
  return { customerId: customer!.id, projectId: project!.id };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
