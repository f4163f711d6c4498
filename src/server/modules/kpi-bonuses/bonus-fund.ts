// A quarter's bonus fund: its preview from today's P&L and evaluations, and the fund as allocated.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { add, compare, divide, formatDecimal, formatMoney, multiply } from '../../../domain/money.js';
import { monthsBetween } from '../../../domain/months.js';
import type { BonusFund } from '../../../domain/modules/kpi/bonus-fund.schema.js';
import { ACHIEVEMENT_SCALE, plain, splitFund } from '../../../domain/modules/kpi/kpi.rules.js';
import { parseQuarter, quarterRange } from '../../../domain/modules/kpi/kpi.schema.js';
import { STATEMENT_TERMS, type StatementInput, type StatementLine } from '../../../domain/statements.js';
import type { CurrentUser } from '../../http/access.js';
import type { Services } from '../../services.js';
import { bonusScales } from '../bonus-scales/bonus-scales.table.js';
import { kpiEvaluations } from '../kpi/kpi.table.js';
import { computePnl } from '../pnl/pnl.module.js';
import { users } from '../users/users.table.js';
import { scaleFor } from './kpi-bonuses.calculation.js';
import { bonusFundShares, bonusFunds } from './kpi-bonuses.table.js';

/** The quarter's profit as the P&L gives it to the caller (null when it hides it from them). */
async function quarterProfit(s: Services, user: CurrentUser, period: string): Promise<string | null> {
  const q = parseQuarter(period)!;
  const { from, to } = quarterRange(q.year, q.quarter);
  const months = monthsBetween(from.slice(0, 7), to.slice(0, 7));
  const pnl = await computePnl(s, user, { from: months[0]!, to: months.at(-1)!, groupBy: 'month' });
  return pnl.totals.profit;
}

/** Today's fund of a quarter, computed and not stored: the pool from the P&L and the rule in force, split. */
export async function previewFund(s: Services, user: CurrentUser, period: string): Promise<BonusFund> {
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
export async function storedFund(s: Services, user: CurrentUser, period: string): Promise<BonusFund | null> {
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

export const fundOf = async (s: Services, user: CurrentUser, period: string) =>
  (await storedFund(s, user, period)) ?? previewFund(s, user, period);

export async function storedFundShare(s: Services, fundId: string, userId: string) {
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
