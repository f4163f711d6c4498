import type { ResourceDecl } from './resource.js';
import { performancesResource } from './modules/performances/performances.resource.js';
import { bonusScalesResource } from './modules/bonus-scales/bonus-scales.resource.js';
import { commissionPlansResource } from './modules/commission-plans/commission-plans.resource.js';
import { commissionsResource } from './modules/commissions/commissions.resource.js';
import { hrCommissionMatricesResource } from './modules/hr-commission/hr-commission-matrices.resource.js';
import { hrCommissionsResource } from './modules/hr-commission/hr-commissions.resource.js';
import { projectBonusesResource } from './modules/project-bonuses/project-bonuses.resource.js';
import { salariesResource } from './modules/salaries/salaries.resource.js';
import { externalCostsResource } from './modules/external-costs/external-costs.resource.js';
import { ticketsResource } from './modules/tickets/tickets.resource.js';
import { invoicesResource } from './modules/invoices/invoices.resource.js';
import { timesheetsResource } from './modules/timesheets/timesheets.resource.js';
import { leaveMatrixResource } from './modules/leave-matrix/leave-matrix.resource.js';
import { leaveRequestsResource } from './modules/leave-requests/leave-requests.resource.js';
import { holidaysResource } from './modules/holidays/holidays.resource.js';
import { jobsResource } from './modules/jobs/jobs.resource.js';
import { headcountsResource } from './modules/headcounts/headcounts.resource.js';
import { candidatesResource } from './modules/candidates/candidates.resource.js';
import { activeAccessOverrides, effectiveAllows, type AccessOverrides } from './auth/access-overrides.js';
import { customersResource } from './modules/customers/customers.resource.js';
import { projectsResource } from './modules/projects/projects.resource.js';
import { techStacksResource } from './modules/tech-stacks/tech-stacks.resource.js';
import { usersResource } from './modules/users/users.resource.js';
import { kpiResource } from './modules/kpi/kpi.resource.js';
import { kpiEvaluationsResource } from './modules/kpi/kpi-evaluations.resource.js';
import { kpiBonusesResource } from './modules/kpi/kpi-bonuses.resource.js';

/** The one registry of resources: server routes, client routes, navigation and contract tests read it. */
export const RESOURCES: readonly ResourceDecl[] = [
  usersResource,
  customersResource,
  projectsResource,
  techStacksResource,
  candidatesResource,
  headcountsResource,
  holidaysResource,
  leaveRequestsResource,
  leaveMatrixResource,
  jobsResource,
  timesheetsResource,
  ticketsResource,
  invoicesResource,
  salariesResource,
  externalCostsResource,
  kpiResource,
  kpiEvaluationsResource,
  kpiBonusesResource,
  projectBonusesResource,
  bonusScalesResource,
  performancesResource,
  commissionPlansResource,
  commissionsResource,
  hrCommissionMatricesResource,
  hrCommissionsResource,
];

const byName = new Map(RESOURCES.map((r) => [r.name, r]));

export function resourceByName(name: string): ResourceDecl | undefined {
  return byName.get(name);
}

/**
 * May `role` do `action` on `resource`, the declaration's default as the firm's overrides change it?
 * The server enforces it with the overrides it read for the request; the client hides what it
 * refuses, with its session's overrides (the default argument).
 */
export function can(role: unknown, resource: string, action: string, overrides: AccessOverrides = activeAccessOverrides()): boolean {
  const decl = byName.get(resource);
  return !!decl && effectiveAllows(decl, role, action, overrides);
}
