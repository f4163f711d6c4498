import { and, eq, sql } from 'drizzle-orm';
import { compare } from '../../../domain/money.js';
import { addMonths } from '../../../domain/months.js';
import { payableOf } from '../../../domain/statements.js';
import type { Db } from '../../db/client.js';
import { computeDraft, storedComputation } from '../../http/statements/compute.js';
import { commissionYearStart } from '../commission-plans/commission-plans.seed.js';
import { invoices } from '../invoices/invoices.table.js';
import type { SeedContext } from '../module.js';
import { seedPayIntoSalary } from '../salaries/salary-pay.js';
import { COMMISSION_SCALE, commissionStatementKind } from './commissions.calculation.js';
import { commissions } from './commissions.table.js';

/**
 * A year of sales commission statements: the older months paid, the two before last approved,
 * last month's a draft. Then one of the first sale's invoices of an approved month is cancelled
 * (the customer disputed it): last month's draft carries its clawback.
 */
export async function seedCommissions(db: Db, ctx: SeedContext): Promise<void> {
  const sales = ctx.users.filter((u) => u.role === 'sale' || u.role === 'sale_lead');
  const lead = ctx.users.find((u) => u.role === 'sale_lead') ?? ctx.users.find((u) => u.role === 'admin');
  const start = commissionYearStart();
  const last = addMonths(start, 11);
  let count = 0;
  const store = async (userId: string, period: string, state: string) => {
    const draft = await computeDraft(db, commissionStatementKind, userId, period, ctx.baseCurrency);
    const stamp = `${addMonths(period, 1)}-03T09:00:00.000Z`;
    const paid = `${addMonths(period, 1)}-25T09:00:00.000Z`;
    const [row] = await db
      .insert(commissions)
      .values({
        userId,
        period,
        state,
        ...storedComputation(draft),
        approvedAt: state === 'draft' ? null : stamp,
        approvedBy: state === 'draft' ? null : (lead?.id ?? null),
        paidAt: state === 'paid' ? paid : null,
        paidBy: state === 'paid' ? (lead?.id ?? null) : null,
      })
      .returning();
    // Paid into the salary of the month it was paid in, as marking it paid does (a negative month pays nothing).
    const amount = payableOf(row!.total, COMMISSION_SCALE);
    if (state === 'paid' && lead && compare(amount, '0') > 0)
      await seedPayIntoSalary(db, ctx.baseCurrency, {
        userId,
        month: paid.slice(0, 7),
        column: 'commission',
        amount,
        currency: row!.unit,
        source: { resource: 'commissions', id: row!.id, label: period },
        actorId: lead.id,
      });
    count++;
  };
  for (const sale of sales)
    for (let period = start; period < last; period = addMonths(period, 1))
      await store(sale.id, period, period < addMonths(last, -2) ? 'paid' : 'approved');

  const sale = sales.find((u) => u.role === 'sale');
  if (sale) {
    const [disputed] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.saleId, sale.id), eq(invoices.period, addMonths(last, -1)), eq(invoices.status, 'sent')))
      .limit(1);
    if (disputed)
      await db
        .update(invoices)
        .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelNote: 'Disputed by the customer: credited in full' })
        .where(eq(invoices.id, disputed.id));
  }
  for (const s of sales) await store(s.id, last, 'draft');
  ctx.log.info(`Seeded ${count} commission statements`);
}
