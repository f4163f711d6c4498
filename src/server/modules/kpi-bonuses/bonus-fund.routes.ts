import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  bonusFundAllocateSchema,
  bonusFundPaySchema,
  bonusFundQuerySchema,
  bonusFundSchema,
  bonusFundShareSchema,
} from '../../../domain/modules/kpi/bonus-fund.schema.js';
import { kpiBonusesResource } from '../../../domain/modules/kpi/kpi-bonuses.resource.js';
import { readsOwnOnly } from '../../../domain/resource.js';
import type { Api } from '../../http/api.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { payIntoSalary, payMonth } from '../salaries/salary-pay.js';
import { fundOf, previewFund, storedFund, storedFundShare } from './bonus-fund.js';
import { bonusFundShares, bonusFunds } from './kpi-bonuses.table.js';

const access = (action: string) => ({ resource: kpiBonusesResource.name, action });
const tags = [kpiBonusesResource.name];

/**
 * The quarter's bonus fund: read (stored, or a preview), one person's share, allocate (once: the
 * unique period keeps two allocations at once from both storing, so the shares never exceed the
 * pool), and pay a share into the person's salary of this month (once).
 */
export function registerBonusFundRoutes(app: Api, s: Services) {
  app.get(
    '/kpi-bonus/bonus-fund',
    {
      config: { access: access('fund') },
      schema: {
        tags,
        summary: "A quarter's bonus fund: as allocated, or a preview of today's data",
        querystring: bonusFundQuerySchema,
        response: { 200: bonusFundSchema },
      },
    },
    async (req) => fundOf(s, req.user!, (req.query as { period: string }).period),
  );

  app.get(
    '/kpi-bonus/bonus-fund/user/:userId',
    {
      config: { access: access('fundShare') },
      schema: {
        tags,
        summary: "One person's share of a quarter's fund (a sale: their own); null when they have none",
        params: bonusFundPaySchema.pick({ userId: true }),
        querystring: bonusFundQuerySchema,
        response: { 200: bonusFundShareSchema.extend({ allocated: bonusFundSchema.shape.allocated }).nullable() },
      },
    },
    async (req) => {
      const { userId } = req.params as { userId: string };
      const { period } = req.query as { period: string };
      const user = req.user!;
      if (readsOwnOnly(kpiBonusesResource, user.role) && userId !== user.id) throw notFound('Share');
      // A sale may not read the quarter's profit: their share is read as the leads' fund has it.
      const [fund] = await s.db.select({ id: bonusFunds.id }).from(bonusFunds).where(eq(bonusFunds.period, period));
      if (fund) {
        const stored = await storedFundShare(s, fund.id, userId);
        return stored ? { ...stored, allocated: true } : null;
      }
      const preview = await previewFund(s, { ...user, role: 'admin' }, period);
      const share = preview.shares.find((x) => x.userId === userId);
      return share ? { ...share, allocated: false } : null;
    },
  );

  app.post(
    '/kpi-bonus/bonus-fund/allocate',
    {
      config: { access: access('allocateFund') },
      schema: {
        tags,
        summary: "Allocates a quarter's fund: stored once, split to the cent",
        body: bonusFundAllocateSchema,
        response: { 200: bonusFundSchema },
      },
    },
    async (req) => {
      const { period } = req.body as z.infer<typeof bonusFundAllocateSchema>;
      const fund = await previewFund(s, req.user!, period);
      if (fund.missing.length)
        throw unprocessable(`The fund can't be allocated: ${fund.missing.join(', ')} missing`, 'fund_incomplete', {
          period: { code: 'fund_incomplete', params: { missing: fund.missing.join(', ') } },
        });
      await s.db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(bonusFunds)
          .values({
            period,
            currency: fund.currency,
            profit: fund.profit!,
            percent: fund.percent!,
            threshold: fund.threshold!,
            pool: fund.pool,
            scaleId: fund.scale!.id,
            inputs: fund.inputs,
            lines: fund.lines,
            createdBy: req.user!.id,
          })
          .onConflictDoNothing({ target: bonusFunds.period })
          .returning();
        if (!stored) throw allocated(period);
        if (fund.shares.length)
          await tx.insert(bonusFundShares).values(
            fund.shares.map((sh) => ({
              fundId: stored.id,
              userId: sh.userId,
              evaluationId: sh.evaluationId,
              achievement: sh.achievement,
              amount: sh.amount,
            })),
          );
        await s.kit.audit.write(tx, { actorId: req.user!.id, entity: 'bonus-fund', entityId: stored.id, action: 'allocate', after: fund });
      });
      return (await storedFund(s, req.user!, period))!;
    },
  );

  app.post(
    '/kpi-bonus/bonus-fund/mark-paid',
    {
      config: { access: access('payFundShare') },
      schema: {
        tags,
        summary: "Marks one person's share paid, into their salary of this month (again: nothing changes)",
        body: bonusFundPaySchema,
        response: { 200: bonusFundShareSchema },
      },
    },
    async (req) => {
      const { period, userId } = req.body as z.infer<typeof bonusFundPaySchema>;
      const user = req.user!;
      const [fund] = await s.db.select().from(bonusFunds).where(eq(bonusFunds.period, period));
      if (!fund) throw unprocessable(`The fund of ${period} is not allocated yet`, 'fund_not_allocated', { period: 'fund_not_allocated' });
      await s.db.transaction(async (tx) => {
        const [share] = await tx
          .select()
          .from(bonusFundShares)
          .where(and(eq(bonusFundShares.fundId, fund.id), eq(bonusFundShares.userId, userId)))
          .for('update');
        if (!share) throw notFound('Share');
        if (share.paidAt) return;
        await payIntoSalary(tx, s, {
          userId,
          month: payMonth(),
          column: 'bonus',
          amount: share.amount,
          currency: fund.currency,
          source: { resource: 'bonus-fund', id: share.id, label: `${period}` },
          actorId: user.id,
        });
        const [after] = await tx
          .update(bonusFundShares)
          .set({ paidAt: new Date().toISOString(), paidBy: user.id })
          .where(eq(bonusFundShares.id, share.id))
          .returning();
        await s.kit.audit.write(tx, {
          actorId: user.id,
          entity: 'bonus-fund',
          entityId: fund.id,
          action: 'markPaid',
          before: share,
          after,
        });
      });
      return (await storedFundShare(s, fund.id, userId))!;
    },
  );
}

const allocated = (period: string) =>
  conflict(`The fund of ${period} is allocated already: it is not split twice`, 'fund_allocated', { period: 'fund_allocated' });
