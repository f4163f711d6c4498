import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { auditLog } from '../../src/server/modules/audit/audit.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { FACTORIES, factoryContext, type FactoryContext } from '../fixtures/factories.js';
import { closeConfirmed } from '../fixtures/month-close.js';

// Sales commission on a real server and database (both kinds): bad plans named by tier, versions
// that never rewrite a frozen month, a sale's month tier by tier with each invoice it counts, a
// sale's row scope, a paid statement that refuses every edit, a cancelled invoice and a partial
// credit note of a paid month each clawed back once in the next open month, tier by tier, a negative
// month carried forward, and two leads at once. The months are in 2017 and 2018, which the demo firm
// leaves alone.

let t: TestApp;
let ctx: FactoryContext;
beforeAll(async () => {
  t = await buildTestApp();
  ctx = await factoryContext(t);
});
afterAll(() => t?.close());

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload !== undefined ? { payload: payload as object } : {}) });

const PLANS = '/api/commission/matrix';
const BASE = '/api/commission';
const TIERS = [
  { from: '0', to: '10000', rate: '5' },
  { from: '10000', to: '25000', rate: '7' },
  { from: '25000', to: null, rate: '10' },
];
type Line = { key: string; kind: string; label: string; formula: string; amount: string; of?: string };
type Statement = { id: string; state: string; total: string; payable: string; recoverable: string; paidAt: string | null; period: string };
type Calculation = {
  statement: Statement | null;
  lines: Line[];
  inputs: Array<{ key: string; value: string; source?: { resource: string; id: string } }>;
  total: string;
  payable: string;
  ruleVersion: string;
  missing: string[];
};

