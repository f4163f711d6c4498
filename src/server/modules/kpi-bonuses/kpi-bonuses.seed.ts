import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { computeDraft, storedComputation } from '../../http/statements/compute.js';
import { kpiEvaluations } from '../kpi/kpi.table.js';
import type { SeedContext } from '../module.js';
import { seedPayIntoSalary } from '../salaries/salary-pay.js';
import { bonusStatementKind } from './kpi-bonuses.calculation.js';
import { kpiBonuses } from './kpi-bonuses.table.js';

/**
 * The bonuses of the evaluated quarters: the oldest paid (in the salary of the month after the
 * quarter, as the firm pays them), the next approved and waiting to be paid, the latest in draft.
 */
export async function seedKpiBonuses(db: Db, ctx: SeedContext): Promise<void> {
  const approver = ctx.users.find((u) => u.role === 'hr_lead') ?? ctx.users.find((u) => u.role === 'admin');
  const evaluated = await db
    .select({ userId: kpiEvaluations.userId, period: kpiEvaluations.period, approvedAt: kpiEvaluations.approvedAt })
    .from(kpiEvaluations)
    .where(inArray(kpiEvaluations.state, ['approved', 'paid']))
    .orderBy(asc(kpiEvaluations.period), asc(kpiEvaluations.userId));
  const periods = [...new Set(evaluated.map((e) => e.period))].sort();
  for (const e of evaluated) {
    const draft = await computeDraft(db, bonusStatementKind, e.userId, e.period, ctx.baseCurrency);
    const age = periods.length - 1 - periods.indexOf(e.period);
    const state = draft.missing.length || age === 0 ? 'draft' : age === 1 ? 'approved' : 'paid';
    const at = e.approvedAt ? new Date(new Date(e.approvedAt).getTime() + 3 * 86_400_000).toISOString() : null;
    const [bonus] = await db
      .insert(kpiBonuses)
      .values({
        userId: e.userId,
        period: e.period,
        ...storedComputation(draft),
        state,
        approvedAt: state === 'draft' ? null : at,
        approvedBy: state === 'draft' ? null : (approver?.id ?? null),
        paidAt: state === 'paid' ? at : null,
        paidBy: state === 'paid' ? (approver?.id ?? null) : null,
        createdBy: approver?.id ?? null,
      })
      .returning();
    // Paid into the salary of the month it was paid (when the demo firm has that salary).
    if (state === 'paid' && at && approver)
      await seedPayIntoSalary(db, ctx.baseCurrency, {
        userId: bonus!.userId,
        month: at.slice(0, 7),
        column: 'bonus',
        amount: bonus!.total,
        currency: bonus!.unit,
        source: { resource: 'kpi-bonuses', id: bonus!.id, label: bonus!.period },
        actorId: approver.id,
      });
  }
}
