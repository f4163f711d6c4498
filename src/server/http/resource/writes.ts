import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { z, type ZodObject } from 'zod';
import { badRequest } from '../errors.js';
import { sendVersion } from '../precondition.js';
import { assertNoLiveDependants } from './archive.js';
import { schemaKeys } from './columns.js';
import { idParams, type ResourceContext } from './context.js';
import type { Row } from './resource-module.js';
import { ownerScoped } from './scope.js';
import {
  afterWrite,
  assertOpen,
  assertOwnerWrite,
  checkValues,
  emitLive,
  inTransaction,
  lockForWrite,
  writeContext,
} from './write-steps.js';

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The create route's write, also run by a module's own route that builds the body itself (an invoice drafted from seats). */
export async function createOne<TRow extends Row>(
  ctx: ResourceContext<TRow>,
  req: FastifyRequest,
  reply: FastifyReply,
  body: Row,
): Promise<Row> {
  const c = ctx as ResourceContext;
  const { decl, m } = ctx;
  const row = await inTransaction(c, async (tx) => {
    const w = writeContext(c, req, tx);
    let values = { ...body };
    if (ownerScoped(c, w.user, true) && values[decl.owner!.field] == null) values[decl.owner!.field] = w.user.id;
    assertOwnerWrite(c, w.user, values);
    await assertOpen(c, tx, undefined, values);
    await checkValues(c, tx, values);
    if (m.beforeCreate) values = await m.beforeCreate(values, w);
    const [created] = (await tx
      .insert(m.table)
      .values({ ...values, createdBy: w.user.id } as never)
      .returning()) as TRow[];
    await afterWrite(ctx, w, 'created', created!, undefined);
    return created!;
  });
  emitLive(c, 'created', row);
  sendVersion(reply, row);
  return ctx.toEntity(row);
}

/**
 * Create (`POST /`), update (`PATCH /:id` partial, `PUT /:id` the whole record) and delete
 * (`DELETE /:id`, an archive on soft-deleting resources), each one transaction of the write steps.
 */
export function registerWrites<TRow extends Row>(ctx: ResourceContext<TRow>) {
  const { app, decl, m, tags, url, access, entitySchema } = ctx;
  const c = ctx as ResourceContext;

  app.post(
    url(),
    { config: { access: access('create') }, schema: { tags, body: decl.schemas.create, response: { 201: entitySchema } } },
    async (req, reply) => reply.status(201).send(await createOne(ctx, req, reply, req.body as Row)),
  );

  const updateKeys = new Set(schemaKeys(decl.schemas.update));
  const readOnlyKeys = ctx.keys.filter((k) => !updateKeys.has(k));

  /**
   * PUT takes the whole record as json-server clients send it back: read-only keys (id,
   * timestamps, computed fields) are dropped when they equal the stored values, and a changed
   * one is refused by name. PATCH accepts only the update schema's keys.
   */
  function withoutReadOnly(body: Row, existing: TRow): Row {
    const stored = ctx.toEntity(existing);
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
    const row = await inTransaction(c, async (tx) => {
      const w = writeContext(c, req, tx);
      // Stale before anything else: a whole record sent back from an old version differs in its read-only keys too.
      const existing = await lockForWrite(ctx, tx, req, id);
      let values = req.method === 'PUT' ? withoutReadOnly(req.body as Row, existing) : { ...(req.body as Row) };
      assertOwnerWrite(c, w.user, values, existing);
      await assertOpen(c, tx, existing, { ...existing, ...values });
      await checkValues(c, tx, values, id);
      if (m.beforeUpdate) values = await m.beforeUpdate(values, existing, w);
      const [updated] = (await tx
        .update(m.table)
        .set({ ...values, updatedAt: sql`now()` } as never)
        .where(eq(m.table.id, id))
        .returning()) as TRow[];
      await afterWrite(ctx, w, 'updated', updated!, existing);
      return updated!;
    });
    emitLive(c, 'updated', row);
    sendVersion(reply, row);
    return ctx.toEntity(row);
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
    { config: { access: access('delete'), precondition: true }, schema: { tags, params: idParams, response: { 200: entitySchema } } },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const row = await inTransaction(c, async (tx) => {
        const w = writeContext(c, req, tx);
        const existing = await lockForWrite(ctx, tx, req, id);
        await assertOpen(c, tx, existing, undefined);
        await m.beforeDelete?.(existing, w);
        await assertNoLiveDependants(c, tx, id);
        // Money and history depend on business rows: archive, never lose them.
        const [row] = (
          ctx.archivedAt
            ? await tx
                .update(m.table)
                .set({ archivedAt: sql`now()`, updatedAt: sql`now()` } as never)
                .where(eq(m.table.id, id))
                .returning()
            : await tx.delete(m.table).where(eq(m.table.id, id)).returning()
        ) as TRow[];
        await afterWrite(ctx, w, 'deleted', row!, existing);
        return row!;
      });
      emitLive(c, 'deleted', row);
      sendVersion(reply, row);
      return ctx.toEntity(row);
    },
  );
}
