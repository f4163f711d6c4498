import { canAccessSection } from '../../auth/permissions.js';
import { can } from '../../resources.js';
import type { DashboardBlock } from './dashboard.schema.js';

/**
 * The dashboard's blocks a role may see, each following the access of the data it sums:
 * recruitment the jobs section, my leave the leave requests of one's own, the team's leave who
 * approves leave, the workforce the headcount section.
 */
export function dashboardBlocks(role: unknown): DashboardBlock[] {
  const out: DashboardBlock[] = [];
  if (canAccessSection(role, 'jobs')) out.push('recruitment');
  if (can(role, 'leave-requests', 'mine')) out.push('leave');
  if (can(role, 'leave-requests', 'approve')) out.push('team');
  if (canAccessSection(role, 'headcount')) out.push('workforce');
  return out;
}
