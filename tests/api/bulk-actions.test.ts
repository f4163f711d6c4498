import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { RESOURCES } from '../../src/domain/resources.js';
import { BULK_MAX, bulkActions } from '../../src/domain/state-actions.js';
import { auditLog } from '../../src/server/modules/audit/audit.table.js';
import { salaries } from '../../src/server/modules/salaries/salaries.table.js';
import { users } from '../../src/server/modules/users/users.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { closeWithoutChecklist } from '../fixtures/month-close.js';

// The kit's bulk state actions (a state action declared `bulk`), on a real server and database
// (both kinds), through the salaries that declare them: each row checked as if alone — its state,
// its closed month, the caller's scope — with a summary of what was done and what was refused and
// why; the rows of a list's filter; the roles; and two bulk approvals at once taking each row once.

let t: TestApp;
let people: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  people = (await t.database.db.select({ id: users.id }).from(users).orderBy(users.email).limit(8)).map((u) => u.id);
});
afterAll(() => t?.close());

type Bulk = {
  done: string[];
  refused: Array<{
    id: string;
    record: Record<string, unknown> | null;
    statusCode: number;
    code: string;
    issues?: object;
    details?: object;
  }>;
};

const call = async (role: Role, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload !== undefined ? { payload: payload as object } : {}) });

/** A month of draft salaries, one per person (`count` of them), in a month no other test uses. */
async function month(m: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (const userId of people.slice(0, count)) {
    const res = await call('hr_lead', 'POST', '/api/v1/salary', { userId, month: m, base: '1000', currency: 'USD' });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
  }
  return ids;
}
const statusOf = async (id: string) => (await call('admin', 'GET', `/api/v1/salary/${id}`)).json().status as string;

