import { describe, expect, it } from 'vitest';
import { isActiveItem, navForRole } from './nav-config';

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
  it('shows projects to the roles that may list them, and tech stacks to those who keep them', () => {
    // Projects: the customers section reads them, sales create and edit them; under Customers.
    for (const role of ['admin', 'hr_lead', 'sale_lead', 'hr', 'sale', 'manager']) {
      expect(ids(role), role).toEqual(expect.arrayContaining(['customers', 'customers.list', 'customers.projects']));
    }
    expect(ids('developer').filter((id) => id.startsWith('customers'))).toEqual([]);
    // Tech stacks: every role reads them through the pickers; their keepers have the list, under Candidates.
    for (const role of ['admin', 'hr_lead', 'sale_lead', 'hr']) {
      expect(ids(role), role).toEqual(expect.arrayContaining(['candidates', 'candidates.list', 'candidates.tech-stacks']));
    }
    // The others keep Candidates as the list's own item.
    for (const role of ['sale', 'manager']) {
      expect(
        ids(role).filter((id) => id.startsWith('candidates')),
        role,
      ).toEqual(['candidates']);
      expect(
        navForRole(role)
          .flatMap((g) => g.items)
          .find((i) => i.id === 'candidates'),
      ).toMatchObject({ path: '/candidates', children: undefined });
    }
    expect(ids('developer').filter((id) => id.startsWith('candidates'))).toEqual([]);
    const customers = navForRole('sale')
      .flatMap((g) => g.items)
      .find((i) => i.id === 'customers')!;
    expect(customers.children!.map((c) => c.path)).toEqual(['/customers', '/projects']);
  });

  it("marks a parent current on any of its children's pages", () => {
    const customers = navForRole('admin')
      .flatMap((g) => g.items)
      .find((i) => i.id === 'customers')!;
    expect(['/customers', '/customers/1', '/projects', '/projects/1/edit'].map((p) => isActiveItem(customers, p))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(isActiveItem(customers, '/jobs')).toBe(false);
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
    const top = navForRole('admin').flatMap((g) => g.items);
    // A resource's item may be a child (projects under customers).
    const all = top.flatMap((i) => [i, ...(i.children ?? [])]);
    for (const { decl } of WEB_RESOURCES) {
      const item = all.find((i) => i.resource === decl.name && i.path === decl.route) ?? top.find((i) => i.path === decl.route);
      if (decl.nav === false) expect(item, decl.name).toBeUndefined();
      else expect(item?.section, decl.name).toBe(decl.section);
    }
    // Every declared resource has its web module (screens).
    const { RESOURCES } = await import('../../domain/resources');
    expect(WEB_RESOURCES.map((r) => r.decl.name).sort()).toEqual(RESOURCES.map((r) => r.name).sort());
  });
});
