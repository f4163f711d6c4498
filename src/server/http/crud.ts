import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, desc, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z, type ZodType } from 'zod';
import { PRIVILEGED_ROLES, type Role, type Section } from '../../domain/auth/permissions.js';
import type { Api } from './api.js';
import type { Services } from '../services.js';
import { writeAudit } from '../modules/audit/audit.service.js';
import type { Access, CurrentUser } from './access.js';
import { notFound } from './errors.js';
import { listQuerySchema, MAX_PAGE_SIZE, pageFromQuery, type ListQuery } from './list-query.js';
import { countRows, estimateRows, searchCondition, tableRowReader } from './paging.js';

type Row = Record<string, unknown>;

export interface CrudOptions<TRow extends Row, TCreate, TUpdate> {
  /** Refine resource name, e.g. 'users'. */
  name: string;
  /** What a 404 calls one row: 'User'. */
  label: string;
  /** Path under /api/v1, keeping the spec's style: 'user'. */
  path: string;
  table: PgTable & { id: PgColumn; updatedAt: PgColumn };
  section: Section;
  /** Roles that may create, update and delete; privileged roles by default. */
  writers?: readonly Role[];
  entity: ZodType;
  create: ZodType<TCreate>;
  update: ZodType<TUpdate>;
  /** Declared field filters: query key → column (repeated keys mean any of). */
  filters: Record<string, PgColumn>;
  sortable: Record<string, PgColumn>;
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Accent-free, lower-cased column that `q` searches with a trigram index. */
  searchColumn?: PgColumn;
  /** Columns of the light list for selects (GET /path with no paging). */
  lightColumns: Record<string, PgColumn>;
  /** Soft delete: set the table's `archivedAt` instead of removing the row. */
  softDelete?: boolean;
  /** Rows the caller may see; undefined means all. */
  scope?: (user: CurrentUser) => SQL | undefined;
  toEntity: (row: TRow) => unknown;
  beforeCreate?: (input: TCreate, ctx: WriteContext) => Promise<Row> | Row;
  beforeUpdate?: (input: TUpdate, existing: TRow, ctx: WriteContext) => Promise<Row> | Row;
  beforeDelete?: (existing: TRow, ctx: WriteContext) => Promise<void> | void;
  afterWrite?: (action: 'created' | 'updated' | 'deleted', row: TRow, before: TRow | undefined, ctx: WriteContext) => Promise<void> | void;
  /** Field names never written to the audit log. */
  auditOmit?: string[];
}

export interface WriteContext {
  user: CurrentUser;
  services: Services;
  req: FastifyRequest;
}

const idParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });

/**
 * List with paging, sorting and declared filters; get; create; update; soft delete —
 * each with access, row scope, validation, audit and a live event.
 */
