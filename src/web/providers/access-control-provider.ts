import type { AccessControlProvider } from '@refinedev/core';
import { canAccess, canAccessPath, type Action, type Section } from '../../domain/auth/permissions';

// Refine resource → section of the spec's table (the server checks the same one).
export const RESOURCE_SECTIONS: Record<string, Section> = {
  users: 'users',
  headcounts: 'headcount',
  invoices: 'invoice',
  salary: 'salary',
  logwork: 'logworks',
  candidates: 'candidates',
  customers: 'customers',
  clients: 'customers',
  jobs: 'jobs',
  'external-costs': 'external-costs',
  pnl: 'pnl',
  kpi: 'kpi',
  commission: 'commission',
  'hr-commission': 'hr-commission',
  leave: 'leave',
  dashboard: 'dashboard',
};

const ACTIONS: Record<string, Action> = {
  list: 'list',
  show: 'show',
  create: 'create',
  clone: 'create',
  edit: 'edit',
  delete: 'delete',
};

/** Hides and disables what the role may not do; the routes are guarded separately. */
export function createAccessControlProvider(getRole: () => string): AccessControlProvider {
  return {
    can: async ({ resource, action, params }) => {
      const role = getRole();
      const path = typeof params?.path === 'string' ? params.path : undefined;
      if (path && !canAccessPath(role, path)) return { can: false, reason: 'Permission denied' };
      const section = resource ? RESOURCE_SECTIONS[resource] : undefined;
      if (!section) return { can: true };
      const ok = canAccess(role, section, ACTIONS[action] ?? 'list');
      return ok ? { can: true } : { can: false, reason: 'Permission denied' };
    },
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    },
  };
}
