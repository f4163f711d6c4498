import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { add, formatMoney, multiply } from '../../src/domain/money.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// Quarter bonuses, the bonus rules and the bonus fund on a real server and database (both kinds):
// a bonus from an approved evaluation on the scale of its quarter, written out; approved, it stays
// when the scale changes; paid, it lands once in the salary of the month, converted at the P&L's
// rate; the fund split to the cent and allocated once under twenty requests at once; a sale sees
// their own. The quarters are in 2017, which the demo firm leaves alone.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload !== undefined ? { payload: payload as object } : {}) });
const ok = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, status = 200) => {
  const res = await call(role, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

const workshops = (actual: string) => ({
  kind: 'custom',
  label: 'Workshops',
  target: '10',
  weight: '100',
  actual,
  note: 'From the workshop log',
});

/** A person's quarter of 2017 with an approved evaluation at `actual`/10 achievement, and a target bonus. */
async function evaluated(userId: string, quarter: number, actual: string, targetBonus = '4000') {
  await ok('admin', 'POST', '/api/v1/kpi', { userId, year: 2017, quarter, metrics: [workshops(actual)], targetBonus }, 201);
  const evaluation = await ok('sale_lead', 'POST', '/api/v1/kpi-bonus/evaluation', { userId, period: `2017-Q${quarter}` }, 201);
  await ok('hr_lead', 'POST', `/api/v1/kpi-bonus/evaluation/${evaluation.id}/approve`);
  return evaluation as { id: string };
}

describe('the bonus rules', () => {
  it('bad versions are refused by field: levels out of order or falling, a quarter out of range, a fund over 100 %; only admin and hr_lead write', async () => {
    const good = { effectiveFrom: '2017-Q1', levels: [{ achievement: '80', percent: '50' }], fundPercent: '5', fundThreshold: '70' };
    const bad = async (body: object, field: string, code: string) => {
      const res = await call('admin', 'POST', '/api/v1/kpi-bonus/scale', { ...good, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().issues[field], res.body).toMatchObject({ code });
    };
    await bad({ effectiveFrom: '2017-Q5' }, 'effectiveFrom', 'quarter_period');
    await bad(
      {
        levels: [
          { achievement: '100', percent: '100' },
          { achievement: '90', percent: '120' },
        ],
      },
      'levels',
      'scale_order',
    );
    await bad(
      {
        levels: [
          { achievement: '90', percent: '100' },
          { achievement: '100', percent: '80' },
        ],
      },
      'levels',
      'scale_falls',
    );
    await bad({ fundPercent: '101' }, 'fundPercent', 'decimal_too_big');
    await bad({ fundThreshold: '-5' }, 'fundThreshold', 'negative');
    for (const role of ['sale_lead', 'sale'] as const)
      expect((await call(role, 'POST', '/api/v1/kpi-bonus/scale', good)).statusCode, role).toBe(403);
  });
});

describe('a quarter bonus', () => {
  it('is the target bonus × the scale at the approved achievement, written out and linked; approved, it stays when the scale changes; paid once into the salary', async () => {
    const sale = t.users.sale.id;
    const scale = await ok(
      'admin',
      'POST',
      '/api/v1/kpi-bonus/scale',
      {
        effectiveFrom: '2017-Q1',
        levels: [
          { achievement: '80', percent: '50' },
          { achievement: '100', percent: '100' },
          { achievement: '120', percent: '200' },
        ],
        fundPercent: '10',
        fundThreshold: '70',
      },
      201,
    );
    const evaluation = await evaluated(sale, 1, '11');
    // Before calculating: nothing missing on the sale's side, the statement is a draft.
    const calc = await ok('sale_lead', 'POST', '/api/v1/kpi-bonus/calculate-bonus', { period: '2017-Q1' });
    expect(calc).toMatchObject({ period: '2017-Q1', created: 1, recomputed: 0, frozen: 0 });
    const bonus = calc.bonuses[0];
    // 110 % is halfway between 100 % → 100 % and 120 % → 200 %: 150 %; 4 000 × 150 % = 6 000.00.
    expect(bonus).toMatchObject({ userId: sale, period: '2017-Q1', state: 'draft', total: '6000.00', unit: 'USD', missing: [] });
    const detail = await ok('sale', 'GET', `/api/v1/kpi-bonus/bonus/${bonus.id}/statement`);
    expect(detail.lines).toEqual([
      expect.objectContaining({
        key: 'bonus',
        formula: '100 + (110 − 100) × (200 − 100) / (120 − 100) = 150 %; 4 000 × 150 % = 6000.00',
        amount: '6000.00',
      }),
    ]);
    expect(detail.inputs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: 'achievement',
          value: '110.00',
          source: expect.objectContaining({ resource: 'kpi-evaluations', id: evaluation.id }),
        }),
        expect.objectContaining({ key: 'scale', source: expect.objectContaining({ resource: 'bonus-scales', id: scale.id }) }),
      ]),
    );
    // Calculating again recomputes the draft, and creates nothing.
    expect(await ok('sale_lead', 'POST', '/api/v1/kpi-bonus/calculate-bonus', { period: '2017-Q1' })).toMatchObject({
      created: 0,
      recomputed: 1,
    });

    // A sale neither approves nor pays; hr_lead approves, and the scale it stood on is then kept.
    expect((await call('sale', 'POST', `/api/v1/kpi-bonus/bonus/${bonus.id}/approve`)).statusCode).toBe(403);
    await ok('hr_lead', 'POST', `/api/v1/kpi-bonus/bonus/${bonus.id}/approve`);
    const edit = await call('admin', 'PATCH', `/api/v1/kpi-bonus/scale/${scale.id}`, { fundPercent: '12' });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json().code).toBe('bonus_scale_used');
    expect(await ok('admin', 'GET', `/api/v1/kpi-bonus/bonus/${bonus.id}`)).toMatchObject({ state: 'approved', total: '6000.00' });

    // Paid: the sale's salary of this month (a draft, or drafted) holds it once, converted at the P&L's rate.
    const month = new Date().toISOString().slice(0, 7);
    const salaryOf = async () => {
      const [row] = (await ok('admin', 'GET', `/api/v1/salary?userId=${sale}&month=${month}`)) as Array<{ id: string }>;
      return row && ((await ok('admin', 'GET', `/api/v1/salary/${row.id}`)) as Record<string, string>);
    };
    const before = await salaryOf();
    expect((await call('sale', 'POST', `/api/v1/kpi-bonus/bonus/${bonus.id}/mark-paid`)).statusCode).toBe(403);
    await ok('hr_lead', 'POST', `/api/v1/kpi-bonus/bonus/${bonus.id}/mark-paid`);
    await ok('hr_lead', 'POST', `/api/v1/kpi-bonus/bonus/${bonus.id}/mark-paid`);
    const after = (await salaryOf())!;
    const items = (await ok('admin', 'GET', `/api/v1/salary/${after.id}/pay-items`)).data;
    expect(items).toEqual([
      expect.objectContaining({
        column: 'bonus',
        resource: 'kpi-bonuses',
        sourceId: bonus.id,
        sourceAmount: '6000.00',
        sourceCurrency: 'USD',
      }),
    ]);
    const expected = formatMoney(multiply('6000', items[0].rate), after.currency!);
    expect(items[0].amount).toBe(expected);
    expect(after.bonus).toBe(formatMoney(add(before?.bonus ?? '0', expected), after.currency!));
    if (after.currency === 'USD') expect(items[0].rate).toBe('1');
  });

  it('a salary already approved refuses the payment, naming its month; the bonus stays approved', async () => {
    const lead = t.users.sale_lead.id;
    await ok(
      'admin',
      'POST',
      '/api/v1/kpi-bonus/scale',
      { effectiveFrom: '2017-Q2', levels: [{ achievement: '50', percent: '100' }], fundPercent: '5', fundThreshold: '70' },
      201,
    );
    await evaluated(lead, 2, '10');
    const [bonus] = (await ok('admin', 'POST', '/api/v1/kpi-bonus/calculate-bonus', { period: '2017-Q2', userId: lead })).bonuses;
    await ok('admin', 'POST', `/api/v1/kpi-bonus/bonus/${bonus.id}/approve`);
    const month = new Date().toISOString().slice(0, 7);
    const [salary] = await ok('admin', 'GET', `/api/v1/salary?userId=${lead}&month=${month}`);
    await ok('admin', 'POST', `/api/v1/salary/${salary.id}/approve`);
    const paid = await call('admin', 'POST', `/api/v1/kpi-bonus/bonus/${bonus.id}/mark-paid`);
    expect(paid.statusCode, paid.body).toBe(409);
    expect(paid.json()).toMatchObject({ code: 'salary_locked', issues: { month: { params: { status: 'approved', month } } } });
    expect(await ok('admin', 'GET', `/api/v1/kpi-bonus/bonus/${bonus.id}`)).toMatchObject({ state: 'approved', paidAt: null });
  });

  it('a sale lists and reads only their own bonuses; without an approved evaluation a bonus names what is missing and cannot be approved', async () => {
    const mine = (await ok('sale', 'GET', '/api/v1/kpi-bonus/bonus?_start=0&_end=100')) as Array<{ userId: string }>;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((b) => b.userId === t.users.sale.id)).toBe(true);
    const others = (await ok('admin', 'GET', `/api/v1/kpi-bonus/bonus?_start=0&_end=1&userId_ne=${t.users.sale.id}`)) as Array<{
      id: string;
    }>;
    expect((await call('sale', 'GET', `/api/v1/kpi-bonus/bonus/${others[0]!.id}`)).statusCode).toBe(404);

    const draft = await ok('sale_lead', 'POST', '/api/v1/kpi-bonus/bonus', { userId: t.users.hr.id, period: '2017-Q3' }, 201);
    expect(draft.missing).toEqual(expect.arrayContaining(['evaluation', 'target bonus']));
    const approve = await call('admin', 'POST', `/api/v1/kpi-bonus/bonus/${draft.id}/approve`);
    expect(approve.statusCode).toBe(422);
    expect(approve.json().code).toBe('statement_incomplete');
  });
});

