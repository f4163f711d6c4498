/**
 * `npx tsx tests/bench/logwork.ts` (also part of `npm run bench`): all developers' month
 * on PostgreSQL — GET /api/v1/timesheet/all-devs (people × days of a month, paged) under load,
 * and its Excel export GET /api/v1/excel/timesheet/all-devs (every person, streamed .xlsx): wall
 * time and the server's peak resident memory. The server runs in a process of its own
 * (logwork-server.ts) so that its memory is measured alone, from /proc.
 *
 * Database `bench_logwork` (not `bench_users`: its million users would all be developers of the
 * month): the demo firm plus 500 developers, each seated at a customer's project (one in ten on
 * the bench, logging on internal work), logging about 11 000 entries over the month's working
 * days; kept between runs. Figures are printed, never asserted.
 *
 * The view computes every matching person's month on each request (its sorts need every figure),
 * so it is loaded at the concurrency of the few leads who open it — 1 and 4 connections by default
 * (BENCH_LOGWORK_CONNECTIONS) — not at the list bench's 20, where a closed loop of 20 callers only
 * measures the queue in front of a 100–200 ms request.
 *
 * Settings: BENCH_SECONDS=10  BENCH_WARMUP_SECONDS=2  BENCH_LOGWORK_CONNECTIONS=1,4
 * BENCH_LOGWORK_PEOPLE=500  BENCH_LOGWORK_MONTH=2026-10  BENCH_EXPORTS=3 (export runs)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { templateName } from '../fixtures/postgres-template.js';
import { arr, pick, VI_GIVEN, VI_MIDDLE, VI_SURNAMES, weighted } from './fill.js';
import { compareLoad } from './load.js';
import { backendCpuMeter } from './pg-cpu.js';
import type { SqlClient } from './sql-client.js';
import { reachable, startBenchServer } from './bench-server.js';

const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const WARMUP = Number(env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = (env.BENCH_LOGWORK_CONNECTIONS ?? '1,4').split(',').map(Number);
const PEOPLE = Number(env.BENCH_LOGWORK_PEOPLE ?? 500);
const MONTH = env.BENCH_LOGWORK_MONTH ?? '2026-10';
const EXPORTS = Number(env.BENCH_EXPORTS ?? 3);
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const BENCH_DB = 'bench_logwork';
const TARGETS = { viewP99Ms: 300, exportSeconds: 3, exportMb: 300 };

/** Bump when the generated people or entries change: a database filled by another version is refilled. */
const GENERATOR_VERSION = 1;

const log = (msg: string) => process.stdout.write(`${msg}\n`);

const NOTES = [
  'Sprint tasks',
  'Code review',
  'Bug fixing',
  'API integration',
  'Daily stand-up, planning',
  'Unit tests',
  'Deployment to staging',
  'Refactoring the payment module',
  'Customer demo',
  'Sửa lỗi đăng nhập',
  'Viết tài liệu API',
  'Họp với khách hàng',
  '',
  '',
  '',
];
const TITLES = [
  'Backend Engineer',
  'Frontend Engineer',
  'Full-stack Engineer',
  'Mobile Engineer',
  'QA Engineer',
  'DevOps Engineer',
  'Data Engineer',
];

