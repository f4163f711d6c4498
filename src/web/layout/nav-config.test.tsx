import { describe, expect, it } from 'vitest';
import { navForRole } from './nav-config';

const ids = (role: unknown) => navForRole(role).flatMap((g) => g.items.flatMap((i) => [i.id, ...(i.children ?? []).map((c) => c.id)]));

describe('navForRole', () => {
  it('treats an unknown role as developer', () => {
    expect(ids('nobody')).toEqual(ids('developer'));
    expect(ids('')).toEqual(['dashboard', 'logworks', 'logworks.mine', 'leave', 'leave.mine']);
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