async function plan(userId: string, effectiveFrom: string, extra: object = {}) {
  const res = await call('hr_lead', 'POST', PLANS, {
    name: `Plan ${effectiveFrom}`,
    userId,
    effectiveFrom,
    basis: 'invoiced',
    mode: 'marginal',
    tiers: TIERS,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

let seq = 70_000;
/** A sent invoice of the sale's own customer for `period`, one line of `amount` USD, no tax: its net is the amount. */
async function invoice(period: string, amount: string, paid?: { on: string; amount?: string }) {
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
  const created = await call('sale', 'POST', '/api/v1/invoice', body);
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { id: string }).id;
  expect((await call('sale', 'POST', `/api/v1/invoice/${id}/send`)).statusCode).toBe(200);
  if (paid) {
    const res = await call('admin', 'POST', `/api/v1/invoice/${id}/mark-paid`, { paidAt: paid.on, amount: paid.amount ?? amount });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

const calculate = async (userId: string, period: string, store: boolean, role: Role = 'sale_lead') => {
  const res = await call(role, 'POST', `${BASE}/calculate/${userId}`, { period, store });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Calculation;
};
const approve = async (id: string) => {
  const res = await call('sale_lead', 'POST', `${BASE}/${id}/approve`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Statement;
};
const markPaid = async (id: string) => {
  const res = await call('sale_lead', 'POST', `${BASE}/${id}/mark-paid`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Statement;
};
const detail = async (id: string, role: Role = 'admin') =>
  (await call(role, 'GET', `${BASE}/${id}/statement`)).json() as {
    lines: Line[];
    total: string;
    changedSinceApproval: {
      totalBefore: string;
      totalNow: string;
      difference: string;
      inputs: Array<{ key: string; before: string | null; now: string | null }>;
    } | null;
  };

describe('plans (the matrix)', () => {
  it('refuses gaps, overlaps and negative rates with 422 naming the tiers, and a malformed figure with 400', async () => {
    const body = { name: 'Bad', userId: t.users.sale_lead.id, effectiveFrom: '2017-01' };
    const gap = await call('admin', 'POST', PLANS, {
      ...body,
      tiers: [
        { from: '0', to: '10000', rate: '5' },
        { from: '12000', to: null, rate: '7' },
      ],
    });
    expect(gap.statusCode).toBe(422);
    expect(gap.json()).toMatchObject({
      code: 'plan_tiers',
      issues: { 'tiers.1.from': { code: 'tier_gap', params: { tier: 2, previous: 1 } } },
    });
    const overlap = await call('admin', 'POST', PLANS, {
      ...body,
      tiers: [
        { from: '0', to: '10000', rate: '5' },
        { from: '9000', to: null, rate: '7' },
      ],
    });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().issues).toMatchObject({ 'tiers.1.from': { code: 'tier_overlap' } });
    const negative = await call('admin', 'POST', PLANS, { ...body, tiers: [{ from: '0', to: null, rate: '-2' }] });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().issues).toEqual({ 'tiers.0.rate': { code: 'rate_negative', params: { tier: 1 } } });
    const malformed = await call('admin', 'POST', PLANS, { ...body, tiers: [{ from: '0', to: null, rate: 'five' }] });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues).toMatchObject({ 'tiers.0.rate': { code: 'decimal' } });
    // Only admin and hr_lead change the matrix.
    expect((await call('sale_lead', 'POST', PLANS, { ...body, tiers: TIERS })).statusCode).toBe(403);
  });

  it('a version change takes effect from its month on and never rewrites a frozen month', async () => {
    const lead = t.users.sale_lead.id;
    const first = await plan(lead, '2017-01');
    const feb = await calculate(lead, '2017-02', true);
    expect(feb.ruleVersion).toBe('Plan 2017-01 · from 2017-01 · marginal · invoiced');
    await approve(feb.statement!.id);
    // The version February used stays as it was; a new one cannot start in or before February.
    const edit = await call('admin', 'PATCH', `${PLANS}/${first.id}`, { tiers: [{ from: '0', to: null, rate: '9' }] });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({
      code: 'plan_in_use',
      issues: { effectiveFrom: { code: 'plan_in_use', params: { month: '2017-02' } } },
    });
    expect((await call('admin', 'DELETE', `${PLANS}/${first.id}`)).json().code).toBe('plan_in_use');
    const early = await call('admin', 'POST', PLANS, { name: 'Early', userId: lead, effectiveFrom: '2017-02', tiers: TIERS });
    expect(early.json()).toMatchObject({ code: 'plan_months_frozen' });
    await plan(lead, '2017-07', { mode: 'flat', tiers: [{ from: '0', to: null, rate: '3' }] });
    expect((await calculate(lead, '2017-07', false)).ruleVersion).toBe('Plan 2017-07 · from 2017-07 · flat · invoiced');
    expect((await calculate(lead, '2017-06', false)).ruleVersion).toBe('Plan 2017-01 · from 2017-01 · marginal · invoiced');
    expect((await detail(feb.statement!.id)).changedSinceApproval).toBeNull();
  });
});

describe('statements', () => {
  const sale = () => t.users.sale.id;
  let january: Statement;

  it("shows a sale's month tier by tier, each invoice linked, previewed before it is stored", async () => {
    await plan(sale(), '2018-01');
    const a = await invoice('2018-01', '18000.00');
    const b = await invoice('2018-01', '7000.00');
    const preview = await calculate(sale(), '2018-01', false);
    expect(preview.statement).toBeNull();
    expect(preview.lines.map((l) => [l.kind, l.formula, l.amount])).toEqual([
      ['metric', '5 % of 10 000.00 = 500.00', '500.00'],
      ['metric', '7 % of 15 000.00 = 1 050.00', '1050.00'],
    ]);
    expect(preview.total).toBe('1550.00');
    expect(preview.inputs.filter((i) => i.source).map((i) => [i.source!.resource, i.source!.id, i.value])).toEqual([
      ['invoices', a, '18000.00'],
      ['invoices', b, '7000.00'],
    ]);
    expect((await call('admin', 'GET', `${BASE}?userId=${sale()}&period=2018-01`)).json()).toEqual([]);
    const stored = await calculate(sale(), '2018-01', true);
    january = stored.statement!;
    expect(january).toMatchObject({ state: 'draft', total: '1550.00', payable: '1550.00', period: '2018-01' });
    // Stored again: the same draft, recalculated, never a second one.
    await invoice('2018-01', '5000.00');
    const again = await calculate(sale(), '2018-01', true);
    expect(again.statement).toMatchObject({ id: january.id, total: '2050.00' });
    expect((await detail(january.id, 'sale')).lines.map((l) => l.amount)).toEqual(['500.00', '1050.00', '500.00']);
  });

  it('counts a partial payment by its payment date on a paid-revenue plan', async () => {
    const lead = t.users.sale_lead.id;
    await plan(lead, '2018-01', { basis: 'paid' });
    // The lead's own customer is not the suite's sale's: the invoice is the lead's through its owner.
    const c = await calculate(lead, '2018-02', false);
    expect(c.total).toBe('0.00');
    // A sale's invoice paid half in March counts half, in March.
    await plan(sale(), '2018-06', { basis: 'paid' });
    await invoice('2018-06', '4000.00', { on: '2018-07-10', amount: '2000.00' });
    expect((await calculate(sale(), '2018-06', false)).total).toBe('0.00');
    const july = await calculate(sale(), '2018-07', false);
    expect(july.inputs.find((i) => i.source)?.value).toBe('2000.00');
    expect(july.lines.map((l) => l.formula)).toEqual(['5 % of 2 000.00 = 100.00']);
  });

  it('on a gross-margin plan counts the P&L’s revenue of the sale’s customers less the salary cost of their seats', async () => {
    await plan(sale(), '2018-10', { basis: 'margin' });
    const a = await invoice('2018-10', '12000.00');
    const october = await calculate(sale(), '2018-10', false);
    // No seat of the sale's customers was paid a salary that month: the margin is the revenue.
    expect(october.inputs.filter((i) => i.source).map((i) => [i.source!.resource, i.source!.id, i.value])).toEqual([
      ['invoices', a, '12000.00'],
    ]);
    expect(october.inputs.find((i) => i.key === 'base')?.value).toBe('12000.00');
    expect(october.total).toBe('640.00');
  });

  it('a sale reads only their own statements, through every route', async () => {
    const other = await calculate(t.users.sale_lead.id, '2018-03', true);
    const list = (await call('sale', 'GET', `${BASE}?_start=0&_end=200`)).json() as Array<{ userId: string }>;
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((r) => r.userId))).toEqual(new Set([sale()]));
    expect((await call('sale', 'GET', `${BASE}/${january.id}`)).statusCode).toBe(200);
    expect((await call('sale', 'GET', `${BASE}/${other.statement!.id}`)).statusCode).toBe(404);
    expect((await call('sale', 'GET', `${BASE}/${other.statement!.id}/statement`)).statusCode).toBe(404);
    expect((await call('sale', 'GET', `/api/v1/audit?entity=commissions&entityId=${other.statement!.id}`)).statusCode).toBe(404);
    const dashboard = (await call('sale', 'GET', `${BASE}/dashboard?year=2018`)).json() as { rows: Array<{ userId: string }> };
    expect(new Set(dashboard.rows.map((r) => r.userId))).toEqual(new Set([sale()]));
    const all = (await call('sale_lead', 'GET', `${BASE}/dashboard?year=2018`)).json() as { rows: Array<{ userId: string }> };
    expect(new Set(all.rows.map((r) => r.userId))).toEqual(new Set([sale(), t.users.sale_lead.id]));
    // A sale calculates nothing, nor previews anyone's month; people without the section read nothing.
    expect((await call('sale', 'POST', `${BASE}/calculate/${sale()}`, { period: '2018-01' })).statusCode).toBe(403);
    expect((await call('sale', 'POST', `${BASE}/preview`, { userId: sale(), period: '2018-01' })).statusCode).toBe(403);
    for (const role of ['developer', 'hr', 'manager'] as const) {
      expect((await call(role, 'GET', `${BASE}?_start=0&_end=5`)).statusCode).toBe(403);
      expect((await call(role, 'GET', `${BASE}/dashboard?year=2018`)).statusCode).toBe(403);
      expect((await call(role, 'GET', `/api/v1/audit?entity=commissions&entityId=${january.id}`)).statusCode).toBe(403);
    }
    const exported = await call('sale', 'GET', `${BASE}/export?format=csv`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain('2018-03');
  });

  it('a paid statement refuses every edit; mark-paid again changes nothing', async () => {
    await approve(january.id);
    const paid = await markPaid(january.id);
    expect(paid).toMatchObject({ state: 'paid', payable: '2050.00' });
    const again = await call('admin', 'POST', `${BASE}/${january.id}/mark-paid`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(paid);
    for (const [method, url, body, code] of [
      ['PATCH', `${BASE}/${january.id}`, { notes: 'x' }, 'statement_frozen'],
      ['DELETE', `${BASE}/${january.id}`, undefined, 'statement_frozen'],
      ['POST', `${BASE}/${january.id}/approve`, undefined, 'statement_state'],
      ['POST', `${BASE}/calculate/${sale()}`, { period: '2018-01', store: true }, 'statement_frozen'],
      ['POST', BASE, { userId: sale(), period: '2018-01' }, 'statement_exists'],
    ] as const) {
      const res = await call('admin', method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().code, `${method} ${url}`).toBe(code);
    }
    expect((await call('admin', 'GET', `${BASE}/${january.id}`)).json()).toMatchObject({ total: '2050.00', state: 'paid' });
  });

  it('a cancelled invoice of a paid month is one clawback line in the next open month, never twice; a negative month carries forward', async () => {
    await plan(sale(), '2018-03');
    const disputed = await invoice('2018-03', '20000.00');
    await invoice('2018-03', '5000.00');
    const march = (await calculate(sale(), '2018-03', true)).statement!;
    expect(march.total).toBe('1550.00');
    await approve(march.id);
    await markPaid(march.id);
    await invoice('2018-04', '4000.00');
    expect((await call('sale', 'POST', `/api/v1/invoice/${disputed}/cancel`, { note: 'Credited in full' })).statusCode).toBe(200);

    // March stays as it was paid; what changed shows on it.
    expect((await call('admin', 'GET', `${BASE}/${march.id}`)).json()).toMatchObject({ total: '1550.00', state: 'paid' });
    expect((await detail(march.id)).changedSinceApproval).toMatchObject({ difference: '-1300.00' });

    const april = await calculate(sale(), '2018-04', true);
    const clawbacks = (c: { lines: Line[] }) => c.lines.filter((l) => l.kind === 'adjustment');
    expect(clawbacks(april)).toEqual([
      {
        key: `adjustment:${march.id}`,
        kind: 'adjustment',
        label: '2018-03',
        formula: '250.00 − 1550.00 = -1300.00',
        amount: '-1300.00',
        of: march.id,
      },
    ]);
    const again = await calculate(sale(), '2018-04', true);
    expect(clawbacks(again)).toHaveLength(1);
    expect(clawbacks(await detail(april.statement!.id))).toHaveLength(1);
    // 200.00 earned − 1 300.00 clawed back: nothing is paid, 1 100.00 is owed.
    expect(again.statement).toMatchObject({ total: '-1100.00', payable: '0.00', recoverable: '1100.00' });
    await approve(april.statement!.id);
    expect(await markPaid(april.statement!.id)).toMatchObject({ state: 'paid', payable: '0.00' });
    // May recovers it, once; the clawback stays in April.
    await invoice('2018-05', '30000.00');
    const may = await calculate(sale(), '2018-05', true);
    expect(may.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['metric', '500.00'],
      ['metric', '1050.00'],
      ['metric', '500.00'],
      ['carry', '-1100.00'],
    ]);
    expect(may.total).toBe('950.00');
    const dashboard = (await call('sale_lead', 'GET', `${BASE}/dashboard?year=2018&userId=${sale()}`)).json() as {
      rows: Array<{ month: string; earned: string; paid: string; clawedBack: string }>;
    };
    expect(dashboard.rows.find((r) => r.month === '2018-04')).toMatchObject({ earned: '200.00', paid: '0.00', clawedBack: '1300.00' });
    expect(dashboard.rows.find((r) => r.month === '2018-03')).toMatchObject({ earned: '1550.00', paid: '1550.00', clawedBack: '0.00' });
  });

  it('a credit note on a paid month is one clawback line next month, the tiers taken again on the month as it now stands', async () => {
    await plan(sale(), '2018-11');
    const disputed = await invoice('2018-11', '20000.00');
    await invoice('2018-11', '5000.00');
    const november = (await calculate(sale(), '2018-11', true)).statement!;
    expect(november.total).toBe('1550.00');
    await approve(november.id);
    await markPaid(november.id);
    await invoice('2018-12', '4000.00');
    // 8 000.00 of the 20 000.00 given back, booked in December.
    const note = await call('sale', 'POST', `/api/v1/invoice/${disputed}/credit-note`, {
      issueDate: '2018-12-03',
      lines: [{ description: 'Backend engineering, not delivered', unit: 'month', quantity: '1', unitPrice: '8000' }],
    });
    expect(note.statusCode, note.body).toBe(201);
    const noteId = (note.json() as { id: string }).id;
    expect((await call('sale', 'POST', `/api/v1/invoice/${noteId}/send`)).statusCode).toBe(200);

    // November stays as paid; as it now stands it counts the note against its invoice: 17 000.00 → 990.00.
    expect((await call('admin', 'GET', `${BASE}/${november.id}`)).json()).toMatchObject({ total: '1550.00', state: 'paid' });
    const changed = (await detail(november.id)).changedSinceApproval!;
    expect(changed).toMatchObject({ totalBefore: '1550.00', totalNow: '990.00', difference: '-560.00' });
    expect(changed.inputs.filter((i) => i.before !== i.now).map((i) => [i.key, i.before, i.now])).toEqual(
      expect.arrayContaining([
        [`row:${noteId}`, null, '-8000.00'],
        ['base', '25000.00', '17000.00'],
      ]),
    );

    const december = await calculate(sale(), '2018-12', true);
    const clawbacks = (c: { lines: Line[] }) => c.lines.filter((l) => l.kind === 'adjustment');
    expect(clawbacks(december).map((l) => [l.formula, l.amount, l.of])).toEqual([['990.00 − 1550.00 = -560.00', '-560.00', november.id]]);
    // The note counts in the month it credits, never again in the month it is booked in.
    expect(december.inputs.find((i) => i.key === 'base')?.value).toBe('4000.00');
    expect(clawbacks(await calculate(sale(), '2018-12', true))).toHaveLength(1);
    // 200.00 earned − 560.00 clawed back: nothing paid, 360.00 recoverable.
    expect((await calculate(sale(), '2018-12', true)).statement).toMatchObject({
      total: '-360.00',
      payable: '0.00',
      recoverable: '360.00',
    });
  });

  it('two approvals or two mark-paid at once change the state once', async () => {
    const s = (await calculate(t.users.sale_lead.id, '2018-09', true)).statement!;
    const approvals = await Promise.all([
      call('sale_lead', 'POST', `${BASE}/${s.id}/approve`),
      call('hr_lead', 'POST', `${BASE}/${s.id}/approve`),
    ]);
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const payments = await Promise.all([
      call('sale_lead', 'POST', `${BASE}/${s.id}/mark-paid`),
      call('admin', 'POST', `${BASE}/${s.id}/mark-paid`),
    ]);
    expect(payments.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(payments[0]!.json().paidAt).toBe(payments[1]!.json().paidAt);
    const states = (
      await t.database.db
        .select({ action: auditLog.action, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'commissions'), eq(auditLog.entityId, s.id)))
    )
      .filter((e) => e.action !== 'created')
      .map((e) => (e.after as { state?: string } | null)?.state);
    expect(states.sort()).toEqual(['approved', 'paid']);
  });

  it('a closed month refuses marking paid', async () => {
    const s = (await calculate(t.users.sale_lead.id, '2017-11', true)).statement!;
    await approve(s.id);
    const closed = await closeConfirmed(t, '2017-11');
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await call('sale_lead', 'POST', `${BASE}/${s.id}/mark-paid`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('month_closed');
  });
});
