/**
 * `npm run bench` (search part): the header's search, `GET /api/v1/search?q=…&limit=5`, over the
 * benches' data — 100 000 candidates and 50 000 invoices as `tests/bench/run.ts` fills them (the
 * same generators, `resource-candidates.ts` and `resource-invoices.ts`), 100 000 people, on the demo
 * firm — loaded at 4 connections (autocannon in a child process, the cases in alternating slices).
 * The words: the commonest family name ("nguyen", ~38 % of names), two common words, one person's
 * whole name, an invoice number's start, one letter, words found nowhere; as the admin (every
 * resource) and as a sale (their own invoices only). Figures are printed, never asserted; target
 * p99 <= 150 ms.
 *
 * PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when reachable): database
 * `bench_search`, kept between runs (a filled table is reused). Embedded PGlite: in memory.
 * Settings: BENCH_TARGETS=postgres,pglite  BENCH_SECONDS=5 (per case)  BENCH_SLICE_SECONDS=1
 * BENCH_WARMUP_SECONDS=1  BENCH_SEARCH_CONNECTIONS=4  BENCH_SEARCH_USERS=100000
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { buildApp, type App } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { SocketRealtime } from '../../src/server/realtime.js';
import { DEMO_PASSWORD, demoEmail, seedDemoData } from '../../src/server/seed/demo.js';
import type { SearchAnswer } from '../../src/domain/search.js';
import { keptDatabase, reachable } from './bench-server.js';
import { fillUsers } from './fill.js';
import { compareLoad } from './load.js';
import { candidatesBench } from './resource-candidates.js';
import { invoicesBench } from './resource-invoices.js';
import { dedicatedClient, sqlClient, type SqlClient } from './sql-client.js';

const env = process.env;
const SECONDS = Number(env.BENCH_SECONDS ?? 5);
const SLICE = Number(env.BENCH_SLICE_SECONDS ?? 1);
const WARMUP = Number(env.BENCH_WARMUP_SECONDS ?? 1);
const CONNECTIONS = Number(env.BENCH_SEARCH_CONNECTIONS ?? 4);
const USERS = Number(env.BENCH_SEARCH_USERS ?? 100_000);
const CANDIDATES = 100_000;
const INVOICES = 50_000;
const TARGET_P99_MS = 150;
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const log = (msg: string) => process.stdout.write(`${msg}\n`);

interface SearchCase {
  name: string;
  role: 'admin' | 'sale';
  q: string;
}

/** The words searched: fixed ones, and a real person's whole name and a real invoice number read from the filled tables. */
async function cases(db: SqlClient): Promise<SearchCase[]> {
  const [person] = await db.query<{ name: string }>(
    `select full_name as name from candidates where archived_at is null order by id offset 4242 limit 1`,
  );
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[đĐ]/g, 'd')
      .toLowerCase();
  return [
    { name: 'q=nguyen (38 % of names)', role: 'admin', q: 'nguyen' },
    { name: 'q=tran van', role: 'admin', q: 'tran van' },
    { name: `a whole name, q=${fold(person!.name)}`, role: 'admin', q: fold(person!.name) },
    { name: 'an invoice number, q=ben-00123', role: 'admin', q: 'ben-00123' },
    { name: 'one letter, q=a', role: 'admin', q: 'a' },
    { name: 'nothing, q=zzqx', role: 'admin', q: 'zzqx' },
    { name: 'sale: q=nguyen', role: 'sale', q: 'nguyen' },
    { name: 'sale: q=ben-00123', role: 'sale', q: 'ben-00123' },
  ];
}

async function main() {
  const targets = (env.BENCH_TARGETS ?? 'postgres,pglite').split(',').map((t) => t.trim());
  const lines: string[] = [];
  if (targets.includes('postgres')) {
    const adminUrl = env.DATABASE_URL ?? DEFAULT_PG_URL;
    if (await reachable(adminUrl)) lines.push(...(await benchTarget('postgres', await keptDatabase(adminUrl, 'bench_search'))));
    else if (env.DATABASE_URL) throw new Error('DATABASE_URL is set but PostgreSQL cannot be reached');
    else log(`PostgreSQL not reachable at ${DEFAULT_PG_URL}: skipped (set DATABASE_URL).`);
  }
  if (targets.includes('pglite')) lines.push(...(await benchTarget('pglite')));
  log('');
  for (const l of lines) log(l);
}

