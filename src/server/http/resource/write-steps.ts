import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../domain/auth/permissions.js';
import { ownerAllowsWrite, type FieldDecl } from '../../../domain/resource.js';
import { can } from '../../../domain/resources.js';
import type { Db } from '../../db/client.js';
import type { CurrentUser } from '../access.js';
import { conflict, forbidden, pgError } from '../errors.js';
import { assertCurrent } from '../precondition.js';
import { columnOf } from './columns.js';
import type { ResourceContext } from './context.js';
import { findOne, ownerScoped } from './scope.js';
import type { Row, Tx, WriteAction, WriteContext } from './resource-module.js';

/**
 * The steps every write of the kit takes, in this order: lock the row, check the owner scope and
 * the caller's precondition (`If-Match`, 412), run the write guards (the month close), check
 * references and unique values, write, then the audit entry and the module's hook in the same
 * transaction, and after the commit the live event.
 */

const TEXT_TYPES = new Set(['string', 'text', 'email']);
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const writeContext = (ctx: ResourceContext, req: FastifyRequest, tx: Tx): WriteContext => ({
  user: req.user!,
  services: ctx.s,
  req,
  tx,
});

const duplicate = (ctx: ResourceContext, field: string) =>
  conflict(`Another ${ctx.decl.label.toLowerCase()} already has this ${field}`, 'duplicate', { [field]: 'unique' });

/** Runs a write in one transaction; a unique index that still fires (a race) is named by field. */
export async function inTransaction<T>(ctx: ResourceContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.s.db.transaction(fn);
  } catch (err) {
    const pg = pgError(err);
    if (pg?.code === '23505') {
      const field = ctx.uniqueFields.map(([f]) => f).find((f) => pg.constraint?.includes(snake(f)));
      throw field ? duplicate(ctx, field) : conflict('A record with these values already exists', 'duplicate');
    }
    throw err;
  }
}

/** Owner scope on writes: a role that writes only its own rows. */
export function assertOwnerWrite(ctx: ResourceContext, user: CurrentUser, values: Row, existing?: Row) {
  if (!ownerScoped(ctx, user, true)) return;
  const field = ctx.decl.owner!.field;
  if (existing && !ownerAllowsWrite(ctx.decl, user, existing))
    throw forbidden(`You can only change your own ${ctx.decl.label.toLowerCase()} records`, 'not_owner');
  if (field in values && values[field] !== user.id) throw forbidden(`You can only assign yourself as ${field}`, 'not_owner');
}

/** A write to a row loaded before someone else's write is refused (412), when the caller says which version it loaded. */
export const assertLoadedVersion = <TRow extends Row>(ctx: ResourceContext<TRow>, db: Db | Tx, req: FastifyRequest, row: TRow) =>
  assertCurrent(ctx.s.kit.audit, db, req, { entity: ctx.decl.name, label: ctx.decl.label, row, current: () => ctx.toEntity(row) });

/** The modules' write guards (the month close): a write touching what they protect, as the row was or will be, is refused. */
export const assertOpen = (ctx: ResourceContext, db: Db | Tx, before: Row | undefined, after: Row | undefined) =>
  ctx.s.kit.guardWrite(db, ctx.decl, before, after);

/**
 * The row a write changes, locked, with the caller's right to change it and their precondition
 * checked. `withArchived`: the write is the one that acts on archived rows (restore).
 */
export async function lockForWrite<TRow extends Row>(
  ctx: ResourceContext<TRow>,
  tx: Tx,
  req: FastifyRequest,
  id: string,
  opts: { withArchived?: boolean } = {},
): Promise<TRow> {
  const existing = await findOne(ctx, tx, req.user!, id, true, opts);
  assertOwnerWrite(ctx as ResourceContext, req.user!, {}, existing);
  await assertLoadedVersion(ctx, tx, req, existing);
  return existing;
}

const missingReference = (field: string) => conflict(`The ${field} does not exist`, 'reference_missing', { [field]: 'reference_missing' });
const refIds = (v: unknown): string[] =>
  v === undefined || v === null ? [] : [...new Set(Array.isArray(v) ? (v as string[]) : [v as string])];

/** Of these ids of the resource a reference field points to, the live ones. */
async function liveIds(ctx: ResourceContext, tx: Tx, f: FieldDecl, ids: string[]): Promise<Set<string> | undefined> {
  const target = ctx.registered.get(f.ref!.resource)?.module;
  if (!target) return undefined;
  const t = target.table as unknown as PgTable & Record<string, AnyColumn>;
  const archived = target.decl.softDelete ? columnOf(target.table, 'archivedAt') : undefined;
  const live = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const found = await tx
      .select({ id: target.table.id })
      .from(t)
      .where(and(inArray(target.table.id, ids.slice(i, i + 1000)), archived ? isNull(archived) : undefined));
    for (const r of found) live.add(r.id as string);
  }
  return live;
}

