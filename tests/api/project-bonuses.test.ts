import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { auditLog } from '../../src/server/modules/audit/audit.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { factoryContext, type FactoryContext } from '../fixtures/factories.js';

// Project bonuses on a real server and database (both kinds): mark-paid and mark-unpaid are
// idempotent (twice changes nothing, not even the audit log), a paid bonus is not edited nor archived,
// a closed month refuses both, a sale reads their own, and the summary adds up exactly.

let t: TestApp;
let ctx: FactoryContext;
beforeAll(async () => {
  t = await buildTestApp();
  ctx = await factoryContext(t);
});
afterAll(() => t?.close());

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload !== undefined ? { payload: payload as object } : {}) });
const base = '/api/v1/kpi-bonus/project-bonus';

async function bonus(month: string, amount: string, beneficiary: Role = 'sale') {
  const res = await call('sale_lead', 'POST', base, {
    reason: `Go-live of the portal ${month} ${amount}`,
    projectId: ctx.idOf('projects'),
    beneficiaryId: t.users[beneficiary].id,
    amount,
    currency: 'USD',
    month,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string };
}

describe('project bonuses', () => {
  it('mark-paid twice changes nothing the second time: same record, same version, one audit entry', async () => {
    const b = await bonus('2088-01', '500.10');
    const first = await call('hr_lead', 'POST', `${base}/${b.id}/mark-paid`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'paid' });
    const second = await call('admin', 'POST', `${base}/${b.id}/mark-paid`);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers.etag).toBe(first.headers.etag);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'project-bonuses'), eq(auditLog.entityId, b.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['created', 'updated']);
    expect((await call('sale_lead', 'POST', `${base}/${b.id}/mark-paid`)).statusCode).toBe(403);
  });

  it('a paid bonus is not edited nor archived until marked unpaid (again: nothing changes)', async () => {
    const b = await bonus('2088-02', '300.00');
    await call('admin', 'POST', `${base}/${b.id}/mark-paid`);
    const edit = await call('admin', 'PATCH', `${base}/${b.id}`, { amount: '1.00' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('project_bonus_paid');
    expect((await call('admin', 'DELETE', `${base}/${b.id}`)).json().code).toBe('project_bonus_paid');
    const unpaid = await call('admin', 'POST', `${base}/${b.id}/mark-unpaid`);
    expect(unpaid.json()).toMatchObject({ status: 'unpaid', paidAt: null });
    expect((await call('admin', 'POST', `${base}/${b.id}/mark-unpaid`)).headers.etag).toBe(unpaid.headers.etag);
    expect((await call('admin', 'PATCH', `${base}/${b.id}`, { amount: '310.00' })).json()).toMatchObject({ amount: '310.00' });
  });

  it("paid, it joins the bonus of its month's salary (drafted if there is none) and leaves it when marked unpaid; an approved salary refuses both", async () => {
    const b = await bonus('2089-03', '250.00', 'sale_lead');
    const salaryOf = async () => {
      const [row] = (await (await call('admin', 'GET', `/api/v1/salary?userId=${t.users.sale_lead.id}&month=2089-03`)).json()) as Array<{
        id: string;
      }>;
      return (
        row &&
        ((await (await call('admin', 'GET', `/api/v1/salary/${row.id}`)).json()) as {
          id: string;
          bonus: string;
          currency: string;
          status: string;
        })
      );
    };
    expect(await salaryOf()).toBeUndefined();
    expect((await call('admin', 'POST', `${base}/${b.id}/mark-paid`)).statusCode).toBe(200);
    const drafted = (await salaryOf())!;
    expect(drafted.status).toBe('draft');
    const items = (await (await call('admin', 'GET', `/api/v1/salary/${drafted.id}/pay-items`)).json()).data;
    expect(items).toEqual([
      expect.objectContaining({ resource: 'project-bonuses', sourceId: b.id, sourceAmount: '250.00', sourceCurrency: 'USD' }),
    ]);
    expect(drafted.bonus).toBe(items[0].amount);

    expect((await call('admin', 'POST', `${base}/${b.id}/mark-unpaid`)).statusCode).toBe(200);
    expect(Number((await salaryOf())!.bonus)).toBe(0);
    expect((await (await call('admin', 'GET', `/api/v1/salary/${drafted.id}/pay-items`)).json()).data).toEqual([]);

    await call('admin', 'POST', `${base}/${b.id}/mark-paid`);
    await call('admin', 'POST', `/api/v1/salary/${drafted.id}/approve`);
    const refused = await call('admin', 'POST', `${base}/${b.id}/mark-unpaid`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'salary_locked',
      issues: { month: { params: { month: '2089-03', status: 'approved' } } },
    });
    expect((await (await call('admin', 'GET', `${base}/${b.id}`)).json()).status).toBe('paid');
  });

  it('a closed month refuses marking paid or unpaid, and new bonuses in it', async () => {
    const b = await bonus('2087-06', '120.00');
    const closed = await call('admin', 'PUT', '/api/v1/month-closes/2087-06', { note: 'Closing', confirm: {} });
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await call('admin', 'POST', `${base}/${b.id}/mark-paid`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('month_closed');
    const created = await call('sale_lead', 'POST', base, {
      reason: 'Late',
      projectId: ctx.idOf('projects'),
      beneficiaryId: t.users.sale.id,
      amount: '5.00',
      month: '2087-06',
    });
    expect(created.json().code).toBe('month_closed');
  });

  it('refuses bad input by field: a negative or over-precise amount, a month that is not one', async () => {
    const res = await call('sale_lead', 'POST', base, {
      reason: 'x',
      projectId: ctx.idOf('projects'),
      beneficiaryId: t.users.sale.id,
      amount: '-5',
      month: '2088-13',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toMatchObject({ amount: { code: 'negative' }, month: { code: 'month' } });
    const cents = await call('sale_lead', 'POST', base, {
      reason: 'x',
      projectId: ctx.idOf('projects'),
      beneficiaryId: t.users.sale.id,
      amount: '5.001',
      month: '2088-12',
    });
    expect(cents.json().issues).toMatchObject({ amount: { code: 'decimal_places' } });
  });

  it('a sale reads their own; the summary adds each beneficiary’s unpaid and paid amounts exactly', async () => {
    const a = await bonus('2088-03', '0.10', 'sale');
    await bonus('2088-03', '0.20', 'sale');
    const other = await bonus('2088-03', '999.99', 'sale_lead');
    await call('admin', 'POST', `${base}/${a.id}/mark-paid`);
    expect((await call('sale', 'GET', `${base}/${other.id}`)).statusCode).toBe(404);
    const mine = (await call('sale', 'GET', `${base}/summary`)).json().data as Array<{ beneficiary: { id: string } }>;
    expect(new Set(mine.map((r) => r.beneficiary.id))).toEqual(new Set([t.users.sale.id]));
    const all = (await call('admin', 'GET', `${base}/summary`)).json().data as Array<{
      beneficiary: { id: string };
      paid: string;
      unpaid: string;
    }>;
    const rows = await call('admin', 'GET', `${base}?_start=0&_end=500&beneficiaryId=${t.users.sale.id}&currency=USD`);
    const list = rows.json() as Array<{ amount: string; status: string }>;
    const cents = (s: string) => BigInt(s.replace('.', ''));
    const sum = (status: string) => list.filter((r) => r.status === status).reduce((x, r) => x + cents(r.amount), 0n);
    const sale = all.find((r) => r.beneficiary.id === t.users.sale.id)!;
    expect(cents(sale.paid)).toBe(sum('paid'));
    expect(cents(sale.unpaid)).toBe(sum('unpaid'));
  });
});
