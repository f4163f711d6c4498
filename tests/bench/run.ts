/**
 * `npm run bench`: paginated lists on large tables, each against a bare node:http route
 * that sends the same SQL on the same driver (the ceiling):
 * - GET /api/v1/user/paginated on 1 000 000 users (PGlite: 100 000);
 * - GET /api/v1/candidates/paginated on 100 000 candidates: searches by name, tech stack
 *   and hashtag, alone and with a status filter;
 * - GET /api/v1/invoice/paginated on 50 000 invoices (first page, open ones by due date, one
 *   customer's paid ones, a number search), then the invoices' analytic view loaded alone at
 *   BENCH_ANALYTICS_CONNECTIONS (1,4,20) connections and one invoice's PDF asked for one at a time.
 * Each resource is a `BenchResource` (resource-users.ts, resource-candidates.ts): its fill,
 * its cases, the bare route's SQL and its targets.
 *
 * PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when reachable):
 * database `bench_users` (BENCH_DB), kept between runs. Embedded PGlite: in memory. Figures are
 * printed, never asserted.
 *
 * Settings: BENCH_TARGETS=postgres,pglite  BENCH_SECONDS=10  BENCH_SLICE_SECONDS=2  BENCH_WARMUP_SECONDS=2
 * BENCH_CONNECTIONS=20  BENCH_PG_ROWS=1000000  BENCH_PGLITE_ROWS=100000 (users)
 * BENCH_PG_CANDIDATES=100000  BENCH_PGLITE_CANDIDATES=100000  BENCH_PG_INVOICES=50000  BENCH_PGLITE_INVOICES=50000
 * BENCH_ANALYTICS_CONNECTIONS=1,4,20  BENCH_PDF_REQUESTS=50
 * BENCH_BARE_NOAUTH=1 (also measure the bare route without its session lookup)
 * BENCH_EXPLAIN=1 (print EXPLAIN ANALYZE of each request's page and count queries)
 * BENCH_ONLY=search,deep (only the requests whose resource or name contains one of these words;
 * `BENCH_ONLY=candidates` runs the candidates alone, and a resource with no request left is not filled)
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { buildApp, type App } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { SocketRealtime } from '../../src/server/realtime.js';
import { DEMO_PASSWORD, seedDemoData } from '../../src/server/seed/demo.js';
import { listSql, startBareServer, type BareList } from './bare.js';
import { keptDatabase, reachable } from './bench-server.js';
import type { FillResult } from './fill.js';
import { compareLoad, type LoadResult } from './load.js';
import { backendCpuMeter } from './pg-cpu.js';
import type { BenchCase, BenchResource, ListPage } from './resource.js';
import { candidatesBench } from './resource-candidates.js';
import { usersBench } from './resource-users.js';
import { invoicesBench } from './resource-invoices.js';
import { dedicatedClient, sqlClient, type SqlClient } from './sql-client.js';

const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const WARMUP = Number(env.BENCH_WARMUP_SECONDS ?? 2);
const SLICE = Number(env.BENCH_SLICE_SECONDS ?? 2);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 20);
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const BENCH_DB = env.BENCH_DB ?? 'bench_users';

/** The lists measured, in this order; a resource is one more entry (see resource.ts). */
const RESOURCES: BenchResource[] = [usersBench, candidatesBench, invoicesBench];
/** Connections the invoices' analytic view is loaded with (each a separate run). */
const ANALYTICS_CONNECTIONS = (env.BENCH_ANALYTICS_CONNECTIONS ?? '1,4,20').split(',').map(Number);
const PDF_REQUESTS = Number(env.BENCH_PDF_REQUESTS ?? 50);
/** Printed beside the PostgreSQL figures, never asserted. */
const ANALYTICS_P99_MS = 300;
const PDF_MS = 200;
/** An estimated total within this factor of the true count (decision 003). */
const ESTIMATE_LIMIT = 2;

type Measured = LoadResult & { cpuUs: number };

interface CaseResult {
  name: string;
  total: string;
  /** An estimated total over the true count (decision 003: within 2×); undefined for an exact total. */
  estimateRatio?: number;
  crud: Measured;
  bare: Measured;
  bareNoAuth?: Measured;
}

interface ResourceReport {
  resource: BenchResource;
  rows: number;
  fill: FillResult;
  results: CaseResult[];
}

