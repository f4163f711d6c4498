import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/domain/auth/permissions.js';
import { RESOURCES } from '../../src/domain/resources.js';
import type { AccessMatrix } from '../../src/domain/modules/access/access.schema.js';
import { auditLog } from '../../src/server/modules/audit/audit.table.js';
import { accessOverrides } from '../../src/server/modules/access/access.table.js';
import { EXPECTED_ACCESS } from '../fixtures/access-table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { liveClient } from '../fixtures/socket.js';
import { socketSessions } from '../../src/server/app.js';

// The firm's access overrides (decision 014): a change applies at the next request, admin's own
// access never shrinks, a write needs its reads, every change is audited with its note, and a reset
// returns to the spec's defaults.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const call = async (
  role: Role,
  method: 'GET' | 'PUT' | 'PATCH' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { ...(await t.auth(role)), ...headers }, ...(payload ? { payload } : {}) });
const cellUrl = (role: Role, resource: string, action: string) => `/api/v1/access/${role}/${resource}/${action}`;
const setCell = (role: Role, resource: string, action: string, body: object, headers?: Record<string, string>) =>
  call('admin', 'PUT', cellUrl(role, resource, action), body, headers);
const resetAll = (note = 'Back to the spec') => call('admin', 'POST', '/api/v1/access/reset', { note });

