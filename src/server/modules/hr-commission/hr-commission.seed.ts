import { and, asc, eq, notExists } from 'drizzle-orm';
import { compare } from '../../../domain/money.js';
import { addDays } from '../../../domain/modules/invoices/invoices.analytics.js';
import { addMonths, monthOf } from '../../../domain/months.js';
import type { Db } from '../../db/client.js';
import { computeDraft, storedComputation } from '../../http/statements/compute.js';
import { customers } from '../customers/customers.table.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import type { SeedContext } from '../module.js';
import { seedPayIntoSalary } from '../salaries/salary-pay.js';
import { users } from '../users/users.table.js';
import { hrCommissionMatrices } from './hr-commission-matrices.table.js';
import { hrCommissionKind, placementFacts, today } from './hr-commission.calculation.js';
import { hrCommissions, hrCommissionSplits } from './hr-commissions.table.js';

const LEVELS = { intern: '200.00', junior: '400.00', middle: '600.00', senior: '900.00', lead: '1200.00' };

/**
 * HR commission of the demo firm: the matrix since the firm's first placements, raised from
 * last July; the recruiters' months of the last year paid, last month approved (the hr's still
 * pending, carrying a clawback: a seat paid for, then found to have ended inside its probation), this
 * month's drafts; a placement split between two recruiters and a hire still in probation.
 */
export async function seedHrCommission(db: Db, ctx: SeedContext) {
  const hr = ctx.users.find((u) => u.role === 'hr');
  const hrLead = ctx.users.find((u) => u.role === 'hr_lead');
  const admin = ctx.users.find((u) => u.role === 'admin');
  if (!hr || !hrLead || !admin) return;
  const now = today();
  const cur = monthOf(now);
  const year = Number(cur.slice(0, 4));
  await db.insert(hrCommissionMatrices).values([
    { effectiveMonth: `${year - 3}-01`, basis: 'level', ...LEVELS, probationDays: 60, note: 'First plan', createdBy: admin.id },
    {
      effectiveMonth: `${year - 1}-07`,
      basis: 'level',
      ...LEVELS,
      middle: '700.00',
      senior: '1000.00',
      lead: '1400.00',
      probationDays: 60,
      note: 'Raised for middle, senior and lead placements from July',
      createdBy: admin.id,
    },
  ]);

  // Three placements of people on the bench: a hire still in probation, one split between two
  // recruiters, one that will turn out to have ended inside its probation.
  const bench = await db
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(and(eq(users.role, 'developer'), notExists(db.select().from(headcounts).where(eq(headcounts.userId, users.id)))))
    .orderBy(asc(users.email))
    .limit(3);
  const [firm] = await db.select({ id: customers.id, currency: customers.currency, owner: customers.ownerSaleId }).from(customers).limit(1);
  if (bench.length && firm) {
    const seat = (i: number, startDate: string, hrId: string) => ({
      title: 'Backend Engineer',
      userId: bench[i % bench.length]!.id,
      customerId: firm.id,
      billingRate: 6000,
      rateUnit: 'month',
      currency: firm.currency,
      allocation: 30,
      startDate,
      status: 'active',
      saleId: firm.owner,
      hrId,
      createdBy: hrLead.id,
    });
    const [, split, clawback] = await db
      .insert(headcounts)
      .values([seat(0, addDays(now, -20), hr.id), seat(1, `${addMonths(cur, -3)}-10`, hr.id), seat(2, `${addMonths(cur, -5)}-01`, hr.id)])
      .returning({ id: headcounts.id, startDate: headcounts.startDate });
    await db.insert(hrCommissionSplits).values({
      headcountId: split!.id,
      shares: [
        { userId: hr.id, percent: null },
        { userId: hrLead.id, percent: null },
      ],
      updatedBy: hrLead.id,
    });

    const base = ctx.baseCurrency;
    const recruiters = [...new Set((await placementFacts(db, base)).flatMap((p) => p.shares.map((s) => s.userId)))];
    const insert = async (userId: string, period: string, state: 'draft' | 'approved' | 'paid', always = false) => {
      const draft = await computeDraft(db, hrCommissionKind, userId, period, base);
      if (!draft.lines.length && !always) return;
      const settled = `${addMonths(period, 1)}-05T09:00:00.000Z`;
      const [row] = await db
        .insert(hrCommissions)
        .values({
          userId,
          period,
          ...storedComputation(draft),
          state,
          approvedAt: state === 'draft' ? null : settled,
          approvedBy: state === 'draft' ? null : hrLead.id,
          paidAt: state === 'paid' ? settled : null,
          paidBy: state === 'paid' ? admin.id : null,
          createdBy: hrLead.id,
        })
        .returning();
      // Paid into the salary of the month it was paid in, as marking it paid does.
      if (state === 'paid' && compare(row!.total, '0') > 0)
        await seedPayIntoSalary(db, base, {
          userId,
          month: settled.slice(0, 7),
          column: 'commission',
          amount: row!.total,
          currency: row!.unit,
          source: { resource: 'hr-commissions', id: row!.id, label: period },
          actorId: admin.id,
        });
    };
    // The last year, paid up to the month before last (those months are closed); last month approved.
    for (let k = 12; k >= 1; k--)
      for (const userId of recruiters)
        if (k > 1 || userId !== hr.id) await insert(userId, addMonths(cur, -k), k === 1 ? 'approved' : 'paid');
    // The person placed five months ago left after a month: their paid commission comes back.
    await db
      .update(headcounts)
      .set({ endDate: addDays(clawback!.startDate, 30), status: 'ended' })
      .where(eq(headcounts.id, clawback!.id));
    await insert(hr.id, addMonths(cur, -1), 'draft', true);
    for (const userId of recruiters) await insert(userId, cur, 'draft');
  }
}
