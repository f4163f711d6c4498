import { asc, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../list-query.js';
import type { ResourceContext } from './context.js';
import type { Row } from './resource-module.js';
import { where } from './scope.js';

const lookupLimit = 20;

/** `GET /lookup`: the light list pickers use — id and label only, open to the roles that pick such a row. */
export function registerLookup<TRow extends Row>(ctx: ResourceContext<TRow>) {
  const { app, s, m, decl, tags, url, access, titleColumn } = ctx;
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
  app.get(
    url('/lookup'),
    { config: { access: access('lookup') }, schema: { tags, querystring: lookupQuery, response: { 200: lookupResponse } } },
    async (req) => {
      const q = req.query as z.infer<typeof lookupQuery> & Record<string, string[] | undefined>;
      const filters = lookupEnums.flatMap(([field]) => (q[field]?.length ? [{ field, op: 'eq' as const, values: q[field] }] : []));
      return s.db
        .select({ id: sql<string>`${m.table.id}`, label: sql<string>`${titleColumn}::text` })
        .from(ctx.table)
        .where(where(ctx as ResourceContext, req.user!, { ids: q.id, q: q.q, filters }, { withArchived: !!q.id, pick: true }))
        .orderBy(asc(titleColumn), asc(m.table.id))
        .limit(q.id ? q.id.length : (q.limit ?? lookupLimit));
    },
  );
}
