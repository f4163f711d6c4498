import axios from 'axios';
import dataProvider from '@refinedev/simple-rest';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../src/domain/modules/users/users.schema.js';
import { auditLog } from '../../src/server/modules/audit/audit.table.js';
import { buildTestApp, login, type TestApp } from '../fixtures/app.js';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.auth('admin');
});
afterAll(() => t?.close());

const get = (url: string, headers = admin) => t.app.inject({ url: `/api/v1${url}`, headers });
const newUser = (over: Record<string, unknown> = {}) => ({
  fullName: 'Élise Ngô',
  email: `elise.${Math.random().toString(36).slice(2)}@example.com`,
  role: 'developer',
  password: 'elise passphrase',
  ...over,
});

describe('paginated list', () => {
  it('pages with a total, and pages never overlap', async () => {
    const p1 = (await get('/user/paginated?page=1&limit=10')).json();
    const p2 = (await get('/user/paginated?page=2&limit=10')).json();
    expect(p1.total).toBeGreaterThanOrEqual(39);
    expect(p1.data).toHaveLength(10);
    expect(p2.data).toHaveLength(10);
    const ids = new Set([...p1.data, ...p2.data].map((u: { id: string }) => u.id));
    expect(ids.size).toBe(20);
    expect(p1.totalIsEstimate).toBeUndefined();
    // The list is serialized without re-validation: the rows must carry exactly the entity's fields.
    expect(Object.keys(p1.data[0]).sort()).toEqual(Object.keys(userSchema.shape).sort());
    expect(JSON.stringify(p1)).not.toMatch(/password|argon2|"search"/i);
  });

  it('sorts by declared fields both ways and refuses others with a field error', async () => {
    const asc = (await get('/user/paginated?sort=email&order=asc&limit=100')).json().data.map((u: { email: string }) => u.email);
    const desc = (await get('/user/paginated?sort=email&order=desc&limit=100')).json().data.map((u: { email: string }) => u.email);
    expect(asc).toEqual([...asc].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(desc).toEqual([...asc].reverse());
    const bad = await get('/user/paginated?sort=passwordHash');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.sort).toMatch(/^Use one of: .*fullName/);
  });

  it('filters by declared fields, several values meaning any of them', async () => {
    const devs = (await get('/user/paginated?role=developer&limit=100')).json();
    expect(devs.data.length).toBeGreaterThan(5);
    expect(devs.data.every((u: { role: string }) => u.role === 'developer')).toBe(true);
    const two = (await get('/user/paginated?role=hr&role=sale&limit=100')).json();
    expect(new Set(two.data.map((u: { role: string }) => u.role))).toEqual(new Set(['hr', 'sale']));
    const inactive = (await get('/user/paginated?status=inactive')).json();
    expect(inactive.total).toBe(inactive.data.length);
    expect(inactive.data.every((u: { status: string }) => u.status === 'inactive')).toBe(true);
  });

  it('searches case- and accent-insensitively: "nguyen" finds "Nguyễn", "helene" finds "Hélène"', async () => {
    const nguyen = (await get('/user/paginated?q=nguyen&limit=100')).json();
    expect(nguyen.data.map((u: { fullName: string }) => u.fullName)).toEqual(
      expect.arrayContaining(['Nguyễn Văn An', 'Nguyễn Thị Thu Trang']),
    );
    const helene = (await get('/user/paginated?q=HELENE')).json();
    expect(helene.data.map((u: { fullName: string }) => u.fullName)).toEqual(['Hélène Dubois']);
    expect((await get('/user/paginated?q=%25')).json().total).toBe(0); // % is a character, not a wildcard
  });

  it('refuses bad paging with field errors, never a 500', async () => {
    for (const q of ['page=0', 'limit=1000', 'limit=-1', 'page=abc', 'order=sideways', 'id=1%20or%201=1']) {
      const res = await get(`/user/paginated?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors, q).toBeTruthy();
    }
  });

  it('the plain list gives light rows for selects; the spec client’s timestamp parameter is accepted', async () => {
    const rows = (await get('/user?_t=123')).json();
    expect(rows.length).toBeGreaterThan(30);
    expect(Object.keys(rows[0]).sort()).toEqual(['email', 'fullName', 'id']);
  });
});

describe('lookup for pickers', () => {
  it('offers only the rows of the given roles (an owner sale), refuses an unknown role or field, and is open to a sale', async () => {
    const sale = await t.auth('sale');
    const res = await get('/user/lookup?role=sale&role=sale_lead&limit=100', sale);
    expect(res.statusCode, res.body).toBe(200);
    const offered = res.json() as Array<{ id: string; label: string }>;
    expect(offered.length).toBeGreaterThan(1);
    const roles = new Map(
      ((await get('/user?_start=0&_end=100&role=sale&role=sale_lead')).json() as Array<{ id: string; role: string }>).map((u) => [
        u.id,
        u.role,
      ]),
    );
    for (const row of offered) expect(['sale', 'sale_lead'], row.label).toContain(roles.get(row.id));
    // Every sale is offered: the restriction keeps them all and adds no one.
    expect(offered.map((r) => r.id).sort()).toEqual([...roles.keys()].sort());
    const everyone = (await get('/user/lookup?limit=100', sale)).json() as unknown[];
    expect(everyone.length).toBeGreaterThan(offered.length);

    const unknownRole = await get('/user/lookup?role=pope', sale);
    expect(unknownRole.statusCode).toBe(400);
    expect(Object.keys(unknownRole.json().errors)).toEqual(['role.0']);
    expect((await get('/user/lookup?email=admin@demo.local', sale)).statusCode).toBe(400);
  });
});

describe('create, update, delete', () => {
  it('creates, reads, updates and archives a user, writing the audit log and never exposing the hash', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user',
      headers: admin,
      payload: newUser({ managerId: t.users.manager.id, joinDate: '2024-03-01', level: 'junior' }),
    });
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      fullName: 'Élise Ngô',
      role: 'developer',
      status: 'active',
      level: 'junior',
      managerId: t.users.manager.id,
    });
    expect(JSON.stringify(user)).not.toMatch(/password/i);
    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/user/${user.id}`,
      headers: admin,
      payload: { title: 'QA Engineer', phone: '' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'QA Engineer', phone: null });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/user/${user.id}`, headers: admin })).statusCode).toBe(200);
    // An archived user still opens by id (a link to them never ends on a 404), marked archived.
    const archived = await get(`/user/${user.id}`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archivedAt).toEqual(expect.any(String));
    const trail = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'users'), eq(auditLog.entityId, user.id)));
    expect(trail.map((a) => a.action).sort()).toEqual(['created', 'deleted', 'updated']);
    expect(JSON.stringify(trail)).not.toMatch(/passwordHash|argon2/);
    expect(trail.find((a) => a.action === 'updated')).toMatchObject({
      actorId: t.users.admin.id,
      before: expect.objectContaining({ title: null }),
      after: expect.objectContaining({ title: 'QA Engineer' }),
    });
  });

  it('answers field errors for bad input and 409 for a duplicate e-mail, losing nothing', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user',
      headers: admin,
      payload: { fullName: 'x', email: 'nope', role: 'boss', password: 'short', joinDate: '31/01/2024', isAdmin: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'fullName', 'isAdmin', 'joinDate', 'password', 'role']);
    const dup = await t.app.inject({ method: 'POST', url: '/api/v1/user', headers: admin, payload: newUser({ email: 'HR@demo.local' }) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'duplicate', issues: { email: { code: 'unique' } } });
    const badManager = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/user/${t.users.developer.id}`,
      headers: admin,
      payload: { managerId: t.users.developer.id },
    });
    expect(badManager.statusCode).toBe(409);
    expect((await get(`/user/${t.users.developer.id}`)).json().managerId).not.toBe(t.users.developer.id);
    expect((await get('/user/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('the unmodified @refinedev/simple-rest provider works against the list routes', () => {
  it('getList, getOne, getMany, create, update and deleteOne', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const http = axios.create({ headers: admin });
    const provider = dataProvider(`${address}/api/v1`, http);

    const page = await provider.getList({
      resource: 'user',
      pagination: { currentPage: 2, pageSize: 5 },
      sorters: [{ field: 'fullName', order: 'desc' }],
      filters: [{ field: 'role', operator: 'eq', value: 'developer' }],
    });
    expect(page.data).toHaveLength(5);
    expect(page.total).toBeGreaterThan(10);
    expect(page.data.every((u) => u.role === 'developer')).toBe(true);
    const same = (await get('/user/paginated?role=developer&sort=fullName&order=desc&page=2&limit=5')).json();
    expect(page.data.map((u) => u.id)).toEqual(same.data.map((u: { id: string }) => u.id));

    const searched = await provider.getList({ resource: 'user', filters: [{ field: 'q', operator: 'eq', value: 'helene' }] });
    expect(searched.data.map((u) => u.fullName)).toEqual(['Hélène Dubois']);

    const created = await provider.create({ resource: 'user', variables: newUser({ fullName: 'Refine Person' }) });
    const id = created.data.id as string;
    expect((await provider.getOne({ resource: 'user', id })).data.fullName).toBe('Refine Person');
    const many = await provider.getMany!({ resource: 'user', ids: [id, t.users.hr.id] });
    expect(many.data.map((u) => u.email).sort()).toEqual([created.data.email, 'hr@demo.local'].sort());
    expect((await provider.update({ resource: 'user', id, variables: { title: 'Updated' } })).data.title).toBe('Updated');
    await provider.deleteOne({ resource: 'user', id });
    // Archived, not gone: read by id with its mark, and out of the list.
    expect((await provider.getOne({ resource: 'user', id })).data.archivedAt).toEqual(expect.any(String));
    expect((await provider.getList({ resource: 'user', filters: [{ field: 'q', operator: 'eq', value: 'Refine Person' }] })).data).toEqual(
      [],
    );
  });
});

describe('archiving or deactivating someone others depend on', () => {
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = admin) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('is refused while they hold a live seat or wait to decide leave, and goes through once they do not', async () => {
    const boss = (await send('POST', '/api/v1/user', newUser({ fullName: 'Trần Quản Lý', role: 'manager' }))).json();
    const report = newUser({ managerId: boss.id });
    const placed = (await send('POST', '/api/v1/user', report)).json();
    const asReport = { authorization: `Bearer ${(await login(t.app, report.email, report.password)).accessToken}` };
    const leave = { reason: 'Family matters', type: 'sick', startDate: '2040-03-06', endDate: '2040-03-06' };
    const asked = await send('POST', '/api/leave-requests', leave, asReport);
    expect(asked.statusCode, asked.body).toBe(201);

    // The manager waits to decide the report's leave.
    const archived = await send('DELETE', `/api/v1/user/${boss.id}`);
    expect(archived.statusCode).toBe(409);
    expect(archived.json().code).toBe('user_in_use');
    const off = await send('PATCH', `/api/v1/user/${boss.id}`, { status: 'inactive' });
    expect(off.statusCode).toBe(409);
    expect(off.json().issues).toEqual({ status: { code: 'user_in_use', params: { seats: 0, leaveApprovals: 1 } } });

    // The report holds a seat at a customer.
    const customers = (await get('/customers?_start=0&_end=1&status=active')).json() as Array<{ id: string }>;
    const seat = await send('POST', '/api/v1/headcount', {
      title: 'QA Engineer',
      userId: placed.id,
      customerId: customers[0]!.id,
      billingRate: 4000,
      allocation: 10,
      startDate: '2026-01-01',
    });
    expect(seat.statusCode, seat.body).toBe(201);
    const seated = await send('PATCH', `/api/v1/user/${placed.id}`, { status: 'inactive' });
    expect(seated.statusCode).toBe(409);
    expect(seated.json().issues.status.params).toEqual({ seats: 1, leaveApprovals: 0 });
    expect((await send('DELETE', `/api/v1/user/${placed.id}`)).json().code).toBe('user_in_use');

    // Leave decided, seat ended: both may go.
    expect((await send('POST', `/api/leave-requests/${asked.json().id}/cancel`, {}, asReport)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/v1/user/${boss.id}`)).statusCode).toBe(200);
    expect((await send('PATCH', `/api/v1/headcount/${seat.json().id}`, { status: 'ended', endDate: '2026-06-30' })).statusCode).toBe(200);
    expect((await send('PATCH', `/api/v1/user/${placed.id}`, { status: 'inactive' })).statusCode).toBe(200);
    expect((await send('DELETE', `/api/v1/user/${placed.id}`)).statusCode).toBe(200);
  });
});
