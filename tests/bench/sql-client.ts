import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const pgTypes = pg.types;
import type { Database } from '../../src/server/db/client.js';

/** One way to send SQL text with parameters to the driver under the app's Drizzle instance. */
export interface SqlClient {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements, no parameters (PostgreSQL: one pooled connection per call). */
  exec(text: string): Promise<void>;
}

// Dates, timestamps and intervals stay text, as Drizzle's drivers return them for the app:
// the ceiling must not do more work (parsing into Date) than the route it is compared with.
const AS_TEXT = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]; // date, timestamp(tz), interval, their arrays, numeric[]

/** The same node-postgres Pool or PGlite instance the app runs on (Drizzle's `$client`). */
export function sqlClient(database: Database): SqlClient {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const lite = client as PGlite;
    // Set once on the instance: a per-query `parsers` option costs PGlite a copy of its whole
    // parser table on every query. Drizzle passes the same identity parsers per query anyway.
    for (const oid of AS_TEXT) lite.parsers[oid] = (value: string) => value;
    return {
      query: async <T>(text: string, params?: unknown[]) => (await lite.query<T>(text, params)).rows,
      exec: async (text) => {
        await lite.exec(text);
      },
    };
  }
  const pool = client as pg.Pool;
  const types = {
    getTypeParser: (oid: number, format?: string) =>
      AS_TEXT.includes(oid) ? (value: string) => value : pgTypes.getTypeParser(oid, format as 'text'),
  };
  return {
    query: async <T>(text: string, params?: unknown[]) => (await pool.query({ text, values: params, types } as pg.QueryConfig)).rows as T[],
    exec: async (text) => {
      await pool.query(text);
    },
  };
}

/** A connection of its own without the app pool's query timeout, for the bulk fill. */
export async function dedicatedClient(url: string): Promise<SqlClient & { end(): Promise<void> }> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    exec: async (text) => {
      await client.query(text);
    },
    end: () => client.end(),
  };
}
