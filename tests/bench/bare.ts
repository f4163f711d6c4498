import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canAccessSection, toRole, type Section } from '../../src/domain/auth/permissions.js';
import { isoInstant } from '../../src/server/db/columns.js';
import { ESTIMATE_MARGIN } from '../../src/server/http/paging.js';
import type { TokenSigner } from '../../src/server/modules/auth/tokens.js';
import type { SqlClient } from './sql-client.js';

/**
 * The ceiling: a plain node:http server, no framework, running on the same driver the
 * SQL the CRUD route sends for `GET /api/v1/<path>/paginated` — the same token check and
 * session lookup, the same page query and the same total (bounded exact count, else
 * the planner's estimate). Only the list parameters the bench uses are parsed, as the
 * resource's `BareList` describes them.
 */
export interface BareOptions {
  db: SqlClient;
  tokens: TokenSigner;
  exactCountLimit: number;
  /** The lists served, at `/bare/<path>/paginated`. */
  lists: BareList[];
  /** Skip the token check and session lookup (to show what authentication costs). */
  skipAuth?: boolean;
}

/** What the ceiling knows of one resource's list: its SQL and its entity, written out by hand. */
export interface BareList {
  /** The API path (`user`, `candidates`). */
  path: string;
  /** The access section the route checks for the caller's role. */
  section: Section;
  table: string;
  /** Every column, as Drizzle's `select()` lists them. */
  columns: string;
  /** Sort key → column. */
  sortable: Record<string, string>;
  defaultSort: string;
  /** Equality filters: query key → column. */
  filters: Record<string, string>;
  /** Array filters (`refs`, `tags`): query key → column and element type; rows match when they share a value. */
  arrayFilters?: Record<string, { column: string; type: 'uuid' | 'text' }>;
  /** The accent-free search column `q` matches as a substring. */
  searchColumn: string;
  /**
   * What a list's search also finds (the module's `searchAlso`), OR-ed with the search column as the
   * route does: `param` adds a value and returns its placeholder, `q` is the trimmed search text.
   */
  searchAlso?: (param: (v: unknown) => string, q: string) => string;
  toEntity(row: Record<string, unknown>): Record<string, unknown>;
}

const AUTH_SQL = `select u.id, u.role, u.status, u.email, u.full_name, u.archived_at, s.revoked_at, s.expires_at
    from users u join sessions s on s.id = $1 and s.user_id = u.id
    where u.id = $2`;

// The route sends instants as ISO 8601 whatever text form the driver gives; the ceiling does the same work, the same way.
export const instant = (v: unknown) => (v == null ? null : isoInstant(v as string));

