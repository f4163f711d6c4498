import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BULK_MAX, bulkActions } from '../../../domain/state-actions.js';
import { AppError, badRequest } from '../errors.js';
import { listQuerySchema, type ListQuery } from '../list-query.js';
import type { ResourceContext } from './context.js';
import type { ActionStep, Row, Tx } from './resource-module.js';
import { findOne, orderBy, where } from './scope.js';
import { takeAction } from './take-action.js';
import { assertOwnerWrite, emitLive } from './write-steps.js';

/** The rows a bulk action takes: the ids picked, or every row of the list's filter (`all`); never neither, never both. */
const bulkBody = z
  .strictObject({
    ids: z
      .array(z.uuid({ message: 'invalid_id' }))
      .min(1)
      .max(BULK_MAX)
      .optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => !!b.ids !== !!b.all, { message: 'bulk_scope', path: ['ids'] });

/** A row the action refused: its id, the record as the caller reads it (none when not found), and the refusal as an error body. */
const refusedRow = z.object({
  id: z.string(),
  record: z.record(z.string(), z.unknown()).nullable(),
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  issues: z.record(z.string(), z.unknown()).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
const bulkResult = z.object({ done: z.array(z.string()), refused: z.array(refusedRow) });
export type BulkResult = z.infer<typeof bulkResult>;

/**
 * `POST /bulk/<segment>` for each state action declared `bulk` (approve a month's salaries): the
 * rows are the ids given or every row the list's filters select (the same query keys as the list,
 * in the caller's scope), at most BULK_MAX. Each row is taken as its own route takes it — locked,
 * guarded, its state checked, audited — in its own transaction, so one refusal leaves the others
 * done; two bulk calls at once take each row once. Answers the ids done and each refusal's reason.
 */
export function registerBulkActions<TRow extends Row>(ctx: ResourceContext<TRow>, steps: Readonly<Record<string, ActionStep<TRow>>> = {}) {
  const { app, decl, m, tags, url, access } = ctx;
  const c = ctx as ResourceContext;
  const querystring = listQuerySchema(decl);
  for (const name of bulkActions(decl.states)) {
    const a = decl.states!.actions[name]!;
    app.post(
      url(`/bulk/${a.segment}`),
      {
        config: { access: access(name) },
        schema: {
          tags,
          summary: `${a.summary} — on the rows given or every row of the list's filters, at most ${BULK_MAX}, each checked alone`,
          querystring,
          body: bulkBody,
          response: { 200: bulkResult },
        },
      },
      async (req: FastifyRequest): Promise<BulkResult> => {
        const body = req.body as z.infer<typeof bulkBody>;
        const q = req.query as ListQuery;
        const user = req.user!;
        const found = await ctx.s.db
          .select({ id: m.table.id })
          .from(ctx.table)
          .where(where(c, user, { filters: q.filters, q: q.q, ids: body.ids }))
          .orderBy(...orderBy(c, { ...q, sort: undefined }))
          .limit(BULK_MAX + 1);
        if (found.length > BULK_MAX)
          // As too many ids would be: a request larger than one call takes.
          throw badRequest(
            `At most ${BULK_MAX} rows are taken at once: narrow the filters`,
            { ids: { code: 'too_big', params: { max: BULK_MAX } } },
            'bulk_too_many',
          );
        const ids = found.map((r) => String(r.id));
        const refused: BulkResult['refused'] = [];
        // Ids asked for that the caller does not read (or that are archived): not found, as one by one.
        const seen = new Set(ids);
        for (const id of new Set(body.ids ?? []))
          if (!seen.has(id)) refused.push({ id, record: null, statusCode: 404, code: 'not_found', message: `${decl.label} not found` });
        const done: TRow[] = [];
        for (const id of ids) {
          try {
            // No precondition: a row's state is what the action checks, and one version would not fit every row.
            const lock = async (tx: Tx) => {
              const row = await findOne(ctx, tx, user, id, true);
              assertOwnerWrite(c, user, {}, row);
              return row;
            };
            done.push(await takeAction(ctx, req, id, name, steps[name] ?? {}, undefined, lock, true));
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            const record = err.statusCode === 404 ? null : await findOne(ctx, ctx.s.db, user, id).then(ctx.toEntity, () => null);
            refused.push({
              id,
              record,
              statusCode: err.statusCode,
              code: err.code,
              message: err.message,
              ...(err.issues ? { issues: err.issues } : {}),
              ...(err.details ? { details: err.details as Record<string, unknown> } : {}),
            });
          }
        }
        emitLive(c, 'updated', done);
        return { done: done.map((r) => String(r.id)), refused };
      },
    );
  }
}
