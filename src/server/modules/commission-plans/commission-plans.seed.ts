import { addMonths, monthOf } from '../../../domain/months.js';
import type { CommissionTier } from '../../../domain/modules/commission-plans/commission-plans.rules.js';
import type { Db } from '../../db/client.js';
import type { SeedContext } from '../module.js';
import { commissionPlans } from './commission-plans.table.js';

const STANDARD: CommissionTier[] = [
  { from: '0', to: '10000', rate: '5' },
  { from: '10000', to: '25000', rate: '7' },
  { from: '25000', to: null, rate: '10' },
];
// From mid-year the firm pays more on the first tier and adds a top tier.
const REVISED: CommissionTier[] = [
  { from: '0', to: '10000', rate: '6' },
  { from: '10000', to: '25000', rate: '7.5' },
  { from: '25000', to: '60000', rate: '10' },
  { from: '60000', to: null, rate: '12' },
];

/** The first month of the demo's commission year: the invoices' first month. */
export const commissionYearStart = () => addMonths(monthOf(new Date().toISOString()), -12);

/**
 * A year of plans for every sale: the standard plan from the year's first month, and a revised
 * version from its seventh (the months before keep the standard one). The sale lead is paid on
 * paid revenue, the others on invoiced revenue.
 */
export async function seedCommissionPlans(db: Db, ctx: SeedContext): Promise<void> {
  const sales = ctx.users.filter((u) => u.role === 'sale' || u.role === 'sale_lead');
  const start = commissionYearStart();
  const rows = sales.flatMap((u) => {
    const basis = u.role === 'sale_lead' ? 'paid' : 'invoiced';
    return [
      {
        name: 'Standard sales plan',
        userId: u.id,
        effectiveFrom: start,
        basis,
        mode: 'marginal',
        tiers: STANDARD,
        note: 'Marginal tiers over the month',
      },
      {
        name: 'Revised sales plan',
        userId: u.id,
        effectiveFrom: addMonths(start, 6),
        basis,
        mode: 'marginal',
        tiers: REVISED,
        note: 'Mid-year review: a higher first tier and a top tier',
      },
    ];
  });
  if (rows.length) await db.insert(commissionPlans).values(rows);
  ctx.log.info(`Seeded ${rows.length} commission plan versions`);
}
