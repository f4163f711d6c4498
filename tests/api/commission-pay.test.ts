import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { add, formatMoney, multiply } from '../../src/domain/money.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { developerWithRoom, FACTORIES, factoryContext, type FactoryContext } from '../fixtures/factories.js';

// Commission statements paid into salaries, on a real server and database (both kinds): a sales
// and an HR statement marked paid land once in the recipient's salary of this month, in its
// commission column, with a pay item linking back; an approved salary refuses the payment and the
// statement stays approved; a negative sales month pays nothing (the next month carries it) and a
// negative HR month is refused. Sales months are in 2017, HR seats in 2011: years the demo leaves alone.

let t: TestApp;
let ctx: FactoryContext;
let developer: { id: string; level: string };
beforeAll(async () => {
  t = await buildTestApp();
  ctx = await factoryContext(t);
  developer = await developerWithRoom(t);
});
afterAll(() => t?.close());

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload !== undefined ? { payload: payload as object } : {}) });
const ok = async (role: Role, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, status = 200) => {
  const res = await call(role, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
};

const MONTH = new Date().toISOString().slice(0, 7);
type Salary = { id: string; currency: string; commission: string; bonus: string; net: string; status: string };
type PayItem = { column: string; resource: string; sourceId: string; label: string; amount: string; sourceAmount: string; rate: string };

/** The person's live salary of this month (the demo firm drafts everyone's). */
async function salaryOf(userId: string): Promise<Salary> {
  const [row] = (await ok('admin', 'GET', `/api/v1/salary?userId=${userId}&month=${MONTH}`)) as Array<{ id: string }>;
  return (await ok('admin', 'GET', `/api/v1/salary/${row!.id}`)) as Salary;
}
const itemsOf = async (salaryId: string) => (await ok('admin', 'GET', `/api/v1/salary/${salaryId}/pay-items`)).data as PayItem[];

/** What a paid figure adds to the salary, at the rate its pay item states, and that rate is the salary's own currency's. */
function expectAdded(before: Salary, after: Salary, item: PayItem, figure: string) {
  expect(item.sourceAmount).toBe(figure);
  const amount = formatMoney(multiply(figure, item.rate), after.currency);
  expect(item.amount).toBe(amount);
  expect(after.commission).toBe(formatMoney(add(before.commission, amount), after.currency));
  expect(after.bonus).toBe(before.bonus);
  if (after.currency === 'USD') expect(item.rate).toBe('1');
}

describe('a sales commission statement', () => {
  const COMMISSION = '/api/commission';
  let seq = 81_000;
  /** A sent invoice of the sale's own customer for `period`, one line of `amount` USD, no tax. */
  async function invoice(period: string, amount: string) {
    const body = {
      ...FACTORIES.invoices!.create(++seq, ctx, 'sale'),
      period,
      issueDate: `${period}-05`,
      dueDate: `${period}-28`,
      currency: 'USD',
      exchangeRate: '1',
      taxRate: '0',
      lines: [{ description: 'Backend engineering', headcountId: null, quantity: '1', unit: 'month', unitPrice: amount }],
    };
    const created = await ok('sale', 'POST', '/api/v1/invoice', body, 201);
    await ok('sale', 'POST', `/api/v1/invoice/${created.id}/send`);
    return created.id as string;
  }
  const plan = (effectiveFrom: string) =>
    ok(
      'hr_lead',
      'POST',
      '/api/commission/matrix',
      {
        name: `Plan ${effectiveFrom}`,
        userId: t.users.sale.id,
        effectiveFrom,
        basis: 'invoiced',
        mode: 'marginal',
        tiers: [
          { from: '0', to: '10000', rate: '5' },
          { from: '10000', to: null, rate: '7' },
        ],
      },
      201,
    );
  const statement = async (period: string) => {
    const calc = await ok('sale_lead', 'POST', `${COMMISSION}/calculate/${t.users.sale.id}`, { period, store: true });
    await ok('sale_lead', 'POST', `${COMMISSION}/${calc.statement.id}/approve`);
    return calc.statement as { id: string; total: string };
  };

  it('paid, lands once in the sale’s salary of this month as commission, with a pay item back to it; a negative month pays nothing', async () => {
    await plan('2017-01');
    const disputed = await invoice('2017-03', '12000.00');
    const march = await statement('2017-03');
    // 10 000 × 5 % + 2 000 × 7 %.
    expect(march.total).toBe('640.00');
    const before = await salaryOf(t.users.sale.id);
    expect(before.status).toBe('draft');
    expect((await call('sale', 'POST', `${COMMISSION}/${march.id}/mark-paid`)).statusCode).toBe(403);
    expect(await ok('sale_lead', 'POST', `${COMMISSION}/${march.id}/mark-paid`)).toMatchObject({ state: 'paid', payable: '640.00' });
    // Again: nothing changes.
    await ok('admin', 'POST', `${COMMISSION}/${march.id}/mark-paid`);
    const after = await salaryOf(t.users.sale.id);
    const items = (await itemsOf(after.id)).filter((i) => i.resource === 'commissions');
    expect(items).toEqual([
      expect.objectContaining({
        column: 'commission',
        resource: 'commissions',
        sourceId: march.id,
        label: '2017-03',
        sourceAmount: '640.00',
      }),
    ]);
    expectAdded(before, after, items[0]!, '640.00');
    // The salary's history tells of it.
    const history = await ok('admin', 'GET', `/api/v1/audit?entity=salaries&entityId=${after.id}`);
    expect(history.data[0].changes).toContainEqual(expect.objectContaining({ field: 'commission' }));

    // The invoice is cancelled after March was paid: April is negative, pays nothing, adds nothing.
    await invoice('2017-04', '100.00');
    expect((await call('sale', 'POST', `/api/v1/invoice/${disputed}/cancel`, { note: 'Credited in full' })).statusCode).toBe(200);
    const april = await statement('2017-04');
    expect(april.total).toBe('-635.00');
    expect(await ok('sale_lead', 'POST', `${COMMISSION}/${april.id}/mark-paid`)).toMatchObject({
      state: 'paid',
      payable: '0.00',
      recoverable: '635.00',
    });
    const later = await salaryOf(t.users.sale.id);
    expect(later.commission).toBe(after.commission);
    expect((await itemsOf(later.id)).filter((i) => i.resource === 'commissions').map((i) => i.sourceId)).toEqual([march.id]);
  });

  it('an approved salary refuses the payment, naming its month; the statement stays approved', async () => {
    await invoice('2017-06', '20000.00');
    // 10 000 × 5 % + 10 000 × 7 %, less the 635.00 April left owed.
    const june = await statement('2017-06');
    expect(june.total).toBe('565.00');
    const salary = await salaryOf(t.users.sale.id);
    await ok('admin', 'POST', `/api/v1/salary/${salary.id}/approve`);
    const refused = await call('sale_lead', 'POST', `${COMMISSION}/${june.id}/mark-paid`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'salary_locked', issues: { month: { params: { status: 'approved', month: MONTH } } } });
    expect(refused.json().message).toContain(`The salary of ${MONTH} is approved`);
    expect(await ok('admin', 'GET', `${COMMISSION}/${june.id}`)).toMatchObject({ state: 'approved', paidAt: null });
    expect((await salaryOf(t.users.sale.id)).commission).toBe(salary.commission);
    expect((await itemsOf(salary.id)).filter((i) => i.sourceId === june.id)).toEqual([]);
  });
});

