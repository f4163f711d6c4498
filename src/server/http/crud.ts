import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z, type ZodObject, type ZodType } from 'zod';
import { ROLES } from '../../domain/auth/permissions.js';
import { dependantFilter, ownerAllowsWrite, type ResourceDecl } from '../../domain/resource.js';
import { can } from '../../domain/resources.js';
import type { Api } from './api.js';
import type { Db } from '../db/client.js';
import type { Services } from '../services.js';
import { writeAudit } from '../modules/audit/audit.service.js';
import type { CurrentUser } from './access.js';
import { AppError, badRequest, conflict, forbidden, notFound, pgError } from './errors.js';
import { listQuerySchema, MAX_PAGE_SIZE, pageFromQuery, type ListQuery } from './list-query.js';
import { countRows, estimateRows, filterCondition, searchCondition, setTotalHeaders, tableRowReader } from './paging.js';
import { exportLabelsParam, exportRows, type ExportLabels } from './export.js';
import { assertCurrent, rowVersion, sendVersion } from './precondition.js';
import { registerFileSlot, registerManyFileSlot, type DuplicateRow } from '../modules/files/file-slot.js';
import { assertMonthsOpen } from '../modules/month-close/month-close.service.js';
import { slotReadAction, slotWriteAction } from '../../domain/file-slots.js';
import type { ManyFileRef, StoredFileRef } from '../../domain/fields.js';

export type Row = Record<string, unknown>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a write's hooks get: the caller, the services, and the transaction the write runs in. */
export interface WriteContext {
  user: CurrentUser;
  services: Services;
  req: FastifyRequest;
  /** The row write, its audit entry and every hook run in this one transaction. */
  tx: Tx;
}

export type ResourceTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/** A server module's resource: its declaration, its table, and its real rules. */
export interface ResourceModule<TRow extends Row = Row> {
  decl: ResourceDecl;
  table: ResourceTable;
  /** Accent-free, lower-cased column that `q` searches with a trigram index. */
  searchColumn?: PgColumn;
  /** What a list's search finds besides the search column (a candidate's skills and hashtags); pickers search the column only. */
  searchAlso?: (q: string) => SQL;
  /** The entity the API returns; by default the entity schema's keys read off the row. */
  toEntity?: (row: TRow) => Row;
  beforeCreate?: (input: Row, ctx: WriteContext) => Promise<Row> | Row;
  beforeUpdate?: (input: Row, existing: TRow, ctx: WriteContext) => Promise<Row> | Row;
  beforeDelete?: (existing: TRow, ctx: WriteContext) => Promise<void> | void;
  afterWrite?: (action: WriteAction, row: TRow, before: TRow | undefined, ctx: WriteContext) => Promise<void> | void;
  /**
   * Declared fields with no column of their own, derived when read (an invoice's `overdue`, which
   * depends on today): the SQL expression their filters compare, built for each query.
   */
  derivedColumns?: Record<string, () => SQL>;
}

export type WriteAction = 'created' | 'updated' | 'deleted' | 'restored';

const TEXT_TYPES = new Set(['string', 'text', 'email']);
const idParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });
const lookupLimit = 20;

/** Each app's resource modules by resource name: references and labels are read through them. */
interface Registered {
  module: ResourceModule;
  /** The row as the caller may read it (404 outside their scope); an archived one only when asked. */
  findOne(user: CurrentUser, id: string, opts?: { withArchived?: boolean }): Promise<Row>;
  /** How many rows match these filters: in the caller's scope, or every row (`null`); live rows only. */
  count(db: Db | Tx, user: CurrentUser | null, filters: ListQuery['filters']): Promise<number>;
  /**
   * The create route's write (owner scope, references, hooks, audit, live event, version header) for
   * a body already valid against the create schema; answers the entity, the caller sends it.
   */
  create(req: FastifyRequest, reply: FastifyReply, body: Row): Promise<Row>;
  /** The rows a list with these filters and search shows the caller (scope and live rows included): for a module's sums over the same rows. */
  listCondition(user: CurrentUser, q: Pick<ListQuery, 'filters' | 'q'>): SQL | undefined;
}
const registries = new WeakMap<Services, Map<string, Registered>>();
function registryOf(s: Services): Map<string, Registered> {
  let r = registries.get(s);
  if (!r) registries.set(s, (r = new Map()));
  return r;
}

export function columnOf(table: PgTable, field: string): PgColumn {
  const column = (getTableColumns(table) as Record<string, PgColumn>)[field];
  if (!column) throw new Error(`${String((table as unknown as { _: { name: string } })._?.name)} has no column for field ${field}`);
  return column;
}

export function entityKeys(decl: ResourceDecl): string[] {
  return Object.keys((decl.schemas.entity as ZodObject).shape);
}