interface TargetReport {
  kind: 'postgres' | 'pglite';
  title: string;
  load: string;
  sections: ResourceReport[];
  /** Routes measured alone (the invoices' analytic view and PDF), one printed line each. */
  extras: string[];
}

const log = (msg: string) => process.stdout.write(`${msg}\n`);

async function main() {
  const started = Date.now();
  const targets = (env.BENCH_TARGETS ?? 'postgres,pglite').split(',').map((t) => t.trim());
  const reports: TargetReport[] = [];
  if (targets.includes('postgres')) {
    const adminUrl = env.DATABASE_URL ?? DEFAULT_PG_URL;
    if (await reachable(adminUrl)) {
      reports.push(await benchTarget('postgres', adminUrl));
    } else if (env.DATABASE_URL) {
      throw new Error(`DATABASE_URL is set but PostgreSQL cannot be reached at ${redact(adminUrl)}`);
    } else {
      log(`PostgreSQL not reachable at ${DEFAULT_PG_URL}: skipped (set DATABASE_URL).`);
    }
  }
  if (targets.includes('pglite')) reports.push(await benchTarget('pglite'));

  log('');
  for (const r of reports) printReport(r);
  printNotes();
  log(`\nnpm run bench took ${Math.round((Date.now() - started) / 1000)} s.`);
}

/** The resources and their requests BENCH_ONLY leaves (a word matches the resource's name or the request's). */
async function selectedCases(resource: BenchResource, db: SqlClient): Promise<BenchCase[]> {
  const only = env.BENCH_ONLY?.split(',').map((w) => w.trim().toLowerCase());
  const cases = await resource.cases(db);
  return cases.filter((k) => !only || only.some((w) => `${resource.name} ${k.name}`.toLowerCase().includes(w)));
}

function anySelected(resource: BenchResource): boolean {
  const only = env.BENCH_ONLY?.split(',').map((w) => w.trim().toLowerCase());
  // Case names are known once the table is filled; a word naming none of the usual ones still fills it.
  return !only || only.some((w) => resource.name.includes(w)) || !RESOURCES.some((r) => only.some((w) => r.name.includes(w)));
}

