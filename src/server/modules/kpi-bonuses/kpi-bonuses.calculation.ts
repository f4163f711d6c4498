import { and, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { formatDecimal, formatMoney } from '../../../domain/money.js';
import { ACHIEVEMENT_SCALE, bonusPercent, plain, quarterBonus, scaleFormula } from '../../../domain/modules/kpi/kpi.rules.js';
import { parseQuarter } from '../../../domain/modules/kpi/kpi.schema.js';
import { STATEMENT_TERMS, type StatementInput } from '../../../domain/statements.js';
import type { Db } from '../../db/client.js';
import type { Calculated, Reader, StatementKind } from '../../http/statements/compute.js';
import { bonusScales } from '../bonus-scales/bonus-scales.table.js';
import { targetsOf } from '../kpi/kpi.calculation.js';
import { kpiEvaluations } from '../kpi/kpi.table.js';
import { kpiBonuses } from './kpi-bonuses.table.js';

/** The rule every quarter bonus follows; a new rule gets a new name and never rewrites an earlier quarter. */
export const BONUS_RULE = 'kpi-bonus-1';

export type BonusScaleRow = typeof bonusScales.$inferSelect;

/** The bonus rules in force in a quarter: the latest version from that quarter or before. */
export async function scaleFor(db: Reader, period: string): Promise<BonusScaleRow | undefined> {
  const [row] = await (db as Db)
    .select()
    .from(bonusScales)
    .where(and(lte(bonusScales.effectiveFrom, period), isNull(bonusScales.archivedAt)))
    .orderBy(desc(bonusScales.effectiveFrom))
    .limit(1);
  return row;
}

/** A person's approved (or paid-out) evaluation of a quarter: the achievement a bonus stands on, frozen. */
export async function approvedEvaluation(db: Reader, userId: string, period: string) {
  const [row] = await (db as Db)
    .select({ id: kpiEvaluations.id, total: kpiEvaluations.total, period: kpiEvaluations.period })
    .from(kpiEvaluations)
    .where(and(eq(kpiEvaluations.userId, userId), eq(kpiEvaluations.period, period), inArray(kpiEvaluations.state, ['approved', 'paid'])));
  return row && { ...row, total: formatDecimal(row.total, ACHIEVEMENT_SCALE) };
}

/**
 * A person's quarter bonus from today's data: their approved evaluation's achievement on the scale in
 * force that quarter, times their target bonus, in the base currency. What is missing (no approved
 * evaluation, no target bonus, no scale) is named, and the statement cannot be approved.
 */
export async function bonusStatement(db: Reader, userId: string, period: string, base: string): Promise<Calculated> {
  const q = parseQuarter(period);
  const [evaluation, target, scale] = await Promise.all([
    approvedEvaluation(db, userId, period),
    q ? targetsOf(db, userId, q.year, q.quarter) : undefined,
    scaleFor(db, period),
  ]);
  const missing = [
    ...(evaluation ? [] : [STATEMENT_TERMS.evaluation]),
    ...(target?.targetBonus ? [] : [STATEMENT_TERMS.targetBonus]),
    ...(scale ? [] : [STATEMENT_TERMS.bonusScale]),
  ];
  const zero = formatMoney('0', base);
  if (!evaluation || !target?.targetBonus || !scale)
    return { ruleVersion: BONUS_RULE, inputs: [], lines: [], total: zero, missing, unit: base };

  const achieved = plain(evaluation.total);
  const percent = bonusPercent(scale.levels, evaluation.total);
  const amount = quarterBonus(target.targetBonus, percent, base);
  const inputs: StatementInput[] = [
    {
      key: 'achievement',
      line: 'bonus',
      label: STATEMENT_TERMS.achievement,
      value: evaluation.total,
      source: { resource: 'kpi-evaluations', id: evaluation.id, label: period },
    },
    {
      key: 'targetBonus',
      line: 'bonus',
      label: STATEMENT_TERMS.targetBonus,
      value: target.targetBonus,
      source: { resource: 'kpi', id: target.id, label: period },
    },
    {
      key: 'scale',
      line: 'bonus',
      label: STATEMENT_TERMS.bonusScale,
      value: percent,
      source: { resource: 'bonus-scales', id: scale.id, label: scale.effectiveFrom },
    },
  ];
  const formula = `${scaleFormula(scale.levels, achieved)}; ${plain(target.targetBonus)} × ${plain(percent)} % = ${formatMoney(amount, base)}`;
  return {
    ruleVersion: `${BONUS_RULE} · scale ${scale.effectiveFrom}`,
    inputs,
    lines: [{ key: 'bonus', kind: 'metric', label: STATEMENT_TERMS.quarterBonus, formula, amount }],
    total: amount,
    missing: [],
    unit: base,
  };
}

/**
 * Bonus statements are in the base currency. Their lines are rounded to its minor units already
 * (quarterBonus); the kit sums and shows them at two digits, which holds every base we run on.
 */
export const bonusStatementKind: StatementKind = { table: kpiBonuses, scale: 2, calculate: bonusStatement };
