import type { AccessControlProvider } from '@refinedev/core';
import { canAccessPath } from '../../domain/auth/permissions';
import { can, resourceByName } from '../../domain/resources';

// Refine's actions on our declarations' actions (a clone is a create).
const ACTIONS: Record<string, string> = { clone: 'create' };

/** Hides and disables what the role may not do, by the registry's `can()`; routes are guarded separately. */
export function createAccessControlProvider(getRole: () => string): AccessControlProvider {
  return {
    can: async ({ resource, action, params }) => {
      const role = getRole();
      const path = typeof params?.path === 'string' ? params.path : undefined;
      if (path && !canAccessPath(role, path)) return { can: false, reason: 'Permission denied' };
      if (!resource || !resourceByName(resource)) return { can: true };
      return can(role, resource, ACTIONS[action] ?? action) ? { can: true } : { can: false, reason: 'Permission denied' };
    },
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
    },
  };
}
