import { salaryNet, type SalaryAmounts } from '../../../domain/modules/salaries/salaries.rules.js';
import { formatMoney, multiply, percentOf, roundMoney } from '../../../domain/money.js';
import type { Db } from '../../db/client.js';
import type { SeedContext } from '../module.js';
import { users } from '../users/users.table.js';
import { salaries } from './salaries.table.js';

/** Monthly base pay by role, in VND (most of the firm) and USD (the few paid abroad). */
const BASE: Record<string, { VND: string; USD: string }> = {
  admin: { VND: '62000000', USD: '4200.00' },
  hr_lead: { VND: '48000000', USD: '3350.00' },
  sale_lead: { VND: '52000000', USD: '3600.00' },
  manager: { VND: '45000000', USD: '3100.00' },
  hr: { VND: '21000000', USD: '1450.00' },
  sale: { VND: '24000000', USD: '1650.00' },
  developer: { VND: '32000000', USD: '2300.00' },
};

const monthOf = (d: Date, back: number) => {
  const x = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
  return `${x.getUTCFullYear()}-${String(x.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * Twelve months of salaries for the demo people (those who left, until they left): paid up to two months ago, approved last month,
 * the current month in draft. Amounts vary by person and month (overtime, a bonus now and then; a
 * sale's or recruiter's commission is their paid statements', added by those seeds), deductions are the employee's 10.5 % insurance share; nets are the server's.
 */
export async function seedSalaries(db: Db, ctx: SeedContext): Promise<void> {
  const now = new Date();
  const rows: Array<typeof salaries.$inferInsert> = [];
  const gone = new Set(
    (await db.select({ id: users.id, status: users.status }).from(users)).filter((u) => u.status === 'inactive').map((u) => u.id),
  );
  ctx.users.forEach((u, i) => {
    const currency = i % 5 === 3 ? 'USD' : 'VND';
    const table = BASE[u.role] ?? BASE.developer!;
    // Seniority: 1.37 % a step above the role's pay, so that people of a role are not paid alike.
    const base = roundMoney(multiply(table[currency], `1.${String(137 * ((i % 9) + 1)).padStart(4, '0')}`), currency);
    // Someone who left was paid until four months ago.
    for (let back = 11; back >= (gone.has(u.id) ? 4 : 0); back--) {
      const month = monthOf(now, back);
      const step = (i * 7 + back * 3) % 11;
      const unit = currency === 'VND' ? '185000' : '13.75';
      const amounts: SalaryAmounts = {
        base: formatMoney(base, currency),
        allowance: currency === 'VND' ? '1500000' : '120.00',
        overtime: formatMoney(multiply(unit, String(step % 6)), currency),
        bonus: back % 6 === 0 ? formatMoney(percentOf(base, '15'), currency) : '0',
        // Commission is what the paid statements put in (their seeds pay them into these salaries).
        commission: '0',
        deductions: formatMoney(roundMoney(percentOf(base, '10.5'), currency), currency),
      };
      const status = back === 0 ? 'draft' : back === 1 ? 'approved' : 'paid';
      const stamp = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)) - 1, 28, 9)).toISOString();
      rows.push({
        userId: u.id,
        month,
        base: amounts.base,
        allowance: amounts.allowance,
        overtime: amounts.overtime,
        bonus: amounts.bonus,
        commission: amounts.commission,
        deductions: amounts.deductions,
        net: salaryNet(amounts, currency),
        currency,
        status,
        approvedAt: status === 'draft' ? null : stamp,
        paidAt: status === 'paid' ? stamp : null,
      });
    }
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(salaries).values(rows.slice(i, i + 500));
  ctx.log.info(`Seeded ${rows.length} salaries`);
}
