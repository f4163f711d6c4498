import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canAccessSection, toRole } from '../../src/domain/auth/permissions.js';
import { ESTIMATE_MARGIN } from '../../src/server/http/paging.js';
import type { TokenSigner } from '../../src/server/modules/auth/tokens.js';
import type { SqlClient } from './sql-client.js';

/**
 * The ceiling: a plain node:http server, no framework, running on the same driver the
 * SQL the CRUD route sends for `GET /api/v1/user/paginated` — the same token check and
 * session lookup, the same page query and the same total (bounded exact count, else
 * the planner's estimate). Only the users route's parameters used by the bench are parsed.
 */
export interface BareOptions {
  db: SqlClient;
  tokens: TokenSigner;
  exactCountLimit: number;
  /** Skip the token check and session lookup (to show what authentication costs). */
  skipAuth?: boolean;
}

const SORTABLE: Record<string, string> = {
  fullName: 'full_name',
  email: 'email',
  role: 'role',
  status: 'status',
  createdAt: 'created_at',
  joinDate: 'join_date',
};
const FILTERS: Record<string, string> = { role: 'role', status: 'status', level: 'level', managerId: 'manager_id' };

// Every column, as Drizzle's `select()` lists them.
const COLUMNS =
  'id, created_at, updated_at, created_by, email, full_name, role, status, phone, title, level, manager_id, join_date, password_hash, email_verified_at, avatar_file_id, archived_at, search';

const AUTH_SQL = `select u.id, u.role, u.status, u.email, u.full_name, u.archived_at, s.revoked_at, s.expires_at
    from users u join sessions s on s.id = $1 and s.user_id = u.id
    where u.id = $2`;

interface UserRow {
  id: string;
  created_at: unknown;
  updated_at: unknown;
  email: string;
  full_name: string;
  role: string;
  status: string;
  phone: string | null;
  title: string | null;
  level: string | null;
  manager_id: string | null;
  join_date: unknown;
  email_verified_at: unknown;
  avatar_file_id: string | null;
}

// The route sends instants as ISO 8601 whatever text form the driver gives; the ceiling does the same work.
const instant = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

const toEntity = (r: UserRow) => ({
  id: r.id,
  email: r.email,
  fullName: r.full_name,
  role: r.role,
  status: r.status,
  phone: r.phone,
  title: r.title,
  level: r.level,
  managerId: r.manager_id,
  joinDate: r.join_date,
  emailVerifiedAt: instant(r.email_verified_at),
  avatarFileId: r.avatar_file_id,
  createdAt: instant(r.created_at),
  updatedAt: instant(r.updated_at),
});

export async function startBareServer(o: BareOptions): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  async function authenticate(header: string | undefined): Promise<boolean> {
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
      canAccessSection(row.role, 'users')
    );
  }

  async function list(params: URLSearchParams) {
    const sql = listSql(params, o.exactCountLimit);
    const [rows, estimate] = await Promise.all([o.db.query<UserRow>(sql.page, sql.pageValues), estimateRows(sql)]);
    return { data: rows.map(toEntity), ...(await countRows(sql, rows.length, estimate)) };
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
    if (url.pathname !== '/bare/user/paginated') return send(404, { message: 'Not found' });
    (async () => {
      if (!o.skipAuth && !(await authenticate(req.headers.authorization))) return send(401, { message: 'Unauthorized' });
      send(200, await list(url.searchParams));
    })().catch((err: Error) => send(500, { message: err.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}/bare/user/paginated`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ListSql {
  /** The page (deferred join): ids picked on the sort index, then those rows, every column. */
  page: string;
  pageValues: unknown[];
  /** The bounded exact count: at most `limit + 1` matching rows are visited. */
  count: string;
  /** The planner's estimate of the matching rows (not executed). */
  estimate: string;
  values: unknown[];
  offset: number;
  limit: number;
}

/** The SQL the CRUD route sends for a users list query (also used to EXPLAIN ANALYZE it). */
export function listSql(params: URLSearchParams, exactCountLimit: number): ListSql {
  const values: unknown[] = [];
  const p = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where = ['archived_at is null'];
  for (const [key, column] of Object.entries(FILTERS)) {
    const v = params.getAll(key);
    if (v.length === 1) where.push(`${column} = ${p(v[0])}`);
    else if (v.length > 1) where.push(`${column} in (${v.map(p).join(', ')})`);
  }
  const q = params.get('q')?.trim();
  if (q) where.push(`search like '%' || f_unaccent(${p(q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`))}) || '%'`);
  const whereSql = where.join(' and ');
  const whereValues = [...values];

  const sort = params.get('sort');
  const column = (sort && SORTABLE[sort]) || 'full_name';
  const dir = sort ? (params.get('order')?.toLowerCase() === 'desc' ? 'desc' : 'asc') : 'asc';
  const limit = Math.min(100, Number(params.get('limit') ?? 10));
  const offset = (Number(params.get('page') ?? 1) - 1) * limit;
  return {
    page:
      `select ${COLUMNS} from users where id in (` +
      `select id from users where ${whereSql} order by ${column} ${dir}, id ${dir} limit ${p(limit)} offset ${p(offset)}` +
      `) order by ${column} ${dir}, id ${dir}`,
    pageValues: values,
    count: `select count(*)::int as n from (select 1 from users where ${whereSql} limit ${exactCountLimit + 1}) bounded`,
    estimate: `explain (format json) select 1 from users where ${whereSql}`,
    values: whereValues,
    offset,
    limit,
  };
}
