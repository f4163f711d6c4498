import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { dependantFilter } from '../../../domain/resource.js';
import { can } from '../../../domain/resources.js';
import type { Db } from '../../db/client.js';
import type { CurrentUser } from '../access.js';
import { AppError, conflict } from '../errors.js';
import { sendVersion } from '../precondition.js';
import { idParams, type ResourceContext } from './context.js';
import type { Row, Tx } from './resource-module.js';
import { findOne } from './scope.js';
import { afterWrite, assertOpen, checkValues, emitLive, inTransaction, lockForWrite, writeContext } from './write-steps.js';

/**
 * What points at a row, kind by kind (`decl.dependants`): all rows, the live ones, and the filter of the
 * other resource's list that shows them. Counted in the caller's scope for the dialog; unscoped
 * (`user` null) when deciding whether the archive may go through.
 */
export async function dependantsOf(ctx: ResourceContext, db: Db | Tx, user: CurrentUser | null, id: string) {
  const out: Array<{ resource: string; field: string; count: number; live: number | null; filter: Record<string, string[]> }> = [];
  for (const d of ctx.decl.dependants ?? []) {
    const other = ctx.registered.get(d.resource);
    if (!other) continue;
    if (user && !can(user.role, d.resource, 'list', ctx.s.access.snapshot())) continue;
    const filters = (liveOnly: boolean) =>
      Object.entries(dependantFilter(d, id, liveOnly)).map(([field, values]) => ({ field, op: 'eq' as const, values }));
    const count = await other.count(db, user, filters(false));
    const live = d.live ? (count ? await other.count(db, user, filters(true)) : 0) : null;
    out.push({ resource: d.resource, field: d.field, count, live, filter: dependantFilter(d, id, !!d.live) });
  }
  return out;
}

/** An archive is refused (409 `in_use`, with the counts) while rows still at work depend on the record. */
export async function assertNoLiveDependants(ctx: ResourceContext, tx: Tx, id: string) {
  if (!ctx.decl.dependants?.some((d) => d.live)) return;
  // Only the kinds with live rows: those are what the message names.
  const found = (await dependantsOf(ctx, tx, null, id)).filter((d) => (d.live ?? 0) > 0);
  if (!found.length) return;
  const params = Object.fromEntries(found.map((d) => [d.resource, d.live!]));
  throw new AppError(
    409,
    `${found.map((d) => `${d.live} ${d.resource}`).join(', ')} still depend on this ${ctx.decl.label.toLowerCase()}: it cannot be archived`,
    { code: 'in_use', details: { dependants: params } },
  );
}

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

/** Soft-deleting resources: `GET /:id/dependants` for the archive dialog, and `POST /:id/restore`. */
export function registerArchive<TRow extends Row>(ctx: ResourceContext<TRow>) {
  const { app, s, m, decl, tags, url, access } = ctx;
  const c = ctx as ResourceContext;
  if (!ctx.archivedAt) return;
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
      await findOne(ctx, s.db, req.user!, id, false, { withArchived: true });
      return { data: await dependantsOf(c, s.db, req.user!, id) };
    },
  );

  app.post(
    url('/:id/restore'),
    {
      config: { access: access('delete'), precondition: true },
      schema: {
        tags,
        params: idParams,
        response: { 200: ctx.entitySchema },
        description:
          'Undoes an archive (the roles that archive). Refused with 409 when the row is not archived (`not_archived`), when a unique value it holds was taken meanwhile (`duplicate`, naming the field) or when a record it points at is archived (`reference_missing`).',
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const row = await inTransaction(c, async (tx) => {
        const w = writeContext(c, req, tx);
        const existing = await lockForWrite(ctx, tx, req, id, { withArchived: true });
        if (!existing.archivedAt) throw conflict(`This ${decl.label.toLowerCase()} is not archived`, 'not_archived');
        await assertOpen(c, tx, existing, undefined);
        // Back among the live rows, it must obey their rules again: its unique values free, the record it
        // belongs to (a single reference: a project's customer) live. Lists of references (skills) may
        // name archived rows, as live rows' lists do.
        const values = Object.fromEntries(
          Object.entries(decl.fields)
            .filter(([, f]) => f.type === 'ref' || f.unique)
            .map(([name]) => [name, existing[name]]),
        );
        await checkValues(c, tx, values, id);
        const [restored] = (await tx
          .update(m.table)
          .set({ archivedAt: null, updatedAt: sql`now()` } as never)
          .where(eq(m.table.id, id))
          .returning()) as TRow[];
        await afterWrite(ctx, w, 'restored', restored!, existing);
        return restored!;
      });
      emitLive(c, 'updated', row);
      sendVersion(reply, row);
      return ctx.toEntity(row);
    },
  );
}
