import type { FastifyRequest } from 'fastify';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { slotReadAction, slotWriteAction } from '../../../domain/file-slots.js';
import type { ManyFileRef, StoredFileRef } from '../../../domain/fields.js';
import type { ResourceDecl } from '../../../domain/resource.js';
import { rowVersion } from '../precondition.js';
import { columnOf } from './columns.js';
import { idParams, type ResourceContext } from './context.js';
import { registerFileSlot, registerManyFileSlot, type DuplicateRow } from './file-slot.js';
import type { Row, Tx } from './resource-module.js';
import { findOne, where } from './scope.js';
import { afterWrite, assertLoadedVersion, assertOpen, assertOwnerWrite, emitLive, lockForWrite, writeContext } from './write-steps.js';

type SlotDecl = NonNullable<ResourceDecl['files']>[string];
const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

/**
 * The declared files of a resource (`files` in its declaration): each slot's change is a write of one
 * field of the row, with the kit's scope, precondition, write guards, audit and live event. The
 * slot's routes themselves (upload, download, delete; kinds by content, size) are file-slot.ts's.
 */
export function registerFiles<TRow extends Row>(ctx: ResourceContext<TRow>) {
  for (const [segment, slot] of Object.entries(ctx.decl.files ?? {})) {
    if (slot.many) registerManySlot(ctx, segment, slot);
    else registerOneSlot(ctx, segment, slot);
  }
}

/** What both kinds of slot share: the route, the rights, and the write of the field under the row's lock. */
function slotWrites<TRow extends Row, V>(ctx: ResourceContext<TRow>, segment: string, slot: SlotDecl) {
  const { s, m } = ctx;
  const c = ctx as ResourceContext;
  return {
    url: ctx.url(`/:id/${segment}`),
    what: slot.label,
    tags: ctx.tags,
    params: idParams,
    kinds: slot.types,
    maxBytes: slot.maxBytes,
    access: { read: ctx.access(slotReadAction(slot)), write: ctx.access(slotWriteAction(slot)) },
    precondition: true,
    // Told before the upload is read (ADR 009's order); checked again under the lock.
    async assertMayWrite(req: FastifyRequest) {
      const existing = await findOne(ctx, s.db, req.user!, idOf(req));
      assertOwnerWrite(c, req.user!, {}, existing);
      await assertLoadedVersion(ctx, s.db, req, existing);
      await assertOpen(c, s.db, existing, undefined);
    },
    /** Locks the row in the write's transaction; `replace` puts the field's new value and audits it. */
    async lockRow(tx: Tx, req: FastifyRequest) {
      const existing = await lockForWrite(ctx, tx, req, idOf(req));
      await assertOpen(c, tx, existing, undefined);
      return {
        existing,
        async replace(after: V) {
          const [updated] = (await tx
            .update(m.table)
            .set({ [slot.field]: after, updatedAt: sql`now()` } as never)
            .where(eq(m.table.id, existing.id as string))
            .returning()) as TRow[];
          await afterWrite(ctx, writeContext(c, req, tx), 'updated', updated!, existing);
          return { version: rowVersion(updated!), announce: () => emitLive(c, 'updated', updated!) };
        },
      };
    },
  };
}

function registerOneSlot<TRow extends Row>(ctx: ResourceContext<TRow>, segment: string, slot: SlotDecl) {
  const fileOf = (row: TRow) => (row[slot.field] ?? null) as StoredFileRef | null;
  const { lockRow, ...routes } = slotWrites<TRow, StoredFileRef | null>(ctx, segment, slot);
  registerFileSlot(ctx.app, ctx.s, {
    ...routes,
    current: async (req) => fileOf(await findOne(ctx, ctx.s.db, req.user!, idOf(req))),
    async lock(tx, req) {
      const { existing, replace } = await lockRow(tx, req);
      return { file: fileOf(existing), replace };
    },
  });
}

/** A slot keeping several files (`many`): the field is their list; the same content on another readable row is flagged. */
function registerManySlot<TRow extends Row>(ctx: ResourceContext<TRow>, segment: string, slot: SlotDecl) {
  const { s, m } = ctx;
  const filesOf = (row: TRow) => (row[slot.field] ?? []) as ManyFileRef[];
  const column = columnOf(m.table, slot.field);
  const { lockRow, ...routes } = slotWrites<TRow, ManyFileRef[]>(ctx, segment, slot);
  registerManyFileSlot(ctx.app, s, {
    ...routes,
    maxFiles: slot.maxFiles ?? 20,
    current: async (req) => filesOf(await findOne(ctx, s.db, req.user!, idOf(req))),
    async lock(tx, req) {
      const { existing, replace } = await lockRow(tx, req);
      return { files: filesOf(existing), replace };
    },
    async duplicates(req, digests) {
      const out = new Map<string, DuplicateRow[]>();
      if (!digests.length) return out;
      const rows = await s.db
        .select({ id: m.table.id, label: sql<string>`${ctx.titleColumn}::text`, files: column })
        .from(ctx.table)
        .where(
          and(
            where(ctx as ResourceContext, req.user!, {}),
            ne(m.table.id, idOf(req)),
            or(...digests.map((d) => sql`${column} @> ${JSON.stringify([{ sha256: d }])}::jsonb`)),
          ),
        )
        .orderBy(asc(ctx.titleColumn))
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
