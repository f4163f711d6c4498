import { and, eq, ne, sql } from 'drizzle-orm';
import { bonusScalesResource } from '../../../domain/modules/bonus-scales/bonus-scales.resource.js';
import { conflict } from '../../http/errors.js';
import type { ResourceModule, WriteContext } from '../../http/resource/index.js';
import { bonusFunds, kpiBonuses } from '../kpi-bonuses/kpi-bonuses.table.js';
import type { ServerModule } from '../module.js';
import { seedBonusScales } from './bonus-scales.seed.js';
import { bonusScales } from './bonus-scales.table.js';

type Row = typeof bonusScales.$inferSelect;

/**
 * A version something frozen stands on (an approved or paid bonus, an allocated fund) stays as it
 * was: the change is a new version from a later quarter.
 */
async function assertUnused(w: WriteContext, scale: Row) {
  const [bonus] = await w.tx
    .select({ id: kpiBonuses.id })
    .from(kpiBonuses)
    .where(
      and(
        ne(kpiBonuses.state, 'draft'),
        sql`${kpiBonuses.inputs} @> ${JSON.stringify([{ key: 'scale', source: { id: scale.id } }])}::jsonb`,
      ),
    )
    .limit(1);
  const [fund] = await w.tx.select({ id: bonusFunds.id }).from(bonusFunds).where(eq(bonusFunds.scaleId, scale.id)).limit(1);
  if (bonus || fund)
    throw conflict(
      `Bonuses of ${scale.effectiveFrom} or later were approved under this scale: add a new version from a later quarter instead`,
      'bonus_scale_used',
      { effectiveFrom: 'bonus_scale_used' },
    );
}

const resource: ResourceModule<Row> = {
  decl: bonusScalesResource,
  table: bonusScales,
  searchColumn: bonusScales.search,
  toEntity: ({ archivedAt: _a, search: _s, ...row }) => row,
  async beforeUpdate(input, existing, w) {
    await assertUnused(w, existing);
    return input;
  },
  beforeDelete: (existing, w) => assertUnused(w, existing),
};

export const bonusScalesModule: ServerModule = { name: 'bonus-scales', resource, seed: seedBonusScales };