/** 500 developers, their headcounts and a month of entries: set-based SQL, a few seconds. */
function fillSql(people: number, month: string): string {
  const from = `date '${month}-01'`;
  const to = `(${from} + interval '1 month' - interval '1 day')::date`;
  return `
insert into users (email, full_name, role, status, title, level, join_date, password_hash, email_verified_at)
select 'dev.' || g.i || '@logwork.bench',
  ${pick(arr(weighted(VI_SURNAMES)))} || ' ' || ${pick(arr(VI_MIDDLE))} || ' ' || ${pick(arr(VI_GIVEN))},
  'developer', 'active', ${pick(arr(TITLES))}, ${pick(arr(['junior', 'middle', 'middle', 'senior', 'senior', 'lead']))},
  date '2019-01-01' + (g.i * 37 % 2000), 'bench-user-cannot-sign-in', now()
from generate_series(1, ${people}) as g(i);

create temporary table bench_devs on commit drop as
select id, row_number() over (order by email) as n from users where email like '%@logwork.bench';

-- Nine in ten seated full time at a customer's project since before the month; the others on the bench.
insert into headcounts (title, user_id, customer_id, project_id, billing_rate, rate_unit, allocation, start_date, status, currency)
select u.title || ' — ' || p.name, d.id, p.customer_id, p.id,
  case when d.n % 4 = 0 then 25 + d.n % 20 else 2500 + (d.n % 30) * 100 end,
  case when d.n % 4 = 0 then 'hour' else 'month' end,
  100, ${from} - (30 + d.n % 700)::int, 'active', 'USD'
from bench_devs d
join users u on u.id = d.id
cross join lateral (
  select p.id, p.customer_id, p.name from projects p where p.archived_at is null order by p.id offset (d.n % (select count(*) from projects where archived_at is null)) limit 1
) p
where d.n % 10 <> 0;

-- Every working day of the month, the seated on their headcount's project (billable, its rate
-- copied), the bench on some project without a headcount; a day in thirty left unlogged.
insert into timesheets (user_id, project_id, headcount_id, date, hours, note, bill_rate, rate_unit, currency)
select d.id, coalesce(h.project_id, p.id), h.id, day::date,
  (array[8, 8, 8, 8, 8, 8, 7.5, 6, 4, 8.5])[1 + floor(random() * 10)::int],
  ${pick(arr(NOTES))}, h.billing_rate, h.rate_unit, h.currency
from bench_devs d
left join headcounts h on h.user_id = d.id and h.status = 'active' and h.archived_at is null
cross join lateral (select p.id from projects p where p.archived_at is null order by p.id limit 1) p
cross join generate_series(${from}, ${to}, interval '1 day') as day
where extract(isodow from day) < 6
  and day::date not in (select date from holidays where archived_at is null)
  and random() > 1.0 / 30;
`;
}

async function fill(url: string): Promise<{ reused: boolean; seconds: number; entries: number }> {
  const started = Date.now();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const marker = `bench logwork: ${PEOPLE} developers, ${MONTH}, generator v${GENERATOR_VERSION}`;
    const stats = `; statistics after ${templateName()}`;
    const mark = (await c.query<{ c: string | null }>(`select obj_description('timesheets'::regclass, 'pg_class') as c`)).rows[0]?.c;
    const count = async () =>
      Number(
        (await c.query<{ n: string }>(`select count(*) as n from timesheets where to_char(date, 'YYYY-MM') = $1`, [MONTH])).rows[0]!.n,
      );
    if (mark === marker + stats) return { reused: true, seconds: 0, entries: await count() };
    if (!mark?.startsWith(marker)) {
      const [existing] = (await c.query<{ n: string }>(`select count(*) as n from users where email like '%@logwork.bench'`)).rows;
      if (Number(existing!.n) > 0) throw new Error(`${BENCH_DB} holds another fill: drop the database first`);
      await c.query(`begin; ${fillSql(PEOPLE, MONTH)} comment on table timesheets is '${marker}'; commit;`);
    }
    for (const t of ['users', 'headcounts', 'timesheets', 'leave_requests', 'holidays']) await c.query(`vacuum (analyze) ${t}`);
    await c.query(`comment on table timesheets is '${marker}${stats}'`);
    return { reused: mark?.startsWith(marker) ?? false, seconds: (Date.now() - started) / 1000, entries: await count() };
  } finally {
    await c.end();
  }
}

