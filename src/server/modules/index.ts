import { RESOURCES } from '../../domain/resources.js';
import type { ServerModule } from './module.js';
import { performancesModule } from './performances/performances.module.js';
import { bonusScalesModule } from './bonus-scales/bonus-scales.module.js';
import { kpiBonusesModule } from './kpi-bonuses/kpi-bonuses.module.js';
import { commissionPlansModule } from './commission-plans/commission-plans.module.js';
import { commissionsModule } from './commissions/commissions.module.js';
import { hrCommissionMatricesModule } from './hr-commission/hr-commission-matrices.module.js';
import { hrCommissionsModule } from './hr-commission/hr-commissions.module.js';
import { projectBonusesModule } from './project-bonuses/project-bonuses.module.js';
import { salariesModule } from './salaries/salaries.module.js';
import { monthCloseModule } from './month-close/month-close.module.js';
import { externalCostsModule } from './external-costs/external-costs.module.js';
import { pnlModule } from './pnl/pnl.module.js';
import { seedPnlSnapshots } from './pnl/pnl.service.js';
import { kpiModule } from './kpi/kpi.module.js';
import { kpiEvaluationsModule } from './kpi/kpi-evaluations.module.js';
import { ticketsModule } from './tickets/tickets.module.js';
import { invoicesModule } from './invoices/invoices.module.js';
import { timesheetsModule } from './timesheets/timesheets.module.js';
import { timesheetsAllDevsModule } from './timesheets/timesheets.all-devs.routes.js';
import { dashboardModule } from './dashboard/dashboard.module.js';
import { leaveMatrixModule } from './leave-matrix/leave-matrix.module.js';
import { leaveRequestsModule } from './leave-requests/leave-requests.module.js';
import { holidaysModule } from './holidays/holidays.module.js';
import { jobsModule } from './jobs/jobs.module.js';
import { headcountsModule } from './headcounts/headcounts.module.js';
import { candidatesModule } from './candidates/candidates.module.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { registerAuditRoutes } from './audit/audit.routes.js';
import { auditTrail } from './audit/audit.service.js';
import { registerAccessRoutes, seedAccess } from './access/access.routes.js';
import { customersModule } from './customers/customers.module.js';
import { firmSettingsModule } from './firm-settings/firm-settings.module.js';
import { registerFileRoutes } from './files/files.routes.js';
import { fileStore } from './files/files.service.js';
import { registerNotificationRoutes } from './notifications/notifications.routes.js';
import { kitNotifier } from './notifications/notifications.service.js';
import { projectsModule } from './projects/projects.module.js';
import { techStacksModule } from './tech-stacks/tech-stacks.module.js';
import { registerUserRoutes, usersResourceModule } from './users/users.routes.js';
import { registerSavedViewRoutes } from './saved-views/saved-views.routes.js';
import { registerSearchRoutes } from './search/search.routes.js';

/** The one list of server modules, in registration and seeding order (references point backwards). */
export const MODULES: readonly ServerModule[] = [
  { name: 'auth', routes: registerAuthRoutes },
  { name: 'users', routes: registerUserRoutes, resource: usersResourceModule },
  { name: 'notifications', routes: registerNotificationRoutes, extendKit: (kit, s) => kit.useNotifier(kitNotifier(s)) },
  { name: 'files', routes: registerFileRoutes, extendKit: (kit) => kit.useFileStore(fileStore) },
  { name: 'audit', routes: registerAuditRoutes, extendKit: (kit) => kit.useAuditTrail(auditTrail) },
  { name: 'access', routes: registerAccessRoutes, seed: seedAccess },
  { name: 'saved-views', routes: registerSavedViewRoutes },
  firmSettingsModule,
  monthCloseModule,
  techStacksModule,
  customersModule,
  projectsModule,
  candidatesModule,
  headcountsModule,
  holidaysModule,
  leaveRequestsModule,
  leaveMatrixModule,
  jobsModule,
  timesheetsModule,
  timesheetsAllDevsModule,
  dashboardModule,
  ticketsModule,
  invoicesModule,
  salariesModule,
  externalCostsModule,
  pnlModule,
  kpiModule,
  kpiEvaluationsModule,
  projectBonusesModule,
  bonusScalesModule,
  kpiBonusesModule,
  performancesModule,
  commissionPlansModule,
  commissionsModule,
  hrCommissionMatricesModule,
  hrCommissionsModule,
  // The closed months' P&L frozen once every seed that pays into their salaries (bonuses, commissions) has run.
  { name: 'pnl-snapshots', seed: seedPnlSnapshots },
  // Reads the other resources' registrations when called: any place in this list would do.
  { name: 'search', routes: registerSearchRoutes },
];

// Every declared resource has its server module, and no module serves an undeclared one.
const served = new Set(MODULES.flatMap((m) => (m.resource ? [m.resource.decl.name] : [])));
const missing = RESOURCES.filter((r) => !served.has(r.name)).map((r) => r.name);
if (missing.length) throw new Error(`Declared resources without a server module: ${missing.join(', ')}`);
