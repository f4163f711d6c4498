import { describe, expect, it } from 'vitest';
import { navForRole } from './nav-config';

const ids = (role: unknown) => navForRole(role).flatMap((g) => g.items.flatMap((i) => [i.id, ...(i.children ?? []).map((c) => c.id)]));

describe('navForRole', () => {
  it('treats an unknown role as developer', () => {
    expect(ids('nobody')).toEqual(ids('developer'));
    expect(ids('')).toEqual(['dashboard', 'logworks', 'logworks.mine', 'leave', 'leave.mine', 'tickets']);
    // The request desk is every role's.
    for (const role of ['admin', 'hr_lead', 'sale_lead', 'developer', 'hr', 'sale', 'manager'])
      expect(ids(role), role).toContain('tickets');
  });
  it('compares roles in lower case', () => {
    expect(ids('ADMIN')).toEqual(ids('admin'));
  });
  it('filters children with role lists and keeps the others', () => {
    expect(ids('sale')).toContain('commission.dashboard');
    expect(ids('sale')).not.toContain('commission.matrix');
    expect(ids('sale')).not.toContain('kpi.list');
  });
  it('hides a group with nothing left', () => {
    const groups = navForRole('developer', [
      {
        id: 'empty',
        subheaderKey: 'x',
        items: [{ id: 'users', titleKey: 'x', path: '/users', section: 'users' }],
      },
    ]);
    expect(groups).toEqual([]);
  });
});

describe('resources in the navigation', () => {
  it('has an item for every resource with screens and a navigation entry, with its declared path', async () => {
    const { WEB_RESOURCES } = await import('../app/modules');
    const items = navForRole('admin').flatMap((g) => g.items);
    for (const { decl } of WEB_RESOURCES) {
      const item = items.find((i) => i.path === decl.route);
      if (decl.nav === false) expect(item, decl.name).toBeUndefined();
      else expect(item?.section, decl.name).toBe(decl.section);
    }
    // Every declared resource has its web module (screens).
    const { RESOURCES } = await import('../../domain/resources');
    expect(WEB_RESOURCES.map((r) => r.decl.name).sort()).toEqual(RESOURCES.map((r) => r.name).sort());
  });
});