describe('questions on a bonus line', () => {
  it('the leads who answer are told of a question, and the person who asked of the answer; each opens the statement', async () => {
    const sale = t.users.sale.id;
    await ok(
      'admin',
      'POST',
      '/api/v1/kpi-bonus/scale',
      { effectiveFrom: '2017-Q4', levels: [{ achievement: '50', percent: '100' }], fundPercent: '5', fundThreshold: '70' },
      201,
    );
    await evaluated(sale, 4, '9');
    const [bonus] = (await ok('sale_lead', 'POST', '/api/v1/kpi-bonus/calculate-bonus', { period: '2017-Q4', userId: sale })).bonuses;
    const asked = await ok(
      'sale',
      'POST',
      `/api/v1/kpi-bonus/bonus/${bonus.id}/questions`,
      { line: 'bonus', text: 'Why 100 % at 90 %?' },
      201,
    );
    const latest = async (role: Role, type: string) =>
      ((await ok(role, 'GET', '/api/v1/notifications?limit=20')).data as Array<{ type: string; params: Record<string, string> }>).find(
        (n) => n.type === type,
      );
    for (const role of ['sale_lead', 'hr_lead', 'admin'] as const)
      expect(await latest(role, 'statement_question'), role).toMatchObject({
        params: { resource: 'kpi-bonuses', statementId: bonus.id, period: '2017-Q4', text: 'Why 100 % at 90 %?' },
      });
    expect(await latest('sale', 'statement_question')).toBeUndefined();
    await ok('hr_lead', 'POST', `/api/v1/kpi-bonus/bonus/${bonus.id}/questions/${asked.id}/answer`, {
      text: 'The scale pays 100 % from 50 %.',
    });
    expect(await latest('sale', 'statement_answer')).toMatchObject({
      params: { resource: 'kpi-bonuses', statementId: bonus.id, text: 'The scale pays 100 % from 50 %.' },
    });
  });
});