async function benchTarget(kind: 'postgres' | 'pglite', adminUrl?: string): Promise<TargetReport> {
  const t0 = Date.now();
  const resources = RESOURCES.filter(anySelected);
  const sizes = resources.map((r) => `${fmtInt(r.rows[kind])} ${r.name}`).join(', ');
  log(`\n== ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}: ${sizes} ==`);
  const benchUrl = kind === 'postgres' ? await keptDatabase(adminUrl!, BENCH_DB) : undefined;
  const database = await openDatabase({ url: benchUrl, poolMax: env.DB_POOL_MAX ? Number(env.DB_POOL_MAX) : undefined });
  const db = sqlClient(database);
  const realtime = new SocketRealtime();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: '/nonexistent',
    ACCESS_TOKEN_TTL_S: '7200',
    ...(env.EXACT_COUNT_LIMIT ? { EXACT_COUNT_LIMIT: env.EXACT_COUNT_LIMIT } : {}),
  });
  let app: App | undefined;
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  let bareNoAuth: typeof bare;
  try {
    const built = await buildApp({ config, database, realtime });
    app = built.app;
    // Demo accounts first (the seed only runs on an empty table), then the crowd.
    await seedDemoData(database.db, app.log);
    const fills = new Map<BenchResource, FillResult>();
    for (const resource of resources) {
      const rows = resource.rows[kind];
      log(`filling ${resource.name} (${fmtInt(rows)} rows)…`);
      const bulk = benchUrl ? await dedicatedClient(benchUrl) : undefined;
      const fill = await resource.fill(bulk ?? db, rows, { maintenanceWorkMem: bulk ? '512MB' : undefined }).finally(() => bulk?.end());
      fills.set(resource, fill);
      log(
        fill.reused
          ? `reused the filled table (${fmtInt(fill.rows)} rows${fill.seconds ? `, re-analyzed after new migrations in ${fill.seconds.toFixed(1)} s` : ''})`
          : `filled in ${fill.seconds.toFixed(1)} s`,
      );
    }
    const [version] = await db.query<{ v: string }>(`select current_setting('server_version') as v`);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const crudUrl = (l: BareList) => `http://127.0.0.1:${address.port}/api/v1/${l.path}/paginated`;
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'admin@demo.local', password: DEMO_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`admin login failed: ${login.statusCode} ${login.body}`);
    const headers = { authorization: `Bearer ${(login.json() as { accessToken: string }).accessToken}` };

    const lists = resources.map((r) => r.bare);
    bare = await startBareServer({ db, tokens: built.services.tokens, exactCountLimit: config.EXACT_COUNT_LIMIT, lists });
    if (env.BENCH_BARE_NOAUTH)
      bareNoAuth = await startBareServer({
        db,
        tokens: built.services.tokens,
        exactCountLimit: config.EXACT_COUNT_LIMIT,
        lists,
        skipAuth: true,
      });

    const dbCpu = kind === 'postgres' ? await backendCpuMeter(db) : undefined;
    const loadBefore = loadavg()[0]!;
    const plan = await Promise.all(resources.map(async (resource) => ({ resource, cases: await selectedCases(resource, db) })));
    // Warm every code path of both servers first (JIT, caches), so that the first request
    // measured is not paying for the start-up of the others.
    if (WARMUP > 0) {
      const all = plan.flatMap(({ resource, cases }) =>
        cases.flatMap((c, i) => [
          { label: `${resource.name}-crud${i}`, url: `${crudUrl(resource.bare)}?${c.query}` },
          { label: `${resource.name}-bare${i}`, url: `${bare!.url(resource.bare.path)}?${c.query}` },
        ]),
      );
      if (all.length)
        await compareLoad({ targets: all, connections: CONNECTIONS, seconds: WARMUP, sliceSeconds: WARMUP, warmupSeconds: 0, headers });
    }
    const sections: ResourceReport[] = [];
    for (const { resource, cases } of plan) {
      if (!cases.length) continue;
      const results: CaseResult[] = [];
      sections.push({ resource, rows: resource.rows[kind], fill: fills.get(resource)!, results });
      log(`-- ${resource.name}`);
      for (const c of cases) results.push(await measure(resource, c));
    }
    const extras = plan.some((p) => p.resource === invoicesBench && p.cases.length)
      ? await measureInvoiceExtras(`http://127.0.0.1:${address.port}`, headers, db, kind)
      : [];

    async function measure(resource: BenchResource, c: BenchCase): Promise<CaseResult> {
      const crud = `${crudUrl(resource.bare)}?${c.query}`;
      const { text: total, page } = await checkSame(resource, c, crud, `${bare!.url(resource.bare.path)}?${c.query}`, headers);
      const estimateRatio = page.totalIsEstimate ? page.total / (await trueTotal(db, resource.bare, c.query)) : undefined;
      log(`${c.name}: total ${total}${estimateRatio ? `, ${estimateRatio.toFixed(2)}× the true count` : ''}`);
      if (env.BENCH_EXPLAIN) await explain(db, resource.bare, c.query, config.EXACT_COUNT_LIMIT);
      const targets = [
        { label: 'crud', url: crud },
        { label: 'bare', url: `${bare!.url(resource.bare.path)}?${c.query}` },
        ...(bareNoAuth ? [{ label: 'bare-0', url: `${bareNoAuth.url(resource.bare.path)}?${c.query}` }] : []),
      ];
      // CPU time per target, of this process (the servers: the load runs in a child process)
      // plus PostgreSQL's backends: a cost that other work on the machine hardly moves.
      const cpu = new Map<string, number>(targets.map((t) => [t.label, 0]));
      const dbCpuOf = new Map<string, number>(targets.map((t) => [t.label, 0]));
      let mark: { node: NodeJS.CpuUsage; db?: () => Promise<number> } | undefined;
      const loads = await compareLoad(
        { targets, connections: CONNECTIONS, seconds: SECONDS, sliceSeconds: SLICE, warmupSeconds: WARMUP, headers },
        {
          begin: async () => {
            mark = { node: process.cpuUsage(), db: await dbCpu?.() };
          },
          end: async (label) => {
            const used = process.cpuUsage(mark!.node);
            const dbUs = mark!.db ? await mark!.db() : 0;
            cpu.set(label, cpu.get(label)! + used.user + used.system + dbUs);
            dbCpuOf.set(label, dbCpuOf.get(label)! + dbUs);
          },
        },
      );
      const measured = new Map<string, Measured>();
      for (const r of loads) {
        const cpuUs = cpu.get(r.label)! / Math.max(1, r.requests);
        if (r.non2xx || r.errors) log(`  ${r.label}: ${r.non2xx} non-2xx responses, ${r.errors} errors (figures are not trustworthy)`);
        const dbPart = dbCpu ? ` (PostgreSQL ${Math.round(dbCpuOf.get(r.label)! / Math.max(1, r.requests))})` : '';
        log(
          `  ${r.label.padEnd(6)} ${fmtRps(r.rps)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  CPU ${Math.round(cpuUs)} µs/request${dbPart}`,
        );
        measured.set(r.label, { ...r, cpuUs });
      }
      return {
        name: c.name,
        total,
        estimateRatio,
        crud: measured.get('crud')!,
        bare: measured.get('bare')!,
        bareNoAuth: measured.get('bare-0'),
      };
    }
    const title =
      `${kind === 'postgres' ? `PostgreSQL ${version!.v}` : `PGlite (PostgreSQL ${version!.v}, in memory)`}` +
      ` · ${CONNECTIONS} connections · ${SECONDS} s per route in ${SLICE} s slices alternating CRUD and bare (+${WARMUP} s warm-up) · exact count up to ${fmtInt(config.EXACT_COUNT_LIMIT)}` +
      ` · ${Math.round((Date.now() - t0) / 1000)} s`;
    // Other work on the machine shows in p99 first: say how busy it was.
    const machine = `machine: ${cpus().length} cores, 1-min load average ${loadBefore.toFixed(1)} before the runs, ${loadavg()[0]!.toFixed(1)} after`;
    return { kind, title, load: machine, sections, extras };
  } finally {
    await bare?.close();
    await bareNoAuth?.close();
    await realtime.close();
    await app?.close();
    await database.close();
  }
}

