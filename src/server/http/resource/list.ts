import type { FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CurrentUser } from '../access.js';
import { plainJson } from '../api.js';
import { listQuerySchema, MAX_PAGE_SIZE, pageFromQuery, type ListQuery } from '../list-query.js';
import { countRows, estimateRows, setTotalHeaders, tableRowReader } from '../paging.js';
import { columnOf } from './columns.js';
import type { ResourceContext } from './context.js';
import type { Row } from './resource-module.js';
import { archivedView, orderBy, where } from './scope.js';

/** `?archived=true` on soft-deleting resources: the archived rows instead of the live ones. */
export function archivedParam(ctx: ResourceContext): Record<string, z.ZodType> {
  if (!ctx.archivedAt) return {};
  return {
    archived: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional()
      .meta({ description: 'true: the archived rows instead of the live ones' }),
  };
}

/**
 * The list routes: `GET /paginated` ({ data, total }), and `GET /` as each client asks it — paged
 * json-server style (`_start`/`_end`, total in headers), paged with `page`/`limit`, the rows of
 * `id=…&id=…` (getMany), or light rows for selects (id, title and the fields that tell rows apart).
 */
export function registerList<TRow extends Row>(ctx: ResourceContext<TRow>) {
  const { app, s, m, tags, url, access } = ctx;
  const c = ctx as ResourceContext;
  const rowReader = tableRowReader(s.db, m.table);
  const lightColumns = Object.fromEntries(
    ['id', ctx.decl.recordTitle, ...ctx.uniqueFields.map(([f]) => f)].map((f) => [f, columnOf(m.table, f)]),
  );

  async function list(user: CurrentUser, q: ListQuery, offset: number, limit: number) {
    const condition = where(c, user, q, archivedView(c, q));
    const order = orderBy(c, q);
    // Deferred join: the page's ids come from the sort index alone, then only those rows are read,
    // so a deep offset skips index entries instead of whole rows (decision 003).
    const pageIds = s.db
      .select({ id: m.table.id })
      .from(ctx.table)
      .where(condition)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const [rows, estimate] = await Promise.all([
      rowReader.read(sql`where ${m.table.id} in ${pageIds} order by ${sql.join(order, sql`, `)}`),
      estimateRows(s, m.table, condition),
    ]);
    const count = await countRows(s, m.table, condition, s.config.EXACT_COUNT_LIMIT, { offset, limit, returned: rows.length, estimate });
    return { data: rows.map((r) => ctx.toEntity(r as TRow)), ...count };
  }

  const querySchema = listQuerySchema(ctx.decl, archivedParam(c));
  const listResponse = z.object({ data: z.array(ctx.entitySchema), total: z.number(), totalIsEstimate: z.boolean().optional() });

  // The response schema documents the shape; `toEntity` builds it key by key, so the hot list
  // path skips re-validating every row on the way out.
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
      const condition = where(c, req.user!, q, archivedView(c, q));
      if (q.ids?.length) {
        // getMany (`id=…&id=…`): the full rows asked for.
        const rows = await s.db
          .select()
          .from(ctx.table)
          .where(condition)
          .orderBy(...orderBy(c, q))
          .limit(MAX_PAGE_SIZE);
        return rows.map((r) => ctx.toEntity(r as TRow));
      }
      // No paging: light rows for selects, capped.
      return s.db
        .select(lightColumns)
        .from(ctx.table)
        .where(condition)
        .orderBy(...orderBy(c, q))
        .limit(1000);
    },
  );
}