export async function startBareServer(o: BareOptions): Promise<{ server: Server; url: (path: string) => string; close(): Promise<void> }> {
  const byPath = new Map(o.lists.map((l) => [`/bare/${l.path}/paginated`, l]));

  async function authenticate(header: string | undefined, section: Section): Promise<boolean> {
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) return false;
    let claims;
    try {
      claims = await o.tokens.verifyAccess(token);
    } catch {
      return false;
    }
    const [row] = await o.db.query<{ role: string; status: string; archived_at: unknown; revoked_at: unknown; expires_at: string }>(
      AUTH_SQL,
      [claims.sid, claims.sub],
    );
    return (
      !!row &&
      row.status === 'active' &&
      !row.archived_at &&
      !row.revoked_at &&
      new Date(row.expires_at) >= new Date() &&
      !!toRole(row.role) &&
      canAccessSection(row.role, section)
    );
  }

  async function list(l: BareList, params: URLSearchParams) {
    const sql = listSql(l, params, o.exactCountLimit);
    const [rows, estimate] = await Promise.all([o.db.query<Record<string, unknown>>(sql.page, sql.pageValues), estimateRows(sql)]);
    return { data: rows.map(l.toEntity), ...(await countRows(sql, rows.length, estimate)) };
  }

  async function estimateRows(sql: ListSql): Promise<number> {
    const [plan] = await o.db.query<{ 'QUERY PLAN': unknown }>(sql.estimate, sql.values);
    const raw = plan?.['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: { 'Plan Rows': number } }>;
    return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
  }

  // The same decisions as src/server/http/paging.ts countRows.
  async function countRows(sql: ListSql, returned: number, estimate: number): Promise<{ total: number; totalIsEstimate?: true }> {
    if (sql.limit > 0 && returned < sql.limit && (returned > 0 || sql.offset === 0)) return { total: sql.offset + returned };
    if (estimate > ESTIMATE_MARGIN * o.exactCountLimit) return { total: estimate, totalIsEstimate: true };
    const [bounded] = await o.db.query<{ n: number }>(sql.count, sql.values);
    const n = Number(bounded!.n);
    if (n <= o.exactCountLimit) return { total: n };
    return { total: Math.max(estimate, n), totalIsEstimate: true };
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bare');
    const send = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    };
    const l = byPath.get(url.pathname);
    if (!l) return send(404, { message: 'Not found' });
    (async () => {
      if (!o.skipAuth && !(await authenticate(req.headers.authorization, l.section))) return send(401, { message: 'Unauthorized' });
      send(200, await list(l, url.searchParams));
    })().catch((err: Error) => send(500, { message: err.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: (path) => `http://127.0.0.1:${port}/bare/${path}/paginated`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a substring search as paging.ts searchCondition sends it: lower case, LIKE's wildcards escaped. */
export const likeText = (q: string) => q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ListSql {
  /** The page (deferred join): ids picked on the sort index, then those rows, every column. */
  page: string;
  pageValues: unknown[];
  /** The bounded exact count: at most `limit + 1` matching rows are visited. */
  count: string;
  /** Every matching row counted: what an estimate is judged against (never timed). */
  fullCount: string;
  /** The planner's estimate of the matching rows (not executed). */
  estimate: string;
  values: unknown[];
  offset: number;
  limit: number;
}

/**
 * The SQL the CRUD route (src/server/http/crud.ts `list`) sends for a list query, conditions
 * in the same order (scope, live rows, declared filters, search); also used to EXPLAIN ANALYZE it.
 */
export function listSql(l: BareList, params: URLSearchParams, exactCountLimit: number): ListSql {
  const values: unknown[] = [];
  const p = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where = ['archived_at is null'];
  for (const [key, column] of Object.entries(l.filters)) {
    const v = params.getAll(key);
    if (v.length === 1) where.push(`${column} = ${p(v[0])}`);
    else if (v.length > 1) where.push(`${column} in (${v.map(p).join(', ')})`);
  }
  for (const [key, { column, type }] of Object.entries(l.arrayFilters ?? {})) {
    const v = params.getAll(key);
    if (v.length) where.push(`${column} && array[${v.map(p).join(', ')}]::${type}[]`);
  }
  const q = params.get('q')?.trim();
  if (q) {
    const own = `${l.searchColumn} like '%' || f_unaccent(${p(likeText(q))}) || '%'`;
    where.push(l.searchAlso ? `(${own} or ${l.searchAlso(p, q)})` : own);
  }
  const whereSql = where.join(' and ');
  const whereValues = [...values];

  const sort = params.get('sort');
  const column = (sort && l.sortable[sort]) || l.defaultSort;
  const dir = sort ? (params.get('order')?.toLowerCase() === 'desc' ? 'desc' : 'asc') : 'asc';
  const limit = Math.min(100, Number(params.get('limit') ?? 10));
  const offset = (Number(params.get('page') ?? 1) - 1) * limit;
  return {
    page:
      `select ${l.columns} from ${l.table} where id in (` +
      `select id from ${l.table} where ${whereSql} order by ${column} ${dir}, id ${dir} limit ${p(limit)} offset ${p(offset)}` +
      `) order by ${column} ${dir}, id ${dir}`,
    pageValues: values,
    count: `select count(*)::int as n from (select 1 from ${l.table} where ${whereSql} limit ${exactCountLimit + 1}) bounded`,
    fullCount: `select count(*)::int as n from ${l.table} where ${whereSql}`,
    estimate: `explain (format json) select 1 from ${l.table} where ${whereSql}`,
    values: whereValues,
    offset,
    limit,
  };
}
