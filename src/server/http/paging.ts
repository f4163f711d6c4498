import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Services } from '../app.js';
import { queryRows } from '../db/client.js';

/** `q` matched as a substring of the column, case- and accent-insensitively (trigram-indexed). */
export function searchCondition(column: PgColumn, q: string): SQL {
  const escaped = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${column} like '%' || f_unaccent(${escaped}) || '%'`;
}

/**
 * An exact count while it is cheap (up to `limit` matching rows); beyond that the
 * planner's estimate, marked as such, so that a list over a million rows stays fast.
 */
export async function countRows(s: Services, table: PgTable, where: SQL | undefined, limit: number): Promise<{ total: number; totalIsEstimate?: true }> {
  const [bounded] = await queryRows<{ n: number }>(
    s.db,
    sql`select count(*)::int as n from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${limit + 1}) bounded`,
  );
  const n = Number(bounded!.n);
  if (n <= limit) return { total: n };
  const estimate = where ? await plannerEstimate(s, table, where) : await tableEstimate(s, table);
  return { total: Math.max(estimate, n), totalIsEstimate: true };
}

async function tableEstimate(s: Services, table: PgTable): Promise<number> {
  const name = getTableConfig(table).name;
  const [r] = await queryRows<{ n: number }>(s.db, sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = to_regclass(${name})`);
  return Number(r?.n ?? 0);
}

async function plannerEstimate(s: Services, table: PgTable, where: SQL): Promise<number> {
  const [r] = await queryRows<{ 'QUERY PLAN': unknown }>(s.db, sql`explain (format json) select 1 from ${table} where ${where}`);
  const raw = r?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}
