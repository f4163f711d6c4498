import { kpiEvaluationsResource, quarterText } from '../../../domain/modules/kpi/kpi-evaluations.resource.js';
import { registerStatementRoutes } from '../../http/statements/routes.js';
import { statementModule } from '../../http/statements/statement-module.js';
import type { StatementRow } from '../../http/statements/compute.js';
import type { ServerModule } from '../module.js';
import { kpiStatementKind } from './kpi.calculation.js';
import { kpiEvaluations } from './kpi.table.js';

/**
 * A quarter's evaluation: a KPI statement (decision 021). A quarter without targets can be opened
 * (its draft says the targets are missing) but not approved.
 */
export const kpiEvaluationsModule: ServerModule = {
  name: 'kpi-evaluations',
  routes: (app, s) => registerStatementRoutes(app, s, { decl: kpiEvaluationsResource, kind: kpiStatementKind, periodSchema: quarterText }),
  resource: {
    ...statementModule<StatementRow>({ decl: kpiEvaluationsResource, kind: kpiStatementKind }),
    searchColumn: kpiEvaluations.search,
  },
};