/** Both routes must answer the same page with the same total before they are compared. */
async function checkSame(
  resource: BenchResource,
  c: BenchCase,
  crudUrl: string,
  bareUrl: string,
  headers: Record<string, string>,
): Promise<{ text: string; page: ListPage }> {
  const name = `${resource.name}: ${c.name}`;
  const get = async (url: string) => {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${name}: ${url} answered ${res.status} ${await res.text()}`);
    return (await res.json()) as ListPage;
  };
  const [a, b] = [await get(crudUrl), await get(bareUrl)];
  // Same rows, same fields, same text: the ceiling does the route's work, no more, no less.
  if (JSON.stringify(a.data) !== JSON.stringify(b.data)) throw new Error(`${name}: the CRUD and bare routes return different rows`);
  if (a.total !== b.total || !!a.totalIsEstimate !== !!b.totalIsEstimate)
    throw new Error(`${name}: totals differ (${a.total} vs ${b.total})`);
  if (a.data.length === 0 && a.total > 25_025) throw new Error(`${name}: empty page`);
  resource.check?.(c, a);
  return { text: `${a.totalIsEstimate ? '~' : ''}${fmtInt(a.total)}${a.totalIsEstimate ? ' (estimate)' : ' (exact)'}`, page: a };
}

/** Every row the request matches, counted once outside the timing: what its estimated total is judged by. */
async function trueTotal(db: SqlClient, list: BareList, query: string): Promise<number> {
  const q = listSql(list, new URLSearchParams(query), 0);
  const [row] = await db.query<{ n: number }>(q.fullCount, [...q.values]);
  return Math.max(1, Number(row!.n));
}

async function explain(db: SqlClient, list: BareList, query: string, exactCountLimit: number) {
  const q = listSql(list, new URLSearchParams(query), exactCountLimit);
  for (const [label, text, values] of [
    ['page', q.page, q.pageValues],
    ['count', q.count, q.values],
    ['estimate (planned only)', q.estimate.replace('(format json)', '(summary)'), q.values],
  ] as const) {
    const plan = await db.query<{ 'QUERY PLAN': string }>(text.startsWith('explain') ? text : `explain (analyze, buffers) ${text}`, [
      ...values,
    ]);
    log(`  -- ${label}\n${plan.map((r) => `     ${r['QUERY PLAN']}`).join('\n')}`);
  }
}

function printReport(r: TargetReport) {
  log(r.title);
  log(r.load);
  log('');
  for (const section of r.sections) printSection(r.kind, section);
  for (const line of r.extras) log(line);
  if (r.extras.length) log('');
}

/**
 * The invoices' analytic view (every figure of 12 months over the whole table, as the admin reads
 * it) loaded alone at a few connection counts, and one invoice's PDF asked for again and again, one
 * at a time: what a person waits for.
 */
async function measureInvoiceExtras(
  base: string,
  headers: Record<string, string>,
  db: SqlClient,
  kind: TargetReport['kind'],
): Promise<string[]> {
  const out: string[] = [];
  const verdict = (ok: boolean) => (kind !== 'postgres' ? '(PostgreSQL only)' : ok ? 'met' : 'MISSED');
  const analytics = `${base}/api/v1/invoice/analytics?months=12`;
  const first = await fetch(analytics, { headers });
  if (first.status !== 200) throw new Error(`analytics answered ${first.status} ${await first.text()}`);
  const body = (await first.json()) as { revenue: { count: number; total: string } };
  log(`-- invoices: analytic view (revenue ${body.revenue.total} over ${fmtInt(body.revenue.count)} invoices)`);
  for (const connections of ANALYTICS_CONNECTIONS) {
    const [r] = await compareLoad({
      targets: [{ label: 'analytics', url: analytics }],
      connections,
      seconds: SECONDS,
      sliceSeconds: SLICE,
      warmupSeconds: WARMUP,
      headers,
    });
    const line = `GET /api/v1/invoice/analytics?months=12 · ${connections} connection${connections > 1 ? 's' : ''}: ${fmtRps(r!.rps)} req/s  p50 ${r!.p50} ms  p99 ${r!.p99} ms${r!.non2xx || r!.errors ? `  (${r!.non2xx} non-2xx, ${r!.errors} errors)` : ''}  target p99 <= ${ANALYTICS_P99_MS} ms: ${verdict(r!.p99 <= ANALYTICS_P99_MS)}`;
    log(`  ${line}`);
    out.push(line);
  }
  // The cache's miss, what the first reader after any write waits for: the version bumped before each request.
  const cold: number[] = [];
  for (let i = 0; i < PDF_REQUESTS + 3; i++) {
    await db.query(`update data_versions set version = version + 1 where name = 'invoices'`);
    const t0 = performance.now();
    const res = await fetch(analytics, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`analytics answered ${res.status}`);
    if (i >= 3) cold.push(performance.now() - t0);
  }
  const coldLine = `GET /api/v1/invoice/analytics?months=12 · uncached (data version bumped before each), one at a time, ${cold.length} requests: ${quantiles(cold)}  target p99 <= ${ANALYTICS_P99_MS} ms: ${verdict(pick(cold, 0.99) <= ANALYTICS_P99_MS)}`;
  log(`  ${coldLine}`);
  out.push(coldLine);
  const [invoice] = await db.query<{ id: string; lines: number }>(
    `select id, jsonb_array_length(lines) as lines from invoices where number like 'INV-%' and archived_at is null order by jsonb_array_length(lines) desc, issue_date desc limit 1`,
  );
  const pdfUrl = `${base}/api/v1/invoice/${invoice!.id}/pdf`;
  const times: number[] = [];
  for (let i = 0; i < PDF_REQUESTS + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(pdfUrl, { headers });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200 || bytes < 1000) throw new Error(`pdf answered ${res.status} (${bytes} bytes)`);
    if (i >= 5) times.push(performance.now() - t0); // the first few warm the fonts and the code
  }
  const line = `GET /api/v1/invoice/:id/pdf (${invoice!.lines} lines) · one at a time, ${times.length} requests: ${quantiles(times)}  target <= ${PDF_MS} ms: ${verdict(pick(times, 0.99) <= PDF_MS)}`;
  log(`  ${line}`);
  out.push(line);
  return out;
}

/** The q-quantile of `times` (nearest rank). */
function pick(times: readonly number[], q: number) {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

const quantiles = (times: readonly number[]) =>
  `p50 ${pick(times, 0.5).toFixed(0)} ms  p99 ${pick(times, 0.99).toFixed(0)} ms  max ${pick(times, 1).toFixed(0)} ms`;

function printSection(kind: TargetReport['kind'], r: ResourceReport) {
  const { p99Ms, ratio: targetRatio } = r.resource.targets;
  log(`GET /api/v1/${r.resource.bare.path}/paginated · ${fmtInt(r.rows)} ${r.resource.name}`);
  log(
    r.fill.reused
      ? `data: reused from an earlier run${r.fill.seconds ? ' (re-analyzed after new migrations)' : ''}`
      : `data: generated in ${r.fill.seconds.toFixed(1)} s`,
  );
  const withNoAuth = r.results.some((x) => x.bareNoAuth);
  const head = [
    'request',
    'total',
    'CRUD req/s',
    'p50',
    'p99',
    'CPU/req',
    'bare req/s',
    'p50',
    'p99',
    'CPU/req',
    'CRUD/bare',
    'by CPU',
    ...(withNoAuth ? ['bare w/o auth req/s', 'p99'] : []),
    'targets',
  ];
  const rows = r.results.map((x) => {
    const ratio = x.crud.rps / x.bare.rps;
    const misses = [x.crud.p99 > p99Ms ? `p99>${p99Ms}` : '', ratio < targetRatio ? `ratio<${targetRatio}` : ''].filter(Boolean);
    // Decision 003: an estimate is within 2× of the truth, on either database.
    const estimateOff = x.estimateRatio !== undefined && (x.estimateRatio > ESTIMATE_LIMIT || x.estimateRatio < 1 / ESTIMATE_LIMIT);
    const verdict =
      kind !== 'postgres'
        ? estimateOff
          ? `MISSED estimate off >${ESTIMATE_LIMIT}× (speed: PostgreSQL only)`
          : '(PostgreSQL only)'
        : misses.length || estimateOff
          ? `MISSED ${[...misses, estimateOff ? `estimate off >${ESTIMATE_LIMIT}×` : ''].filter(Boolean).join(' ')}`
          : 'met';
    return [
      x.name,
      x.estimateRatio === undefined ? x.total : `${x.total}, ${x.estimateRatio.toFixed(2)}× true`,
      fmtRps(x.crud.rps),
      `${x.crud.p50} ms`,
      `${x.crud.p99} ms`,
      `${Math.round(x.crud.cpuUs)} µs`,
      fmtRps(x.bare.rps),
      `${x.bare.p50} ms`,
      `${x.bare.p99} ms`,
      `${Math.round(x.bare.cpuUs)} µs`,
      ratio.toFixed(2),
      (x.bare.cpuUs / x.crud.cpuUs).toFixed(2),
      ...(withNoAuth ? [x.bareNoAuth ? fmtRps(x.bareNoAuth.rps) : '', x.bareNoAuth ? `${x.bareNoAuth.p99} ms` : ''] : []),
      verdict,
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const right = (i: number) => i >= 2 && i < head.length - 1;
  const line = (cells: string[]) => cells.map((c, i) => (right(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  log(line(head));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) log(line(row));
  log('');
}

function printNotes() {
  log(
    [
      'CRUD = GET /api/v1/<resource>/paginated on the real app (Fastify, access hook, zod validation and serialization, Drizzle).',
      'bare = plain node:http on the same driver instance, sending the same SQL: JWT check + the session lookup the CRUD',
      '  route runs on every request (so the ceiling pays for authentication too), the page query, the bounded',
      '  exact count and, beyond the limit, the planner estimate. CRUD/bare is the ratio of requests per second.',
      ...RESOURCES.map(
        (r) =>
          `Targets, ${r.name} (PostgreSQL at ${fmtInt(r.rows.postgres)} rows): p99 <= ${r.targets.p99Ms} ms on every request and CRUD/bare >= ${r.targets.ratio};`,
      ),
      '  PGlite (one connection, inside the server process) is shown for scale; the targets are not applied to it.',
      'CPU/req = CPU time of the server process (+ its PostgreSQL backends) per request; "by CPU" = bare CPU / CRUD CPU,',
      '  the throughput ratio a machine with nothing else running would show (other load on a shared machine moves',
      '  req/s and p99 much more than it moves CPU per request).',
      "A total marked (estimate) is the planner's estimate, sent with totalIsEstimate: true; (exact) totals are counted.",
      `  Beside an estimate, its ratio to the true count (every matching row counted once, untimed): target within ${ESTIMATE_LIMIT}× either way, on both databases.`,
    ].join('\n'),
  );
}

const fmtInt = (n: number) => n.toLocaleString('en-US').replace(/,/g, ' ');
const fmtRps = (n: number) => (n >= 100 ? Math.round(n).toString() : n.toFixed(1));
const redact = (url: string) => url.replace(/\/\/[^@/]*@/, '//…@');

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