function schemaKeys(schema: ZodType): string[] {
  const shape = (schema as Partial<ZodObject>).shape;
  return shape ? Object.keys(shape) : [];
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The generic API of one declared resource — list (paged, sorted, filtered, searched), lookup,
 * export, get, create, update (PATCH partial, PUT whole record), delete (archive when soft) —
 * with access per action, owner scope, validation, one transaction per write with its audit
 * entry and hooks, unique conflicts named by field, and a live event to the readers allowed.
 */
export function registerResource<TRow extends Row>(app: Api, s: Services, m: ResourceModule<TRow>) {
  const { decl } = m;
  const table = m.table as unknown as PgTable & Record<string, AnyColumn>;
  const archivedAt = decl.softDelete ? columnOf(m.table, 'archivedAt') : undefined;
  const url = (suffix = '') => `/${decl.path}${suffix}`;
  const access = (action: string) => ({ resource: decl.name, action });
  const tags = [decl.name];
  const keys = entityKeys(decl);
  const baseEntity =
    m.toEntity ??
    ((row: TRow) => {
      const entity: Row = {};
      for (const k of keys) entity[k] = row[k] ?? null;
      return entity;
    });
  // An archived row says so (`archivedAt`): the detail page opens it read-only with its date. A live
  // row answers the entity's keys only, so a client sending it back whole (PUT) is unchanged.
  const toEntity = archivedAt
    ? (row: TRow): Row => (row.archivedAt ? { ...baseEntity(row), archivedAt: row.archivedAt } : baseEntity(row))
    : baseEntity;
  const entitySchema: ZodType = archivedAt
    ? (decl.schemas.entity as ZodObject).safeExtend({
        archivedAt: z.string().optional().meta({ description: 'When the row was archived; only on archived rows' }),
      })
    : decl.schemas.entity;
  const ownerColumn = decl.owner ? columnOf(m.table, decl.owner.field) : undefined;
  const titleColumn = columnOf(m.table, decl.recordTitle);
  const uniqueFields = Object.entries(decl.fields).filter(([, f]) => f.unique);
  const lightColumns = Object.fromEntries(
    ['id', decl.recordTitle, ...uniqueFields.map(([f]) => f)].map((f) => [f, columnOf(m.table, f)]),
  ) as Record<string, PgColumn>;
  const registered = registryOf(s);

  const scoped = (user: CurrentUser, forWrite: boolean) =>
    !!decl.owner && decl.owner.roles.includes(user.role) && (decl.owner.applies === 'all' || forWrite);

  /** Rows the caller may read. */
  function readScope(user: CurrentUser): SQL | undefined {
    if (!scoped(user, false)) return undefined;
    if (!decl.owner!.managers) return eq(ownerColumn!, user.id);
    // Reads only: writes through the generic routes stay the owner's (assertOwnerWrite).
    return or(eq(ownerColumn!, user.id), sql`${ownerColumn} in (select u.id from users u where u.manager_id = ${user.id})`);
  }

  /** The rows a caller reads: their scope, live rows (archived ones too when asked by id for a label), the query's filters. */
  function where(
    user: CurrentUser,
    q: Partial<Pick<ListQuery, 'filters' | 'ids' | 'q'>> = {},
    opts: { id?: string; withArchived?: boolean; archivedOnly?: boolean; pick?: boolean } = {},
  ): SQL | undefined {
    const parts: (SQL | undefined)[] = [readScope(user)];
    if (archivedAt && opts.archivedOnly) parts.push(isNotNull(archivedAt));
    else if (archivedAt && !opts.withArchived) parts.push(isNull(archivedAt));
    if (opts.id) parts.push(eq(m.table.id, opts.id));
    for (const { field, op, values } of q.filters ?? []) {
      const derived = m.derivedColumns?.[field]?.() as unknown as PgColumn | undefined;
      parts.push(filterCondition(derived ?? columnOf(m.table, field), decl.fields[field], op, values));
    }
    if (q.ids?.length) parts.push(inArray(m.table.id, q.ids));
    if (q.q && m.searchColumn)
      parts.push(
        m.searchAlso && !opts.pick ? or(searchCondition(m.searchColumn, q.q), m.searchAlso(q.q)) : searchCondition(m.searchColumn, q.q),
      );
    return and(...parts);
  }

  /**
   * One row the caller may read. Reads see archived rows too (a link to one opens it read-only); a
   * write (`lock`) to an archived row is refused with 409 `archived`: it is restored first.
   */
  async function findOne(
    db: Db | Tx,
    user: CurrentUser,
    id: string,
    lock = false,
    opts: { withArchived?: boolean; write?: boolean } = {},
  ): Promise<TRow> {
    const write = lock || !!opts.write;
    const query = db
      .select()
      .from(table)
      .where(where(user, {}, { id, withArchived: write || opts.withArchived }));
    const [row] = await (lock ? query.for('update') : query);
    if (!row) throw notFound(decl.label);
    if (write && archivedAt && row.archivedAt && !opts.withArchived)
      throw conflict(`This ${decl.label.toLowerCase()} is archived: restore it to change it`, 'archived');
    return row as TRow;
  }

  function orderBy(q: ListQuery) {
    const field = q.sort ?? decl.defaultSort.field;
    const dir = q.sort ? q.order : decl.defaultSort.order;
    const column = columnOf(m.table, field);
    // The id breaks ties so that pages never overlap.
    return dir === 'desc' ? [desc(column), desc(m.table.id)] : [asc(column), asc(m.table.id)];
  }

  const rowReader = tableRowReader(s.db, m.table);

  const archivedView = (q: object) => ({ archivedOnly: !!archivedAt && (q as { archived?: boolean }).archived === true });

  async function list(user: CurrentUser, q: ListQuery, offset: number, limit: number) {
    const condition = where(user, q, archivedView(q));
    const order = orderBy(q);
    // Deferred join: the page's ids come from the sort index alone, then only those rows are read,
    // so a deep offset skips index entries instead of whole rows (decision 003).
    const pageIds = s.db
      .select({ id: m.table.id })
      .from(table)
      .where(condition)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const [rows, estimate] = await Promise.all([
      rowReader.read(sql`where ${m.table.id} in ${pageIds} order by ${sql.join(order, sql`, `)}`),
      estimateRows(s, m.table, condition),
    ]);
    const count = await countRows(s, m.table, condition, s.config.EXACT_COUNT_LIMIT, { offset, limit, returned: rows.length, estimate });
    return { data: rows.map((r) => toEntity(r as TRow)), ...count };
  }

  // `?archived=true` lists the archived rows instead of the live ones (soft-deleting resources).
  const archivedParam: Record<string, z.ZodType> = archivedAt
    ? {
        archived: z
          .enum(['true', 'false'])
          .transform((v) => v === 'true')
          .optional()
          .meta({ description: 'true: the archived rows instead of the live ones' }),
      }
    : {};
  const querySchema = listQuerySchema(decl, archivedParam);
  const listResponse = z.object({ data: z.array(entitySchema), total: z.number(), totalIsEstimate: z.boolean().optional() });
  // The response schema documents the shape; `toEntity` builds it key by key, so the hot list
  // path skips re-validating every row on the way out.
  const plainJson = () => (data: unknown) => JSON.stringify(data);

  app.get(
    url('/paginated'),
    {
      config: { access: access('list') },
      schema: { tags, querystring: querySchema, response: { 200: listResponse } },
      serializerCompiler: plainJson,
    },
    async (req) => {
      const q = req.query as ListQuery;
      const { offset, limit } = pageFromQuery(q);
      return list(req.user!, q, offset, limit);
    },
  );

  app.get(
    url(),
    { config: { access: access('list') }, schema: { tags, querystring: querySchema }, serializerCompiler: plainJson },
    async (req, reply: FastifyReply) => {
      const q = req.query as ListQuery;
      if (q._start !== undefined || q._end !== undefined) {
        // json-server style, as @refinedev/simple-rest sends it.
        const { offset, limit } = pageFromQuery(q);
        const result = await list(req.user!, q, offset, limit);
        setTotalHeaders(reply, result);
        return result.data;
      }
      if (q.page !== undefined || q.limit !== undefined) {
        const { offset, limit } = pageFromQuery(q);
        return list(req.user!, q, offset, limit);
      }
      if (q.ids?.length) {
        // getMany (`id=…&id=…`): the full rows asked for.
        const rows = await s.db
          .select()
          .from(table)
          .where(where(req.user!, q, archivedView(q)))
          .orderBy(...orderBy(q))
          .limit(MAX_PAGE_SIZE);
        return rows.map((r) => toEntity(r as TRow));
      }
      // No paging: light rows for selects (id, the record title and the fields that tell rows apart), capped.
      return s.db
        .select(lightColumns)
        .from(table)
        .where(where(req.user!, q, archivedView(q)))
        .orderBy(...orderBy(q))
        .limit(1000);
    },
  );

  const lookupEnums = Object.entries(decl.fields).filter(([, f]) => f.type === 'enum' && f.filter === 'eq' && f.values?.length);
  const lookupQuery = z.strictObject({
    q: z.string().trim().max(200).optional(),
    id: z
      .union([z.uuid({ message: 'invalid_id' }), z.array(z.uuid({ message: 'invalid_id' })).max(MAX_PAGE_SIZE)])
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
    // A picker offers only some rows (an owner sale: `role=sale&role=sale_lead`): equality on enum fields.
    ...Object.fromEntries(
      lookupEnums.map(([name, f]) => [
        name,
        z
          .union([z.string(), z.array(z.string())])
          .transform((v) => (Array.isArray(v) ? v : [v]))
          .pipe(z.array(z.enum(f.values as [string, ...string[]])).max(50))
          .optional(),
      ]),
    ),
  });
  const lookupResponse = z.array(z.object({ id: z.uuid(), label: z.string() }));
  // The light list pickers use: id and label only, open to the roles that pick such a row.
  app.get(
    url('/lookup'),
    { config: { access: access('lookup') }, schema: { tags, querystring: lookupQuery, response: { 200: lookupResponse } } },
    async (req) => {
      const q = req.query as z.infer<typeof lookupQuery> & Record<string, string[] | undefined>;
      const filters = lookupEnums.flatMap(([field]) => (q[field]?.length ? [{ field, op: 'eq' as const, values: q[field] }] : []));
      return s.db
        .select({ id: sql<string>`${m.table.id}`, label: sql<string>`${titleColumn}::text` })
        .from(table)
        .where(where(req.user!, { ids: q.id, q: q.q, filters }, { withArchived: !!q.id, pick: true }))
        .orderBy(asc(titleColumn), asc(m.table.id))
        .limit(q.id ? q.id.length : (q.limit ?? lookupLimit));
    },
  );

  const exportQuery = listQuerySchema(decl, {
    ...archivedParam,
    format: z.enum(['xlsx', 'csv']).default('xlsx'),
    // The screen's column and value labels in the user's language; without them the file keeps raw keys (for re-import).
    labels: exportLabelsParam,
  });
  app.get(
    url('/export'),
    {
      config: { access: access('export') },
      schema: { tags, querystring: exportQuery, description: 'The whole list for these filters and sort, as .xlsx or .csv.' },
    },
    async (req, reply) => {
      const q = req.query as unknown as ListQuery & { format: 'xlsx' | 'csv'; labels?: ExportLabels };
      const condition = where(req.user!, q, archivedView(q));
      const order = orderBy(q);
      return exportRows(reply, {
        decl,
        entityKeys: keys,
        format: q.format,
        labels: q.labels,
        fileName: decl.name,
        // The whole result, read in pages of the list's own order.
        async *batches() {
          for (let offset = 0; ; offset += 1000) {
            const rows = await s.db
              .select()
              .from(table)
              .where(condition)
              .orderBy(...order)
              .limit(1000)
              .offset(offset);
            if (rows.length) yield rows.map((r) => toEntity(r as TRow));
            if (rows.length < 1000) return;
          }
        },
        refLabel: (resource, ids) => labelsOf(s, resource, ids),
      });
    },
  );

  app.get(
    url('/:id'),
    {
      config: { access: access('show') },
      schema: { tags, params: idParams, response: { 200: entitySchema }, description: 'The record, with its version as `ETag`.' },
    },
    async (req, reply) => {
      const row = await findOne(s.db, req.user!, (req.params as { id: string }).id, false, { withArchived: true });
      sendVersion(reply, row);
      return toEntity(row);
    },
  );

  /** A write to a row loaded before someone else's write is refused (412), when the caller says which version it loaded. */
  const assertLoadedVersion = (db: Db | Tx, req: FastifyRequest, row: TRow) =>
    assertCurrent(db, req, { entity: decl.name, label: decl.label, row, current: () => toEntity(row) });

  /** The firm's month close (decision 017): a write touching a closed month, as the row was or as it will be, is refused. */
  const assertOpen = async (db: Db | Tx, before: Row | undefined, after: Row | undefined) => {
    if (decl.closesWithMonth) await assertMonthsOpen(db, decl.closesWithMonth, before, after);
  };

  /** Owner scope on writes: a role that writes only its own rows. */
  function assertOwnerWrite(user: CurrentUser, values: Row, existing?: TRow) {
    if (!scoped(user, true)) return;
    const field = decl.owner!.field;
    if (existing && !ownerAllowsWrite(decl, user, existing))
      throw forbidden(`You can only change your own ${decl.label.toLowerCase()} records`, 'not_owner');
    if (field in values && values[field] !== user.id) throw forbidden(`You can only assign yourself as ${field}`, 'not_owner');
  }

  /** References must name live rows of their resource, and unique fields be free: 409 naming the field. */
  async function checkValues(tx: Tx, values: Row, selfId?: string) {
    for (const [field, f] of Object.entries(decl.fields)) {
      const v = values[field];
      if ((f.type === 'ref' || f.type === 'refs') && v !== undefined && v !== null && f.ref) {
        const ids = [...new Set(Array.isArray(v) ? (v as string[]) : [v as string])];
        const target = registered.get(f.ref.resource)?.module;
        if (!target || !ids.length) continue;
        const t = target.table as unknown as PgTable & Record<string, AnyColumn>;
        const archived = target.decl.softDelete ? columnOf(target.table, 'archivedAt') : undefined;
        const found = await tx
          .select({ id: target.table.id })
          .from(t)
          .where(and(inArray(target.table.id, ids), archived ? isNull(archived) : undefined));
        if (found.length !== ids.length)
          throw conflict(`The ${field} does not exist`, 'reference_missing', { [field]: 'reference_missing' });
      }
    }
    for (const [field, f] of uniqueFields) {
      const v = values[field];
      if (v === undefined || v === null) continue;
      const column = columnOf(m.table, field);
      const [clash] = await tx
        .select({ id: m.table.id })
        .from(table)
        .where(
          and(
            // Texts are unique case-insensitively; a date or number as it is (lower() takes text only).
            typeof v === 'string' && TEXT_TYPES.has(f.type) ? sql`lower(${column}) = lower(${v})` : eq(column, v),
            archivedAt ? isNull(archivedAt) : undefined,
            selfId ? ne(m.table.id, selfId) : undefined,
          ),
        )
        .limit(1);
      if (clash) throw duplicate(field);
    }
  }

  const duplicate = (field: string) =>
    conflict(`Another ${decl.label.toLowerCase()} already has this ${field}`, 'duplicate', { [field]: 'unique' });

  /** Runs a write in one transaction; a unique index that still fires (a race) is named by field. */
  async function inTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await s.db.transaction(fn);
    } catch (err) {
      const pg = pgError(err);
      if (pg?.code === '23505') {
        const field = uniqueFields.map(([f]) => f).find((f) => pg.constraint?.includes(snake(f)));
        throw field ? duplicate(field) : conflict('A record with these values already exists', 'duplicate');
      }
      throw err;
    }
  }

  /** The create route's write, also run by a module's own route that builds the body itself (an invoice drafted from seats). */
  async function createOne(req: FastifyRequest, reply: FastifyReply, body: Row): Promise<Row> {
    const row = await inTransaction(async (tx) => {
      const ctx: WriteContext = { user: req.user!, services: s, req, tx };
      let values = { ...body };
      if (scoped(ctx.user, true) && values[decl.owner!.field] == null) values[decl.owner!.field] = ctx.user.id;
      assertOwnerWrite(ctx.user, values);
      await assertOpen(tx, undefined, values);
      await checkValues(tx, values);
      if (m.beforeCreate) values = await m.beforeCreate(values, ctx);
      const [created] = (await tx
        .insert(m.table)
        .values({ ...values, createdBy: ctx.user.id } as never)
        .returning()) as TRow[];
      await afterWrite(ctx, 'created', created!, undefined);
      return created!;
    });
    emitLive('created', row);
    sendVersion(reply, row);
    return toEntity(row);
  }

  app.post(
    url(),
    { config: { access: access('create') }, schema: { tags, body: decl.schemas.create, response: { 201: entitySchema } } },
    async (req, reply) => reply.status(201).send(await createOne(req, reply, req.body as Row)),
  );

  const updateKeys = new Set(schemaKeys(decl.schemas.update));
  const readOnlyKeys = keys.filter((k) => !updateKeys.has(k));

  /**
   * PUT takes the whole record as json-server clients send it back: read-only keys (id,
   * timestamps, computed fields) are dropped when they equal the stored values, and a changed
   * one is refused by name. PATCH accepts only the update schema's keys.
   */
  function withoutReadOnly(body: Row, existing: TRow): Row {
    const stored = toEntity(existing);
    const changed: Record<string, string> = {};
    const values = { ...body };
    for (const k of readOnlyKeys) {
      if (!(k in values)) continue;
      if (!sameValue(values[k], stored[k])) changed[k] = 'read_only';
      delete values[k];
    }
    if (Object.keys(changed).length) throw badRequest('Read-only fields cannot be changed', changed, 'read_only');
    return values;
  }

  async function update(req: FastifyRequest, reply: FastifyReply) {
    const { id } = req.params as { id: string };
    const row = await inTransaction(async (tx) => {
      const ctx: WriteContext = { user: req.user!, services: s, req, tx };
      const existing = await findOne(tx, ctx.user, id, true);
      assertOwnerWrite(ctx.user, {}, existing);
      // Stale before anything else: a whole record sent back from an old version differs in its read-only keys too.
      await assertLoadedVersion(tx, req, existing);
      let values = req.method === 'PUT' ? withoutReadOnly(req.body as Row, existing) : { ...(req.body as Row) };
      assertOwnerWrite(ctx.user, values, existing);
      await assertOpen(tx, existing, { ...existing, ...values });
      await checkValues(tx, values, id);
      if (m.beforeUpdate) values = await m.beforeUpdate(values, existing, ctx);
      const [updated] = (await tx
        .update(m.table)
        .set({ ...values, updatedAt: sql`now()` } as never)
        .where(eq(m.table.id, id))
        .returning()) as TRow[];
      await afterWrite(ctx, 'updated', updated!, existing);
      return updated!;
    });
    emitLive('updated', row);
    sendVersion(reply, row);
    return toEntity(row);
  }

  const updateSchema = { tags, params: idParams, body: decl.schemas.update, response: { 200: entitySchema } };
  app.patch(url('/:id'), { config: { access: access('edit'), precondition: true }, schema: updateSchema }, update);
  // The update schema plus the entity's read-only keys, which `withoutReadOnly` checks against the row.
  const putBody = (decl.schemas.update as ZodObject).safeExtend(Object.fromEntries(readOnlyKeys.map((k) => [k, z.unknown().optional()])));
  app.put(
    url('/:id'),
    {
      config: { access: access('edit'), precondition: true },
      schema: {
        ...updateSchema,
        body: putBody,
        description: 'The whole record, as json-server clients send it back: read-only keys must equal the stored values.',
      },
    },
    update,
  );

  app.delete(
    url('/:id'),
    {
      config: { access: access('delete'), precondition: true },
      schema: { tags, params: idParams, response: { 200: entitySchema } },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const row = await inTransaction(async (tx) => {
        const ctx: WriteContext = { user: req.user!, services: s, req, tx };
        const existing = await findOne(tx, ctx.user, id, true);
        assertOwnerWrite(ctx.user, {}, existing);
        await assertLoadedVersion(tx, req, existing);
        await assertOpen(tx, existing, undefined);
        await m.beforeDelete?.(existing, ctx);
        await assertNoLiveDependants(tx, id);
        let row: TRow;
        if (archivedAt) {
          // Money and history depend on business rows: archive, never lose them.
          [row] = (await tx
            .update(m.table)
            .set({ archivedAt: sql`now()`, updatedAt: sql`now()` } as never)
            .where(eq(m.table.id, id))
            .returning()) as TRow[] as [TRow];
        } else {
          [row] = (await tx.delete(m.table).where(eq(m.table.id, id)).returning()) as TRow[] as [TRow];
        }
        await afterWrite(ctx, 'deleted', row, existing);
        return row;
      });
      emitLive('deleted', row);
      sendVersion(reply, row);
      return toEntity(row);
    },
  );

  /**
   * What points at a row, kind by kind (`decl.dependants`): all rows, the live ones, and the filter of the
   * other resource's list that shows them. Counted in the caller's scope for the dialog; unscoped
   * (`user` null) when deciding whether the archive may go through.
   */
  async function dependantsOf(db: Db | Tx, user: CurrentUser | null, id: string) {
    const out: Array<{ resource: string; field: string; count: number; live: number | null; filter: Record<string, string[]> }> = [];
    for (const d of decl.dependants ?? []) {
      const other = registered.get(d.resource);
      if (!other) continue;
      if (user && !can(user.role, d.resource, 'list', s.access.snapshot())) continue;
      const filters = (liveOnly: boolean) =>
        Object.entries(dependantFilter(d, id, liveOnly)).map(([field, values]) => ({ field, op: 'eq' as const, values }));
      const count = await other.count(db, user, filters(false));
      const live = d.live ? (count ? await other.count(db, user, filters(true)) : 0) : null;
      out.push({ resource: d.resource, field: d.field, count, live, filter: dependantFilter(d, id, !!d.live) });
    }
    return out;
  }

  async function assertNoLiveDependants(tx: Tx, id: string) {
    if (!decl.dependants?.some((d) => d.live)) return;
    // Only the kinds with live rows: those are what the message names.
    const found = (await dependantsOf(tx, null, id)).filter((d) => (d.live ?? 0) > 0);
    if (!found.length) return;
    const params = Object.fromEntries(found.map((d) => [d.resource, d.live!]));
    throw new AppError(
      409,
      `${found.map((d) => `${d.live} ${d.resource}`).join(', ')} still depend on this ${decl.label.toLowerCase()}: it cannot be archived`,
      { code: 'in_use', details: { dependants: params } },
    );
  }

  if (archivedAt) {
    const dependantsResponse = z.object({
      data: z.array(
        z.object({
          resource: z.string(),
          field: z.string(),
          count: z.number().int(),
          live: z.number().int().nullable(),
          filter: z.record(z.string(), z.array(z.string())),
        }),
      ),
    });
    app.get(
      url('/:id/dependants'),
      {
        config: { access: access('show') },
        schema: {
          tags,
          params: idParams,
          response: { 200: dependantsResponse },
          description:
            'The rows of other resources that point at this one (those the caller may list): how many, how many still at work (`live`: while any is left the archive is refused), and the list filter that shows them.',
        },
      },
      async (req) => {
        const { id } = req.params as { id: string };
        await findOne(s.db, req.user!, id, false, { withArchived: true });
        return { data: await dependantsOf(s.db, req.user!, id) };
      },
    );

    app.post(
      url('/:id/restore'),
      {
        config: { access: access('delete'), precondition: true },
        schema: {
          tags,
          params: idParams,
          response: { 200: entitySchema },
          description:
            'Undoes an archive (the roles that archive). Refused with 409 when the row is not archived (`not_archived`), when a unique value it holds was taken meanwhile (`duplicate`, naming the field) or when a record it points at is archived (`reference_missing`).',
        },
      },
      async (req, reply) => {
        const { id } = req.params as { id: string };
        const row = await inTransaction(async (tx) => {
          const ctx: WriteContext = { user: req.user!, services: s, req, tx };
          const existing = await findOne(tx, ctx.user, id, true, { withArchived: true });
          assertOwnerWrite(ctx.user, {}, existing);
          await assertLoadedVersion(tx, req, existing);
          if (!existing.archivedAt) throw conflict(`This ${decl.label.toLowerCase()} is not archived`, 'not_archived');
          await assertOpen(tx, existing, undefined);
          // Back among the live rows, it must obey their rules again: its unique values free, the record it
          // belongs to (a single reference: a project's customer) live. Lists of references (skills) may
          // name archived rows, as live rows' lists do.
          const values = Object.fromEntries(
            Object.entries(decl.fields)
              .filter(([, f]) => f.type === 'ref' || f.unique)
              .map(([name]) => [name, existing[name]]),
          );
          await checkValues(tx, values, id);
          const [restored] = (await tx
            .update(m.table)
            .set({ archivedAt: null, updatedAt: sql`now()` } as never)
            .where(eq(m.table.id, id))
            .returning()) as TRow[];
          await afterWrite(ctx, 'restored', restored!, existing);
          return restored!;
        });
        emitLive('updated', row);
        sendVersion(reply, row);
        return toEntity(row);
      },
    );
  }

  // Declared files: each row's slot is a write of one field, with the kit's scope, precondition, month close, audit and live event.
  for (const [segment, slot] of Object.entries(decl.files ?? {})) {
    const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
    if (slot.many) {
      registerManySlot(segment, slot);
      continue;
    }
    const fileOf = (row: TRow) => (row[slot.field] ?? null) as StoredFileRef | null;
    registerFileSlot(app, s, {
      url: url(`/:id/${segment}`),
      what: slot.label,
      tags,
      params: idParams,
      kinds: slot.types,
      maxBytes: slot.maxBytes,
      access: { read: access(slotReadAction(slot)), write: access(slotWriteAction(slot)) },
      precondition: true,
      current: async (req) => fileOf(await findOne(s.db, req.user!, idOf(req))),
      // Told before the upload is read (ADR 009's order); checked again under the lock.
      async assertMayWrite(req) {
        const existing = await findOne(s.db, req.user!, idOf(req));
        assertOwnerWrite(req.user!, {}, existing);
        await assertLoadedVersion(s.db, req, existing);
        await assertOpen(s.db, existing, undefined);
      },
      async lock(tx, req) {
        const ctx: WriteContext = { user: req.user!, services: s, req, tx };
        const existing = await findOne(tx, ctx.user, idOf(req), true);
        assertOwnerWrite(ctx.user, {}, existing);
        await assertLoadedVersion(tx, req, existing);
        await assertOpen(tx, existing, undefined);
        return {
          file: fileOf(existing),
          async replace(after) {
            const [updated] = (await tx
              .update(m.table)
              .set({ [slot.field]: after, updatedAt: sql`now()` } as never)
              .where(eq(m.table.id, existing.id as string))
              .returning()) as TRow[];
            await afterWrite(ctx, 'updated', updated!, existing);
            return { version: rowVersion(updated!), announce: () => emitLive('updated', updated!) };
          },
        };
      },
    });
  }

  /** A slot keeping several files (`many`): the field is their list; the same content on another readable row is flagged. */
  function registerManySlot(segment: string, slot: NonNullable<ResourceDecl['files']>[string]) {
    const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
    const filesOf = (row: TRow) => (row[slot.field] ?? []) as ManyFileRef[];
    const column = columnOf(m.table, slot.field);
    registerManyFileSlot(app, s, {
      url: url(`/:id/${segment}`),
      what: slot.label,
      tags,
      params: idParams,
      kinds: slot.types,
      maxBytes: slot.maxBytes,
      maxFiles: slot.maxFiles ?? 20,
      access: { read: access(slotReadAction(slot)), write: access(slotWriteAction(slot)) },
      precondition: true,
      current: async (req) => filesOf(await findOne(s.db, req.user!, idOf(req))),
      async assertMayWrite(req) {
        const existing = await findOne(s.db, req.user!, idOf(req));
        assertOwnerWrite(req.user!, {}, existing);
        await assertLoadedVersion(s.db, req, existing);
        await assertOpen(s.db, existing, undefined);
      },
      async lock(tx, req) {
        const ctx: WriteContext = { user: req.user!, services: s, req, tx };
        const existing = await findOne(tx, ctx.user, idOf(req), true);
        assertOwnerWrite(ctx.user, {}, existing);
        await assertLoadedVersion(tx, req, existing);
        await assertOpen(tx, existing, undefined);
        return {
          files: filesOf(existing),
          async replace(after) {
            const [updated] = (await tx
              .update(m.table)
              .set({ [slot.field]: after, updatedAt: sql`now()` } as never)
              .where(eq(m.table.id, existing.id as string))
              .returning()) as TRow[];
            await afterWrite(ctx, 'updated', updated!, existing);
            return { version: rowVersion(updated!), announce: () => emitLive('updated', updated!) };
          },
        };
      },
      async duplicates(req, digests) {
        const out = new Map<string, DuplicateRow[]>();
        if (!digests.length) return out;
        const rows = await s.db
          .select({ id: m.table.id, label: sql<string>`${titleColumn}::text`, files: column })
          .from(table)
          .where(
            and(
              where(req.user!, {}),
              ne(m.table.id, idOf(req)),
              or(...digests.map((d) => sql`${column} @> ${JSON.stringify([{ sha256: d }])}::jsonb`)),
            ),
          )
          .orderBy(asc(titleColumn))
          .limit(50);
        for (const r of rows)
          for (const f of (r.files ?? []) as ManyFileRef[])
            if (digests.includes(f.sha256)) {
              const list = out.get(f.sha256) ?? [];
              if (!list.some((x) => x.id === r.id)) list.push({ id: r.id as string, label: r.label });
              out.set(f.sha256, list);
            }
        return out;
      },
    });
  }

  const omit = new Set(['search', 'updatedAt', ...(decl.auditOmit ?? [])]);
  const auditable = (r: TRow | undefined) => (r ? Object.fromEntries(Object.entries(r).filter(([k]) => !omit.has(k))) : undefined);

  async function afterWrite(ctx: WriteContext, action: WriteAction, row: TRow, before: TRow | undefined) {
    await writeAudit(ctx.tx, {
      actorId: ctx.user.id,
      entity: decl.name,
      entityId: String(row.id),
      action,
      before: auditable(before),
      after: auditable(row),
      requestId: ctx.req.id,
    });
    await m.afterWrite?.(action, row, before, ctx);
  }

  /** After the commit: only sockets whose role may read the row hear of it (owner-scoped roles: their own rows). */
  function emitLive(action: WriteAction, row: TRow) {
    // Read per event: the firm's access overrides may have changed who reads this resource.
    const readers = ROLES.filter((r) => can(r, decl.name, 'show', s.access.snapshot()));
    const everyRow = readers.filter((r) => !(decl.owner && decl.owner.applies === 'all' && decl.owner.roles.includes(r)));
    const payload = { channel: `resources/${decl.name}`, type: action, payload: { ids: [row.id] }, date: new Date().toISOString() };
    s.realtime.toRoles(everyRow, 'live', payload);
    const owner = decl.owner ? row[decl.owner.field] : undefined;
    if (typeof owner === 'string' && everyRow.length < readers.length) s.realtime.toUser(owner, 'live', payload);
  }

  async function countRowsWhere(db: Db | Tx, user: CurrentUser | null, filters: ListQuery['filters']) {
    const parts: (SQL | undefined)[] = [user ? readScope(user) : undefined, archivedAt ? isNull(archivedAt) : undefined];
    for (const { field, op, values } of filters) parts.push(filterCondition(columnOf(m.table, field), decl.fields[field], op, values));
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(...parts));
    return Number(row?.n ?? 0);
  }

  registered.set(decl.name, {
    module: m as unknown as ResourceModule,
    findOne: (user, id, opts) => findOne(s.db, user, id, false, opts),
    count: countRowsWhere,
    create: createOne,
    listCondition: (user, q) => where(user, q),
  });
}

/** Labels (record titles) of rows of a registered resource, for exports and History. */
export async function labelsOf(s: Services, resource: string, ids: string[]): Promise<Map<string, string>> {
  const target = registryOf(s).get(resource)?.module;
  const out = new Map<string, string>();
  if (!target || !ids.length) return out;
  const t = target.table as unknown as PgTable & Record<string, AnyColumn>;
  const rows = await s.db
    .select({ id: target.table.id, label: sql<string>`${columnOf(target.table, target.decl.recordTitle)}::text` })
    .from(t)
    .where(inArray(target.table.id, [...new Set(ids)]));
  for (const r of rows) out.set(r.id as string, r.label);
  return out;
}

export function registeredResource(s: Services, name: string): Registered | undefined {
  return registryOf(s).get(name);
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
