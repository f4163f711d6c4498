import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { savedViews } from '../../src/server/modules/saved-views/saved-views.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// Saved views of a list: each person's own, written only by them; shared by the admins and leads
// with a role, whose people read (not change) them; one default per person and list, even when two
// "make default" arrive at once (on PostgreSQL they run on two connections of the pool).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const URL = '/api/v1/saved-views';
const unpaid = { filters: { status: ['sent'], issueDate_gte: ['2026-01-01'] }, sort: { field: 'dueDate', order: 'asc' }, pageSize: 25 };

async function call(role: Role, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });
}
const create = (role: Role, body: object) => call(role, 'POST', URL, { resource: 'invoices', state: unpaid, ...body });
const list = async (role: Role, resource = 'invoices') => {
  const res = await call(role, 'GET', `${URL}?resource=${resource}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Array<{ id: string; name: string; mine: boolean; isDefault: boolean; owner: { id: string } }> }).data;
};

describe('own views', () => {
  it('saves, lists, renames, updates and deletes a view of its owner', async () => {
    const made = await create('sale', { name: 'Unpaid this year' });
    expect(made.statusCode, made.body).toBe(201);
    const view = made.json() as { id: string; state: unknown; mine: boolean; isDefault: boolean; sharedWithRoles: string[] };
    expect(view).toMatchObject({ state: unpaid, mine: true, isDefault: false, sharedWithRoles: [] });
    expect((await list('sale')).map((v) => v.name)).toContain('Unpaid this year');

    const renamed = await call('sale', 'PATCH', `${URL}/${view.id}`, { name: 'Unpaid', state: { filters: { status: ['sent', 'draft'] } } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Unpaid', state: { filters: { status: ['sent', 'draft'] } } });

    const again = await create('sale', { name: 'Unpaid' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'saved_view_name_taken', errors: { name: expect.any(String) } });

    expect((await call('sale', 'DELETE', `${URL}/${view.id}`)).statusCode).toBe(204);
    expect((await list('sale')).map((v) => v.id)).not.toContain(view.id);
  });

  it('nobody changes or deletes another person’s view: 404 when unseen, 403 when shared with them', async () => {
    const own = (await create('hr_lead', { name: 'HR lead private' })).json() as { id: string };
    for (const role of ['sale_lead', 'admin', 'manager'] as const) {
      const patch = await call(role, 'PATCH', `${URL}/${own.id}`, { name: 'Taken over' });
      expect(patch.statusCode, role).toBe(404);
      expect(patch.json().code).toBe('not_found');
      expect((await call(role, 'DELETE', `${URL}/${own.id}`)).statusCode, role).toBe(404);
    }
    const shared = (await create('sale_lead', { name: 'Team pipeline', sharedWithRoles: ['sale'] })).json() as { id: string };
    const patch = await call('sale', 'PATCH', `${URL}/${shared.id}`, { name: 'Mine now' });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().code).toBe('saved_view_not_owner');
    const del = await call('sale', 'DELETE', `${URL}/${shared.id}`);
    expect(del.statusCode).toBe(403);
    expect(del.json().code).toBe('saved_view_not_owner');
    const [row] = await t.database.db.select().from(savedViews).where(eq(savedViews.id, shared.id));
    expect(row?.name).toBe('Team pipeline');
  });

  it('a list the role cannot open has no views for it', async () => {
    const res = await call('developer', 'GET', `${URL}?resource=invoices`);
    expect(res.statusCode).toBe(403);
    expect((await call('developer', 'POST', URL, { resource: 'invoices', name: 'x', state: unpaid })).statusCode).toBe(403);
  });
});

describe('shared views', () => {
  it('only the admins and leads share; a shared view shows to that role and to no other', async () => {
    const refused = await create('sale', { name: 'Share attempt', sharedWithRoles: ['manager'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('saved_view_share_forbidden');
    const mine = (await create('sale', { name: 'Sale own' })).json() as { id: string };
    const later = await call('sale', 'PATCH', `${URL}/${mine.id}`, { sharedWithRoles: ['sale'] });
    expect(later.statusCode).toBe(403);
    expect(later.json().code).toBe('saved_view_share_forbidden');

    for (const lead of ['admin', 'sale_lead', 'hr_lead'] as const) {
      const made = await create(lead, { name: `From ${lead}`, sharedWithRoles: ['manager'] });
      expect(made.statusCode, `${lead}: ${made.body}`).toBe(201);
    }
    const forManager = await list('manager');
    expect(forManager.filter((v) => v.name.startsWith('From ')).map((v) => ({ name: v.name, mine: v.mine }))).toEqual([
      { name: 'From admin', mine: false },
      { name: 'From hr_lead', mine: false },
      { name: 'From sale_lead', mine: false },
    ]);
    expect((await list('sale')).map((v) => v.name)).not.toContain('From admin');
    // Unshared: gone from the role's list.
    const adminView = (await list('admin')).find((v) => v.name === 'From admin')!;
    const unshare = await call('admin', 'PATCH', `${URL}/${adminView.id}`, { sharedWithRoles: [] });
    expect(unshare.statusCode).toBe(200);
    expect((await list('manager')).map((v) => v.name)).not.toContain('From admin');
  });

  it('lists the caller’s own views first, then the shared ones', async () => {
    await create('manager', { name: 'AAA manager first' });
    const names = (await list('manager')).map((v) => [v.mine, v.name] as const);
    const firstShared = names.findIndex(([mine]) => !mine);
    expect(firstShared).toBeGreaterThan(0);
    expect(names.slice(firstShared).every(([mine]) => !mine)).toBe(true);
  });
});

describe('the default view', () => {
  it('making another view the default leaves it the only one', async () => {
    const a = (await create('hr_lead', { name: 'Default A', isDefault: true })).json() as { id: string };
    const b = (await create('hr_lead', { name: 'Default B' })).json() as { id: string };
    expect((await call('hr_lead', 'PATCH', `${URL}/${b.id}`, { isDefault: true })).statusCode).toBe(200);
    const views = await list('hr_lead');
    expect(views.filter((v) => v.isDefault).map((v) => v.id)).toEqual([b.id]);
    expect(views.find((v) => v.id === a.id)?.isDefault).toBe(false);
  });

  it('several "make default" at once leave exactly one default, every request answered', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(((await create('sale_lead', { name: `Race ${i}` })).json() as { id: string }).id);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(ids.map((id) => call('sale_lead', 'PATCH', `${URL}/${id}`, { isDefault: true })));
      expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
      const defaults = await t.database.db
        .select({ id: savedViews.id })
        .from(savedViews)
        .where(and(eq(savedViews.ownerId, t.users.sale_lead.id), eq(savedViews.resource, 'invoices'), eq(savedViews.isDefault, true)));
      expect(defaults).toHaveLength(1);
    }
    // New views created as default at once: the same.
    const made = await Promise.all([0, 1, 2, 3].map((i) => create('sale_lead', { name: `Race new ${i}`, isDefault: true })));
    expect(made.map((m) => m.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await list('sale_lead')).filter((v) => v.isDefault)).toHaveLength(1);
  });

  it('the database itself refuses a second default', async () => {
    const [a, b] = await t.database.db
      .insert(savedViews)
      .values([
        { ownerId: t.users.developer.id, resource: 'timesheets', name: 'One', state: { filters: {} }, isDefault: true },
        { ownerId: t.users.developer.id, resource: 'timesheets', name: 'Two', state: { filters: {} } },
      ])
      .returning();
    expect(a && b).toBeTruthy();
    await expect(t.database.db.update(savedViews).set({ isDefault: true }).where(eq(savedViews.id, b!.id))).rejects.toThrow();
  });
});

describe('what a view may hold', () => {
  it('refuses filters, sorts and columns the list does not declare, naming each field', async () => {
    const res = await create('admin', {
      name: 'Bad',
      state: {
        filters: { status: ['lost'], salary_gte: ['1'], page: ['2'], issueDate_gte: ['yesterday'] },
        sort: { field: 'note', order: 'asc' },
        columns: { subject: true, password: false, constructor: true },
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; errors: Record<string, string>; issues: Record<string, { code: string }> };
    expect(body.code).toBe('validation_failed');
    expect(Object.keys(body.errors).sort()).toEqual(
      [
        'state.columns.constructor',
        'state.columns.password',
        'state.filters.issueDate_gte',
        'state.filters.page',
        'state.filters.salary_gte',
        'state.filters.status',
        'state.sort.field',
      ].sort(),
    );
    expect(body.issues['state.filters.salary_gte']?.code).toBe('unknown_field');
    expect(body.issues['state.filters.status']?.code).toBe('choice');
    expect(body.issues['state.sort.field']?.code).toBe('choice');
    expect(body.issues['state.columns.password']?.code).toBe('unknown_field');
  });

  it('refuses unknown keys, names of 0 or 81 characters and unknown resources', async () => {
    const extra = await create('admin', { name: 'Extra', state: { ...unpaid, density: 'compact' } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toHaveProperty(['state.density']);
    const size = await create('admin', { name: 'Size', state: { ...unpaid, pageSize: 30 } });
    expect(size.statusCode).toBe(400);
    expect(size.json().issues['state.pageSize'].code).toBe('step');
    const blank = await create('admin', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues.name.code).toBe('required');
    const long = await create('admin', { name: 'x'.repeat(81) });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues.name).toMatchObject({ code: 'too_long', params: { max: 80 } });
    expect((await create('admin', { name: 'x'.repeat(80) })).statusCode).toBe(201);
    const nowhere = await call('admin', 'POST', URL, { resource: 'spaceships', name: 'x', state: { filters: {} } });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().issues.resource.code).toBe('invalid');
    const bad = await call('admin', 'PATCH', `${URL}/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, {
      state: { filters: { status: ['x'] } },
    });
    expect(bad.statusCode).toBe(404);
  });

  it('keeps the search and a valid state as given', async () => {
    const state = {
      filters: { q: ['acme'], customerId_ne: ['0b1d5f4e-4a1b-4c1e-8d8e-1a2b3c4d5e6f'] },
      columns: { note: false, total: true },
    };
    const res = await create('admin', { name: 'Search', state });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().state).toEqual(state);
  });
});