async function benchTarget(kind: 'postgres' | 'pglite', url?: string): Promise<string[]> {
  const t0 = Date.now();
  log(`\n== search, ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'} ==`);
  const database = await openDatabase({ url });
  const db = sqlClient(database);
  const realtime = new SocketRealtime();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: '/nonexistent',
    ACCESS_TOKEN_TTL_S: '7200',
  });
  let app: App | undefined;
  try {
    app = (await buildApp({ config, database, realtime })).app;
    // Demo accounts and customers first (the seed only runs on an empty table), then the crowd.
    await seedDemoData(database.db, app.log);
    for (const [name, fill, rows] of [
      ['users', fillUsers, USERS],
      ['candidates', candidatesBench.fill, CANDIDATES],
      ['invoices', invoicesBench.fill, INVOICES],
    ] as const) {
      const bulk = url ? await dedicatedClient(url) : undefined;
      const done = await fill(bulk ?? db, rows, { maintenanceWorkMem: bulk ? '512MB' : undefined }).finally(() => bulk?.end());
      log(`${name}: ${done.reused ? 'reused' : `filled in ${done.seconds.toFixed(1)} s`} (${rows} rows)`);
    }
    const [version] = await db.query<{ v: string }>(`select current_setting('server_version') as v`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const headersOf = async (role: 'admin' | 'sale') => {
      const res = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demoEmail(role), password: DEMO_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`${role} login failed: ${res.status} ${await res.text()}`);
      return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
    };
    const headers = { admin: await headersOf('admin'), sale: await headersOf('sale') };
    const loadBefore = loadavg()[0]!;
    const out = [
      `## Header search, ${kind === 'postgres' ? `PostgreSQL ${version!.v}` : `PGlite (PostgreSQL ${version!.v}, in memory)`}: ` +
        `${USERS} people, ${CANDIDATES} candidates, ${INVOICES} invoices · ${CONNECTIONS} connections · ${SECONDS} s per case in ${SLICE} s slices (+${WARMUP} s warm-up) · target p99 <= ${TARGET_P99_MS} ms`,
      '',
      '| case | groups (hits) | req/s | p50 | p99 |',
      '|---|---|---|---|---|',
    ];
    for (const role of ['admin', 'sale'] as const) {
      const mine = (await cases(db)).filter((c) => c.role === role);
      const urls = mine.map((c) => ({ label: c.name, url: `${base}/api/v1/search?q=${encodeURIComponent(c.q)}&limit=5` }));
      const shapes = new Map<string, string>();
      for (const u of urls) {
        const res = await fetch(u.url, { headers: headers[role] });
        if (res.status !== 200) throw new Error(`${u.label}: ${res.status} ${await res.text()}`);
        const answer = (await res.json()) as SearchAnswer;
        shapes.set(u.label, answer.groups.map((g) => `${g.resource} ${g.hits.length}`).join(', ') || 'none');
      }
      const results = await compareLoad({
        targets: urls,
        connections: CONNECTIONS,
        seconds: SECONDS,
        sliceSeconds: SLICE,
        warmupSeconds: WARMUP,
        headers: headers[role],
      });
      for (const r of results) {
        if (r.non2xx || r.errors) log(`  ${r.label}: ${r.non2xx} non-2xx, ${r.errors} errors (figures are not trustworthy)`);
        const line = `| ${r.label} | ${shapes.get(r.label)} | ${Math.round(r.rps)} | ${r.p50} ms | ${r.p99} ms |`;
        log(line);
        out.push(line);
      }
    }
    out.push(
      '',
      `machine: ${cpus().length} cores, 1-min load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after · ${Math.round((Date.now() - t0) / 1000)} s`,
      '',
    );
    return out;
  } finally {
    await realtime.close();
    await app?.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
