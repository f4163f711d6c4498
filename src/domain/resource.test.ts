import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PRIVILEGED_ROLES, ROLES, type Role, type Section } from './auth/permissions.js';
import {
  allowsAction,
  CRUD_ACTIONS,
  defineResource,
  filterKeys,
  filtersCaseless,
  ownerAllowsWrite,
  readsOwnOnly,
  sectionRoles,
  standardAccess,
  titleFields,
  type FieldDecl,
  type ResourceDecl,
} from './resource.js';

const schemas = { entity: z.object({}), create: z.object({}), update: z.object({}) };
const decl = (
  fields: Record<string, FieldDecl>,
  defaultSort: ResourceDecl['defaultSort'] = { field: 'name', order: 'asc' },
): ResourceDecl => ({
  name: 'things',
  label: 'Thing',
  base: '/api/v1',
  path: 'things',
  route: '/things',
  section: 'customers',
  access: standardAccess('customers'),
  schemas,
  fields,
  defaultSort,
  recordTitle: 'name',
  softDelete: false,
});
const name: FieldDecl = { type: 'string', sort: true };

describe('defineResource', () => {
  it.each([
    ['an enum without values', { name, kind: { type: 'enum' } }, 'things.kind: an enum needs values'],
    ['an enum with an empty list of values', { name, kind: { type: 'enum', values: [] } }, 'things.kind: an enum needs values'],
    ['a reference without ref', { name, owner: { type: 'ref' } }, 'things.owner: a reference needs ref'],
    ['a list of references without ref', { name, tags: { type: 'refs' } }, 'things.tags: a reference needs ref'],
    ['a default sort on an unsortable field', { name: { type: 'string' } }, 'things: the default sort field must be sortable'],
    ['a default sort on an undeclared field', { title: name }, 'things: the default sort field must be sortable'],
  ] as Array<[string, Record<string, FieldDecl>, string]>)('refuses %s', (_what, fields, message) => {
    expect(() => defineResource(decl(fields))).toThrow(message);
  });

  it('accepts a sound declaration and returns it unchanged', () => {
    const d = decl({
      name,
      kind: { type: 'enum', values: ['a'] },
      owner: { type: 'ref', ref: { resource: 'users', label: 'fullName' } },
      tags: { type: 'refs', ref: { resource: 'tags', label: 'name' } },
      note: { type: 'text' },
    });
    expect(defineResource(d)).toBe(d);
  });

  describe('state actions', () => {
    const withStates = (access: ResourceDecl['access'], segment = 'approve'): ResourceDecl => ({
      ...decl({ name }),
      schemas: { ...schemas, entity: z.object({ name: z.string(), status: z.string() }) },
      access,
      states: {
        field: 'status',
        refusal: 'thing_status',
        actions: { approve: { segment, from: ['draft'], to: 'approved', summary: 'Approve' } },
      },
    });
    it('refuses a declaration naming a problem, with the resource and the problem', () => {
      expect(() => defineResource(withStates(standardAccess('customers')))).toThrow(
        'things.states: approve: the access table has no action approve',
      );
      expect(() => defineResource(withStates({ ...standardAccess('customers'), approve: ['admin'] }, 'Approve'))).toThrow(
        'things.states: approve: a segment is a kebab-case path segment',
      );
    });
    it('accepts a sound one', () => {
      const d = withStates({ ...standardAccess('customers'), approve: ['admin'] });
      expect(defineResource(d)).toBe(d);
    });
  });

  describe('file slots', () => {
    const withFile = (files: ResourceDecl['files'], fields: Record<string, FieldDecl> = { name }): ResourceDecl => ({
      ...decl(fields),
      schemas: { ...schemas, entity: z.object({ name: z.string(), file: z.unknown() }) },
      files,
    });
    const slot = { field: 'file', label: 'File', types: ['pdf'] as const };
    it.each([
      ['a key that is no path segment', { 'My File': slot }, 'things.files.My File: a slot'],
      ['a field the entity lacks', { file: { ...slot, field: 'nothing' } }, 'the entity has no field nothing'],
      ['no types', { file: { ...slot, types: [] } }, 'things.files.file: a slot needs types'],
      ['an action the access table lacks', { file: { ...slot, access: { write: 'upload' } } }, 'the access table has no action upload'],
    ] as Array<[string, ResourceDecl['files'], string]>)('refuses %s', (_what, files, message) => {
      expect(() => defineResource(withFile(files))).toThrow(message);
    });
    it("refuses a slot on a form field: the file's field is the slot's", () => {
      expect(() => defineResource(withFile({ file: slot }, { name, file: { type: 'string' } }))).toThrow('file is the slot');
    });
    it('accepts a sound slot', () => {
      const d = withFile({ 'file-copy': { ...slot, access: { read: 'show', write: 'delete' } } });
      expect(defineResource(d)).toBe(d);
    });
  });

  it('refuses a card naming a field it does not declare, and names a row by its card title, else its record title', () => {
    expect(() => defineResource({ ...decl({ name }), card: { title: ['name', 'month'] } })).toThrow('things.card: no declared field month');
    expect(() => defineResource({ ...decl({ name }), card: { figures: ['total'] } })).toThrow('things.card: no declared field total');
    expect(titleFields(decl({ name }))).toEqual(['name']);
    expect(titleFields({ ...decl({ name }), card: { figures: [] } })).toEqual(['name']);
    expect(titleFields({ recordTitle: 'month', card: { title: ['userId', 'month'] } })).toEqual(['userId', 'month']);
  });

  it('refuses an import without its key among the fields, with its key excluded, or without an import action', () => {
    const withImport = (
      imp: ResourceDecl['import'],
      access: ResourceDecl['access'] = { ...standardAccess('customers'), import: ['admin'] },
    ) => ({
      ...decl({ name, code: { type: 'string' } }),
      access,
      import: imp,
    });
    expect(() => defineResource(withImport({ key: [] }))).toThrow('things.import: a key needs at least one field');
    expect(() => defineResource(withImport({ key: ['email'] }))).toThrow('things.import: no declared field email');
    expect(() => defineResource(withImport({ key: ['code'], exclude: ['code'] }))).toThrow('things.import: the key field code is excluded');
    expect(() => defineResource(withImport({ key: ['code'] }, standardAccess('customers')))).toThrow(
      'things.import: the access table has no action import',
    );
    const sound = withImport({ key: ['name', 'code'] });
    expect(defineResource(sound)).toBe(sound);
  });

  it('accepts createdAt as the default sort even when it is not declared', () => {
    const d = decl({ name: { type: 'string' } }, { field: 'createdAt', order: 'desc' });
    expect(defineResource(d)).toBe(d);
  });
});

