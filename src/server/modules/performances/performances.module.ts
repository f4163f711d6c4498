import { and, eq, isNull, ne } from 'drizzle-orm';
import { performancesResource } from '../../../domain/modules/performances/performances.resource.js';
import { conflict } from '../../http/errors.js';
import type { ResourceModule, Row, WriteContext } from '../../http/resource/index.js';
import type { ServerModule } from '../module.js';
import { seedPerformances } from './performances.seed.js';
import { performances } from './performances.table.js';

type PerformanceRow = typeof performances.$inferSelect;

/** One live record per person and month: 409 naming the month (the unique index holds it under a race). */
async function assertOnePerMonth(input: Row, w: WriteContext, existing?: PerformanceRow) {
  const [userId, month] = [String(input.userId ?? existing!.userId), String(input.month ?? existing!.month)];
  const [other] = await w.tx
    .select({ id: performances.id })
    .from(performances)
    .where(
      and(
        eq(performances.userId, userId),
        eq(performances.month, month),
        isNull(performances.archivedAt),
        existing ? ne(performances.id, existing.id) : undefined,
      ),
    );
  if (other) throw conflict('This person has a score for this month already', 'performance_exists', { month: 'performance_exists' });
  return input;
}

const resource: ResourceModule<PerformanceRow> = {
  decl: performancesResource,
  table: performances,
  searchColumn: performances.search,
  toEntity: ({ archivedAt: _a, search: _s, ...row }) => row,
  beforeCreate: (input, w) => assertOnePerMonth(input, w),
  beforeUpdate: (input, existing, w) => assertOnePerMonth(input, w, existing),
};

export const performancesModule: ServerModule = { name: 'performances', resource, seed: seedPerformances };
