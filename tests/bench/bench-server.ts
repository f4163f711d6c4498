import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';

// What the whole-server benches (logwork, salary import, P&L) share: a database of their own, made
// afresh each run, and the real app in a child process (logwork-server.ts) that reports its port.

/** Whether PostgreSQL answers at `url` within 3 s (a bench without it says so and skips). */
export async function reachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Drops and recreates database `name` beside `adminUrl`'s; resolves with its URL. */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Database `name` beside `adminUrl`'s, made when missing and kept between runs (a filled table is reused); resolves with its URL. */
export async function keptDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The app on `url` in a child process; resolves once it listens. */
export function startBenchServer(url: string): Promise<{ proc: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const proc = fork(join(import.meta.dirname, 'logwork-server.ts'), [url], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    proc.once('message', (m: { port: number }) => resolve({ proc, base: `http://127.0.0.1:${m.port}` }));
    proc.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
}

/** The p-th percentile of a run of times. */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/**
 * `runs` GETs of `url` (after one to warm up), `concurrency` at once, each timed from the request to
 * the whole answer; `before` runs ahead of each round (a bench's cold case bumps a data version there).
 */
export async function timed(
  url: string,
  headers: Record<string, string>,
  concurrency: number,
  runs: number,
  before?: () => Promise<unknown>,
) {
  const times: number[] = [];
  const one = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status} ${body.slice(0, 300)}`);
    times.push(performance.now() - started);
  };
  await one();
  times.length = 0;
  for (let i = 0; i < runs; i += concurrency) {
    await before?.();
    await Promise.all(Array.from({ length: Math.min(concurrency, runs - i) }, one));
  }
  return { p50: pct(times, 50), p99: pct(times, 99) };
}
