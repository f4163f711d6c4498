import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillPlaceholders, is, SQL, type Query } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgSession } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema.js';

/** Columns are named in snake case in the database and in camel case in the tables' code. */
const CASING = 'snake_case';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  url?: string;
  dataDir?: string;
  /** PostgreSQL only: give up connecting after this long (the request then answers 503). */
  connectTimeoutMs?: number;
  /** PostgreSQL only: give up waiting for a query's answer after this long (a silent network). */
  queryTimeoutMs?: number;
  /** PostgreSQL only: connections this instance keeps open at most. */
  poolMax?: number;
  /** Embedded in memory only: start from a dumped data folder (`dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
  /** false: open the database as it is (backup and restore read and set its migration level themselves). */
  migrate?: boolean;
}

/** PostgreSQL when a URL is given; otherwise PGlite in `dataDir` (or in memory without one). */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  return opts.url ? openPostgres(opts.url, opts) : openPglite(opts.dataDir, opts.loadDataDir, opts.migrate ?? true);
}

// Any constant shared by every instance: serialises migrations and demo seeding between processes.
export const MIGRATION_LOCK_KEY = 7_310_442_001;

async function openPostgres(url: string, opts: OpenDatabaseOptions): Promise<Database> {
  const { Client, Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const connectionTimeoutMillis = opts.connectTimeoutMs ?? 3000;

  // Migrations run on a connection of their own, without the query timeout (an index on a
  // big table may take minutes), under an advisory lock so that instances starting together
  // don't race to create the same objects.
  if (opts.migrate ?? true) {
    const migrator = new Client({ connectionString: url, connectionTimeoutMillis });
    await migrator.connect();
    try {
      await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrate(drizzle(migrator, { schema, casing: CASING }), { migrationsFolder });
    } finally {
      await migrator.end().catch(() => {});
    }
  }

  const pool = new Pool({
    connectionString: url,
    max: opts.poolMax ?? 10,
    connectionTimeoutMillis,
    // A vanished server (no RST, e.g. a network partition) never answers: stop waiting, answer 503,
    // and let the pool drop that connection.
    query_timeout: opts.queryTimeoutMs ?? 5000,
    keepAlive: true,
  });
  // An idle client losing its server must not crash the process; requests then fail with 503.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema, casing: CASING });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

export const EMBEDDED_SHARED_BUFFERS = '32MB';

/** The embedded database's own folder inside the data folder. */
const embeddedDir = (dataDir: string) => join(dataDir, 'pg');

/** Whether the data folder holds an embedded database yet (PostgreSQL's own mark of a data directory). */
export const embeddedDatabaseExists = (dataDir: string) => existsSync(join(embeddedDir(dataDir), 'PG_VERSION'));

async function openPglite(dataDir?: string, loadDataDir?: Blob, runMigrations = true): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { citext } = await import('@electric-sql/pglite/contrib/citext');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = dataDir ? embeddedDir(dataDir) : undefined;
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    if (dir) mkdirSync(dataDir!, { recursive: true });
    const client = await PGlite.create(dir, {
      extensions: { pg_trgm, unaccent, citext },
      loadDataDir,
      startParams: [
        ...PGlite.defaultStartParams,
        // The embedded database lives in the server's own memory, which never shrinks: a smaller buffer
        // pool than PostgreSQL's 128 MB (the demo firm is about 60 MB on disk; the OS caches the rest).
        '-c',
        `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`,
        // A kept statement planned for each run's values, and its values written as standard literals (queryRowsPrepared).
        '-c',
        'plan_cache_mode=force_custom_plan',
        '-c',
        'standard_conforming_strings=on',
      ],
    });
    const db = drizzle(client, { schema, casing: CASING });
    if (runMigrations) await migrate(db, { migrationsFolder });
    answerAsText(client);
    takeTurns(client);
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/**
 * Each statement waits for the event loop's next turn before it starts. PGlite runs on the one thread
 * every request shares, and hands its lock from one waiting statement to the next without letting the
 * loop run: under load, answers already computed were not sent, nor new requests read, until every
 * queued statement had run. Measured on the header search at 4 connections: the same requests a second,
 * its p99 down by about a third (decision 023).
 */
function takeTurns(client: PGlite) {
  let last: Promise<unknown> = Promise.resolve();
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const run = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const mine = last.then(nextTurn).then(() => run(...args));
      last = mine.catch(() => {});
      return mine;
    };
  }
}

// Folders this process holds: a lock file carrying our own pid is ours only if we took it
// (after a container restart the same pid may find its predecessor's stale file).
const heldDataDirs = new Set<string>();

