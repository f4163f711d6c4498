import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { CurrentUser } from '../access.js';
import { conflict, notFound } from '../errors.js';
import type { ListQuery } from '../list-query.js';
import { filterCondition, searchCondition } from '../paging.js';
import { columnOf } from './columns.js';
import type { ResourceContext } from './context.js';
import type { Row, Tx } from './resource-module.js';

/** Whether the caller's rows are limited to their own: for reads (`applies: 'all'`) or for writes too. */
export const ownerScoped = (ctx: ResourceContext, user: CurrentUser, forWrite: boolean) =>
  !!ctx.decl.owner && ctx.decl.owner.roles.includes(user.role) && (ctx.decl.owner.applies === 'all' || forWrite);

/** Rows the caller may read. */
export function readScope(ctx: ResourceContext, user: CurrentUser): SQL | undefined {
  if (!ownerScoped(ctx, user, false)) return undefined;
  const owner = ctx.ownerColumn!;
  if (!ctx.decl.owner!.managers) return eq(owner, user.id);
  // Reads only: writes through the generic routes stay the owner's (assertOwnerWrite).
  return or(eq(owner, user.id), sql`${owner} in (select u.id from users u where u.manager_id = ${user.id})`);
}

export interface WhereOptions {
  id?: string;
  withArchived?: boolean;
  archivedOnly?: boolean;
  /** A picker's search: the search column only, not what a list's search also finds. */
  pick?: boolean;
}

/** The rows a caller reads: their scope, live rows (archived ones too when asked by id for a label), the query's filters. */
export function where(
  ctx: ResourceContext,
  user: CurrentUser,
  q: Partial<Pick<ListQuery, 'filters' | 'ids' | 'q'>> = {},
  opts: WhereOptions = {},
): SQL | undefined {
  const { m, archivedAt } = ctx;
  const parts: (SQL | undefined)[] = [readScope(ctx, user)];
  if (archivedAt && opts.archivedOnly) parts.push(isNotNull(archivedAt));
  else if (archivedAt && !opts.withArchived) parts.push(isNull(archivedAt));
  if (opts.id) parts.push(eq(m.table.id, opts.id));
  for (const { field, op, values } of q.filters ?? []) {
    const derived = m.derivedColumns?.[field]?.() as unknown as PgColumn | undefined;
    parts.push(filterCondition(derived ?? columnOf(m.table, field), ctx.decl.fields[field], op, values));
  }
  if (q.ids?.length) parts.push(inArray(m.table.id, q.ids));
  if (q.q && m.searchColumn)
    parts.push(
      m.searchAlso && !opts.pick ? or(searchCondition(m.searchColumn, q.q), m.searchAlso(q.q)) : searchCondition(m.searchColumn, q.q),
    );
  return and(...parts);
}

/** `?archived=true` lists the archived rows instead of the live ones (soft-deleting resources). */
export const archivedView = (ctx: ResourceContext, q: object): WhereOptions => ({
  archivedOnly: !!ctx.archivedAt && (q as { archived?: boolean }).archived === true,
});

/**
 * One row the caller may read. Reads see archived rows too (a link to one opens it read-only); a
 * write (`lock`) to an archived row is refused with 409 `archived`: it is restored first.
 */
export async function findOne<TRow extends Row>(
  ctx: ResourceContext<TRow>,
  db: Db | Tx,
  user: CurrentUser,
  id: string,
  lock = false,
  opts: { withArchived?: boolean; write?: boolean } = {},
): Promise<TRow> {
  const write = lock || !!opts.write;
  const query = db
    .select()
    .from(ctx.table)
    .where(where(ctx as ResourceContext, user, {}, { id, withArchived: write || opts.withArchived }));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound(ctx.decl.label);
  if (write && ctx.archivedAt && row.archivedAt && !opts.withArchived)
    throw conflict(`This ${ctx.decl.label.toLowerCase()} is archived: restore it to change it`, 'archived');
  return row as TRow;
}

/** The list's order: the asked field or the declared default, the id breaking ties so that pages never overlap. */
export function orderBy(ctx: ResourceContext, q: ListQuery) {
  const field = q.sort ?? ctx.decl.defaultSort.field;
  const dir = q.sort ? q.order : ctx.decl.defaultSort.order;
  const column = columnOf(ctx.m.table, field);
  return dir === 'desc' ? [desc(column), desc(ctx.m.table.id)] : [asc(column), asc(ctx.m.table.id)];
}

/** How many live rows match these filters: in the caller's scope, or every row (`user` null). */
export async function countWhere(ctx: ResourceContext, db: Db | Tx, user: CurrentUser | null, filters: ListQuery['filters']) {
  const parts: (SQL | undefined)[] = [user ? readScope(ctx, user) : undefined, ctx.archivedAt ? isNull(ctx.archivedAt) : undefined];
  for (const { field, op, values } of filters)
    parts.push(filterCondition(columnOf(ctx.m.table, field), ctx.decl.fields[field], op, values));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ctx.table)
    .where(and(...parts));
  return Number(row?.n ?? 0);
}
