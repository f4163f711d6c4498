import { describe, expect, it } from 'vitest';
import {
  canAccess,
  canAccessPath,
  canAccessSection,
  canSeeNavItem,
  isPrivileged,
  NAV_ROLES,
  ROLES,
  sectionForPath,
  sectionsOf,
  SECTIONS,
  toRole,
  type Role,
  type Section,
} from './permissions.js';

// The spec's section 6 table, written out row by row so that a change to the code shows here.
const SPEC: Record<Role, Section[] | 'all' | 'all but hr-commission'> = {
  admin: 'all',
  hr_lead: 'all',
  sale_lead: 'all but hr-commission',
  developer: ['dashboard', 'logworks', 'leave'],
  hr: ['dashboard', 'users', 'candidates', 'customers', 'jobs', 'logworks', 'external-costs', 'hr-commission', 'leave'],
  sale: ['dashboard', 'candidates', 'customers', 'jobs', 'headcount', 'invoice', 'external-costs', 'kpi', 'commission', 'leave'],
  manager: ['dashboard', 'headcount', 'invoice', 'users', 'candidates', 'customers', 'jobs', 'external-costs', 'leave'],
};

describe('section table', () => {
  it.each(ROLES)('%s has exactly the spec’s sections', (role) => {
    const spec = SPEC[role];
    const expected =
      spec === 'all' ? [...SECTIONS] : spec === 'all but hr-commission' ? SECTIONS.filter((s) => s !== 'hr-commission') : spec;
    expect([...sectionsOf(role)].sort()).toEqual([...expected].sort());
    for (const s of SECTIONS) expect(canAccessSection(role, s)).toBe(expected.includes(s));
  });

  it('compares roles in lower case; an unknown role has no sections', () => {
    expect(toRole('ADMIN')).toBe('admin');
    expect(sectionsOf('Hr_Lead')).toHaveLength(15);
    expect(sectionsOf('ceo')).toEqual([]);
    expect(sectionsOf(undefined)).toEqual([]);
  });

  // Role-keyed tables are read only for real roles: a name every object inherits is no role.
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])('%j is no role', (key) => {
    expect(toRole(key)).toBeUndefined();
    expect(sectionsOf(key)).toEqual([]);
    expect(canAccessSection(key, 'users')).toBe(false);
    expect(canAccess(key, 'users', 'list')).toBe(false);
    expect(isPrivileged(key)).toBe(false);
    expect(canAccessPath(key, '/users')).toBe(false);
    expect(canSeeNavItem(key, { section: 'users' })).toBe(false);
  });

  it('privileged roles are admin, hr_lead and sale_lead', () => {
    expect(ROLES.filter(isPrivileged)).toEqual(['admin', 'hr_lead', 'sale_lead']);
    expect(isPrivileged('SALE_LEAD')).toBe(true);
  });

  it('writes default to the privileged roles inside the section', () => {
    expect(canAccess('hr', 'users', 'list')).toBe(true);
    expect(canAccess('hr', 'users', 'create')).toBe(false);
    expect(canAccess('hr_lead', 'users', 'delete')).toBe(true);
    expect(canAccess('developer', 'users', 'list')).toBe(false);
    expect(canAccess('hr', 'candidates', 'edit', ['hr', 'hr_lead'])).toBe(true);
  });
});

describe('navigation', () => {
  it.each([
    ['/logwork/all-devs', ['admin', 'sale_lead', 'hr_lead', 'hr']],
    ['/pnl', ['admin', 'hr_lead', 'sale_lead', 'manager']],
    ['/commission/matrix', ['admin', 'hr_lead']],
    ['/hr-commission', ['admin', 'hr_lead', 'hr']],
    ['/leave/approvals', ['admin', 'hr_lead', 'sale_lead', 'manager']],
    ['/leave/dashboard', ['admin', 'hr_lead', 'sale_lead']],
    ['/leave/matrix', ['admin', 'hr_lead']],
  ] as const)('%s shows to %j', (path, roles) => {
    const item = { roles: NAV_ROLES[path] };
    expect(ROLES.filter((r) => canSeeNavItem(r, item))).toEqual(ROLES.filter((r) => (roles as readonly string[]).includes(r)));
  });

  it('treats an unknown role as developer', () => {
    expect(canSeeNavItem('ceo', { section: 'logworks' })).toBe(true);
    expect(canSeeNavItem('ceo', { section: 'users' })).toBe(false);
  });
});

describe('route guard', () => {
  it.each([
    ['/', 'dashboard'],
    ['/users/new', 'users'],
    ['/headcounts/1/edit', 'headcount'],
    ['/logwork/all-devs', 'logworks'],
    ['/hr-commission/matrix', 'hr-commission'],
    ['/leave/request', 'leave'],
    ['/personal-info', undefined],
  ] as const)('%s belongs to %s', (path, section) => {
    expect(sectionForPath(path)).toBe(section);
  });

  it('checks sub-pages against their navigation role lists', () => {
    expect(canAccessPath('developer', '/leave')).toBe(true);
    expect(canAccessPath('developer', '/leave/approvals')).toBe(false);
    expect(canAccessPath('manager', '/leave/approvals')).toBe(true);
    expect(canAccessPath('hr', '/logwork/all-devs')).toBe(true);
    expect(canAccessPath('developer', '/logwork/all-devs')).toBe(false);
    expect(canAccessPath('sale', '/commission/matrix')).toBe(false);
    expect(canAccessPath('developer', '/users')).toBe(false);
    // The navigation shows Profit & Loss to manager although the section table does not list it.
    expect(canAccessPath('manager', '/pnl')).toBe(true);
    expect(canAccessPath('sale', '/pnl')).toBe(false);
    expect(canAccessPath('ceo', '/personal-info')).toBe(false);
  });
});
