import { canAccessSection, isPrivileged, NAV_ROLES, toRole } from '../../auth/permissions.js';
import { can } from '../../resources.js';
import { activeAccessOverrides, type AccessOverrides } from '../../auth/access-overrides.js';
import { workingDates, type LeaveRange } from '../leave/leave.rules.js';
import type { DashboardBlock } from './dashboard.schema.js';

/** A working day's expected hours. */
export const HOURS_PER_DAY = 8;

/**
 * The dashboard's blocks a role may see, each following the access of the data it sums:
 * recruitment the jobs section, my leave the leave requests of one's own, the team's leave who
 * approves leave, the workforce the headcount section; a developer's own hours of the week; the
 * firm's utilisation for the roles that read both the headcount and everyone's logwork (the leads);
 * the revenue for the leads and admin (the firm's) and a sale (their customers'); the profit for the
 * P&L's roles.
 */
export function dashboardBlocks(role: unknown, overrides: AccessOverrides = activeAccessOverrides()): DashboardBlock[] {
  const out: DashboardBlock[] = [];
  if (canAccessSection(role, 'jobs')) out.push('recruitment');
  if (can(role, 'leave-requests', 'mine', overrides)) out.push('leave');
  if (can(role, 'leave-requests', 'approve', overrides)) out.push('team');
  if (canAccessSection(role, 'headcount')) out.push('workforce');
  if (toRole(role) === 'developer' && can(role, 'timesheets', 'create', overrides)) out.push('hours');
  if (canAccessSection(role, 'headcount') && can(role, 'timesheets', 'list', overrides)) out.push('utilisation');
  if (can(role, 'invoices', 'list', overrides) && (isPrivileged(role) || toRole(role) === 'sale')) out.push('revenue');
  if ((NAV_ROLES['/pnl'] as readonly string[]).includes(toRole(role) ?? '')) out.push('profit');
  return out;
}

/**
 * A person's expected hours from `from` to `to`: 8 h each working day (weekends and public holidays
 * off) that their approved leave does not cover; a half day of leave leaves half the day.
 */
export function expectedHours(from: string, to: string, holidays: ReadonlySet<string>, leave: readonly LeaveRange[]): number {
  let hours = 0;
  for (const day of workingDates(from, to, holidays)) {
    const away = leave
      .filter((l) => l.startDate <= day && l.endDate >= day)
      .reduce((n, l) => n + (l.halfDay && l.startDate === l.endDate ? 0.5 : 1), 0);
    hours += HOURS_PER_DAY * Math.max(0, 1 - away);
  }
  return hours;
}

/** Billable hours over available hours; null when nobody was available. */
export function utilisationRate(billable: number, available: number): number | null {
  return available > 0 ? billable / available : null;
}