async function ensureDatabase(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB]);
    if (exists.rowCount === 0) await admin.query(`create database "${BENCH_DB}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

/** CPU time (user + system) of a process so far, in microseconds, from /proc (Linux USER_HZ = 100). */
function processCpuUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6;
}

/** A connection of the bench's own, for pg_stat_activity (the PostgreSQL backends' CPU). */
async function statsClient(url: string): Promise<SqlClient> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  clients.push(c);
  return {
    query: async <T>(text: string, params?: unknown[]) => (await c.query(text, params)).rows as T[],
    exec: async (text) => {
      await c.query(text);
    },
  };
}
const clients: pg.Client[] = [];

/** Waits until the server answers a trivial request at once: requests a load left in flight are done. */
async function idle(base: string) {
  for (let i = 0; i < 600; i++) {
    const t = performance.now();
    await fetch(`${base}/api/health`);
    if (performance.now() - t < 20) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const kb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
};

/** One export: wall time to the last byte, bytes, and the server's peak RSS during it (reset first). */
async function exportOnce(pid: number, url: string, headers: Record<string, string>) {
  // Writing 5 to clear_refs resets the peak (VmHWM) to the current RSS (Linux ≥ 4.0).
  let resettable = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    resettable = false;
  }
  const before = kb(pid, 'VmRSS');
  let sampled = before;
  const timer = setInterval(() => (sampled = Math.max(sampled, kb(pid, 'VmRSS'))), 10);
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`export answered ${res.status} ${await res.text()}`);
  const chunks: Buffer[] = [];
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  const ms = performance.now() - started;
  clearInterval(timer);
  const peak = resettable ? Math.max(kb(pid, 'VmHWM'), sampled) : sampled;
  return { ms, body: Buffer.concat(chunks), beforeMb: before / 1024, peakMb: peak / 1024, resettable };
}

async function main() {
  const started = Date.now();
  const adminUrl = env.DATABASE_URL ?? DEFAULT_PG_URL;
  if (!(await reachable(adminUrl))) {
    if (env.DATABASE_URL) throw new Error('DATABASE_URL is set but PostgreSQL cannot be reached');
    log(`\nAll developers' logwork: PostgreSQL not reachable at ${DEFAULT_PG_URL}: skipped (set DATABASE_URL).`);
    return;
  }
  const url = await ensureDatabase(adminUrl);
  log(`\n== All developers' logwork, PostgreSQL: ${PEOPLE} developers, ${MONTH} ==`);
  const { proc, base } = await startBenchServer(url);
  try {
    const filled = await fill(url);
    log(
      filled.reused
        ? `reused the filled month${filled.seconds ? ' (re-analyzed after new migrations)' : ''}`
        : `filled in ${filled.seconds.toFixed(1)} s`,
    );
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
    const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };

    const views = [
      { name: 'page 1 by name', query: `month=${MONTH}&limit=25` },
      { name: 'missing days, by utilisation', query: `month=${MONTH}&missing=true&sort=utilisation&order=asc&limit=25` },
      { name: 'page 10 by logged hours', query: `month=${MONTH}&sort=logged&order=desc&page=10&limit=25` },
    ];
    const loadBefore = loadavg()[0]!;
    const rows: string[][] = [];
    const idleMb = kb(proc.pid!, 'VmRSS') / 1024;
    const first = await fetch(`${base}/api/v1/timesheet/all-devs?${views[0]!.query}`, { headers });
    if (first.status !== 200) throw new Error(`all-devs answered ${first.status} ${await first.text()}`);
    const people = ((await first.json()) as { total: number }).total;

    // The exports first, on a server that has served nothing else: its resident memory is then the
    // export's (a load of views before grows the heap, which V8 keeps a while whatever comes next).
    const exportUrl = `${base}/api/v1/excel/timesheet/all-devs?month=${MONTH}`;
    const runs = [];
    for (let i = 0; i < EXPORTS; i++) {
      const r = await exportOnce(proc.pid!, exportUrl, headers);
      log(
        `export ${i + 1}${i === 0 ? ' (the first: exceljs loads)' : ''}: ${Math.round(r.ms)} ms, ${(r.body.length / 1024).toFixed(0)} KiB, server RSS ${r.beforeMb.toFixed(0)} → peak ${r.peakMb.toFixed(0)} MB`,
      );
      runs.push(r);
    }

    const pgCpu = await backendCpuMeter(await statsClient(url));
    for (const v of views) {
      const viewUrl = `${base}/api/v1/timesheet/all-devs?${v.query}`;
      const res = await fetch(viewUrl, { headers });
      if (res.status !== 200) throw new Error(`${v.name}: ${res.status} ${await res.text()}`);
      const page = (await res.json()) as { total: number; data: unknown[]; days: unknown[] };
      if (!page.data.length) throw new Error(`${v.name}: empty page`);
      log(`${v.name}: ${page.total} people, ${page.days.length} days`);
      for (const connections of CONNECTIONS) {
        // One slice: a slow request cut off at a slice's end would be lost, and counted nowhere.
        let mark: { node: number; db?: () => Promise<number> } | undefined;
        let cpuUs = 0;
        let dbUs = 0;
        const [r] = await compareLoad(
          {
            targets: [{ label: 'view', url: viewUrl }],
            connections,
            seconds: SECONDS,
            sliceSeconds: SECONDS,
            warmupSeconds: WARMUP,
            headers,
          },
          {
            begin: async () => {
              mark = { node: processCpuUs(proc.pid!), db: await pgCpu?.() };
            },
            end: async () => {
              dbUs = mark!.db ? await mark!.db() : 0;
              cpuUs = processCpuUs(proc.pid!) - mark!.node + dbUs;
            },
          },
        );
        const perRequest = (us: number) => `${(us / Math.max(1, r!.requests) / 1000).toFixed(1)} ms`;
        if (r!.non2xx || r!.errors) log(`  ${r!.non2xx} non-2xx responses, ${r!.errors} errors (figures are not trustworthy)`);
        log(
          `  ${connections} connection(s): ${fmtRps(r!.rps)} req/s  p50 ${r!.p50} ms  p99 ${r!.p99} ms  CPU ${perRequest(cpuUs)}/request (PostgreSQL ${perRequest(dbUs)})  (${r!.requests} requests)`,
        );
        rows.push([
          v.name,
          String(page.total),
          String(connections),
          fmtRps(r!.rps),
          `${r!.p50} ms`,
          `${r!.p99} ms`,
          pgCpu ? `${perRequest(cpuUs)} (PostgreSQL ${perRequest(dbUs)})` : perRequest(cpuUs),
          r!.p99 <= TARGETS.viewP99Ms ? 'met' : `MISSED p99>${TARGETS.viewP99Ms}`,
        ]);
        await idle(base);
      }
    }

    // The file is a workbook with a row per person.
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(runs[0]!.body as unknown as ArrayBuffer);
    const sheetRows = wb.worksheets[0]?.actualRowCount ?? 0;
    if (sheetRows < people) throw new Error(`the export's first sheet has ${sheetRows} rows for ${people} people`);

    log('');
    log(
      `All developers' month · PostgreSQL · ${people} people (${PEOPLE} generated + the demo firm's) × ${MONTH}, ${filled.entries} entries that month`,
    );
    log(
      `${SECONDS} s per request and concurrency (+${WARMUP} s warm-up) · server in its own process, ${idleMb.toFixed(0)} MB resident after start-up and sign-in`,
    );
    log(`machine: ${cpus().length} cores, 1-min load average ${loadBefore.toFixed(1)} before the runs, ${loadavg()[0]!.toFixed(1)} after`);
    printTable(
      [
        'GET /api/v1/timesheet/all-devs',
        'people',
        'connections',
        'req/s',
        'p50',
        'p99',
        'CPU/request',
        `target p99 <= ${TARGETS.viewP99Ms} ms`,
      ],
      rows,
    );
    const worstMs = Math.max(...runs.map((r) => r.ms));
    const worstMb = Math.max(...runs.map((r) => r.peakMb));
    const medianMs = runs.map((r) => r.ms).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    log('');
    printTable(
      ['GET /api/v1/excel/timesheet/all-devs', 'size', 'wall (median, worst)', 'server RSS before', 'server peak RSS', 'growth', 'targets'],
      [
        [
          `month=${MONTH}, ${runs.length} runs`,
          `${(runs[0]!.body.length / 1024).toFixed(0)} KiB, ${sheetRows} rows`,
          `${(medianMs / 1000).toFixed(2)} s, ${(worstMs / 1000).toFixed(2)} s`,
          `${runs[0]!.beforeMb.toFixed(0)} MB`,
          `${worstMb.toFixed(0)} MB${runs[0]!.resettable ? '' : ' (sampled every 10 ms)'}`,
          `+${Math.max(...runs.map((r) => r.peakMb - r.beforeMb)).toFixed(0)} MB`,
          [
            worstMs > TARGETS.exportSeconds * 1000 ? `MISSED wall>${TARGETS.exportSeconds} s` : '',
            worstMb > TARGETS.exportMb ? `MISSED RSS>${TARGETS.exportMb} MB` : '',
          ]
            .filter(Boolean)
            .join(' ') || 'met',
        ],
      ],
    );
    log(
      [
        '',
        `Targets: view p99 <= ${TARGETS.viewP99Ms} ms; export <= ${TARGETS.exportSeconds} s and <= ${TARGETS.exportMb} MB of server memory (peak RSS`,
        '  of the whole server process, its idle footprint included; "growth" is the peak over the RSS just before),',
        '  never asserted. Wall time is from the request to the last byte received. The exports run first, on a server',
        '  that has served nothing else. CPU/request = CPU time of the server process and its PostgreSQL backends per',
        '  view, which the other work on a shared machine moves far less than p99.',
      ].join('\n'),
    );
  } finally {
    for (const c of clients) await c.end();
    proc.disconnect();
    await new Promise((resolve) => proc.once('exit', resolve));
  }
  log(`\nthe logwork bench took ${Math.round((Date.now() - started) / 1000)} s.`);
}

function printTable(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  log(line(head));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) log(line(r));
}

const fmtRps = (n: number) => (n >= 100 ? Math.round(n).toString() : n.toFixed(1));

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
