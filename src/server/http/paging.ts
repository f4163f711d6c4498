import { and, Column, eq, getTableColumns, inArray, isNull, ne, notInArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { filtersCaseless, type FieldDecl, type FilterOp } from '../../domain/resource.js';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Services } from '../services.js';
import { queryRows, type Db } from '../db/client.js';

/** A text put in a LIKE pattern as itself: its `%`, `_` and `\\` escaped. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The words searched as a LIKE pattern's middle: lower case, `%`, `_` and `\\` taken as themselves. */
export const searchNeedle = (q: string) => likeEscaped(q.toLowerCase());

/**
 * `q` matched as a substring of the column, case- and accent-insensitively (trigram-indexed). The
 * needle is `searchNeedle(q)`, or a placeholder a kept statement fills with it.
 */
export function searchCondition(column: PgColumn, q: string | Placeholder): SQL {
  return sql`${column} like '%' || f_unaccent(${typeof q === 'string' ? searchNeedle(q) : q}) || '%'`;
}

/**
 * A list filter (`stage=…`, `stage_ne=…`, `createdAt_gte=…`) as SQL. Several values are any of them;
 * `ne` keeps rows where the column is empty; array columns (refs, tags) match when they share a value;
 * unique texts and e-mails compare case-insensitively (`filtersCaseless`), on their `lower()` index.
 */
export function filterCondition(
  column: PgColumn,
  field: Pick<FieldDecl, 'type' | 'unique'> | undefined,
  op: FilterOp,
  values: unknown[],
): SQL | undefined {
  const type = field?.type;
  if (op === 'gte') return and(...values.map((v) => sql`${column} >= ${v}`));
  if (op === 'lte') return and(...values.map((v) => sql`${column} <= ${v}`));
  if (field && filtersCaseless(field)) {
    // As the uniqueness check and the unique indexes read them: lower() on both sides, in SQL.
    const list = sql.join(
      values.map((v) => sql`lower(${v})`),
      sql`, `,
    );
    return op === 'ne' ? sql`(lower(${column}) not in (${list}) or ${column} is null)` : sql`lower(${column}) in (${list})`;
  }
  const arrayType = type === 'refs' ? sql.raw('uuid[]') : type === 'tags' ? sql.raw('text[]') : undefined;
  if (arrayType) {
    const list = sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::${arrayType}`;
    return op === 'ne' ? sql`not (${column} && ${list})` : sql`${column} && ${list}`;
  }
  if (op === 'ne') return values.length === 1 ? or(ne(column, values[0]), isNull(column)) : or(notInArray(column, values), isNull(column));
  return values.length === 1 ? eq(column, values[0]) : inArray(column, values);
}

export interface ListTotal {
  total: number;
  totalIsEstimate?: true;
}

/** A json-server page's total, in the headers @refinedev/simple-rest reads. */
export function setTotalHeaders(reply: { header(name: string, value: string): unknown }, { total, totalIsEstimate }: ListTotal): void {
  reply.header('x-total-count', String(total));
  if (totalIsEstimate) reply.header('x-total-is-estimate', 'true');
  reply.header('access-control-expose-headers', 'X-Total-Count, X-Total-Is-Estimate');
}

/**
 * Beyond this multiple of the exact-count limit the planner's estimate is trusted without
 * counting. The margin covers the planner's error: with analyzed statistics (and the
 * finer histogram kept on users.search) estimates land well within a factor of 2.
 */
export const ESTIMATE_MARGIN = 2;

/**
 * The total of a list, honest and bounded in cost (docs/decisions/003):
 * - a short page proves it: offset + rows on the page, exact, nothing to count;
 * - when the planner expects more than ESTIMATE_MARGIN × `limit` matching rows, its
 *   estimate, marked `totalIsEstimate` (counting would visit at least `limit` rows);
 * - otherwise an exact count that stops after `limit + 1` rows: exact up to `limit`,
 *   beyond it the larger of the estimate and what was counted, marked as an estimate.
 * `estimate` is `estimateRows` for the same WHERE, run alongside the page query.
 */
export async function countRows(
  s: Services,
  table: PgTable,
  where: SQL | undefined,
  limit: number,
  page: { offset: number; limit: number; returned: number; estimate: number },
): Promise<ListTotal> {
  if (page.limit > 0 && page.returned < page.limit && (page.returned > 0 || page.offset === 0)) {
    return { total: page.offset + page.returned };
  }
  if (page.estimate > ESTIMATE_MARGIN * limit) return { total: page.estimate, totalIsEstimate: true };
  const [bounded] = await queryRows<{ n: number }>(
    s.db,
    sql`select count(*)::int as n from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${limit + 1}) bounded`,
  );
  const n = Number(bounded!.n);
  if (n <= limit) return { total: n };
  return { total: Math.max(page.estimate, n), totalIsEstimate: true };
}

/** The planner's estimate of the rows matching `where`: planned, never executed (well under a millisecond). */
export async function estimateRows(s: Services, table: PgTable, where: SQL | undefined): Promise<number> {
  const [r] = await queryRows<{ 'QUERY PLAN': unknown }>(
    s.db,
    sql`explain (format json) select 1 from ${table} ${where ? sql`where ${where}` : sql``}`,
  );
  const raw = r?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * Reads whole rows of `table` as Drizzle's `select().from(table)` returns them, with the
 * column list rendered once instead of on every query: building that select and mapping its
 * rows cost about 0.2 ms of CPU per list request, as much as the database spends on a
 * first page (measured with `npm run bench`, decision 003).
 */
export function tableRowReader(db: Db, table: PgTable) {
  const rendered = db.select().from(table).toSQL().sql; // select "id", "created_at", … from "users"
  const list = rendered.slice('select '.length, rendered.lastIndexOf(' from '));
  const names = [...list.matchAll(/"((?:[^"]|"")+)"/g)].map((m) => m[1]!.replace(/""/g, '"'));
  const columns = Object.entries(getTableColumns(table));
  if (names.length !== columns.length) throw new Error(`Cannot read the columns of ${rendered}`);
  const fields = columns.map(([key, column], i) => ({ key, name: names[i]!, decode: decoderOf(column) }));
  return {
    /** `select <every column> from table <rest>`, e.g. rest = sql`where … order by …`. */
    async read(rest: SQL): Promise<Record<string, unknown>[]> {
      const raw = await queryRows<Record<string, unknown>>(db, sql`select ${sql.raw(list)} from ${table} ${rest}`);
      return raw.map((r) => {
        const row: Record<string, unknown> = {};
        // As Drizzle maps a selected row: null stays null, anything else through the column's decoder.
        for (const f of fields) {
          const value = r[f.name];
          row[f.key] = value === null || value === undefined ? null : f.decode ? f.decode(value) : value;
        }
        return row;
      });
    },
  };
}

const keepValue = Column.prototype.mapFromDriverValue;

/**
 * The column's decoder, or none where Drizzle's would hand the value back as it is (text, uuid,
 * boolean, and arrays of those the driver has already split): a list maps a page of rows column
 * by column, so a call per cell that changes nothing is worth skipping.
 */
function decoderOf(column: Column): ((value: unknown) => unknown) | undefined {
  if (column.mapFromDriverValue === keepValue) return undefined;
  const base = (column as Column & { baseColumn?: Column }).baseColumn;
  if (base?.mapFromDriverValue === keepValue) return (value) => (Array.isArray(value) ? value : column.mapFromDriverValue(value));
  return (value) => column.mapFromDriverValue(value);
}
