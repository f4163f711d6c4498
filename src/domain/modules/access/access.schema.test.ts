import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ROLES, SECTIONS } from '../../auth/permissions.js';
import {
  ACCESS_CHANGED_EVENT,
  ACCESS_NOTE_MAX,
  accessCellParams,
  accessCellSchema,
  accessChangeSchema,
  accessMatrixSchema,
  accessPersonParams,
  accessResetResultSchema,
  accessResetSchema,
  myAccessSchema,
  personAccessSchema,
  type AccessCell,
  type AccessMatrix,
  type PersonAccess,
} from './access.schema.js';
import { firstIssue, id } from '../../../../tests/fixtures/schema-issues.js';

describe("a cell's address: role, resource and action", () => {
  const cell = { role: 'sale', resource: 'invoices', action: 'export' };

  it.each(ROLES)('takes the role %s', (role) => {
    expect(accessCellParams.parse({ ...cell, role })).toEqual({ ...cell, role });
  });

  it.each([
    [{}, 'ok'],
    // Up to 60 characters each: the longest resource or action name with room to spare.
    [{ resource: 'r'.repeat(60), action: 'a'.repeat(60) }, 'ok'],
    [{ resource: 'r'.repeat(61) }, 'resource: too_long'],
    [{ action: 'a'.repeat(61) }, 'action: too_long'],
    [{ role: 'owner' }, 'role: choice'],
    // Roles are compared in lower case everywhere: the address takes the spelling of the table.
    [{ role: 'Admin' }, 'role: choice'],
    // A missing role is reported as the choice to make (a zod enum's issue), as for other enums.
    [{ role: undefined }, 'role: choice'],
    [{ resource: undefined }, 'resource: required'],
    [{ action: undefined }, 'action: required'],
    [{ section: 'invoice' }, ': unknown_field'],
  ])('%j → %s', (patch, expected) => {
    expect(firstIssue(accessCellParams, { ...cell, ...patch })).toBe(expected);
  });
});

describe("a cell's change: grant or revoke, with the reason", () => {
  const change = { allowed: true, note: 'Sales read the invoices they raise' };

  it('keeps the decision, trims the note, and brings along what it needs only when asked', () => {
    expect(accessChangeSchema.parse(change)).toEqual(change);
    expect(accessChangeSchema.parse({ allowed: false, note: '  Left the team  ', together: true })).toEqual({
      allowed: false,
      note: 'Left the team',
      together: true,
    });
  });

  it.each([
    [{}, 'ok'],
    [{ together: false }, 'ok'],
    [{ note: 'x'.repeat(ACCESS_NOTE_MAX) }, 'ok'],
    [{ note: ` ${'x'.repeat(ACCESS_NOTE_MAX)} ` }, 'ok'],
    [{ note: 'x'.repeat(ACCESS_NOTE_MAX + 1) }, 'note: too_long'],
    // Every change is audited with its reason: a blank one is none.
    [{ note: '   ' }, 'note: required'],
    [{ note: undefined }, 'note: required'],
    [{ allowed: undefined }, 'allowed: required'],
    [{ allowed: 'true' }, 'allowed: invalid'],
    [{ together: 'yes' }, 'together: invalid'],
    [{ role: 'sale' }, ': unknown_field'],
  ])('%j → %s', (patch, expected) => {
    expect(firstIssue(accessChangeSchema, { ...change, ...patch })).toBe(expected);
  });

  it('a note takes 500 characters', () => {
    expect(ACCESS_NOTE_MAX).toBe(500);
  });
});

describe('a reset to the defaults', () => {
  it('resets one section, or every section when none is named', () => {
    expect(accessResetSchema.parse({ note: ' Audit ' })).toEqual({ note: 'Audit' });
    expect(accessResetSchema.parse({ section: 'external-costs', note: 'Audit' })).toEqual({ section: 'external-costs', note: 'Audit' });
  });

  it.each(SECTIONS)('takes the section %s', (section) => {
    expect(firstIssue(accessResetSchema, { section, note: 'Audit' })).toBe('ok');
  });

  it.each([
    [{ section: 'payroll', note: 'Audit' }, 'section: choice'],
    [{ section: 'invoice' }, 'note: required'],
    [{ note: '' }, 'note: required'],
    [{ note: 'x'.repeat(ACCESS_NOTE_MAX + 1) }, 'note: too_long'],
    [{ note: 'Audit', role: 'sale' }, ': unknown_field'],
  ])('%j → %s', (body, expected) => {
    expect(firstIssue(accessResetSchema, body)).toBe(expected);
  });

  it('answers how many cells went back', () => {
    expect(accessResetResultSchema.parse({ reset: 3 })).toEqual({ reset: 3 });
    expect(accessResetResultSchema.safeParse({ reset: 1.5 }).success).toBe(false);
    expect(accessResetResultSchema.safeParse({}).success).toBe(false);
  });
});