/** PGlite has no lock between processes: two on one folder corrupt it, so refuse the second. */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'server.lock');
  if (heldDataDirs.has(lockFile)) throw new DataDirLockedError(dataDir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldDataDirs.add(lockFile);
      return () => {
        heldDataDirs.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockFile, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(dataDir, pid);
      }
      rmSync(lockFile, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(dataDir, 0);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another server process (pid ${pid}). ` +
        'The embedded database allows one process per folder: stop the other one, or set DATA_DIR or DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
  }
}

const dialect = new PgDialect({ casing: CASING });

// The embedded instances this process opened: their raw reads skip Drizzle (below).
const embeddedClients = new WeakSet<object>();

// Types Drizzle reads as the database writes them (dates, times, intervals, numeric and time arrays).
const AS_TEXT = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231];

/**
 * The embedded instance answers these types as text, as Drizzle asks of it per query. Set once on the
 * instance: a per-query `parsers` option costs PGlite a copy of its whole parser table every time.
 */
function answerAsText(client: PGlite) {
  for (const oid of AS_TEXT) client.parsers[oid] = (value: string) => value;
  embeddedClients.add(client);
}

/**
 * Raw SQL rows; both drivers answer `{ rows }`. On the embedded database outside a transaction the
 * statement goes to PGlite directly: Drizzle's own path there (its per-query parsers and wrapping)
 * cost about as much as a small query itself, on the one thread every request shares.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as { $client?: object }).$client;
  if (client && embeddedClients.has(client)) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await (client as PGlite).query<T>(text, params)).rows;
  }
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Prepared statements kept per embedded instance, by their text: least recently used first. */
const preparedByClient = new WeakMap<PGlite, Map<string, Promise<string>>>();
const PREPARED_MAX = 32;
let preparedSeq = 0;

/** A statement turned into SQL text once, to run many times: its changing values are `sql.placeholder`s. */
export const compileQuery = (query: SQL): Query => dialect.sqlToQuery(query);

/**
 * `queryRows` for a statement that runs again and again with other values: the header's search (about
 * 10 KB of SQL with a hundred values) and every request's session check. Given compiled
 * (`compileQuery`), its placeholders take `values`. On the embedded database it is parsed once and
 * kept as a prepared statement: parsing and analysing the search cost about a fifth of each answer on
 * the one thread. Each run is still planned for its values (`plan_cache_mode` is `force_custom_plan`
 * there): a plan made for no value in particular cannot tell one letter, which no trigram index
 * narrows, from a rare word (decision 023). PostgreSQL parses on its own cores: Drizzle's own path,
 * outside a transaction.
 */
export async function queryRowsPrepared<T>(db: Db, query: SQL | Query, values: Record<string, unknown> = {}): Promise<T[]> {
  const compiled = is(query, SQL) ? compileQuery(query) : query;
  const client = (db as { $client?: object }).$client;
  if (!client || !embeddedClients.has(client)) {
    const session = (db as unknown as { session: PgSession }).session;
    return ((await session.prepareQuery(compiled, undefined, undefined, false).execute(values)) as { rows: T[] }).rows;
  }
  const pglite = client as PGlite;
  const { sql: text } = compiled;
  const params = fillPlaceholders(compiled.params, values);
  const literals = params.map(sqlLiteral);
  if (literals.some((v) => v === undefined)) return (await pglite.query<T>(text, params)).rows;
  let kept = preparedByClient.get(pglite);
  if (!kept) preparedByClient.set(pglite, (kept = new Map()));
  let name = kept.get(text);
  // Used again, it moves to the end of the line; new, it is prepared, and the oldest let go past the bound.
  if (name) {
    kept.delete(text);
  } else {
    const evicted = kept.size >= PREPARED_MAX ? kept.entries().next().value : undefined;
    if (evicted) {
      kept.delete(evicted[0]);
      void evicted[1].then((old) => pglite.exec(`deallocate ${old}`)).catch(() => {});
    }
    const fresh = `kept_read_${++preparedSeq}`;
    name = pglite.exec(`prepare ${fresh} as ${text}`).then(() => fresh);
    // A statement that fails to prepare is not kept: the next call tries again and gets the error again.
    name.catch(() => kept.delete(text));
  }
  kept.set(text, name);
  const args = literals.length ? `(${literals.join(', ')})` : '';
  return (await pglite.query<T>(`execute ${await name}${args}`)).rows;
}

/**
 * A value written into `execute …(…)` as a literal of unknown type, which the prepared statement's
 * parameter gives its type as a bound value would get it; undefined for a value not written this way
 * (objects, nested arrays, a NUL, which text cannot hold), which then goes as a bound value instead.
 * Strings are quoted the standard way: the embedded database keeps `standard_conforming_strings` on.
 */
function sqlLiteral(value: unknown): string | undefined {
  const text = literalText(value);
  if (text === null) return 'null';
  if (text === undefined || text.includes('\0')) return undefined;
  return `'${text.replaceAll("'", "''")}'`;
}

/** A value as PostgreSQL reads it from text; null for SQL's null; an array in its `{…}` form. */
function literalText(value: unknown, inArray = false): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return inArray ? `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"` : value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && !inArray) {
    const items = value.map((v) => literalText(v, true));
    return items.includes(undefined) ? undefined : `{${items.map((v) => v ?? 'NULL').join(',')}}`;
  }
  return undefined;
}