describe('sectionRoles', () => {
  // Read from the spec's section table (permissions.ts), in the order of ROLES.
  it.each([
    ['dashboard', ROLES],
    ['users', ['admin', 'hr_lead', 'sale_lead', 'hr', 'manager']],
    ['headcount', ['admin', 'hr_lead', 'sale_lead', 'sale', 'manager']],
    ['customers', ['admin', 'hr_lead', 'sale_lead', 'hr', 'sale', 'manager']],
    ['hr-commission', ['admin', 'hr_lead', 'hr']],
    ['pnl', ['admin', 'hr_lead', 'sale_lead']],
    ['logworks', ['admin', 'hr_lead', 'sale_lead', 'developer', 'hr']],
  ] as Array<[Section, readonly Role[]]>)('%s: %j', (section, roles) => {
    expect(sectionRoles(section)).toEqual(roles);
  });
});

describe('standardAccess', () => {
  it.each([
    ['users', ['admin', 'hr_lead', 'sale_lead', 'hr', 'manager'], ['admin', 'hr_lead', 'sale_lead']],
    ['headcount', ['admin', 'hr_lead', 'sale_lead', 'sale', 'manager'], ['admin', 'hr_lead', 'sale_lead']],
    ['hr-commission', ['admin', 'hr_lead', 'hr'], ['admin', 'hr_lead']],
  ] as Array<[Section, Role[], Role[]]>)('%s: the section reads, the privileged among it write', (section, readers, writers) => {
    expect(standardAccess(section)).toEqual({
      list: readers,
      show: readers,
      create: writers,
      edit: writers,
      delete: writers,
      export: readers,
      lookup: readers,
    });
  });

  it('overrides win, for standard and custom actions, and leave the rest alone', () => {
    const access = standardAccess('users', { delete: ['admin'], lookup: ROLES, archive: ['hr'] });
    expect(access.delete).toEqual(['admin']);
    expect(access.lookup).toEqual(ROLES);
    expect(access.archive).toEqual(['hr']);
    expect(access.create).toEqual(PRIVILEGED_ROLES);
    expect(access.list).toEqual(sectionRoles('users'));
  });
});

describe('allowsAction', () => {
  // A custom action beside the standard ones; built per test so a broken standardAccess fails them.
  const d = () => ({ access: { ...standardAccess('users'), share: ['sale'] as Role[] } });
  it.each([
    ['admin', 'delete', true],
    ['ADMIN', 'delete', true],
    ['Hr', 'list', true],
    ['hr', 'delete', false],
    ['developer', 'list', false],
    ['sale', 'share', true],
    ['admin', 'share', false],
    ['root', 'list', false],
    ['', 'list', false],
    [undefined, 'list', false],
    [42, 'list', false],
    ['admin', 'publish', false],
  ] as Array<[unknown, string, boolean]>)('%j may %s: %s', (role, action, allowed) => {
    expect(allowsAction(d(), role, action)).toBe(allowed);
  });

  it('every crud action is known', () => {
    expect(CRUD_ACTIONS).toEqual(['list', 'show', 'create', 'edit', 'delete', 'export', 'lookup']);
  });
});