describe("a person's address", () => {
  it.each([
    [{ id: id(1) }, 'ok'],
    [{ id: 'me' }, 'id: invalid_id'],
    [{ id: '' }, 'id: required'],
    [{}, 'id: required'],
    [{ id: id(1), role: 'sale' }, ': unknown_field'],
  ])('%j → %s', (params, expected) => {
    expect(firstIssue(accessPersonParams, params)).toBe(expected);
  });

  it('keeps the id', () => {
    expect(accessPersonParams.parse({ id: id(1) })).toEqual({ id: id(1) });
  });
});

// The answers go out through these schemas (the server's serializer): what they do not declare
// never leaves the server, so each field must survive a parse.
describe('the access answers', () => {
  const untouched: AccessCell = { role: 'sale', default: false, allowed: false, changed: null, version: 'v1' };
  const granted: AccessCell = {
    role: 'hr',
    default: false,
    allowed: true,
    changed: { note: 'HR reads the leave dashboard', by: { id: id(1), name: 'Admin' }, at: '2026-11-02T08:00:00.000Z' },
    version: 'v2',
  };
  const scope = { roles: ['sale' as const], field: 'ownerId', applies: 'write' as const, managers: true };
  const matrix: AccessMatrix = {
    roles: ['admin', 'sale'],
    sections: [
      {
        section: 'invoice',
        roles: ['admin', 'sale'],
        resources: [
          {
            resource: 'invoices',
            scope,
            actions: [
              { action: 'list', requires: [], cells: [untouched] },
              { action: 'edit', requires: ['list', 'show'], cells: [granted] },
            ],
          },
          { resource: 'customers', scope: null, actions: [] },
        ],
      },
    ],
  };
  const person: PersonAccess = {
    user: { id: id(2), fullName: 'Trần Văn An', email: 'an@firm.vn', role: 'sale', status: 'active' },
    sections: [
      {
        section: 'invoice',
        inSectionTable: true,
        resources: [
          {
            resource: 'invoices',
            scope: { ...scope, applies: 'all' },
            actions: [
              { action: 'list', allowed: true, reason: 'default', note: null },
              { action: 'export', allowed: true, reason: 'granted', note: 'Quarter end' },
              { action: 'delete', allowed: false, reason: 'revoked', note: 'Only the lead deletes' },
            ],
          },
        ],
      },
      { section: 'salary', inSectionTable: false, resources: [{ resource: 'salaries', scope: null, actions: [] }] },
    ],
  };

  it.each([
    ['a cell nobody changed', accessCellSchema, untouched],
    ['a cell changed by a person', accessCellSchema, granted],
    // The user who made the change was removed: the note and the time stay.
    ['a cell changed by a removed user', accessCellSchema, { ...granted, changed: { ...granted.changed!, by: null } }],
    ['the matrix', accessMatrixSchema, matrix],
    ["a person's access", personAccessSchema, person],
    ["the caller's overrides", myAccessSchema, { overrides: [{ resource: 'invoices', action: 'export', allowed: true }] }],
    ['no overrides', myAccessSchema, { overrides: [] }],
  ])('%s keeps every field', (_, schema, body) => {
    expect((schema as z.ZodType).parse(body)).toEqual(body);
  });

  it.each([
    ['a cell of an unknown role', accessCellSchema, { ...untouched, role: 'owner' }],
    ['a cell without its version', accessCellSchema, { ...untouched, version: undefined }],
    ['a change by a person without an id', accessCellSchema, { ...granted, changed: { ...granted.changed!, by: { name: 'Admin' } } }],
    ['a change without its note', accessCellSchema, { ...granted, changed: { by: null, at: '2026-11-02T08:00:00.000Z' } }],
    ['a matrix of an unknown section', accessMatrixSchema, { ...matrix, sections: [{ ...matrix.sections[0]!, section: 'payroll' }] }],
    ['a person without an id', personAccessSchema, { ...person, user: { ...person.user, id: 'an' } }],
    ['an override without its decision', myAccessSchema, { overrides: [{ resource: 'invoices', action: 'export' }] }],
  ])('refuses %s', (_, schema, body) => {
    expect((schema as z.ZodType).safeParse(body).success).toBe(false);
  });

  it.each([
    ['all', true],
    ['write', true],
    ['read', false],
    ['', false],
  ])('a row rule applying to %j: %s', (applies, ok) => {
    const body = {
      ...matrix,
      sections: [{ ...matrix.sections[0]!, resources: [{ resource: 'invoices', scope: { ...scope, applies }, actions: [] }] }],
    };
    expect(accessMatrixSchema.safeParse(body).success).toBe(ok);
  });

  it.each([
    ['default', true],
    ['granted', true],
    ['revoked', true],
    ['inherited', false],
    ['', false],
  ])("a person's access for the reason %j: %s", (reason, ok) => {
    const action = { action: 'list', allowed: true, reason, note: null };
    const body = {
      ...person,
      sections: [{ ...person.sections[0]!, resources: [{ resource: 'invoices', scope: null, actions: [action] }] }],
    };
    expect(personAccessSchema.safeParse(body).success).toBe(ok);
  });
});

describe('the live event', () => {
  // The socket event is named in decision 014 and listened for by that name (the API suites wait for it).
  it('is access-changed', () => {
    expect(ACCESS_CHANGED_EVENT).toBe('access-changed');
  });
});