/** References must name live rows of their resource, and unique fields be free: 409 naming the field. */
export async function checkValues(ctx: ResourceContext, tx: Tx, values: Row, selfId?: string) {
  for (const [field, f] of Object.entries(ctx.decl.fields)) {
    const ids = refIds(values[field]);
    if ((f.type === 'ref' || f.type === 'refs') && f.ref && ids.length) {
      const live = await liveIds(ctx, tx, f, ids);
      if (live && live.size !== ids.length) throw missingReference(field);
    }
  }
  for (const [field, f] of ctx.uniqueFields) {
    const v = values[field];
    if (v === undefined || v === null) continue;
    const column = columnOf(ctx.m.table, field);
    const [clash] = await tx
      .select({ id: ctx.m.table.id })
      .from(ctx.table)
      .where(
        and(
          // Texts are unique case-insensitively; a date or number as it is (lower() takes text only).
          typeof v === 'string' && TEXT_TYPES.has(f.type) ? sql`lower(${column}) = lower(${v})` : eq(column, v),
          ctx.archivedAt ? isNull(ctx.archivedAt) : undefined,
          selfId ? ne(ctx.m.table.id, selfId) : undefined,
        ),
      )
      .limit(1);
    if (clash) throw duplicate(ctx, field);
  }
}

/**
 * `checkValues` for many rows at once (an import's): the same rules, a query per field rather than
 * per row. Answers the refusal of each refused row, by its index.
 */
export async function checkValuesMany(ctx: ResourceContext, tx: Tx, rows: ReadonlyArray<{ values: Row; selfId?: string }>) {
  const refused = new Map<number, Error>();
  for (const [field, f] of Object.entries(ctx.decl.fields)) {
    if (!((f.type === 'ref' || f.type === 'refs') && f.ref)) continue;
    const all = [...new Set(rows.flatMap((r) => refIds(r.values[field])))];
    const live = all.length ? await liveIds(ctx, tx, f, all) : undefined;
    if (!live) continue;
    rows.forEach((r, i) => {
      if (!refused.has(i) && refIds(r.values[field]).some((id) => !live.has(id))) refused.set(i, missingReference(field));
    });
  }
  for (const [field, f] of ctx.uniqueFields) {
    const text = TEXT_TYPES.has(f.type);
    const norm = (v: unknown) => (typeof v === 'string' && text ? v.toLowerCase() : String(v));
    const given = [...new Set(rows.flatMap((r) => (r.values[field] === undefined || r.values[field] === null ? [] : [r.values[field]])))];
    if (!given.length) continue;
    const column = columnOf(ctx.m.table, field);
    const holders = new Map<string, string[]>();
    for (let i = 0; i < given.length; i += 1000) {
      const part = given.slice(i, i + 1000);
      const found = await tx
        .select({ id: ctx.m.table.id, value: column })
        .from(ctx.table)
        .where(
          and(
            text
              ? inArray(
                  sql`lower(${column})`,
                  part.map((v) => norm(v)),
                )
              : inArray(column, part),
            ctx.archivedAt ? isNull(ctx.archivedAt) : undefined,
          ),
        );
      for (const r of found) holders.set(norm(r.value), [...(holders.get(norm(r.value)) ?? []), r.id as string]);
    }
    rows.forEach((r, i) => {
      const v = r.values[field];
      if (refused.has(i) || v === undefined || v === null) return;
      if ((holders.get(norm(v)) ?? []).some((id) => id !== r.selfId)) refused.set(i, duplicate(ctx, field));
    });
  }
  return refused;
}

/** What the audit log keeps of a row: every column but the search text, the timestamp and the declared omissions. */
export function auditable(ctx: ResourceContext, row: Row | undefined): Row | undefined {
  if (!row) return undefined;
  const omit = new Set(['search', 'updatedAt', ...(ctx.decl.auditOmit ?? [])]);
  return Object.fromEntries(Object.entries(row).filter(([k]) => !omit.has(k)));
}

/** In the write's transaction: its audit entry, then the module's own hook. */
export async function afterWrite<TRow extends Row>(
  ctx: ResourceContext<TRow>,
  w: WriteContext,
  action: WriteAction,
  row: TRow,
  before: TRow | undefined,
) {
  await ctx.s.kit.audit.write(w.tx, {
    actorId: w.user.id,
    entity: ctx.decl.name,
    entityId: String(row.id),
    action,
    before: auditable(ctx as ResourceContext, before),
    after: auditable(ctx as ResourceContext, row),
    requestId: w.req.id,
  });
  await ctx.m.afterWrite?.(action, row, before, w);
}

/**
 * After the commit: only sockets whose role may read the rows hear of them (owner-scoped roles: their
 * own rows). Several rows changed at once (a bulk action) are one event naming them all.
 */
export function emitLive(ctx: ResourceContext, action: WriteAction, rowOrRows: Row | readonly Row[]) {
  const { decl, s } = ctx;
  const rows: readonly Row[] = Array.isArray(rowOrRows) ? rowOrRows : [rowOrRows as Row];
  if (!rows.length) return;
  // Read per event: the firm's access overrides may have changed who reads this resource.
  const readers = ROLES.filter((r) => can(r, decl.name, 'show', s.access.snapshot()));
  const everyRow = readers.filter((r) => !(decl.owner && decl.owner.applies === 'all' && decl.owner.roles.includes(r)));
  const event = (ids: unknown[]) => ({ channel: `resources/${decl.name}`, type: action, payload: { ids }, date: new Date().toISOString() });
  s.realtime.toRoles(everyRow, 'live', event(rows.map((r) => r.id)));
  if (!decl.owner || everyRow.length === readers.length) return;
  const byOwner = new Map<string, unknown[]>();
  for (const row of rows) {
    const owner = row[decl.owner.field];
    if (typeof owner === 'string') byOwner.set(owner, [...(byOwner.get(owner) ?? []), row.id]);
  }
  for (const [owner, ids] of byOwner) s.realtime.toUser(owner, 'live', event(ids));
}
