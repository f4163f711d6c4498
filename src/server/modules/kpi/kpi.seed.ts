import { compare, divide, formatDecimal } from '../../../domain/money.js';
import type { KpiMetric } from '../../../domain/modules/kpi/kpi.schema.js';
import { addQuarters, parseQuarter, quarterOf, quarterRange } from '../../../domain/modules/kpi/kpi.schema.js';
import type { Db } from '../../db/client.js';
import { storedComputation } from '../../http/statements/compute.js';
import { statementQuestions } from '../../http/statements/tables.js';
import type { SeedContext } from '../module.js';
import { actualOf, countedRows, type ComputedKind } from './kpi.actuals.js';
import { kpiStatement } from './kpi.calculation.js';
import { kpiEvaluations, kpiTargets } from './kpi.table.js';

// How far above or below target each person lands, quarter after quarter: most around target, one
// strong, and one slipping below 70 % for the last two quarters (a warning the dashboard shows).
const PACE = [
  ['1.06', '0.94', '1.12', '1.01', '0.97'],
  ['0.92', '0.81', '0.76', '0.66', '0.61'],
  ['1.21', '1.32', '1.18', '1.27', '1.09'],
  ['0.88', '1.02', '0.95', '1.08', '0.90'],
];

/** A target the person reaches at `pace` (the actual ÷ pace, rounded), or a plain one when the quarter counted nothing. */
function targetFor(actual: string, pace: string, fallback: string): string {
  if (compare(actual, '0') <= 0) return fallback;
  return formatDecimal(divide(actual, pace, 0));
}

/**
 * A year and a quarter of KPI for the sales and recruiters: targets calibrated on what the demo
 * firm's invoices, seats and hires make of each quarter, evaluations approved for the closed
 * quarters, last quarter's still in draft with a question on a line, this quarter in progress.
 */
export async function seedKpi(db: Db, ctx: SeedContext): Promise<void> {
  const people = ctx.users.filter((u) => ['sale', 'sale_lead', 'hr'].includes(u.role));
  const approver = ctx.users.find((u) => u.role === 'hr_lead') ?? ctx.users.find((u) => u.role === 'admin');
  const lead = ctx.users.find((u) => u.role === 'sale_lead');
  const current = quarterOf(new Date().toISOString().slice(0, 10));
  for (const [i, person] of people.entries()) {
    for (let k = 4; k >= 0; k--) {
      const period = addQuarters(current, -k);
      const q = parseQuarter(period)!;
      const { from, to } = quarterRange(q.year, q.quarter);
      const rows = await countedRows(db, ctx.baseCurrency, person.id, from, to);
      const pace = PACE[i % PACE.length]![4 - k]!;
      const actual = (kind: ComputedKind) => actualOf(rows, kind).value ?? '0';
      const visits = '12';
      const metrics: KpiMetric[] =
        person.role === 'hr'
          ? [
              {
                kind: 'hires',
                label: 'Hires',
                target: targetFor(actual('hires'), pace, '3'),
                weight: '60',
                cap: '120',
                applicable: true,
                naReason: null,
                actual: null,
                note: null,
              },
              {
                kind: 'custom',
                label: 'Interviews held',
                target: '40',
                weight: '40',
                cap: '120',
                applicable: true,
                naReason: null,
                actual: formatDecimal(divide('40', pace, 0)),
                note: 'From the interview calendar',
              },
            ]
          : [
              {
                kind: 'revenue',
                label: 'Revenue',
                target: targetFor(actual('revenue'), pace, '60000'),
                weight: '50',
                cap: '120',
                applicable: true,
                naReason: null,
                actual: null,
                note: null,
              },
              {
                kind: 'headcount',
                label: 'New placements',
                target: targetFor(actual('headcount'), pace, '2'),
                weight: '20',
                cap: '120',
                applicable: true,
                naReason: null,
                actual: null,
                note: null,
              },
              {
                kind: 'custom',
                label: 'Customer visits',
                target: visits,
                weight: '30',
                cap: '120',
                // A quarter of leave: the visits are left out and the rest reweighted.
                applicable: !(i === 0 && k === 2),
                naReason: i === 0 && k === 2 ? 'Parental leave for six weeks' : null,
                actual: formatDecimal(divide(visits, pace, 0)),
                note: 'From the visit log',
              },
            ];
      await db.insert(kpiTargets).values({
        userId: person.id,
        year: q.year,
        quarter: q.quarter,
        period,
        metrics,
        // The quarter bonus at 100 %, in the base currency (the bonus scale's reference).
        targetBonus: person.role === 'hr' ? '2500.00' : '4000.00',
        createdBy: lead?.id ?? null,
      });
      if (k === 0) continue;
      const computed = await kpiStatement(db, person.id, period, ctx.baseCurrency);
      const approved = k >= 2;
      const end = new Date(`${to}T10:00:00Z`);
      const [evaluation] = await db
        .insert(kpiEvaluations)
        .values({
          userId: person.id,
          period,
          ...storedComputation(computed),
          state: approved ? 'approved' : 'draft',
          approvedAt: approved ? new Date(end.getTime() + 12 * 86_400_000).toISOString() : null,
          approvedBy: approved ? (approver?.id ?? null) : null,
          notes: approved ? 'Reviewed in the quarterly one-to-one' : null,
          createdBy: lead?.id ?? null,
        })
        .returning({ id: kpiEvaluations.id });
      if (!approved && i === 0) await askQuestion(db, evaluation!.id, person);
    }
  }
  ctx.log.info({ people: people.length }, 'demo KPI seeded');
}

async function askQuestion(db: Db, statementId: string, person: { id: string; fullName: string }) {
  await db.insert(statementQuestions).values({
    statement: 'kpi-evaluations',
    statementId,
    line: 'metric:1',
    text: 'The placement at Hanoi Edutech started on the 2nd of the month: is it counted?',
    askedBy: person.id,
    askedByName: person.fullName,
  });
}