describe('bulk state actions', () => {
  it('are declared where people work in bulk: approve and mark paid, on salaries', () => {
    const declared = RESOURCES.flatMap((r) => bulkActions(r.states).map((a) => `${r.name}.${a}`));
    expect(declared.sort()).toEqual(['salaries.approve', 'salaries.markPaid']);
  });

  it('take the selected rows: the drafts are approved, the others refused each with its reason', async () => {
    const [a, b, c, d] = await month('2066-01', 4);
    expect((await call('hr_lead', 'POST', `/api/v1/salary/${c}/approve`)).statusCode).toBe(200);
    for (const step of ['approve', 'mark-paid'])
      expect((await call('hr_lead', 'POST', `/api/v1/salary/${d}/${step}`)).statusCode).toBe(200);
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await call('hr_lead', 'POST', '/api/v1/salary/bulk/approve', { ids: [a, b, c, d, missing] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Bulk;
    expect(body.done.sort()).toEqual([a, b].sort());
    const refused = Object.fromEntries(body.refused.map((r) => [r.id, r]));
    expect(Object.keys(refused).sort()).toEqual([c, d, missing].sort());
    // Why, as the row's own route says it: its state, with the state it is in; a row not found, as not found.
    expect(refused[c!]).toMatchObject({ statusCode: 409, code: 'salary_status', issues: { status: { params: { status: 'approved' } } } });
    expect(refused[d!]).toMatchObject({ statusCode: 409, code: 'salary_status', issues: { status: { params: { status: 'paid' } } } });
    expect(refused[c!]!.record).toMatchObject({ id: c, month: '2066-01', status: 'approved' });
    expect(refused[missing]).toMatchObject({ statusCode: 404, code: 'not_found', record: null });
    expect([await statusOf(a!), await statusOf(b!), await statusOf(d!)]).toEqual(['approved', 'approved', 'paid']);
    // Each change is audited as one by one.
    const audits = await t.database.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'salaries'), inArray(auditLog.entityId, [a!, b!]), eq(auditLog.action, 'updated')));
    expect(audits.map((x) => x.entityId).sort()).toEqual([a, b].sort());
  });

  it("take every row of the list's filter: a month's approved salaries marked paid, its drafts refused", async () => {
    const ids = await month('2066-02', 3);
    const other = await month('2066-03', 1);
    expect((await call('hr_lead', 'POST', '/api/v1/salary/bulk/approve', { ids: ids.slice(0, 2) })).json().done).toHaveLength(2);
    const res = await call('sale_lead', 'POST', '/api/v1/salary/bulk/mark-paid?month=2066-02', { all: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Bulk;
    expect(body.done.sort()).toEqual(ids.slice(0, 2).sort());
    expect(body.refused.map((r) => [r.id, r.code])).toEqual([[ids[2], 'salary_status']]);
    // Rows outside the filter are untouched.
    expect(await statusOf(other[0]!)).toBe('draft');
    // The filters are the list's: an undeclared one is refused by name, as the list refuses it.
    const bad = await call('hr_lead', 'POST', '/api/v1/salary/bulk/approve?colour=red', { all: true });
    expect(bad.statusCode).toBe(400);
  });

  it("refuse a closed month's rows with the month named, and leave the open ones done", async () => {
    const [open] = await month('2066-04', 1);
    const [closed] = await month('2066-05', 1);
    await closeWithoutChecklist(t, '2066-05');
    const res = await call('admin', 'POST', '/api/v1/salary/bulk/approve', { ids: [open, closed] });
    const body = res.json() as Bulk;
    expect(body.done).toEqual([open]);
    expect(body.refused).toHaveLength(1);
    expect(body.refused[0]).toMatchObject({ id: closed, statusCode: 422, code: 'month_closed' });
    expect(await statusOf(closed!)).toBe('draft');
  });

  it('name the rows by ids or by the whole filter, never neither nor both, and at most BULK_MAX', async () => {
    for (const payload of [{}, { ids: [] }, { ids: [people[0]], all: true }, { all: false }, { ids: ['nope'] }, { all: true, force: 1 }]) {
      const res = await call('hr_lead', 'POST', '/api/v1/salary/bulk/approve', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const neither = await call('hr_lead', 'POST', '/api/v1/salary/bulk/approve', {});
    expect(neither.json().issues.ids.code).toBe('bulk_scope');
    const tooMany = Array.from({ length: BULK_MAX + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await call('hr_lead', 'POST', '/api/v1/salary/bulk/approve', { ids: tooMany })).statusCode).toBe(400);
  });

  it('are for the roles of the action alone: the salary roles, nobody else', async () => {
    const [id] = await month('2066-06', 1);
    for (const role of ['hr', 'sale', 'developer', 'manager'] as const) {
      const res = await call(role, 'POST', '/api/v1/salary/bulk/approve', { ids: [id] });
      expect(res.statusCode, role).toBe(403);
    }
    expect(await statusOf(id!)).toBe('draft');
    for (const role of ['admin', 'hr_lead', 'sale_lead'] as const) {
      const res = await call(role, 'POST', '/api/v1/salary/bulk/approve?month=2066-06', { all: true });
      expect(res.statusCode, role).toBe(200);
    }
  });

  it('two bulk approvals of one month at once approve each row once', async () => {
    const ids = await month('2066-07', 8);
    // Both take the month in its list order (by id, descending, within the month): the test holds its
    // first row until both calls wait on it, so that they meet there and on every row after.
    const first = [...ids].sort().reverse()[0]!;
    let calls!: Promise<Awaited<ReturnType<typeof call>>[]>;
    await t.database.db.transaction(async (tx) => {
      await tx.select({ id: salaries.id }).from(salaries).where(eq(salaries.id, first)).for('update');
      calls = Promise.all([
        call('hr_lead', 'POST', '/api/v1/salary/bulk/approve?month=2066-07', { all: true }),
        call('admin', 'POST', '/api/v1/salary/bulk/approve?month=2066-07', { ids }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    const [one, two] = (await calls) as [Awaited<ReturnType<typeof call>>, Awaited<ReturnType<typeof call>>];
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const [a, b] = [one.json() as Bulk, two.json() as Bulk];
    // Together they did every row, no row twice; each call refused what the other did, by its state.
    expect([...a.done, ...b.done].sort()).toEqual([...ids].sort());
    expect(a.refused.map((r) => r.id).sort()).toEqual([...b.done].sort());
    expect(b.refused.map((r) => r.id).sort()).toEqual([...a.done].sort());
    for (const r of [...a.refused, ...b.refused]) expect(r.code).toBe('salary_status');
    const audits = await t.database.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'salaries'), inArray(auditLog.entityId, ids), eq(auditLog.action, 'updated')));
    expect(audits.map((x) => x.entityId).sort()).toEqual([...ids].sort());
  });
});
