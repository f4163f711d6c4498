import { and, eq, isNull, ne } from 'drizzle-orm';
import { kpiResource } from '../../../domain/modules/kpi/kpi.resource.js';
import { quarterPeriod } from '../../../domain/modules/kpi/kpi.schema.js';
import { conflict } from '../../http/errors.js';
import type { ResourceModule, Row, WriteContext } from '../../http/resource/index.js';
import type { ServerModule } from '../module.js';
import type { KpiTargetRow } from './kpi.calculation.js';
import { registerKpiRoutes } from './kpi.routes.js';
import { registerKpiWarningRoutes } from './kpi-warnings.routes.js';
import { seedKpi } from './kpi.seed.js';
import { kpiTargets } from './kpi.table.js';

/** One live set of targets per person and quarter: 409 naming the quarter (the unique index holds it under a race). */
async function assertOnePerQuarter(w: WriteContext, userId: string, year: number, quarter: number, exceptId?: string) {
  const [other] = await w.tx
    .select({ id: kpiTargets.id })
    .from(kpiTargets)
    .where(
      and(
        eq(kpiTargets.userId, userId),
        eq(kpiTargets.year, year),
        eq(kpiTargets.quarter, quarter),
        isNull(kpiTargets.archivedAt),
        exceptId ? ne(kpiTargets.id, exceptId) : undefined,
      ),
    );
  if (other) throw conflict('This person has targets for this quarter already', 'kpi_exists', { quarter: 'kpi_exists' });
}

const withPeriod = async (input: Row, w: WriteContext, existing?: KpiTargetRow) => {
  const [userId, year, quarter] = [
    String(input.userId ?? existing!.userId),
    Number(input.year ?? existing!.year),
    Number(input.quarter ?? existing!.quarter),
  ];
  await assertOnePerQuarter(w, userId, year, quarter, existing?.id);
  return { ...input, period: quarterPeriod(year, quarter) };
};

const kpiResourceModule: ResourceModule<KpiTargetRow> = {
  decl: kpiResource,
  table: kpiTargets,
  searchColumn: kpiTargets.search,
  beforeCreate: (input, w) => withPeriod(input, w),
  beforeUpdate: (input, existing, w) => withPeriod(input, w, existing),
};

export const kpiModule: ServerModule = {
  name: 'kpi',
  routes: (app, s) => {
    registerKpiRoutes(app, s);
    registerKpiWarningRoutes(app, s);
  },
  resource: kpiResourceModule,
  seed: seedKpi,
};
