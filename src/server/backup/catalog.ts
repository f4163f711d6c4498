import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { migrationsFolder } from '../db/client.js';
import * as schema from '../db/schema.js';
import type { Conn } from './connection.js';

/** Every table of the Drizzle schema: a table a later module adds to schema.ts is backed up without edits. */
export function schemaTables(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((v): v is PgTable => is(v, PgTable))
    .map((t) => getTableConfig(t).name)
    .sort();
}

/** The tables the database really holds (schema public). */
export async function databaseTables(conn: Conn): Promise<string[]> {
  const rows = await conn.objects<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  return rows.map((r) => r.name);
}

/** The columns a backup carries: stored ones, in their order (generated columns are computed again). */
export async function storedColumns(conn: Conn, table: string): Promise<Array<{ name: string; type: string }>> {
  return conn.objects(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname = $1 and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
    [table],
  );
}

export interface Migration {
  tag: string;
  when: number;
}

/** The migrations this version of the code knows, oldest first. */
export function codeMigrations(folder = migrationsFolder): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: Migration[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The database's migration level: the journal time of the last migration applied (0: none). */
export async function databaseLevel(conn: Conn): Promise<number> {
  const [exists] = await conn.objects<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`);
  if (!exists?.t) return 0;
  const [row] = await conn.objects<{ last: string | null }>(`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
  return Number(row?.last ?? 0);
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
