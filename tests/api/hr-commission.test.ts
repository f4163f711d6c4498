import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { auditLog } from '../../src/server/modules/audit/audit.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { developerWithRoom, factoryContext, type FactoryContext } from '../fixtures/factories.js';
import { closeWithoutChecklist } from '../fixtures/month-close.js';

// HR commission on a real server and database (both kinds): bad matrices and splits named by field,
// an hr who reads only their own, a placement earned after its probation and split to the cent, a
// paid month that refuses every edit, a seat found to have ended inside probation clawed back once in
// the next open month, two leads at once, and a closed month. Its seats start in 2010–2012, years the
// demo firm's HR commission leaves alone (its matrix versions start later).

let t: TestApp;
let ctx: FactoryContext;
let developer: { id: string; level: string };
beforeAll(async () => {
  t = await buildTestApp();
  ctx = await factoryContext(t);
  developer = await developerWithRoom(t);
});
afterAll(() => t?.close());

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload !== undefined ? { payload: payload as object } : {}) });

const LEVELS = { intern: '100.00', junior: '300.00', middle: '500.00', senior: '800.00', lead: '1200.00' };
const API = '/api/v1/hr-commission';

async function matrix(effectiveMonth: string, body: object = { basis: 'level', ...LEVELS }) {
  const res = await call('hr_lead', 'POST', `${API}/matrix`, { effectiveMonth, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

let seats = 0;
/** A seat of the developer (1 % of their time, so the suite's seats never fill them), recruited by `hr`. */
async function seat(startDate: string, hr: Role = 'hr', endDate: string | null = null) {
  const res = await call('admin', 'POST', '/api/v1/headcount', {
    title: `Placed engineer ${++seats}`,
    userId: developer.id,
    customerId: ctx.customerId,
    billingRate: 5000,
    rateUnit: 'month',
    allocation: 1,
    startDate,
    endDate,
    status: endDate && endDate < '2020-01-01' ? 'ended' : 'active',
    hrId: t.users[hr].id,
    currency: 'USD',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

type Statement = { id: string; userId: string; period: string; state: string; total: string };
type CalcResult = { period: string; data: Array<Statement & { result: string }> };
type Line = { key: string; kind: string; formula: string; amount: string; of?: string };

async function calculate(period: string, role: Role = 'hr_lead') {
  const res = await call(role, 'POST', `${API}/calculate`, { period });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalcResult;
}
const statementOf = (r: CalcResult, role: Role) => r.data.find((d) => d.userId === t.users[role].id)!;
const linesOf = async (id: string, role: Role = 'admin') =>
  ((await call(role, 'GET', `${API}/${id}/statement`)).json() as { lines: Line[]; total: string }).lines;

describe('the demo firm', () => {
  it('holds the matrix with a change from last July, months at every state, a clawback, a split placement and a hire in probation', async () => {
    const year = new Date().getUTCFullYear();
    const versions = (await call('admin', 'GET', `${API}/matrix?_start=0&_end=50&_sort=effectiveMonth&_order=asc`)).json() as Array<{
      effectiveMonth: string;
    }>;
    expect(versions.map((v) => v.effectiveMonth).filter((m) => m >= `${year - 3}`)).toEqual([`${year - 3}-01`, `${year - 1}-07`]);
    const statements = (await call('admin', 'GET', `${API}?_start=0&_end=500`)).json() as Statement[];
    expect(new Set(statements.map((s) => s.state))).toEqual(new Set(['draft', 'approved', 'paid']));
    const lastMonth = new Date(Date.UTC(year, new Date().getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const pending = statements.find((s) => s.userId === t.users.hr.id && s.period === lastMonth)!;
    expect(pending.state).toBe('draft');
    const clawback = (await linesOf(pending.id)).filter((l) => l.kind === 'adjustment');
    expect(clawback).toHaveLength(1);
    expect(clawback[0]!.amount.startsWith('-')).toBe(true);
    const placements = (await call('hr_lead', 'GET', `${API}/placements`)).json() as {
      data: Array<{ state: string; splitSet: boolean; shares: object[] }>;
    };
    expect(placements.data.filter((p) => p.splitSet && p.shares.length === 2)).toHaveLength(1);
    expect(placements.data.some((p) => p.state === 'pending')).toBe(true);
    expect(placements.data.some((p) => p.state === 'clawed_back')).toBe(true);
  });
});

describe('the matrix', () => {
  it('refuses a version that lacks an amount, a per cent out of range or a probation out of range: 422 by field', async () => {
    const level = await call('admin', 'POST', `${API}/matrix`, { effectiveMonth: '2009-01', basis: 'level', ...LEVELS, senior: null });
    expect(level.statusCode).toBe(422);
    expect(level.json()).toMatchObject({ code: 'matrix_invalid', issues: { senior: { code: 'matrix_amount_required' } } });
    const percent = await call('admin', 'POST', `${API}/matrix`, {
      effectiveMonth: '2009-01',
      basis: 'billing_percent',
      billingPercent: '0',
    });
    expect(percent.json()).toMatchObject({ code: 'matrix_invalid', issues: { billingPercent: { code: 'matrix_percent_range' } } });
    const none = await call('admin', 'POST', `${API}/matrix`, { effectiveMonth: '2009-01', basis: 'billing_percent', probationDays: 400 });
    expect(none.statusCode).toBe(422);
    expect(none.json().issues).toMatchObject({
      billingPercent: { code: 'matrix_percent_required' },
      probationDays: { code: 'matrix_probation_range' },
    });
    // A month that is not one is the input's shape: 400.
    const month = await call('admin', 'POST', `${API}/matrix`, { effectiveMonth: '2009-13', basis: 'level', ...LEVELS });
    expect(month.statusCode).toBe(400);
    expect(month.json().issues).toMatchObject({ effectiveMonth: { code: 'month' } });
    // An edit that would leave it incomplete is refused the same way.
    const ok = await matrix('2009-02');
    const edit = await call('hr_lead', 'PATCH', `${API}/matrix/${ok.id}`, { lead: null });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().issues).toMatchObject({ lead: { code: 'matrix_amount_required' } });
  });

  it('is kept by admin and hr_lead only', async () => {
    expect((await call('hr', 'GET', `${API}/matrix`)).statusCode).toBe(403);
    expect((await call('hr', 'POST', `${API}/matrix`, { effectiveMonth: '2009-03', basis: 'level', ...LEVELS })).statusCode).toBe(403);
    expect((await call('sale_lead', 'GET', `${API}/matrix`)).statusCode).toBe(403);
    expect((await call('admin', 'GET', `${API}/matrix`)).statusCode).toBe(200);
  });
});

describe('a placement earns after its probation, for its recruiters', () => {
  beforeAll(async () => {
    await matrix('2010-01');
  });

  it('earns the month after its probation (counting the start day), for the recruiter of record; an hr reads only their own', async () => {
    // 2010-01-04 + 60 days: probation until 2010-03-04, earned 2010-03-05 — a March line.
    const s = await seat('2010-01-04', 'hr');
    const other = await seat('2010-01-05', 'hr_lead');
    expect((await calculate('2010-02')).data.filter((d) => [t.users.hr.id, t.users.hr_lead.id].includes(d.userId))).toEqual([]);
    const march = await calculate('2010-03');
    const mine = statementOf(march, 'hr');
    const amount = LEVELS[developer.level as keyof typeof LEVELS];
    expect(mine).toMatchObject({ state: 'draft', total: amount, result: 'created' });
    const lines = await linesOf(mine.id, 'hr');
    expect(lines).toEqual([
      expect.objectContaining({ key: `placement:${s.id}`, kind: 'metric', amount, formula: `${developer.level}: ${amount}` }),
    ]);

    // Calculating again changes nothing: the same draft, no second one.
    const again = await calculate('2010-03');
    expect(statementOf(again, 'hr')).toMatchObject({ id: mine.id, result: 'updated', total: amount });

    const theirs = statementOf(march, 'hr_lead');
    expect(theirs).toBeDefined();
    const list = (await call('hr', 'GET', `${API}?_start=0&_end=200`)).json() as Statement[];
    expect(new Set(list.map((r) => r.userId))).toEqual(new Set([t.users.hr.id]));
    expect((await call('hr', 'GET', `${API}/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('hr', 'GET', `${API}/${theirs.id}/statement`)).statusCode).toBe(404);
    expect((await call('hr_lead', 'GET', `${API}/${mine.id}`)).statusCode).toBe(200);
    // Nobody outside the section reads any of it.
    for (const role of ['sale_lead', 'sale', 'developer', 'manager'] as const) {
      expect((await call(role, 'GET', `${API}?_start=0&_end=10`)).statusCode, role).toBe(403);
      expect((await call(role, 'GET', `${API}/dashboard`)).statusCode, role).toBe(403);
      expect((await call(role, 'GET', `${API}/my-commission`)).statusCode, role).toBe(403);
    }
    expect((await call('hr', 'POST', `${API}/calculate`, { period: '2010-03' })).statusCode).toBe(403);
    expect((await call('hr', 'GET', `${API}/placements`)).statusCode).toBe(403);

    // The dashboard and the trend: an hr sees their own row only, whatever they ask.
    const dash = (await call('hr', 'GET', `${API}/dashboard?year=2010`)).json() as {
      data: Array<{ user: { id: string }; earned: object }>;
    };
    expect(dash.data.map((r) => r.user.id)).toEqual([t.users.hr.id]);
    expect(dash.data[0]!.earned).toEqual({ count: 1, amount });
    const leads = (await call('hr_lead', 'GET', `${API}/dashboard?year=2010`)).json() as { data: Array<{ user: { id: string } }> };
    expect(leads.data.map((r) => r.user.id)).toEqual(expect.arrayContaining([t.users.hr.id, t.users.hr_lead.id]));
    const trend = (await call('hr', 'GET', `${API}/trend?to=2010-06&userId=${t.users.hr_lead.id}`)).json() as {
      data: Array<{ month: string; earned: string }>;
    };
    expect(trend.data).toHaveLength(12);
    expect(trend.data[0]!.month).toBe('2009-07');
    expect(trend.data.find((m) => m.month === '2010-03')!.earned).toBe(amount);
    expect(trend.data.filter((m) => m.earned !== '0.00').map((m) => m.month)).toEqual(['2010-03']);

    const my = (await call('hr', 'GET', `${API}/my-commission`)).json() as {
      placements: Array<{ id: string; state: string; shares: object[] }>;
    };
    expect(my.placements.find((p) => p.id === s.id)).toMatchObject({ state: 'earned', shares: [{ user: { id: t.users.hr.id }, amount }] });
    expect(my.placements.find((p) => p.id === other.id)).toBeUndefined();
  });

  it('a seat still in probation is pending; one that ended inside it is clawed back', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const pending = await seat(today, 'hr');
    const left = await seat('2010-05-03', 'hr', '2010-07-01'); // probation until 2010-07-01: left on its last day
    const my = (await call('hr', 'GET', `${API}/my-commission`)).json() as {
      placements: Array<{ id: string; state: string; probationEnd: string }>;
    };
    expect(my.placements.find((p) => p.id === left.id)).toMatchObject({ state: 'clawed_back', probationEnd: '2010-07-01' });
    expect(my.placements.find((p) => p.id === pending.id)).toMatchObject({ state: 'pending' });
    expect((await calculate('2010-07')).data.find((d) => d.userId === t.users.hr.id)).toBeUndefined();
  });

  it('splits a placement to the cent, by admin or hr_lead only, audited; shares not totalling 100 % are 422', async () => {
    await matrix('2011-01', {
      basis: 'level',
      intern: '1000.00',
      junior: '1000.00',
      middle: '1000.00',
      senior: '1000.00',
      lead: '1000.00',
    });
    const s = await seat('2011-01-03', 'hr');
    const shares = [{ userId: t.users.hr.id }, { userId: t.users.hr_lead.id }, { userId: t.users.admin.id }];
    expect((await call('hr', 'PUT', `${API}/placements/${s.id}/splits`, { shares })).statusCode).toBe(403);
    const short = await call('hr_lead', 'PUT', `${API}/placements/${s.id}/splits`, {
      shares: [
        { userId: t.users.hr.id, percent: '50' },
        { userId: t.users.hr_lead.id, percent: '49.99' },
      ],
    });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ code: 'split_invalid', issues: { shares: { code: 'split_total' } } });
    const over = await call('hr_lead', 'PUT', `${API}/placements/${s.id}/splits`, {
      shares: [{ userId: t.users.hr.id, percent: '100.5' }],
    });
    expect(over.json().issues).toMatchObject({ 'shares.0.percent': { code: 'split_percent_range' } });

    const set = await call('hr_lead', 'PUT', `${API}/placements/${s.id}/splits`, { shares });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      amount: '1000.00',
      splitSet: true,
      shares: [{ amount: '333.34' }, { amount: '333.33' }, { amount: '333.33' }],
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'hr-commission-splits'), eq(auditLog.entityId, s.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(t.users.hr_lead.id);

    // 2011-01-03 + 60 days: probation until 2011-03-03; March pays each their part.
    const march = await calculate('2011-03');
    expect(statementOf(march, 'hr').total).toBe('333.34');
    expect(statementOf(march, 'hr_lead').total).toBe('333.33');
    expect(statementOf(march, 'admin').total).toBe('333.33');
    expect((await linesOf(statementOf(march, 'hr_lead').id))[0]!.formula).toBe(`${developer.level}: 1000.00 · 33.33 % → 333.33`);
    // The hr's own view of a split placement shows their part only.
    const my = (await call('hr', 'GET', `${API}/my-commission`)).json() as {
      placements: Array<{ id: string; amount: string | null; shares: object[] }>;
    };
    expect(my.placements.find((p) => p.id === s.id)).toMatchObject({
      amount: null,
      shares: [{ user: { id: t.users.hr.id }, amount: '333.34' }],
    });
  });
});

describe('approved and paid', () => {
  it('a paid statement refuses every edit; mark-paid again changes nothing; a closed month refuses it', async () => {
    await matrix('2012-01');
    await seat('2012-01-02', 'hr');
    const created = statementOf(await calculate('2012-03'), 'hr');
    expect((await call('hr', 'POST', `${API}/${created.id}/approve`)).statusCode).toBe(403);
    expect((await call('hr_lead', 'POST', `${API}/${created.id}/approve`)).statusCode).toBe(200);
    const paid = await call('admin', 'POST', `${API}/${created.id}/mark-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ state: 'paid', paidBy: t.users.admin.id });
    const again = await call('hr_lead', 'POST', `${API}/${created.id}/mark-paid`);
    expect(again.statusCode).toBe(200);
    expect(again.json().paidBy).toBe(t.users.admin.id);
    expect((await call('admin', 'PATCH', `${API}/${created.id}`, { notes: 'changed' })).json().code).toBe('statement_frozen');
    expect((await call('admin', 'DELETE', `${API}/${created.id}`)).json().code).toBe('statement_frozen');
    expect((await call('admin', 'POST', `${API}/${created.id}/approve`)).statusCode).toBe(409);
    // Calculating the month again leaves it as it is.
    expect(statementOf(await calculate('2012-03'), 'hr')).toMatchObject({ id: created.id, state: 'paid', result: 'frozen' });

    // A month closed before it is marked paid: refused.
    await seat('2012-02-01', 'hr');
    const april = statementOf(await calculate('2012-04'), 'hr');
    expect((await call('hr_lead', 'POST', `${API}/${april.id}/approve`)).statusCode).toBe(200);
    await closeWithoutChecklist(t, '2012-04');
    const closed = await call('admin', 'POST', `${API}/${april.id}/mark-paid`);
    expect(closed.statusCode).toBe(422);
    expect(closed.json().code).toBe('month_closed');
    expect((await call('admin', 'POST', `${API}/calculate`, { period: '2012-04' })).json().code).toBe('month_closed');
  });

  it('a paid seat found to have ended inside its probation is clawed back once, in the next open month; a negative month carries forward', async () => {
    await matrix('2012-06');
    const s = await seat('2012-06-04', 'hr_lead'); // probation until 2012-08-02, earned in August
    const august = statementOf(await calculate('2012-08'), 'hr_lead');
    expect(august.total).not.toBe('0.00');
    await call('admin', 'POST', `${API}/${august.id}/approve`);
    expect((await call('admin', 'POST', `${API}/${august.id}/mark-paid`)).statusCode).toBe(200);
    // Later it turns out the person left on 2012-07-20.
    const ended = await call('admin', 'PATCH', `/api/v1/headcount/${s.id}`, { endDate: '2012-07-20', status: 'ended' });
    expect(ended.statusCode, ended.body).toBe(200);
    const september = statementOf(await calculate('2012-09'), 'hr_lead');
    const clawback = (await linesOf(september.id)).filter((l) => l.kind === 'adjustment');
    expect(clawback).toEqual([expect.objectContaining({ of: august.id, amount: `-${august.total}` })]);
    // Calculating again does not add a second one; the paid month itself never changed.
    await calculate('2012-09');
    expect((await linesOf(september.id)).filter((l) => l.kind === 'adjustment')).toHaveLength(1);
    expect((await call('admin', 'GET', `${API}/${august.id}`)).json()).toMatchObject({ state: 'paid', total: august.total });
    // The month with nothing else is negative once approved: never a negative payment, the next month recovers it, once.
    const owed = (await call('admin', 'GET', `${API}/${september.id}`)).json() as Statement;
    expect(owed.total).toBe(`-${august.total}`);
    expect((await call('admin', 'POST', `${API}/${september.id}/approve`)).statusCode).toBe(200);
    const october = statementOf(await calculate('2012-10'), 'hr_lead');
    expect((await linesOf(october.id)).filter((l) => l.kind === 'carry')).toEqual([
      expect.objectContaining({ of: september.id, amount: owed.total }),
    ]);
    await calculate('2012-10');
    expect((await linesOf(october.id)).filter((l) => l.kind === 'carry')).toHaveLength(1);
  });

  it('two approvals or two mark-paid at once change the state once', async () => {
    await seat('2012-10-01', 'hr'); // probation until 2012-11-29: a November line
    const december = statementOf(await calculate('2012-11'), 'hr');
    const audits = async () =>
      (
        await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'hr-commissions'), eq(auditLog.entityId, december.id)))
      ).length;
    const before = await audits();
    const approvals = await Promise.all((['admin', 'hr_lead'] as const).map((r) => call(r, 'POST', `${API}/${december.id}/approve`)));
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await audits()).toBe(before + 1);
    const paid = await Promise.all((['admin', 'hr_lead'] as const).map((r) => call(r, 'POST', `${API}/${december.id}/mark-paid`)));
    expect(paid.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await audits()).toBe(before + 2);
    expect(new Set(paid.map((r) => r.json().paidAt)).size).toBe(1);
  });

  it('the dashboard and the trend count a seat of the year before whose longest probation ends in the year, and no earlier one', async () => {
    // The dashboard reads only seats that can count in its year: started at most the longest probation before it.
    await matrix('2013-01', { basis: 'level', ...LEVELS, probationDays: 90 });
    await seat('2013-06-03', 'hr'); // probation until 2013-08-31, earned 2013-09-01
    await seat('2013-10-15', 'hr'); // probation until 2014-01-12, earned 2014-01-13
    const amount = LEVELS[developer.level as keyof typeof LEVELS];
    const row = async (year: number) =>
      ((await call('hr', 'GET', `${API}/dashboard?year=${year}`)).json() as { data: Array<{ earned: object; clawedBack: object }> })
        .data[0]!;
    // Read (and kept) before the next seat: the dashboard's cache must not answer it after.
    expect(await row(2014)).toMatchObject({ earned: { count: 1, amount }, clawedBack: { count: 0, amount: '0.00' } });
    await seat('2013-10-20', 'hr', '2014-01-10'); // ended inside its probation: clawed back 2014-01-10
    expect(await row(2014)).toMatchObject({ earned: { count: 1, amount }, clawedBack: { count: 1, amount } });
    expect(await row(2013)).toMatchObject({ earned: { count: 1, amount }, clawedBack: { count: 0, amount: '0.00' } });
    const trend = (await call('hr', 'GET', `${API}/trend?to=2014-01`)).json() as {
      data: Array<{ month: string; earned: string; clawedBack: string }>;
    };
    expect(trend.data.filter((m) => m.earned !== '0.00' || m.clawedBack !== '0.00')).toEqual([
      { month: '2013-09', earned: amount, paid: '0.00', clawedBack: '0.00' },
      { month: '2014-01', earned: amount, paid: '0.00', clawedBack: amount },
    ]);
  });
});
