import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { exportLabelsParam, exportRows, type ExportLabels } from '../export.js';
import { listQuerySchema, type ListQuery } from '../list-query.js';
import type { ResourceContext } from './context.js';
import { archivedParam } from './list.js';
import { labelsOf } from './registry.js';
import type { Row } from './resource-module.js';
import { archivedView, orderBy, where } from './scope.js';

/** `GET /export`: the whole list for the caller's filters and sort, as .xlsx or .csv (the file itself: ../export.ts). */
export function registerExport<TRow extends Row>(ctx: ResourceContext<TRow>) {
  const { app, decl, tags, url, access } = ctx;
  const c = ctx as ResourceContext;
  const exportQuery = listQuerySchema(decl, {
    ...archivedParam(c),
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
    async (req, reply) =>
      exportList(ctx, req, reply, req.query as unknown as ListQuery & { format: 'xlsx' | 'csv'; labels?: ExportLabels }),
  );
}

/** The list the caller reads, for these filters and sort, as a file: the export, and an import's template (raw keys, no labels). */
export function exportList<TRow extends Row>(
  ctx: ResourceContext<TRow>,
  req: FastifyRequest,
  reply: FastifyReply,
  q: ListQuery & { format: 'xlsx' | 'csv'; labels?: ExportLabels },
) {
  const { s, decl } = ctx;
  const c = ctx as ResourceContext;
  const condition = where(c, req.user!, q, archivedView(c, q));
  const order = orderBy(c, q);
  return exportRows(reply, {
    decl,
    entityKeys: ctx.keys,
    format: q.format,
    labels: q.labels,
    fileName: decl.name,
    // The whole result, read in pages of the list's own order.
    async *batches() {
      for (let offset = 0; ; offset += 1000) {
        const rows = await s.db
          .select()
          .from(ctx.table)
          .where(condition)
          .orderBy(...order)
          .limit(1000)
          .offset(offset);
        if (rows.length) yield rows.map((r) => ctx.toEntity(r as TRow));
        if (rows.length < 1000) return;
      }
    },
    refLabel: (resource, ids) => labelsOf(s, resource, ids),
  });
}