const newCustomer = () => ({
  name: `Override Test ${Math.random().toString(36).slice(2, 8)}`,
  code: `OVR${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
  status: 'active',
  country: 'VN',
  currency: 'USD',
  paymentTermsDays: 30,
});

describe('the matrix', () => {
  it('has every role × every declared action of every resource, custom actions included, with the demo’s two overrides', async () => {
    const res = await call('admin', 'GET', '/api/v1/access');
    expect(res.statusCode).toBe(200);
    const m = res.json() as AccessMatrix;
    expect(m.roles).toEqual([...ROLES]);
    const resources = m.sections.flatMap((s) => s.resources);
    expect(resources.map((r) => r.resource).sort()).toEqual(RESOURCES.map((r) => r.name).sort());
    for (const r of resources) {
      // The hand-written table names the actions; every cell's default is the table's.
      expect(r.actions.map((a) => a.action).sort(), r.resource).toEqual(Object.keys(EXPECTED_ACCESS[r.resource]!).sort());
      for (const a of r.actions)
        for (const c of a.cells)
          expect(c.default, `${c.role} ${r.resource}.${a.action}`).toBe(EXPECTED_ACCESS[r.resource]![a.action]!.includes(c.role));
    }
    const changed = resources.flatMap((r) =>
      r.actions.flatMap((a) => a.cells.filter((c) => c.changed).map((c) => ({ r: r.resource, a: a.action, c }))),
    );
    expect(changed.map(({ r, a, c }) => `${c.role}:${r}:${a}`).sort()).toEqual([
      'hr:leave-requests:dashboard',
      'sale_lead:leave-matrix:initialize',
    ]);
    for (const { c } of changed) {
      expect(c.allowed).toBe(true);
      expect(c.default).toBe(false);
      expect(c.changed!.note.length).toBeGreaterThan(10);
      expect(c.changed!.by?.id).toBe(t.users.admin.id);
    }
    // A section without resources is listed, so that the page shows every section of the spec.
    expect(m.sections.map((s) => s.section)).toContain('salary');
    expect(resources.find((r) => r.resource === 'customers')!.scope).toMatchObject({ roles: ['sale'], applies: 'write' });
  });

  it('is for admins only: every other role is refused on every route of the access API', async () => {
    const routes: Array<['GET' | 'PUT' | 'PATCH' | 'POST', string, object?]> = [
      ['GET', '/api/v1/access'],
      ['GET', `/api/v1/access/users/${t.users.sale.id}`],
      ['PUT', cellUrl('manager', 'customers', 'create'), { allowed: true, note: 'x' }],
      ['PATCH', cellUrl('manager', 'customers', 'create'), { allowed: true, note: 'x' }],
      ['POST', '/api/v1/access/reset', { note: 'x' }],
    ];
    for (const role of ROLES.filter((r) => r !== 'admin'))
      for (const [method, url, body] of routes)
        expect((await call(role, method, url, body)).statusCode, `${role} ${method} ${url}`).toBe(403);
    // Everyone reads their own role's overrides, which their client applies.
    expect((await call('hr', 'GET', '/api/v1/access/mine')).json().overrides).toEqual([
      { resource: 'leave-requests', action: 'dashboard', allowed: true },
    ]);
    expect((await call('developer', 'GET', '/api/v1/access/mine')).json().overrides).toEqual([]);
  });
});

describe('a change applies at the next request', () => {
  it('granting manager customers.create lets a manager create; revoking refuses it again', async () => {
    expect((await call('manager', 'POST', '/api/v1/customers', newCustomer())).statusCode).toBe(403);
    const granted = await setCell('manager', 'customers', 'create', {
      allowed: true,
      note: 'Managers open accounts for their new customers',
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({
      role: 'manager',
      default: false,
      allowed: true,
      changed: { note: 'Managers open accounts for their new customers' },
    });
    expect(granted.headers.etag).toBe(granted.json().version);
    expect((await call('manager', 'POST', '/api/v1/customers', newCustomer())).statusCode).toBe(201);

    const revoked = await setCell(
      'manager',
      'customers',
      'create',
      { allowed: false, note: 'Trial over' },
      { 'if-match': granted.json().version },
    );
    expect(revoked.statusCode).toBe(200);
    // Back to the default: no override left, the cell shows the spec's value.
    expect(revoked.json()).toMatchObject({ allowed: false, default: false, changed: null });
    expect((await call('manager', 'POST', '/api/v1/customers', newCustomer())).statusCode).toBe(403);
  });

  it('revoking sale customers.edit refuses the edit of their own customer at the next request', async () => {
    const mine = (await call('sale', 'POST', '/api/v1/customers', newCustomer())).json();
    expect((await call('sale', 'PATCH', `/api/v1/customers/${mine.id}`, { paymentTermsDays: 45 })).statusCode).toBe(200);
    expect((await setCell('sale', 'customers', 'edit', { allowed: false, note: 'Edits go through the sales lead' })).statusCode).toBe(200);
    expect((await call('sale', 'PATCH', `/api/v1/customers/${mine.id}`, { paymentTermsDays: 60 })).statusCode).toBe(403);
    expect((await call('sale', 'GET', '/api/v1/access/mine')).json().overrides).toEqual([
      { resource: 'customers', action: 'edit', allowed: false },
    ]);
    expect((await resetAll()).statusCode).toBe(200);
    expect((await call('sale', 'PATCH', `/api/v1/customers/${mine.id}`, { paymentTermsDays: 60 })).statusCode).toBe(200);
  });

  it('a stale version is refused with 412 naming who changed the cell; the current one passes', async () => {
    const first = (await call('admin', 'GET', '/api/v1/access')).json() as AccessMatrix;
    const cell = first.sections
      .flatMap((s) => s.resources)
      .find((r) => r.resource === 'jobs')!
      .actions.find((a) => a.action === 'delete')!
      .cells.find((c) => c.role === 'sale')!;
    expect(
      (await setCell('sale', 'jobs', 'delete', { allowed: true, note: 'Sales close their own dead jobs' }, { 'if-match': cell.version }))
        .statusCode,
    ).toBe(200);
    const stale = await setCell('sale', 'jobs', 'delete', { allowed: false, note: 'No' }, { 'if-match': cell.version });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({
      code: 'stale_record',
      details: { changedBy: { id: t.users.admin.id }, current: { allowed: true } },
    });
    expect(
      (await setCell('sale', 'jobs', 'delete', { allowed: false, note: 'Undone' }, { 'if-match': stale.headers.etag as string }))
        .statusCode,
    ).toBe(200);
  });
});

describe('safeguards', () => {
  it('admin’s access cannot be reduced, whatever the action', async () => {
    for (const [resource, action] of [
      ['users', 'edit'],
      ['customers', 'list'],
      ['leave-requests', 'approve'],
    ] as const) {
      const res = await setCell('admin', resource, action, { allowed: false, note: 'Lock myself out', together: true });
      expect(res.statusCode, `${resource}.${action}`).toBe(422);
      expect(res.json().code).toBe('admin_locked');
    }
    expect((await call('admin', 'GET', '/api/v1/user/paginated')).statusCode).toBe(200);
  });

  it('a write needs its reads: refused naming them, or granted with them when asked together', async () => {
    // hr has no headcount section: deleting a seat without seeing one makes no sense.
    const alone = await setCell('hr', 'headcounts', 'export', { allowed: true, note: 'Payroll reconciliation' });
    expect(alone.statusCode).toBe(422);
    expect(alone.json()).toMatchObject({ code: 'access_requires', details: { actions: ['list', 'show'] } });
    const together = await setCell('hr', 'headcounts', 'export', { allowed: true, note: 'Payroll reconciliation', together: true });
    expect(together.statusCode).toBe(200);
    const mine = (await call('hr', 'GET', '/api/v1/access/mine')).json().overrides as Array<{ resource: string; action: string }>;
    expect(
      mine
        .filter((o) => o.resource === 'headcounts')
        .map((o) => o.action)
        .sort(),
    ).toEqual(['export', 'list', 'show']);
    expect((await call('hr', 'GET', '/api/v1/headcount/paginated?page=1&limit=5')).statusCode).toBe(200);
    // Revoking a read that a granted action needs is refused, or takes it along.
    const read = await setCell('hr', 'headcounts', 'list', { allowed: false, note: 'Done' });
    expect(read.json()).toMatchObject({ code: 'access_required_by', details: { actions: ['export'] } });
    expect((await setCell('hr', 'headcounts', 'list', { allowed: false, note: 'Done', together: true })).statusCode).toBe(200);
    expect((await call('hr', 'GET', '/api/v1/headcount/paginated?page=1&limit=5')).statusCode).toBe(403);
    expect((await resetAll()).statusCode).toBe(200);
  });

  it('refuses bad input with field errors and unknown cells with 404', async () => {
    const noNote = await setCell('manager', 'customers', 'create', { allowed: true, note: '   ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toHaveProperty('note');
    expect((await setCell('manager', 'customers', 'create', { allowed: 'yes', note: 'x' })).statusCode).toBe(400);
    expect((await call('admin', 'PUT', '/api/v1/access/ceo/customers/create', { allowed: true, note: 'x' })).statusCode).toBe(400);
    expect((await setCell('manager', 'nothing', 'create', { allowed: true, note: 'x' })).statusCode).toBe(404);
    expect((await setCell('manager', 'customers', 'toString', { allowed: true, note: 'x' })).statusCode).toBe(404);
    expect((await call('admin', 'POST', '/api/v1/access/reset', { section: 'nowhere', note: 'x' })).statusCode).toBe(400);
  });
});

describe('audit and reset', () => {
  it('every change is in the audit log with who, before, after and its note; a reset too', async () => {
    await setCell('manager', 'candidates', 'create', { allowed: true, note: 'Managers log referrals from their customers' });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'access'), eq(auditLog.entityId, 'manager:candidates:create')))
      .orderBy(desc(auditLog.at));
    expect(entries[0]).toMatchObject({
      actorId: t.users.admin.id,
      action: 'granted',
      before: { allowed: false, override: null },
      after: { allowed: true, note: 'Managers log referrals from their customers' },
    });
    const reset = await call('admin', 'POST', '/api/v1/access/reset', { section: 'candidates', note: 'Quarter review: back to the spec' });
    expect(reset.json().reset).toBe(1);
    const [last] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'access'), eq(auditLog.entityId, 'manager:candidates:create')))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(last).toMatchObject({
      action: 'reset',
      before: { allowed: true },
      after: { allowed: false, note: 'Quarter review: back to the spec', section: 'candidates' },
    });
  });

  it('a section’s reset leaves the others’ overrides; reset all returns every cell to its default', async () => {
    await setCell('manager', 'customers', 'create', { allowed: true, note: 'One' });
    await setCell('developer', 'tech-stacks', 'create', { allowed: true, note: 'Two' });
    expect((await call('admin', 'POST', '/api/v1/access/reset', { section: 'customers', note: 'Customers only' })).json().reset).toBe(1);
    const left = await t.database.db.select().from(accessOverrides);
    expect(left.map((r) => `${r.role}:${r.resource}:${r.action}`)).toContain('developer:tech-stacks:create');
    expect(left.map((r) => `${r.role}:${r.resource}:${r.action}`)).not.toContain('manager:customers:create');
    expect((await resetAll()).statusCode).toBe(200);
    expect(await t.database.db.select().from(accessOverrides)).toEqual([]);
    const m = (await call('admin', 'GET', '/api/v1/access')).json() as AccessMatrix;
    for (const r of m.sections.flatMap((s) => s.resources))
      for (const a of r.actions)
        for (const c of a.cells)
          expect(c.allowed, `${c.role} ${r.resource}.${a.action}`).toBe(EXPECTED_ACCESS[r.resource]![a.action]!.includes(c.role));
    expect((await call('manager', 'POST', '/api/v1/customers', newCustomer())).statusCode).toBe(403);
  });
});

describe('effective access of a person', () => {
  it('says what a person can reach and why: default, granted with its note, or revoked', async () => {
    await setCell('sale', 'customers', 'create', { allowed: false, note: 'New accounts through the lead' });
    const res = await call('admin', 'GET', `/api/v1/access/users/${t.users.sale.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: t.users.sale.id, role: 'sale' });
    const customers = body.sections.find((s: { section: string }) => s.section === 'customers');
    expect(customers.inSectionTable).toBe(true);
    const r = customers.resources.find((x: { resource: string }) => x.resource === 'customers');
    expect(r.scope).toMatchObject({ field: 'ownerSaleId', applies: 'write' });
    const byAction = Object.fromEntries(r.actions.map((a: { action: string }) => [a.action, a]));
    expect(byAction.create).toEqual({ action: 'create', allowed: false, reason: 'revoked', note: 'New accounts through the lead' });
    expect(byAction.list).toEqual({ action: 'list', allowed: true, reason: 'default', note: null });
    expect(body.sections.find((s: { section: string }) => s.section === 'salary').inSectionTable).toBe(false);
    expect((await call('admin', 'GET', '/api/v1/access/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    await resetAll();
  });
});

describe('live', () => {
  it('tells the changed role’s signed-in clients to read their access again', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await t.realtime.attach(t.app.server, socketSessions(t.services), t.app.log);
    const sale = liveClient(address, (await t.tokens('sale')).accessToken);
    await sale.next('unread-count');
    await setCell('sale', 'customers', 'delete', { allowed: true, note: 'Spring cleaning' });
    expect(await sale.next('access-changed')).toMatchObject({ roles: ['sale'] });
    sale.close();
    await resetAll();
  });
});
