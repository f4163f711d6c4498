import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { add, compare, divide, formatDecimal, formatMoney, multiply } from '../../../domain/money.js';
import { monthsBetween } from '../../../domain/months.js';
import {
  bonusFundAllocateSchema,
  bonusFundPaySchema,
  bonusFundQuerySchema,
  bonusFundSchema,
  bonusFundShareSchema,
  type BonusFund,
} from '../../../domain/modules/kpi/bonus-fund.schema.js';
import { kpiBonusesResource } from '../../../domain/modules/kpi/kpi-bonuses.resource.js';
import { ACHIEVEMENT_SCALE, plain, splitFund } from '../../../domain/modules/kpi/kpi.rules.js';
import { parseQuarter, quarterRange } from '../../../domain/modules/kpi/kpi.schema.js';
import { STATEMENT_TERMS, type StatementInput, type StatementLine } from '../../../domain/statements.js';
import type { Api } from '../../http/api.js';
import type { CurrentUser } from '../../http/access.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { bonusScales } from '../bonus-scales/bonus-scales.table.js';
import { kpiEvaluations } from '../kpi/kpi.table.js';
import { computePnl } from '../pnl/pnl.module.js';
import { payIntoSalary } from '../salaries/salary-pay.js';
import { users } from '../users/users.table.js';
import { scaleFor } from './kpi-bonuses.calculation.js';
import { bonusFundShares, bonusFunds } from './kpi-bonuses.table.js';

const access = (action: string) => ({ resource: kpiBonusesResource.name, action });
const tags = [kpiBonusesResource.name];
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** The quarter's profit as the P&L gives it to the caller (null when it hides it from them). */
async function quarterProfit(s: Services, user: CurrentUser, period: string): Promise<string | null> {
  const q = parseQuarter(period)!;
  const { from, to } = quarterRange(q.year, q.quarter);
  const months = monthsBetween(from.slice(0, 7), to.slice(0, 7));
  const pnl = await computePnl(s, user, { from: months[0]!, to: months.at(-1)!, groupBy: 'month' });
  return pnl.totals.profit;
}

/** Today's fund of a quarter, computed and not stored: the pool from the P&L and the rule in force, split. */
async function previewFund(s: Services, user: CurrentUser, period: string): Promise<BonusFund> {
  const base = s.config.BASE_CURRENCY;
  const [scale, profit, evaluated] = await Promise.all([
    scaleFor(s.db, period),
    quarterProfit(s, user, period),
    s.db
      .select({ id: kpiEvaluations.id, userId: kpiEvaluations.userId, total: kpiEvaluations.total, name: users.fullName })
      .from(kpiEvaluations)
      .innerJoin(users, eq(users.id, kpiEvaluations.userId))
      .where(and(eq(kpiEvaluations.period, period), inArray(kpiEvaluations.state, ['approved', 'paid'])))
      .orderBy(asc(users.fullName), asc(kpiEvaluations.userId)),
  ]);
  const missing = [...(scale ? [] : [STATEMENT_TERMS.bonusScale]), ...(profit === null ? [STATEMENT_TERMS.profit] : [])];
  const empty = {
    period,
    allocated: false,
    allocatedAt: null,
    currency: base,
    profitNow: profit,
    scale: null,
    inputs: [],
    lines: [],
    shares: [],
  };
  if (!scale || profit === null)
    return {
      ...empty,
      profit,
      percent: scale?.fundPercent ?? null,
      threshold: scale?.fundThreshold ?? null,
      pool: formatMoney('0', base),
      missing,
    };

  const positive = compare(profit, '0') > 0 ? profit : '0';
  const pool = formatMoney(divide(multiply(positive, scale.fundPercent), '100', 6), base);
  for (const e of evaluated) e.total = formatDecimal(e.total, ACHIEVEMENT_SCALE);
  const people = evaluated.map((e) => ({ key: e.userId, achievement: e.total }));
  const split = splitFund(pool, base, people, scale.fundThreshold);
  const eligibleSum = add('0', ...split.map((p) => p.achievement));
  const source = { resource: 'bonus-scales', id: scale.id, label: scale.effectiveFrom };
  const inputs: StatementInput[] = [
    { key: 'profit', line: 'pool', label: STATEMENT_TERMS.profit, value: profit },
    { key: 'percent', line: 'pool', label: STATEMENT_TERMS.fundPercent, value: scale.fundPercent, source },
    { key: 'threshold', line: 'pool', label: STATEMENT_TERMS.threshold, value: scale.fundThreshold, source },
    ...evaluated.map((e) => ({
      key: `achievement:${e.userId}`,
      line: `share:${e.userId}`,
      label: e.name,
      value: e.total,
      source: { resource: 'kpi-evaluations', id: e.id, label: period },
    })),
  ];
  const lines: StatementLine[] = [
    {
      key: 'pool',
      kind: 'metric',
      label: STATEMENT_TERMS.pool,
      formula: `max(${plain(profit)}, 0) × ${plain(scale.fundPercent)} % = ${pool}`,
      amount: pool,
    },
    ...split.map((share) => ({
      key: `share:${share.key}`,
      kind: 'metric' as const,
      label: evaluated.find((e) => e.userId === share.key)!.name,
      formula: `${pool} × ${plain(share.achievement)} / ${plain(eligibleSum)} = ${share.amount}`,
      amount: share.amount,
    })),
  ];
  const byUser = new Map(evaluated.map((e) => [e.userId, e]));
  return {
    ...empty,
    profit,
    percent: scale.fundPercent,
    threshold: scale.fundThreshold,
    pool,
    scale: { id: scale.id, effectiveFrom: scale.effectiveFrom },
    missing: [],
    inputs,
    lines,
    shares: split.map((share) => ({
      userId: share.key,
      name: byUser.get(share.key)!.name,
      evaluationId: byUser.get(share.key)!.id,
      achievement: share.achievement,
      amount: share.amount,
      paidAt: null,
    })),
  };
}

