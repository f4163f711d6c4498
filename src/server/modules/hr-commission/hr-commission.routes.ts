import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatDecimal } from '../../../domain/money.js';
import { splitProblems } from '../../../domain/modules/hr-commission/hr-commission.rules.js';
import {
  calculateBodySchema,
  calculateResultSchema,
  placementSchema,
  placementsQuerySchema,
  splitBodySchema,
  type SplitBody,
} from '../../../domain/modules/hr-commission/hr-commission-views.schema.js';
import { hrCommissionsResource as decl } from '../../../domain/modules/hr-commission/hr-commissions.resource.js';
import type { Api } from '../../http/api.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { registeredResource } from '../../http/resource/index.js';
import { computeDraft, storedComputation } from '../../http/statements/compute.js';
import type { Services } from '../../services.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import { assertMonthsOpen } from '../month-close/month-close.service.js';
import { hrCommissionKind, matrixVersions, placementFacts } from './hr-commission.calculation.js';
import { hrCommissions, hrCommissionSplits } from './hr-commissions.table.js';

import { tags, access, url, namesOf, viewAll, placementOut } from './hr-commission.views.js';
import { registerHrCommissionViewRoutes } from './hr-commission-dashboard.routes.js';

export function registerHrCommissionRoutes(app: Api, s: Services) {
  const base = () => s.config.BASE_CURRENCY;

  app.post(
    url('/calculate'),
    {
      config: { access: access('calculate') },
      schema: {
        tags,
        summary:
          "Calculates a month for every recruiter with something in it: a draft is created or follows today's data; approved and paid statements stay as they are (refused in a closed month)",
        body: calculateBodySchema,
        response: { 200: calculateResultSchema },
      },
    },
    async (req, reply) => {
      const { period } = req.body as z.infer<typeof calculateBodySchema>;
      await assertMonthsOpen(s.db, decl.closesWithMonth!, undefined, { period });
      const facts = await placementFacts(s.db, base());
      const existing = await s.db.select().from(hrCommissions).where(eq(hrCommissions.period, period));
      const withStatements = await s.db.selectDistinct({ userId: hrCommissions.userId }).from(hrCommissions);
      const recruiters = [
        ...new Set([...facts.flatMap((f) => f.shares.map((x) => x.userId)), ...withStatements.map((r) => r.userId)]),
      ].sort();
      const data: z.infer<typeof calculateResultSchema>['data'] = [];
      const registered = registeredResource(s, decl.name)!;
      for (const userId of recruiters) {
        const row = existing.find((r) => r.userId === userId);
        if (row && row.state !== 'draft') {
          data.push({ id: row.id, userId, state: row.state as 'approved', total: formatDecimal(row.total, 2), result: 'frozen' });
          continue;
        }
        if (row) {
          const updated = await s.db.transaction(async (tx) => {
            const draft = await computeDraft(tx, hrCommissionKind, userId, period, base());
            const [after] = await tx
              .update(hrCommissions)
              .set({ ...storedComputation(draft), updatedAt: new Date().toISOString() })
              .where(and(eq(hrCommissions.id, row.id), eq(hrCommissions.state, 'draft')))
              .returning();
            if (after && after.total !== row.total)
              await s.kit.audit.write(tx, {
                actorId: req.user!.id,
                entity: decl.name,
                entityId: row.id,
                action: 'recalculate',
                before: { total: row.total },
                after: { total: after.total },
                requestId: req.id,
              });
            return after ?? row;
          });
          data.push({ id: updated.id, userId, state: updated.state as 'draft', total: formatDecimal(updated.total, 2), result: 'updated' });
          continue;
        }
        const draft = await computeDraft(s.db, hrCommissionKind, userId, period, base());
        if (!draft.lines.length && !draft.missing.length) continue;
        const created = (await registered.create(req, reply, { userId, period, notes: null })) as { id: string; total: string };
        data.push({ id: created.id, userId, state: 'draft', total: created.total, result: 'created' });
      }
      if (data.some((d) => d.result !== 'frozen'))
        s.realtime.toRoles(['admin', 'hr_lead'], 'live', {
          channel: `resources/${decl.name}`,
          type: 'updated',
          payload: { ids: data.map((d) => d.id) },
          date: new Date().toISOString(),
        });
      reply.removeHeader('etag');
      return { period, data };
    },
  );

  app.get(
    url('/placements'),
    {
      config: { access: access('splits') },
      schema: {
        tags,
        summary: 'Placements with their probation, state, amount and split between recruiters (the leads)',
        querystring: placementsQuerySchema,
        response: { 200: z.object({ currency: z.string(), data: z.array(placementSchema) }) },
      },
    },
    async (req) => {
      const q = req.query as z.infer<typeof placementsQuerySchema>;
      const facts = await placementFacts(s.db, base(), q.userId);
      const viewed = viewAll(facts, await matrixVersions(s.db), base()).filter((v) => !q.state || v.view.state === q.state);
      const set = await s.db.select({ id: hrCommissionSplits.headcountId }).from(hrCommissionSplits);
      const withSplit = new Set(set.map((r) => r.id));
      const names = await namesOf(
        s.db,
        viewed.flatMap((v) => v.facts.shares.map((x) => x.userId)),
      );
      return { currency: base(), data: viewed.reverse().map((v) => placementOut(v, names, withSplit.has(v.facts.id))) };
    },
  );

  app.put(
    url('/placements/:id/splits'),
    {
      config: { access: access('splits') },
      schema: {
        tags,
        summary:
          'Sets how a placement is split between recruiters: shares totalling exactly 100 % (a share without a per cent takes an equal part of the rest); an empty list goes back to the recruiter of record. Audited',
        params: z.object({ id: z.uuid({ message: 'invalid_id' }) }),
        body: splitBodySchema,
        response: { 200: placementSchema },
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      const { shares } = req.body as SplitBody;
      const [seat] = await s.db.select({ id: headcounts.id }).from(headcounts).where(eq(headcounts.id, id));
      if (!seat) throw notFound('Placement');
      if (shares.length) {
        const problems = splitProblems(shares);
        if (Object.keys(problems).length) throw unprocessable('The shares must total exactly 100 %', 'split_invalid', problems);
        const known = await namesOf(
          s.db,
          shares.map((x) => x.userId),
        );
        const unknown = shares.findIndex((x) => !known.has(x.userId));
        if (unknown >= 0) throw unprocessable('No such person', 'split_invalid', { [`shares.${unknown}.userId`]: 'not_found' });
      }
      await s.db.transaction(async (tx) => {
        const [before] = await tx.select().from(hrCommissionSplits).where(eq(hrCommissionSplits.headcountId, id)).for('update');
        if (shares.length)
          await tx
            .insert(hrCommissionSplits)
            .values({ headcountId: id, shares, updatedBy: req.user!.id })
            .onConflictDoUpdate({
              target: hrCommissionSplits.headcountId,
              set: { shares, updatedBy: req.user!.id, updatedAt: new Date().toISOString() },
            });
        else await tx.delete(hrCommissionSplits).where(eq(hrCommissionSplits.headcountId, id));
        await s.kit.audit.write(tx, {
          actorId: req.user!.id,
          entity: 'hr-commission-splits',
          entityId: id,
          action: 'update',
          before: before ? { shares: before.shares } : null,
          after: shares.length ? { shares } : null,
          requestId: req.id,
        });
      });
      const facts = (await placementFacts(s.db, base())).find((f) => f.id === id);
      if (!facts) throw unprocessable('This seat has no recruiter to split between', 'split_no_recruiter');
      const [v] = viewAll([facts], await matrixVersions(s.db), base());
      return placementOut(
        v!,
        await namesOf(
          s.db,
          facts.shares.map((x) => x.userId),
        ),
        shares.length > 0,
      );
    },
  );
  registerHrCommissionViewRoutes(app, s);
}
