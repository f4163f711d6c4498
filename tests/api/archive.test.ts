import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { RESOURCES } from '../../src/domain/resources.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// The kit's archive, seen and undone: what depends on a record (`/:id/dependants`), the refusal while
// live rows do, the Archived list, the archived record read-only, Restore (audited, refused where it
// would break a rule), and the History of it, paged.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();

async function newCustomer(extra: Record<string, unknown> = {}) {
  const res = await call('admin', 'POST', '/api/v1/customers', { name: `Archive Test ${stamp()}`, code: `AR${stamp()}`, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; code: string };
}

async function newProject(customerId: string, status = 'active') {
  const res = await call('admin', 'POST', '/api/v1/projects', {
    name: 'Archive Project',
    code: `AP${stamp()}`,
    customerId,
    startDate: '2026-01-01',
    status,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

type Dependant = { resource: string; field: string; count: number; live: number | null; filter: Record<string, string[]> };
const dependants = async (role: Role, id: string) => {
  const res = await call(role, 'GET', `/api/v1/customers/${id}/dependants`);
  expect(res.statusCode, res.body).toBe(200);
  return new Map((res.json().data as Dependant[]).map((d) => [d.resource, d]));
};

describe('what depends on a record', () => {
  it("lists a customer's projects, seats, jobs, invoices and tickets, with the live ones and the list filter that shows them", async () => {
    const c = await newCustomer();
    await newProject(c.id, 'active');
    await newProject(c.id, 'closed');
    const deps = await dependants('admin', c.id);
    expect([...deps.keys()]).toEqual(['projects', 'headcounts', 'jobs', 'invoices', 'tickets']);
    expect(deps.get('projects')).toEqual({
      resource: 'projects',
      field: 'customerId',
      count: 2,
      live: 1,
      filter: { customerId: [c.id], status: ['active', 'paused'] },
    });
    expect(deps.get('headcounts')).toMatchObject({ count: 0, live: 0 });
    // Tickets never hold a customer back: no live count.
    expect(deps.get('tickets')).toMatchObject({ count: 0, live: null, filter: { customerId: [c.id] } });
    // The filter is the other list's own: it finds the live project.
    const listed = await call('admin', 'GET', `/api/v1/projects/paginated?page=1&limit=10&customerId=${c.id}&status=active&status=paused`);
    expect(listed.json().total).toBe(1);
  });

  it('shows a role only the kinds it may list, and is 404 for a missing record, 403 without the section', async () => {
    const c = await newCustomer();
    // A sale reads customers, projects and jobs, but neither invoices' desk nor tickets of others: counted in its own view.
    const sale = await dependants('sale', c.id);
    for (const [name] of sale)
      expect(
        RESOURCES.find((r) => r.name === name),
        name,
      ).toBeDefined();
    expect((await call('admin', 'GET', '/api/v1/customers/00000000-0000-4000-8000-000000000000/dependants')).statusCode).toBe(404);
    expect((await call('developer', 'GET', `/api/v1/customers/${c.id}/dependants`)).statusCode).toBe(403);
  });

  it('refuses to archive while live rows depend on it, with 409 naming them; archives once they are done', async () => {
    const c = await newCustomer();
    const p = await newProject(c.id, 'active');
    const refused = await call('admin', 'DELETE', `/api/v1/customers/${c.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'in_use' });
    expect(refused.json().details).toEqual({ dependants: { projects: 1 } });
    expect((await call('admin', 'GET', `/api/v1/customers/${c.id}`)).json()).not.toHaveProperty('archivedAt');

    expect((await call('admin', 'PATCH', `/api/v1/projects/${p.id}`, { status: 'closed' })).statusCode).toBe(200);
    const archived = await call('admin', 'DELETE', `/api/v1/customers/${c.id}`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().archivedAt).toEqual(expect.any(String));
  });
});

describe('archived records', () => {
  it('are listed under ?archived=true only, open read-only by id, and refuse writes with 409 archived', async () => {
    const c = await newCustomer();
    expect((await call('admin', 'DELETE', `/api/v1/customers/${c.id}`)).statusCode).toBe(200);

    const live = await call('admin', 'GET', `/api/v1/customers/paginated?page=1&limit=10&code=${c.code}`);
    expect(live.json().total).toBe(0);
    const archived = await call('admin', 'GET', `/api/v1/customers/paginated?page=1&limit=10&code=${c.code}&archived=true`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data.map((r: { id: string }) => r.id)).toEqual([c.id]);
    // json-server style too, as the client's data provider sends it; every archived row says so.
    const stock = await call('admin', 'GET', '/api/v1/customers?_start=0&_end=50&archived=true');
    const rows = stock.json() as Array<{ id: string; archivedAt?: string }>;
    expect(rows.map((r) => r.id)).toContain(c.id);
    expect(rows.every((r) => r.archivedAt)).toBe(true);
    expect((await call('admin', 'GET', '/api/v1/customers?_start=0&_end=5&archived=yes')).statusCode).toBe(400);

    const one = await call('sale', 'GET', `/api/v1/customers/${c.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: c.id, name: c.name, archivedAt: expect.any(String) });

    const edit = await call('admin', 'PATCH', `/api/v1/customers/${c.id}`, { country: 'FR' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('archived');
    expect((await call('admin', 'DELETE', `/api/v1/customers/${c.id}`)).json().code).toBe('archived');
    // Pickers still name it (a link to it keeps its title) but never offer it.
    const lookup = await call('admin', 'GET', `/api/v1/customers/lookup?q=${encodeURIComponent(c.name)}`);
    expect(lookup.json()).toEqual([]);
    expect((await call('admin', 'GET', `/api/v1/customers/lookup?id=${c.id}`)).json()).toEqual([{ id: c.id, label: c.name }]);
  });

  it('are restored by the roles that archive, audited, back in the live list', async () => {
    const c = await newCustomer();
    expect((await call('admin', 'DELETE', `/api/v1/customers/${c.id}`)).statusCode).toBe(200);
    expect((await call('sale', 'POST', `/api/v1/customers/${c.id}/restore`)).statusCode).toBe(403);
    const restored = await call('sale_lead', 'POST', `/api/v1/customers/${c.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ id: c.id });
    expect(restored.json()).not.toHaveProperty('archivedAt');
    expect(restored.headers.etag).toBeTruthy();
    const live = await call('admin', 'GET', `/api/v1/customers/paginated?page=1&limit=10&code=${c.code}`);
    expect(live.json().data.map((r: { id: string }) => r.id)).toEqual([c.id]);
    // Once is enough.
    const again = await call('admin', 'POST', `/api/v1/customers/${c.id}/restore`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('not_archived');

    const history = await call('admin', 'GET', `/api/v1/audit?entity=customers&entityId=${c.id}`);
    expect(history.json().data.map((e: { action: string }) => e.action)).toEqual(['restored', 'deleted', 'created']);
    expect(history.json().data[0].actor).toEqual({ id: t.users.sale_lead.id, fullName: t.users.sale_lead.fullName });
  });

  it('refuses a restore that would break a rule: a unique code taken meanwhile, or a parent archived since', async () => {
    const c = await newCustomer();
    expect((await call('admin', 'DELETE', `/api/v1/customers/${c.id}`)).statusCode).toBe(200);
    // The archived customer freed its code; another took it.
    const taker = await newCustomer({ code: c.code.toLowerCase() });
    const clash = await call('admin', 'POST', `/api/v1/customers/${c.id}/restore`);
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'duplicate', issues: { code: { code: 'unique' } } });
    expect((await call('admin', 'GET', `/api/v1/customers/${c.id}`)).json().archivedAt).toEqual(expect.any(String));
    // Free again: the restore goes through.
    expect((await call('admin', 'PATCH', `/api/v1/customers/${taker.id}`, { code: `X${stamp()}` })).statusCode).toBe(200);
    expect((await call('admin', 'POST', `/api/v1/customers/${c.id}/restore`)).statusCode).toBe(200);

    // A closed project of a customer archived since cannot come back on its own.
    const parent = await newCustomer();
    const p = await newProject(parent.id, 'closed');
    expect((await call('admin', 'DELETE', `/api/v1/projects/${p.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/api/v1/customers/${parent.id}`)).statusCode).toBe(200);
    const orphan = await call('admin', 'POST', `/api/v1/projects/${p.id}/restore`);
    expect(orphan.statusCode, orphan.body).toBe(409);
    expect(orphan.json()).toMatchObject({ code: 'reference_missing', issues: { customerId: { code: 'reference_missing' } } });
  });

  it('takes the precondition: a stale If-Match is refused with 412', async () => {
    const c = await newCustomer();
    const del = await call('admin', 'DELETE', `/api/v1/customers/${c.id}`);
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customers/${c.id}/restore`,
      headers: { ...(await t.auth('admin')), 'if-match': '"0-stale"' },
    });
    expect(stale.statusCode).toBe(412);
    const fresh = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customers/${c.id}/restore`,
      headers: { ...(await t.auth('admin')), 'if-match': del.headers.etag as string },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('every soft-deleting resource has the Archived list, dependants and restore; the others have none', async () => {
    for (const r of RESOURCES) {
      const base = `${r.base}/${r.path}`;
      const listed = await call('admin', 'GET', `${base}/paginated?page=1&limit=1&archived=true`);
      expect(listed.statusCode, `${r.name}: ${listed.body}`).toBe(r.softDelete ? 200 : 400);
      const [row] = (await call('admin', 'GET', `${base}/paginated?page=1&limit=1`)).json().data as Array<{ id: string }>;
      expect(row, r.name).toBeDefined();
      const deps = await call('admin', 'GET', `${base}/${row!.id}/dependants`);
      const restore = await call('admin', 'POST', `${base}/${row!.id}/restore`);
      if (r.softDelete) {
        expect(deps.statusCode, r.name).toBe(200);
        expect(
          deps.json().data.map((d: Dependant) => d.resource),
          r.name,
        ).toEqual((r.dependants ?? []).map((d) => d.resource));
        expect(restore.json().code, r.name).toBe('not_archived');
      } else {
        expect([deps.statusCode, restore.statusCode], r.name).toEqual([404, 404]);
      }
    }
  });
});

describe('History', () => {
  it('of an archived record is read, and a long one is paged newest first with its total', async () => {
    const c = await newCustomer();
    for (let i = 0; i < 4; i++)
      expect((await call('admin', 'PATCH', `/api/v1/customers/${c.id}`, { paymentTermsDays: 31 + i })).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/api/v1/customers/${c.id}`)).statusCode).toBe(200);
    const first = (await call('admin', 'GET', `/api/v1/audit?entity=customers&entityId=${c.id}&limit=2`)).json();
    expect(first.total).toBe(6);
    expect(first.data.map((e: { action: string }) => e.action)).toEqual(['deleted', 'updated']);
    expect(first.data[1].changes).toEqual([{ field: 'paymentTermsDays', from: 33, to: 34 }]);
    const last = (await call('admin', 'GET', `/api/v1/audit?entity=customers&entityId=${c.id}&limit=2&page=3`)).json();
    expect(last.data.map((e: { action: string }) => e.action)).toEqual(['updated', 'created']);
    expect((await call('admin', 'GET', `/api/v1/audit?entity=customers&entityId=${c.id}&limit=500`)).statusCode).toBe(400);
  });
});