describe('an HR commission statement', () => {
  const API = '/api/v1/hr-commission';
  let seats = 0;
  const seat = async (startDate: string, hr: Role) =>
    (await ok(
      'admin',
      'POST',
      '/api/v1/headcount',
      {
        title: `Placed engineer ${++seats}`,
        userId: developer.id,
        customerId: ctx.customerId,
        billingRate: 5000,
        rateUnit: 'month',
        allocation: 1,
        startDate,
        endDate: null,
        status: 'active',
        hrId: t.users[hr].id,
        currency: 'USD',
      },
      201,
    )) as { id: string };
  const statement = async (period: string, role: Role) => {
    const calc = (await ok('hr_lead', 'POST', `${API}/calculate`, { period })) as {
      data: Array<{ id: string; userId: string; total: string }>;
    };
    const mine = calc.data.find((d) => d.userId === t.users[role].id)!;
    await ok('hr_lead', 'POST', `${API}/${mine.id}/approve`);
    return mine;
  };
  const LEVELS = { intern: '100.00', junior: '300.00', middle: '500.00', senior: '800.00', lead: '1200.00' };

  beforeAll(async () => {
    await ok('hr_lead', 'POST', `${API}/matrix`, { effectiveMonth: '2011-01', basis: 'level', ...LEVELS }, 201);
  });

  it('paid, lands once in the recruiter’s salary of this month as commission; a negative month (a clawback) pays nothing', async () => {
    const placed = await seat('2011-01-03', 'hr'); // probation until 2011-03-03: a March line
    const march = await statement('2011-03', 'hr');
    const amount = LEVELS[developer.level as keyof typeof LEVELS];
    expect(march.total).toBe(amount);
    const before = await salaryOf(t.users.hr.id);
    expect((await call('hr', 'POST', `${API}/${march.id}/mark-paid`)).statusCode).toBe(403);
    await ok('admin', 'POST', `${API}/${march.id}/mark-paid`);
    await ok('hr_lead', 'POST', `${API}/${march.id}/mark-paid`);
    const after = await salaryOf(t.users.hr.id);
    const items = (await itemsOf(after.id)).filter((i) => i.resource === 'hr-commissions');
    expect(items).toEqual([
      expect.objectContaining({
        column: 'commission',
        resource: 'hr-commissions',
        sourceId: march.id,
        label: '2011-03',
        sourceAmount: amount,
      }),
    ]);
    expectAdded(before, after, items[0]!, amount);

    // The person turns out to have left inside probation: April carries the clawback and is negative.
    await ok('admin', 'PATCH', `/api/v1/headcount/${placed.id}`, { endDate: '2011-02-20', status: 'ended' });
    const april = await statement('2011-04', 'hr');
    expect(april.total).toBe(`-${amount}`);
    // Marked paid, it pays nothing: no negative amount leaves the salary, no pay item is written.
    expect(await ok('admin', 'POST', `${API}/${april.id}/mark-paid`)).toMatchObject({ state: 'paid' });
    const unchanged = await salaryOf(t.users.hr.id);
    expect(unchanged.commission).toBe(after.commission);
    expect((await itemsOf(unchanged.id)).filter((i) => i.resource === 'hr-commissions')).toHaveLength(1);
  });

  it('an approved salary refuses the payment; the statement stays approved', async () => {
    await seat('2011-06-01', 'hr_lead'); // probation until 2011-07-30: a July line
    const july = await statement('2011-07', 'hr_lead');
    const salary = await salaryOf(t.users.hr_lead.id);
    await ok('admin', 'POST', `/api/v1/salary/${salary.id}/approve`);
    const refused = await call('admin', 'POST', `${API}/${july.id}/mark-paid`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'salary_locked', issues: { month: { params: { status: 'approved', month: MONTH } } } });
    expect(await ok('admin', 'GET', `${API}/${july.id}`)).toMatchObject({ state: 'approved', paidAt: null });
    expect((await itemsOf(salary.id)).filter((i) => i.sourceId === july.id)).toEqual([]);
  });
});
