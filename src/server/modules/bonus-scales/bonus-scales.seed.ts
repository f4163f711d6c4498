import type { Db } from '../../db/client.js';
import type { SeedContext } from '../module.js';
import { addQuarters, quarterOf } from '../../../domain/modules/kpi/kpi.schema.js';
import { bonusScales } from './bonus-scales.table.js';

/**
 * Two versions of the bonus rules: the one the firm started with, and from two quarters ago a
 * steeper top (130 % earns 175 %) with a larger fund — so last year's bonuses keep the old scale.
 */
export async function seedBonusScales(db: Db, ctx: SeedContext): Promise<void> {
  const change = addQuarters(quarterOf(new Date().toISOString().slice(0, 10)), -2);
  const admin = ctx.users.find((u) => u.role === 'admin');
  await db.insert(bonusScales).values([
    {
      effectiveFrom: '2020-Q1',
      levels: [
        { achievement: '70', percent: '50' },
        { achievement: '100', percent: '100' },
        { achievement: '120', percent: '150' },
      ],
      fundPercent: '5',
      fundThreshold: '70',
      note: 'The scale the firm started with',
      createdBy: admin?.id ?? null,
    },
    {
      effectiveFrom: change,
      levels: [
        { achievement: '70', percent: '40' },
        { achievement: '100', percent: '100' },
        { achievement: '130', percent: '175' },
      ],
      fundPercent: '6',
      fundThreshold: '75',
      note: 'A steeper top for the strongest quarters; a larger fund',
      createdBy: admin?.id ?? null,
    },
  ]);
}
