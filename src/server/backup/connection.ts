import type { PGlite } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import type { Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import * as schema from '../db/schema.js';

/** One connection to the firm's database, as backup and restore need it: raw SQL, one session. */
export interface Conn {
  kind: Database['kind'];
  /** Rows as arrays, in the select list's order. */
  rows(text: string, params?: unknown[]): Promise<unknown[][]>;
  objects<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters. */
  exec(text: string): Promise<void>;
  /** Applies the migrations of `folder` that this database lacks (drizzle's own migrator). */
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

// Text forms that read back exactly: ISO dates, every float digit, bytea in hex.
const SESSION = `set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'; set extra_float_digits = 3; set bytea_output = 'hex'`;

/**
 * Opens the database the server would use (DATABASE_URL, else the embedded one in DATA_DIR) as it
 * is, without migrating it. The embedded database takes the data folder's lock, so a running
 * server's folder is refused.
 */
export async function openConn(config: Pick<Config, 'DATABASE_URL' | 'dataDir'>): Promise<Conn> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    migrate: false,
    poolMax: 1,
    // A table's worth of rows may take longer than a request's answer.
    queryTimeoutMs: 30 * 60_000,
  });
  return connFor(database);
}

/** A Conn over a database already open (tests hand in their copies). Closing it closes the database. */
export async function connFor(database: Database): Promise<Conn> {
  const conn = database.kind === 'postgres' ? await postgresConn(database) : pgliteConn(database);
  await conn.exec(SESSION);
  return conn;
}

async function postgresConn(database: Database): Promise<Conn> {
  const pool = (database.db as unknown as { $client: Pool }).$client;
  const client: PoolClient = await pool.connect();
  return {
    kind: 'postgres',
    rows: async (text, params) => (await client.query({ text, values: params, rowMode: 'array' })).rows as unknown[][],
    objects: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    exec: async (text) => void (await client.query(text)),
    async migrate(migrationsFolder) {
      const { drizzle } = await import('drizzle-orm/node-postgres');
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(drizzle(client, { schema, casing: 'snake_case' }), { migrationsFolder });
    },
    async close() {
      client.release();
      await database.close();
    },
  };
}

function pgliteConn(database: Database): Conn {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return {
    kind: 'pglite',
    rows: async (text, params) => (await client.query<unknown[]>(text, params, { rowMode: 'array' })).rows,
    objects: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    exec: async (text) => void (await client.exec(text)),
    async migrate(migrationsFolder) {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(database.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
    },
    close: () => database.close(),
  };
}