/** The fund as it was allocated, or null; `profitNow` is the caller's P&L today. */
async function storedFund(s: Services, user: CurrentUser, period: string): Promise<BonusFund | null> {
  const [fund] = await s.db.select().from(bonusFunds).where(eq(bonusFunds.period, period));
  if (!fund) return null;
  const [shares, profitNow, scale] = await Promise.all([
    s.db
      .select({ share: bonusFundShares, name: users.fullName })
      .from(bonusFundShares)
      .innerJoin(users, eq(users.id, bonusFundShares.userId))
      .where(eq(bonusFundShares.fundId, fund.id))
      .orderBy(asc(users.fullName), asc(bonusFundShares.userId)),
    quarterProfit(s, user, period),
    s.db.select({ effectiveFrom: bonusScales.effectiveFrom }).from(bonusScales).where(eq(bonusScales.id, fund.scaleId)),
  ]);
  const effectiveFrom = scale[0]?.effectiveFrom ?? '';
  return {
    period,
    allocated: true,
    allocatedAt: fund.allocatedAt,
    currency: fund.currency,
    profit: fund.profit,
    profitNow,
    percent: fund.percent,
    threshold: fund.threshold,
    pool: formatMoney(fund.pool, fund.currency),
    scale: { id: fund.scaleId, effectiveFrom },
    missing: [],
    inputs: fund.inputs,
    lines: fund.lines,
    shares: shares.map(({ share, name }) => ({
      userId: share.userId,
      name,
      evaluationId: share.evaluationId,
      achievement: formatDecimal(share.achievement, ACHIEVEMENT_SCALE),
      amount: formatMoney(share.amount, fund.currency),
      paidAt: share.paidAt,
    })),
  };
}

const fundOf = async (s: Services, user: CurrentUser, period: string) =>
  (await storedFund(s, user, period)) ?? previewFund(s, user, period);

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
      if ((kpiBonusesResource.owner!.roles as readonly string[]).includes(user.role) && userId !== user.id) throw notFound('Share');
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
          month: thisMonth(),
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

async function storedFundShare(s: Services, fundId: string, userId: string) {
  const [row] = await s.db
    .select({ share: bonusFundShares, name: users.fullName, currency: bonusFunds.currency })
    .from(bonusFundShares)
    .innerJoin(users, eq(users.id, bonusFundShares.userId))
    .innerJoin(bonusFunds, eq(bonusFunds.id, bonusFundShares.fundId))
    .where(and(eq(bonusFundShares.fundId, fundId), eq(bonusFundShares.userId, userId)));
  if (!row) return undefined;
  return {
    userId,
    name: row.name,
    evaluationId: row.share.evaluationId,
    achievement: formatDecimal(row.share.achievement, ACHIEVEMENT_SCALE),
    amount: formatMoney(row.share.amount, row.currency),
    paidAt: row.share.paidAt,
  };
}
