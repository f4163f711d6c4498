import { compare, formatDecimal } from '../../../domain/money.js';
import { hrCommissionsResource, monthPeriod } from '../../../domain/modules/hr-commission/hr-commissions.resource.js';
import { unprocessable } from '../../http/errors.js';
import type { ResourceModule } from '../../http/resource/index.js';
import { registerStatementRoutes } from '../../http/statements/routes.js';
import { statementModule } from '../../http/statements/statement-module.js';
import type { StatementRow } from '../../http/statements/compute.js';
import type { ServerModule } from '../module.js';
import { payIntoSalary, payMonth } from '../salaries/salary-pay.js';
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
    // Paid this month: the statement's total joins the recruiter's salary of this month (drafted if
    // there is none). A negative total (a clawback larger than the month's placements) is refused:
    // HR commission has no carry to a later month, and paying it would take money out of a salary
    // unannounced — the firm recovers it with the person and leaves the statement approved.
    markPaid: {
      async apply(row, _body, w) {
        const total = formatDecimal(row.total, hrCommissionKind.scale);
        if (compare(total, '0') < 0)
          throw unprocessable(
            `This statement's total is negative (${total} ${row.unit}): a clawback is not paid into a salary as a negative amount`,
            'statement_negative',
            { state: { code: 'statement_negative', params: { total, currency: row.unit } } },
          );
        if (compare(total, '0') > 0)
          await payIntoSalary(w.tx, w.services, {
            userId: row.userId,
            month: payMonth(),
            column: 'commission',
            amount: total,
            currency: row.unit,
            source: { resource: decl.name, id: row.id, label: row.period },
            actorId: w.user.id,
          });
        return { paidBy: w.user.id };
      },
    },
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
