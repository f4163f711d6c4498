import { describe, expect, it } from 'vitest';
import {
  canAccess,
  canAccessPath,
  canAccessSection,
  canSeeNavItem,
  isPrivileged,
  navRole,
  ROLE_SECTIONS,
  ROLES,
  SECTION_TITLES,
  SECTIONS,
  sectionForPath,
  sectionsOf,
  toRole,
} from './permissions.js';

// The permission tables' edges, table-driven: unknown roles, unknown paths, prefixes that only
// look alike, and every role × action of the write rule.

describe('roles', () => {
  it.each([
    ['admin', 'admin'],
    ['ADMIN', 'admin'],
    ['Hr_Lead', 'hr_lead'],
    ['manager', 'manager'],
    ['root', undefined],
    ['', undefined],
    [' admin', undefined],
    [null, undefined],
    [undefined, undefined],
    [1, undefined],
    [{ role: 'admin' }, undefined],
    [['admin'], undefined],
  ])('toRole(%j) = %j', (value, role) => {
    expect(toRole(value)).toBe(role);
  });

  it.each([
    ['admin', true],
    ['hr_lead', true],
    ['sale_lead', true],
    ['SALE_LEAD', true],
    ['developer', false],
    ['hr', false],
    ['sale', false],
    ['manager', false],
    ['nobody', false],
    [undefined, false],
  ])('isPrivileged(%j) = %s', (role, expected) => {
    expect(isPrivileged(role)).toBe(expected);
  });

  it('navigation reads an unknown role as developer, a known one as itself', () => {
    expect(navRole('nobody')).toBe('developer');
    expect(navRole(undefined)).toBe('developer');
    expect(navRole('MANAGER')).toBe('manager');
  });
});

describe('section table', () => {
  it('states each role’s sections', () => {
    expect(ROLE_SECTIONS.admin).toEqual(SECTIONS);
    expect(ROLE_SECTIONS.hr_lead).toEqual(SECTIONS);
    expect(ROLE_SECTIONS.sale_lead).toEqual(SECTIONS.filter((s) => s !== 'hr-commission'));
    expect(ROLE_SECTIONS.developer).toEqual(['dashboard', 'logworks', 'leave']);
    expect(sectionsOf('nobody')).toEqual([]);
    expect(sectionsOf(42)).toEqual([]);
    expect(sectionsOf('Developer')).toEqual(['dashboard', 'logworks', 'leave']);
  });

  it('every section has a title', () => {
    for (const s of SECTIONS) expect(SECTION_TITLES[s], s).toMatch(/^[A-Z]/);
    expect(SECTION_TITLES.pnl).toBe('Profit & Loss');
    expect(SECTION_TITLES['hr-commission']).toBe('HR Commission');
  });

  it.each([
    ['developer', 'users', false],
    ['developer', 'leave', true],
    ['hr', 'hr-commission', true],
    ['sale_lead', 'hr-commission', false],
    ['sale', 'commission', true],
    ['manager', 'salary', false],
    ['nobody', 'dashboard', false],
  ] as const)('canAccessSection(%s, %s) = %s', (role, section, expected) => {
    expect(canAccessSection(role, section)).toBe(expected);
  });
});

describe('write rule: canAccess(role, section, action, writers?)', () => {
  const cases = ROLES.flatMap((role) =>
    (['list', 'show', 'create', 'edit', 'delete'] as const).map((action) => {
      const reads = ROLE_SECTIONS[role].includes('candidates');
      const privileged = ['admin', 'hr_lead', 'sale_lead'].includes(role);
      return [role, action, reads && (action === 'list' || action === 'show' || privileged)] as const;
    }),
  );
  it.each(cases)('%s may %s candidates: %s', (role, action, expected) => {
    expect(canAccess(role, 'candidates', action)).toBe(expected);
  });

  it('explicit writers widen or narrow the default, inside the section only', () => {
    expect(canAccess('hr', 'candidates', 'create', ['hr'])).toBe(true);
    expect(canAccess('admin', 'candidates', 'delete', ['hr'])).toBe(false);
    expect(canAccess('developer', 'candidates', 'create', ['developer'])).toBe(false);
    expect(canAccess('developer', 'candidates', 'list')).toBe(false);
    expect(canAccess('nobody', 'dashboard', 'show')).toBe(false);
  });
});

describe('navigation items', () => {
  it.each([
    ['hr', { roles: ['admin', 'hr'] as const }, true],
    ['sale', { roles: ['admin', 'hr'] as const }, false],
    ['nobody', { roles: ['developer'] as const }, true],
    ['developer', { section: 'users' as const }, false],
    ['manager', { section: 'users' as const }, true],
    ['developer', {}, true],
    ['sale', { roles: ['admin'] as const, section: 'jobs' as const }, false],
  ])('%s sees %j: %s', (role, item, expected) => {
    expect(canSeeNavItem(role, item)).toBe(expected);
  });
});

describe('paths', () => {
  it.each([
    ['/', 'dashboard'],
    ['', 'dashboard'],
    ['//', 'dashboard'],
    ['/users', 'users'],
    ['/users/123/edit', 'users'],
    ['/headcounts', 'headcount'],
    ['/invoices/new', 'invoice'],
    ['/salary', 'salary'],
    ['/logwork/all-devs', 'logworks'],
    ['/clients', 'customers'],
    ['/customers', 'customers'],
    ['/external-costs', 'external-costs'],
    ['/hr-commission/matrix', 'hr-commission'],
    ['/commission', 'commission'],
    ['/leave/matrix', 'leave'],
    ['/kpi/list', 'kpi'],
    ['/pnl', 'pnl'],
    ['/jobs', 'jobs'],
    ['/candidates', 'candidates'],
    ['/personal-info', undefined],
    ['/userss', undefined],
    ['/Users', undefined],
    ['/tickets/1', undefined],
  ])('sectionForPath(%j) = %j', (path, section) => {
    expect(sectionForPath(path)).toBe(section);
  });

  it.each([
    // Unknown paths: any signed-in role, never an unknown one.
    ['developer', '/personal-info', true],
    ['nobody', '/personal-info', false],
    [undefined, '/tickets', false],
    // Known sections: an unknown role never.
    ['nobody', '/', false],
    ['nobody', '/users', false],
    // Navigation lists decide their own paths and sub-paths…
    ['hr', '/logwork/all-devs', true],
    ['hr', '/logwork/all-devs/2024-05', true],
    ['developer', '/logwork/all-devs', false],
    ['manager', '/pnl', true],
    ['sale', '/kpi/list', false],
    ['sale', '/kpi/dashboard', true],
    ['sale', '/kpi', true],
    ['hr', '/hr-commission/matrix', false],
    ['hr_lead', '/hr-commission/matrix', true],
    ['manager', '/leave/approvals', true],
    ['developer', '/leave/approvals', false],
    ['developer', '/leave/dashboard', false],
    // …but a path that merely starts with the same letters is not theirs.
    ['developer', '/logwork/all-devsX', true],
    ['sale', '/kpi/listing', true],
    // Below a listed path, its list still holds.
    ['sale', '/kpi/list/42', false],
    ['hr_lead', '/kpi/list/42', true],
    ['developer', '/leave', true],
    ['developer', '/logwork', true],
    ['developer', '/users', false],
    ['manager', '/salary', false],
  ])('canAccessPath(%j, %j) = %s', (role, path, expected) => {
    expect(canAccessPath(role, path)).toBe(expected);
  });
});