describe('ownerAllowsWrite', () => {
  const owned = { owner: { field: 'ownerSaleId', roles: ['sale'] as Role[], applies: 'write' as const } };
  const row = { ownerSaleId: 'u-1' };
  it.each([
    ['the owner of the row', owned, { id: 'u-1', role: 'sale' }, row, true],
    ['another sale', owned, { id: 'u-2', role: 'sale' }, row, false],
    ['a sale, on a row with no owner', owned, { id: 'u-2', role: 'sale' }, { ownerSaleId: null }, false],
    ['a role outside the scope', owned, { id: 'u-2', role: 'sale_lead' }, row, true],
    ['anyone, where the resource has no owner scope', {}, { id: 'u-2', role: 'sale' }, row, true],
    ['nobody signed in (the server refuses first)', owned, undefined, row, true],
  ] as const)('%s', (_who, d, user, r, allowed) => {
    expect(ownerAllowsWrite(d, user, r)).toBe(allowed);
  });
});

describe('readsOwnOnly', () => {
  const own = (applies: 'all' | 'write') => ({ owner: { field: 'userId', roles: ['sale'] as Role[], applies } });
  it('is the owner roles of a scope that applies to reads too', () => {
    expect(readsOwnOnly(own('all'), 'sale')).toBe(true);
    expect(readsOwnOnly(own('all'), 'sale_lead')).toBe(false);
    expect(readsOwnOnly(own('write'), 'sale')).toBe(false);
    expect(readsOwnOnly({}, 'sale')).toBe(false);
  });
});

describe('filterKeys', () => {
  it.each([
    [
      { type: 'enum', values: ['a'], filter: 'eq' },
      [
        { key: 'status', op: 'eq' },
        { key: 'status_ne', op: 'ne' },
      ],
    ],
    [
      { type: 'date', filter: 'range' },
      [
        { key: 'status', op: 'eq' },
        { key: 'status_gte', op: 'gte' },
        { key: 'status_lte', op: 'lte' },
      ],
    ],
    // Searched fields go into `q`: no key of their own.
    [{ type: 'string', filter: 'search' }, []],
    [{ type: 'string' }, []],
    // …unless unique: a unique field is always found exactly (stock clients send `email=a@b.c`).
    [
      { type: 'email', filter: 'search', unique: true },
      [
        { key: 'status', op: 'eq' },
        { key: 'status_ne', op: 'ne' },
      ],
    ],
    [
      { type: 'string', unique: true },
      [
        { key: 'status', op: 'eq' },
        { key: 'status_ne', op: 'ne' },
      ],
    ],
    [
      { type: 'date', filter: 'range', unique: true },
      [
        { key: 'status', op: 'eq' },
        { key: 'status_gte', op: 'gte' },
        { key: 'status_lte', op: 'lte' },
      ],
    ],
  ] as Array<[FieldDecl, unknown]>)('%j', (f, keys) => {
    expect(filterKeys('status', f)).toEqual(keys);
  });
});

describe('filtersCaseless', () => {
  it.each([
    [{ type: 'string', unique: true }, true],
    [{ type: 'text', unique: true }, true],
    [{ type: 'email', unique: true }, true],
    // An e-mail address is one whatever its letter case, unique or not.
    [{ type: 'email' }, true],
    [{ type: 'string' }, false],
    [{ type: 'string', unique: false }, false],
    [{ type: 'date', unique: true }, false],
    [{ type: 'int', unique: true }, false],
    [{ type: 'enum', values: ['a'], unique: true }, false],
  ] as Array<[FieldDecl, boolean]>)('%j: %s', (f, caseless) => {
    expect(filtersCaseless(f)).toBe(caseless);
  });
});

describe('the declarations', () => {
  // Loaded inside the test: a declaration defineResource refuses (or a schema module that throws)
  // must fail a test, not only the collection of the files that import the registry.
  it('every module loads and registers its resource', async () => {
    const { RESOURCES, resourceByName } = await import('./resources.js');
    const names = [
      'users',
      'customers',
      'projects',
      'tech-stacks',
      'candidates',
      'headcounts',
      'holidays',
      'leave-requests',
      'leave-matrix',
      'jobs',
      'timesheets',
    ];
    // In this order, with any resource added after them.
    expect(RESOURCES.map((r) => r.name).slice(0, names.length)).toEqual(names);
    for (const n of names) expect(resourceByName(n)?.name).toBe(n);
  });
});