export function registerCrud<TRow extends Row, TCreate, TUpdate>(app: Api, s: Services, o: CrudOptions<TRow, TCreate, TUpdate>) {
  const read: Access = { section: o.section };
  const write: Access = { section: o.section, roles: o.writers ?? PRIVILEGED_ROLES };
  const table = o.table as unknown as PgTable & Record<string, AnyColumn>;
  const archivedAt = o.softDelete ? (table.archivedAt as PgColumn) : undefined;
  const querySchema = listQuerySchema(Object.keys(o.sortable), Object.keys(o.filters));
  const tags = [o.name];

  function where(user: CurrentUser, q: ListQuery | undefined, id?: string): SQL | undefined {
    const parts: (SQL | undefined)[] = [o.scope?.(user)];
    if (archivedAt) parts.push(isNull(archivedAt));
    if (id) parts.push(eq(o.table.id, id));
    if (q) {
      for (const [key, column] of Object.entries(o.filters)) {
        const value = q.filters[key];
        if (value?.length) parts.push(value.length === 1 ? eq(column, value[0]) : inArray(column, value));
      }
      if (q.ids?.length) parts.push(inArray(o.table.id, q.ids));
      if (q.q && o.searchColumn) parts.push(searchCondition(o.searchColumn, q.q));
    }
    return and(...parts);
  }

  async function findOne(user: CurrentUser, id: string): Promise<TRow> {
    const [row] = await s.db
      .select()
      .from(table)
      .where(where(user, undefined, id));
    if (!row) throw notFound(o.label);
    return row as TRow;
  }

  const rowReader = tableRowReader(s.db, o.table);

  function orderBy(q: ListQuery) {
    const field = q.sort && o.sortable[q.sort] ? q.sort : o.defaultSort.field;
    const dir = q.sort ? q.order : o.defaultSort.order;
    const column = o.sortable[field]!;
    // The id breaks ties so that pages never overlap.
    return dir === 'desc' ? [desc(column), desc(o.table.id)] : [asc(column), asc(o.table.id)];
  }

  async function list(user: CurrentUser, q: ListQuery, offset: number, limit: number) {
    const condition = where(user, q);
    const order = orderBy(q);
    // Deferred join: the page's ids are picked on the sort index alone (an index-only scan
    // when the index covers the filter), then only those rows are read, so a deep offset
    // skips index entries instead of whole rows.
    const pageIds = s.db
      .select({ id: o.table.id })
      .from(table)
      .where(condition)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const [rows, estimate] = await Promise.all([
      rowReader.read(sql`where ${o.table.id} in ${pageIds} order by ${sql.join(order, sql`, `)}`),
      estimateRows(s, o.table, condition),
    ]);
    const count = await countRows(s, o.table, condition, s.config.EXACT_COUNT_LIMIT, { offset, limit, returned: rows.length, estimate });
    return { data: rows.map((r) => o.toEntity(r as TRow)), ...count };
  }

  const listResponse = z.object({ data: z.array(o.entity), total: z.number(), totalIsEstimate: z.boolean().optional() });

  app.get(
    `/${o.path}/paginated`,
    {
      config: { access: read },
      schema: { tags, querystring: querySchema, response: { 200: listResponse } },
      // The response schema documents the shape; `toEntity` already builds it field by field,
      // so the hot list path skips re-validating every row on the way out.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req) => {
      const q = req.query as ListQuery;
      const { offset, limit } = pageFromQuery(q);
      return list(req.user!, q, offset, limit);
    },
  );

  app.get(`/${o.path}`, { config: { access: read }, schema: { tags, querystring: querySchema } }, async (req, reply: FastifyReply) => {
    const q = req.query as ListQuery;
    if (q._start !== undefined || q._end !== undefined) {
      // json-server style, as @refinedev/simple-rest sends it.
      const { offset, limit } = pageFromQuery(q);
      const result = await list(req.user!, q, offset, limit);
      reply.header('x-total-count', String(result.total));
      if (result.totalIsEstimate) reply.header('x-total-is-estimate', 'true');
      reply.header('access-control-expose-headers', 'X-Total-Count, X-Total-Is-Estimate');
      return result.data;
    }
    if (q.page !== undefined || q.limit !== undefined) {
      const { offset, limit } = pageFromQuery(q);
      return list(req.user!, q, offset, limit);
    }
    if (q.ids?.length) {
      // getMany: full rows for the ids asked for.
      const rows = await s.db
        .select()
        .from(table)
        .where(where(req.user!, q))
        .orderBy(...orderBy(q))
        .limit(MAX_PAGE_SIZE);
      return rows.map((r) => o.toEntity(r as TRow));
    }
    // No paging: the light rows a select needs, capped.
    return s.db
      .select(o.lightColumns)
      .from(table)
      .where(where(req.user!, q))
      .orderBy(...orderBy(q))
      .limit(1000);
  });

  app.get(`/${o.path}/:id`, { config: { access: read }, schema: { tags, params: idParams, response: { 200: o.entity } } }, async (req) => {
    const { id } = req.params as { id: string };
    return o.toEntity(await findOne(req.user!, id));
  });

  app.post(
    `/${o.path}`,
    { config: { access: write }, schema: { tags, body: o.create, response: { 201: o.entity } } },
    async (req, reply) => {
      const ctx: WriteContext = { user: req.user!, services: s, req };
      const values = o.beforeCreate ? await o.beforeCreate(req.body as TCreate, ctx) : (req.body as Row);
      const [row] = (await s.db
        .insert(o.table)
        .values({ ...values, createdBy: ctx.user.id } as never)
        .returning()) as TRow[];
      await afterWrite('created', row!, undefined, ctx);
      return reply.status(201).send(o.toEntity(row!));
    },
  );

  const updateHandler = async (req: FastifyRequest) => {
    const { id } = req.params as { id: string };
    const ctx: WriteContext = { user: req.user!, services: s, req };
    const existing = await findOne(ctx.user, id);
    const values = o.beforeUpdate ? await o.beforeUpdate(req.body as TUpdate, existing, ctx) : (req.body as Row);
    const [row] = (await s.db
      .update(o.table)
      .set({ ...values, updatedAt: sql`now()` } as never)
      .where(eq(o.table.id, id))
      .returning()) as TRow[];
    await afterWrite('updated', row!, existing, ctx);
    return o.toEntity(row!);
  };
  const updateSchema = { tags, params: idParams, body: o.update, response: { 200: o.entity } };
  app.patch(`/${o.path}/:id`, { config: { access: write }, schema: updateSchema }, updateHandler);
  app.put(`/${o.path}/:id`, { config: { access: write }, schema: { ...updateSchema, hide: true } }, updateHandler);

  app.delete(
    `/${o.path}/:id`,
    { config: { access: write }, schema: { tags, params: idParams, response: { 200: o.entity } } },
    async (req) => {
      const { id } = req.params as { id: string };
      const ctx: WriteContext = { user: req.user!, services: s, req };
      const existing = await findOne(ctx.user, id);
      await o.beforeDelete?.(existing, ctx);
      let row: TRow;
      if (archivedAt) {
        // Money and history depend on business rows: archive, never lose them.
        [row] = (await s.db
          .update(o.table)
          .set({ archivedAt: sql`now()`, updatedAt: sql`now()` } as never)
          .where(eq(o.table.id, id))
          .returning()) as TRow[] as [TRow];
      } else {
        [row] = (await s.db.delete(o.table).where(eq(o.table.id, id)).returning()) as TRow[] as [TRow];
      }
      await afterWrite('deleted', row, existing, ctx);
      return o.toEntity(row);
    },
  );

  async function afterWrite(action: 'created' | 'updated' | 'deleted', row: TRow, before: TRow | undefined, ctx: WriteContext) {
    const omit = new Set(o.auditOmit ?? []);
    const clean = (r: TRow | undefined) => (r ? Object.fromEntries(Object.entries(r).filter(([k]) => !omit.has(k))) : undefined);
    await writeAudit(s.db, {
      actorId: ctx.user.id,
      entity: o.name,
      entityId: String(row.id),
      action,
      before: clean(before),
      after: clean(row),
      requestId: ctx.req.id,
    });
    await o.afterWrite?.(action, row, before, ctx);
    s.realtime.toSection(o.section, 'live', {
      channel: `resources/${o.name}`,
      type: action,
      payload: { ids: [row.id] },
      date: new Date().toISOString(),
    });
  }

  return { findOne };
}
