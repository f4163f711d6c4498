import { describe, expect, it } from 'vitest';
import { customersResource } from '../modules/customers/customers.resource.js';
import { leaveRequestsResource } from '../modules/leave-requests/leave-requests.resource.js';
import { actionsOf, effectiveAllows, NO_OVERRIDES, overrideKey, overridesFrom, planChange } from './access-overrides.js';

// The firm's overrides over the declared defaults, and the safeguards of a change, table-driven.

const over = (...rows: Array<[string, string, string, boolean]>) =>
  overridesFrom(rows.map(([role, resource, action, allowed]) => ({ role, resource, action, allowed })));

describe('effective access', () => {
  it.each([
    ['sale', 'edit', NO_OVERRIDES, true],
    ['sale', 'edit', over(['sale', 'customers', 'edit', false]), false],
    ['manager', 'create', over(['manager', 'customers', 'create', true]), true],
    // Another role's or resource's override changes nothing here.
    ['manager', 'create', over(['hr', 'customers', 'create', true], ['manager', 'jobs', 'create', true]), false],
    // An override never invents an action, nor a role.
    ['manager', 'fly', over(['manager', 'customers', 'fly', true]), false],
    ['ceo', 'list', over(['ceo', 'customers', 'list', true]), false],
    ['manager', 'toString', NO_OVERRIDES, false],
  ] as const)('%s %s customers → %s', (role, action, overrides, expected) => {
    expect(effectiveAllows(customersResource, role, action, overrides)).toBe(expected);
  });

  it('lists the kit’s actions first, then the module’s own, from the declaration', () => {
    expect(actionsOf(leaveRequestsResource)).toEqual([
      'list',
      'show',
      'create',
      'edit',
      'delete',
      'export',
      'lookup',
      ...Object.keys(leaveRequestsResource.access).filter(
        (a) => !['list', 'show', 'create', 'edit', 'delete', 'export', 'lookup'].includes(a),
      ),
    ]);
    expect(overrideKey('hr', 'jobs', 'move')).toBe('hr:jobs:move');
  });
});

describe('planChange', () => {
  it.each([
    // Admin never loses what the declaration gives it, alone or taken along.
    ['admin', 'delete', false, NO_OVERRIDES, true, { ok: false, code: 'admin_locked' }],
    ['admin', 'list', false, NO_OVERRIDES, true, { ok: false, code: 'admin_locked' }],
    // A write needs its reads: refused naming them, or granted with them.
    ['developer', 'edit', true, NO_OVERRIDES, false, { ok: false, code: 'access_requires', actions: ['list', 'show'] }],
    [
      'developer',
      'edit',
      true,
      NO_OVERRIDES,
      true,
      {
        ok: true,
        changes: [
          { action: 'edit', allowed: true },
          { action: 'list', allowed: true },
          { action: 'show', allowed: true },
        ],
      },
    ],
    // A read that a write still needs: refused naming the writes, or revoked with them.
    [
      'sale',
      'show',
      false,
      NO_OVERRIDES,
      false,
      { ok: false, code: 'access_required_by', actions: ['create', 'edit', 'export', 'import'] },
    ],
    [
      'sale',
      'show',
      false,
      over(
        ['sale', 'customers', 'edit', false],
        ['sale', 'customers', 'create', false],
        ['sale', 'customers', 'export', false],
        ['sale', 'customers', 'import', false],
      ),
      false,
      { ok: true, changes: [{ action: 'show', allowed: false }] },
    ],
    // No requirement: custom and lookup actions go alone.
    ['developer', 'lookup', true, NO_OVERRIDES, false, { ok: true, changes: [{ action: 'lookup', allowed: true }] }],
    ['manager', 'delete', true, NO_OVERRIDES, false, { ok: true, changes: [{ action: 'delete', allowed: true }] }],
  ] as const)('%s %s → %s (together: %s)', (role, action, allowed, overrides, together, expected) => {
    expect(planChange(customersResource, role, action, allowed, overrides, together)).toEqual(expected);
  });
});
