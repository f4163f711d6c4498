import { hrCommissionsResource, monthPeriod } from '../../../domain/modules/hr-commission/hr-commissions.resource.js';
import type { ResourceModule } from '../../http/resource/index.js';
import { registerStatementRoutes } from '../../http/statements/routes.js';
import { statementModule } from '../../http/statements/statement-module.js';
import type { StatementRow } from '../../http/statements/compute.js';
import type { ServerModule } from '../module.js';
import { paidIntoSalary } from '../salaries/salary-pay.js';
import { hrCommissionKind } from './hr-commission.calculation.js';
import { registerHrCommissionRoutes } from './hr-commission.routes.js';
import { seedHrCommission } from './hr-commission.seed.js';
import { hrCommissions } from './hr-commissions.table.js';

const decl = hrCommissionsResource;
const base = statementModule<StatementRow>({ decl, kind: hrCommissionKind });

const resource: ResourceModule<StatementRow> = {
  ...base,
  searchColumn: hrCommissions.search,
  actions: {
    ...base.actions,
    markPaid: paidIntoSalary(decl.name, 'commission', hrCommissionKind.scale),
  },
};

/**
 * A recruiter's month of HR commission: a statement (decision 022) of the placements whose probation
 * passed in it; calculate, placements and their splits, dashboard, trend and my-commission beside it.
 */
export const hrCommissionsModule: ServerModule = {
  name: 'hr-commissions',
  routes: (app, s) => {
    registerHrCommissionRoutes(app, s);
    registerStatementRoutes(app, s, { decl, kind: hrCommissionKind, periodSchema: monthPeriod });
  },
  resource,
  seed: seedHrCommission,
};
