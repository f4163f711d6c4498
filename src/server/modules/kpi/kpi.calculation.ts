import { and, eq, isNull } from 'drizzle-orm';
import { achievement, ACHIEVEMENT_SCALE, type MetricActual } from '../../../domain/modules/kpi/kpi.rules.js';
import { parseQuarter, quarterRange, type KpiMetric } from '../../../domain/modules/kpi/kpi.schema.js';
import type { StatementInput } from '../../../domain/statements.js';
import type { Db } from '../../db/client.js';
import type { Calculated, Reader, StatementKind } from '../../http/statements/compute.js';
import { actualOf, countedRows } from './kpi.actuals.js';
import { kpiEvaluations, kpiTargets } from './kpi.table.js';

export type KpiTargetRow = typeof kpiTargets.$inferSelect;

/** The rule every KPI statement follows; a new rule gets a new name and never rewrites an earlier quarter. */
export const KPI_RULE = 'kpi-achievement-1';

export async function targetsOf(db: Reader, userId: string, year: number, quarter: number): Promise<KpiTargetRow | undefined> {
  const [row] = await (db as Db)
    .select()
    .from(kpiTargets)
    .where(and(eq(kpiTargets.userId, userId), eq(kpiTargets.year, year), eq(kpiTargets.quarter, quarter), isNull(kpiTargets.archivedAt)));
  return row;
}

/** A quarter's achievement from targets and the rows they count (already read for many people at once, or read here). */
export function kpiComputation(target: KpiTargetRow, actuals: readonly MetricActual[]): Calculated {
  const metrics = target.metrics as KpiMetric[];
  const result = achievement(metrics, actuals);
  const source = { resource: 'kpi', id: target.id, label: target.period };
  const targets: StatementInput[] = metrics.flatMap((m, i) =>
    m.applicable
      ? [
          { key: `metric:${i}:target`, line: `metric:${i}`, label: `${m.label}: target`, value: m.target, source },
          { key: `metric:${i}:weight`, line: `metric:${i}`, label: `${m.label}: weight`, value: m.weight, source },
        ]
      : [],
  );
  return {
    ruleVersion: `${KPI_RULE} · targets of ${target.updatedAt}`,
    inputs: [...targets, ...result.inputs],
    lines: result.lines,
    total: result.total,
    missing: result.missing,
    unit: 'percent',
  };
}

/** A quarter's statement from its targets and today's data. */
export async function statementOfTargets(db: Reader, target: KpiTargetRow, base: string): Promise<Calculated> {
  const { from, to } = quarterRange(target.year, target.quarter);
  const metrics = target.metrics as KpiMetric[];
  const counted = metrics.some((m) => m.applicable && m.kind !== 'custom') ? await countedRows(db, base, target.userId, from, to) : [];
  const actuals = metrics.map((m): MetricActual => (m.kind === 'custom' ? { value: m.actual, inputs: [] } : actualOf(counted, m.kind)));
  return kpiComputation(target, actuals);
}

/** A person's quarter ('2026-Q3') as a KPI statement, from today's data. */
export async function kpiStatement(db: Reader, userId: string, period: string, base: string): Promise<Calculated> {
  const q = parseQuarter(period);
  const target = q && (await targetsOf(db, userId, q.year, q.quarter));
  if (!target) return { ruleVersion: KPI_RULE, inputs: [], lines: [], total: '0.00', missing: ['targets'], unit: 'percent' };
  return statementOfTargets(db, target, base);
}

export const kpiStatementKind: StatementKind = { table: kpiEvaluations, scale: ACHIEVEMENT_SCALE, calculate: kpiStatement };