describe('the bonus fund', () => {
  it('splits the pool to the cent among people at or above the threshold, allocated once under twenty requests at once; shares paid once; a sale reads only their own', async () => {
    // The demo firm's quarter two back: approved evaluations, and a profit.
    const now = new Date();
    const index = now.getUTCFullYear() * 4 + Math.floor(now.getUTCMonth() / 3) - 2;
    const period = `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;
    const preview = await ok('sale_lead', 'GET', `/api/v1/kpi-bonus/bonus-fund?period=${period}`);
    expect(preview).toMatchObject({ period, allocated: false, missing: [] });
    expect(preview.shares.length).toBeGreaterThan(1);
    expect(formatMoney(add('0', ...preview.shares.map((s: { amount: string }) => s.amount)), 'USD')).toBe(preview.pool);
    for (const share of preview.shares) expect(Number(share.achievement)).toBeGreaterThanOrEqual(Number(preview.threshold));
    expect((await call('sale', 'GET', `/api/v1/kpi-bonus/bonus-fund?period=${period}`)).statusCode).toBe(403);

    const results = await Promise.all(
      Array.from({ length: 20 }, () => call('admin', 'POST', '/api/v1/kpi-bonus/bonus-fund/allocate', { period })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(
      codes.filter((c) => c === 200),
      codes.join(),
    ).toHaveLength(1);
    expect(
      codes.filter((c) => c === 409),
      codes.join(),
    ).toHaveLength(19);
    const fund = await ok('admin', 'GET', `/api/v1/kpi-bonus/bonus-fund?period=${period}`);
    expect(fund.allocated).toBe(true);
    expect(formatMoney(add('0', ...fund.shares.map((s: { amount: string }) => s.amount)), 'USD')).toBe(fund.pool);
    expect(fund.lines[0]).toMatchObject({ key: 'pool', amount: fund.pool });

    const share = fund.shares[0];
    const other = fund.shares.find((s: { userId: string }) => s.userId !== t.users.sale.id);
    expect((await call('sale', 'GET', `/api/v1/kpi-bonus/bonus-fund/user/${other.userId}?period=${period}`)).statusCode).toBe(404);
    await ok('admin', 'POST', '/api/v1/kpi-bonus/bonus-fund/mark-paid', { period, userId: share.userId });
    const again = await ok('admin', 'POST', '/api/v1/kpi-bonus/bonus-fund/mark-paid', { period, userId: share.userId });
    expect(again.paidAt).not.toBeNull();
    const month = new Date().toISOString().slice(0, 7);
    const [salary] = await ok('admin', 'GET', `/api/v1/salary?userId=${share.userId}&month=${month}`);
    const items = (await ok('admin', 'GET', `/api/v1/salary/${salary.id}/pay-items`)).data.filter(
      (i: { resource: string }) => i.resource === 'bonus-fund',
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ sourceAmount: share.amount, sourceCurrency: 'USD' });
  });
});
