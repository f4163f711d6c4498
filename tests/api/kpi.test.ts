import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { add, formatDecimal, multiply, round, subtract } from '../../src/domain/money.js';
import { kpiDashboardSchema } from '../../src/domain/modules/kpi/kpi-views.schema.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { FACTORIES, factoryContext, type FactoryContext } from '../fixtures/factories.js';

// KPI targets and evaluations (KPI statements) on a real server and database (both kinds): bad
// targets named by field, a sale's row scope, actuals that follow paid invoices and link to them,
// an approved evaluation frozen while its inputs move (the change shown, then carried as an
// adjustment into the next open quarter), questions on a line, and two leads at once. The quarters
// are in 2019, which the demo firm's KPI data leaves alone.

let t: TestApp;
let ctx: FactoryContext;
beforeAll(async () => {
  t = await buildTestApp();
  ctx = await factoryContext(t);
});
afterAll(() => t?.close());

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload !== undefined ? { payload: payload as object } : {}) });

type Line = { key: string; kind: string; label: string; formula: string; amount: string; of?: string };
type Detail = {
  lines: Line[];
  inputs: Array<{ key: string; value: string; source?: { resource: string; id: string } }>;
  total: string;
  missing: string[];
  changedSinceApproval: null | {
    totalBefore: string;
    totalNow: string;
    difference: string;
    inputs: Array<{ key: string; before: string | null; now: string | null }>;
  };
  questions: Array<{ id: string; line: string; text: string; answer: string | null }>;
};

const revenue = (target: string, weight: string) => ({ kind: 'revenue', label: 'Revenue', target, weight });
const custom = (target: string, weight: string, actual: string | null) => ({
  kind: 'custom',
  label: 'Workshops',
  target,
  weight,
  actual,
  note: actual === null ? null : 'From the workshop log',
});

async function targets(role: Role, userId: string, year: number, quarter: number, metrics: object[]) {
  const res = await call(role, 'POST', '/api/v1/kpi', { userId, year, quarter, metrics });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

async function evaluation(userId: string, period: string) {
  const res = await call('sale_lead', 'POST', '/api/v1/kpi-bonus/evaluation', { userId, period, notes: 'Quarter review' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; total: string; state: string };
}

const detail = async (id: string, role: Role = 'admin') =>
  (await call(role, 'GET', `/api/v1/kpi-bonus/evaluation/${id}/statement`)).json() as Detail;

let invoiceSeq = 50_000;
/** A paid invoice of the sale's own customer, paid on `paidAt`; answers its id and its revenue net of tax in the base currency. */
async function paidInvoice(paidAt: string): Promise<{ id: string; net: string }> {
  const body = { ...FACTORIES.invoices!.create(++invoiceSeq, ctx, 'sale'), period: paidAt.slice(0, 7), issueDate: paidAt };
  const created = await call('sale', 'POST', '/api/v1/invoice', body);
  expect(created.statusCode, created.body).toBe(201);
  const inv = created.json() as { id: string; total: string; exchangeRate: string; lines: Array<{ amount: string }> };
  expect((await call('sale', 'POST', `/api/v1/invoice/${inv.id}/send`)).statusCode).toBe(200);
  const paid = await call('admin', 'POST', `/api/v1/invoice/${inv.id}/mark-paid`, { paidAt, amount: inv.total });
  expect(paid.statusCode, paid.body).toBe(200);
  // As the P&L counts it: each line exchanged and rounded to the cent, before tax.
  const net = formatDecimal(add('0', ...inv.lines.map((l) => round(multiply(l.amount, inv.exchangeRate), 2))), 2);
  return { id: inv.id, net };
}

describe('targets', () => {
  it('refuses weights not totalling 100 %, a negative target and a quarter out of range, by field', async () => {
    const body = { userId: t.users.sale.id, year: 2019, quarter: 1 };
    const weights = await call('admin', 'POST', '/api/v1/kpi', { ...body, metrics: [revenue('1000', '60'), custom('5', '30', '1')] });
    expect(weights.statusCode).toBe(400);
    expect(weights.json().issues).toMatchObject({ metrics: { code: 'weights_total' } });
    const negative = await call('admin', 'POST', '/api/v1/kpi', { ...body, metrics: [revenue('-5', '100')] });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().issues).toMatchObject({ 'metrics.0.target': { code: 'negative' } });
    const quarter = await call('admin', 'POST', '/api/v1/kpi', { ...body, quarter: 5, metrics: [revenue('1000', '100')] });
    expect(quarter.statusCode).toBe(400);
    expect(quarter.json().issues).toMatchObject({ quarter: { code: 'too_big' } });
    const reason = await call('admin', 'POST', '/api/v1/kpi', {
      ...body,
      metrics: [revenue('1000', '100'), { ...custom('5', '20', null), applicable: false }],
    });
    expect(reason.json().issues).toMatchObject({ 'metrics.1.naReason': { code: 'na_reason_required' } });
  });

  it('keeps one set of targets per person and quarter', async () => {
    await targets('admin', t.users.sale.id, 2019, 1, [revenue('1000', '100')]);
    const again = await call('hr_lead', 'POST', '/api/v1/kpi', {
      userId: t.users.sale.id,
      year: 2019,
      quarter: 1,
      metrics: [revenue('5', '100')],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('kpi_exists');
  });
});

describe('who reads what', () => {
  it('a sale reads their own KPI only; a recruiter without the KPI section reads theirs through my-kpi', async () => {
    const own = await targets('admin', t.users.sale.id, 2019, 2, [revenue('1000', '100')]);
    const other = await targets('admin', t.users.sale_lead.id, 2019, 2, [revenue('1000', '100')]);
    await targets('admin', t.users.hr.id, 2019, 2, [{ kind: 'hires', label: 'Hires', target: '4', weight: '100' }]);
    const list = (await call('sale', 'GET', '/api/v1/kpi?_start=0&_end=100')).json() as Array<{ userId: string }>;
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((r) => r.userId))).toEqual(new Set([t.users.sale.id]));
    expect((await call('sale', 'GET', `/api/v1/kpi/${own.id}`)).statusCode).toBe(200);
    expect((await call('sale', 'GET', `/api/v1/kpi/${other.id}`)).statusCode).toBe(404);
    expect((await call('sale', 'GET', `/api/v1/kpi/user/${t.users.sale_lead.id}/progress/2019`)).statusCode).toBe(404);
    expect((await call('sale_lead', 'GET', `/api/v1/kpi/user/${t.users.sale.id}/progress/2019`)).statusCode).toBe(200);
    const dashboard = (await call('sale', 'GET', '/api/v1/kpi/dashboard?year=2019')).json() as { rows: Array<{ user: { id: string } }> };
    expect(dashboard.rows.map((r) => r.user.id)).toEqual([t.users.sale.id]);
    const team = (await call('hr_lead', 'GET', '/api/v1/kpi/dashboard?year=2019')).json() as { rows: Array<{ user: { id: string } }> };
    expect(team.rows.map((r) => r.user.id)).toEqual(expect.arrayContaining([t.users.sale.id, t.users.sale_lead.id, t.users.hr.id]));
    // Written as built (no schema pass): exactly the schema's shape, nothing more.
    expect(kpiDashboardSchema.parse(team)).toStrictEqual(team);
    expect((await call('hr', 'GET', '/api/v1/kpi?_start=0&_end=5')).statusCode).toBe(403);
    const mine = await call('hr', 'GET', '/api/v1/kpi/my-kpi?period=2019-Q2');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ period: '2019-Q2', metrics: [{ kind: 'hires', target: '4' }] });
    expect((await call('sale', 'POST', '/api/v1/kpi-bonus/evaluation', { userId: t.users.sale.id, period: '2019-Q2' })).statusCode).toBe(
      403,
    );
  });
});

describe('evaluations', () => {
  it('a paid invoice raises the revenue actual, and its line counts it with a link to the invoice', async () => {
    await targets('admin', t.users.sale.id, 2019, 3, [revenue('100000', '100')]);
    const before = (await call('sale', 'GET', '/api/v1/kpi/my-kpi?period=2019-Q3')).json();
    type Dashboard = { rows: Array<{ user: { id: string }; quarters: Array<{ period: string; achievement: string | null }> }> };
    const saleQ3 = (d: Dashboard) => d.rows.find((r) => r.user.id === t.users.sale.id)!.quarters.find((q) => q.period === '2019-Q3')!;
    // Read (and kept) before the invoice is paid: the dashboard's cache must not answer the old figure after.
    const dashboardBefore = (await call('sale_lead', 'GET', '/api/v1/kpi/dashboard?year=2019')).json() as Dashboard;
    expect(saleQ3(dashboardBefore).achievement).toBe(before.statement.total);
    const invoice = await paidInvoice('2019-08-15');
    const after = (await call('sale', 'GET', '/api/v1/kpi/my-kpi?period=2019-Q3')).json();
    expect(after.metrics[0].actual).toBe(formatDecimal(add(before.metrics[0].actual, invoice.net), 2));
    expect(after.statement.inputs).toContainEqual(
      expect.objectContaining({
        key: `revenue:${invoice.id}`,
        value: invoice.net,
        source: expect.objectContaining({ resource: 'invoices', id: invoice.id }),
      }),
    );
    expect(after.metrics[0].line.formula).toMatch(/^min\(.+ \/ 100 000, 120 %\) × 100 = \d+\.\d\d$/);
    // The dashboard sums a whole team at once: the same figure as the statement's.
    const dashboard = (await call('sale_lead', 'GET', '/api/v1/kpi/dashboard?year=2019')).json() as Dashboard;
    expect(saleQ3(dashboard).achievement).toBe(after.statement.total);
    expect(after.statement.total).not.toBe(before.statement.total);
  });

  it("a credit note of a paid invoice lowers the revenue of its invoice's payment day, linked; the dashboard agrees", async () => {
    const before = (await call('sale', 'GET', '/api/v1/kpi/my-kpi?period=2019-Q3')).json();
    const invoice = await paidInvoice('2019-09-10');
    // Given back in full, booked in November: the revenue of September's payment is undone, not November's.
    const note = await call('sale', 'POST', `/api/v1/invoice/${invoice.id}/credit-note`, { issueDate: '2019-11-05' });
    expect(note.statusCode, note.body).toBe(201);
    const noteId = (note.json() as { id: string }).id;
    expect((await call('sale', 'POST', `/api/v1/invoice/${noteId}/send`)).statusCode).toBe(200);
    const after = (await call('sale', 'GET', '/api/v1/kpi/my-kpi?period=2019-Q3')).json();
    expect(after.metrics[0].actual).toBe(before.metrics[0].actual);
    expect(after.statement.inputs).toContainEqual(
      expect.objectContaining({
        key: `revenue:${noteId}`,
        value: `-${invoice.net}`,
        source: expect.objectContaining({ resource: 'invoices', id: noteId }),
      }),
    );
    type Dashboard = { rows: Array<{ user: { id: string }; quarters: Array<{ period: string; achievement: string | null }> }> };
    const dashboard = (await call('sale_lead', 'GET', '/api/v1/kpi/dashboard?year=2019')).json() as Dashboard;
    const q3 = dashboard.rows.find((r) => r.user.id === t.users.sale.id)!.quarters.find((q) => q.period === '2019-Q3')!;
    expect(q3.achievement).toBe(after.statement.total);
  });

  it('an approved evaluation keeps its figures; the change shows, and becomes one adjustment line in the next open quarter', async () => {
    const sale = t.users.sale.id;
    const q4 = await targets('admin', sale, 2019, 4, [revenue('100000', '50'), custom('10', '50', '8')]);
    await paidInvoice('2019-11-05');
    const evaluated = await evaluation(sale, '2019-Q4');
    const approved = await call('hr_lead', 'POST', `/api/v1/kpi-bonus/evaluation/${evaluated.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const frozen = approved.json() as { total: string; state: string };
    expect(frozen.state).toBe('approved');
    const frozenDetail = await detail(evaluated.id);

    // Its inputs move: another invoice paid in the quarter, and a target changed after the fact.
    const late = await paidInvoice('2019-12-20');
    const edited = await call('admin', 'PATCH', `/api/v1/kpi/${q4.id}`, { metrics: [revenue('100000', '50'), custom('16', '50', '8')] });
    expect(edited.statusCode, edited.body).toBe(200);

    const now = await call('sale', 'GET', `/api/v1/kpi-bonus/evaluation/${evaluated.id}`);
    expect(now.json()).toMatchObject({ state: 'approved', total: frozen.total });
    const changed = await detail(evaluated.id, 'sale');
    expect(changed.lines).toEqual(frozenDetail.lines);
    expect(changed.total).toBe(frozen.total);
    const change = changed.changedSinceApproval!;
    expect(change.totalBefore).toBe(frozen.total);
    expect(change.difference).toBe(formatDecimal(subtract(change.totalNow, change.totalBefore), 2));
    expect(change.difference).not.toBe('0.00');
    expect(change.inputs).toEqual(
      expect.arrayContaining([
        { key: `revenue:${late.id}`, label: expect.any(String), before: null, now: late.net },
        { key: 'metric:1:target', label: 'Workshops: target', before: '10', now: '16' },
      ]),
    );

    // Frozen: never edited nor deleted.
    expect((await call('admin', 'PATCH', `/api/v1/kpi-bonus/evaluation/${evaluated.id}`, { notes: 'x' })).json().code).toBe(
      'statement_frozen',
    );
    expect((await call('admin', 'DELETE', `/api/v1/kpi-bonus/evaluation/${evaluated.id}`)).statusCode).toBe(409);

    // The next open quarter carries the difference once.
    await targets('admin', sale, 2020, 1, [custom('10', '100', '10')]);
    const next = await evaluation(sale, '2020-Q1');
    const adjustment = (await detail(next.id)).lines.filter((l) => l.kind === 'adjustment');
    expect(adjustment).toEqual([expect.objectContaining({ label: '2019-Q4', amount: change.difference, of: evaluated.id })]);
    expect((await detail(next.id)).total).toBe(formatDecimal(add('100.00', change.difference), 2));
    expect((await call('admin', 'POST', `/api/v1/kpi-bonus/evaluation/${next.id}/approve`)).statusCode).toBe(200);
    await targets('admin', sale, 2020, 2, [custom('10', '100', '10')]);
    const after = await evaluation(sale, '2020-Q2');
    expect((await detail(after.id)).lines.filter((l) => l.kind === 'adjustment')).toEqual([]);
  });

  it("a performance metric counts the average of the quarter's monthly scores, each a linked input; no score leaves it missing, never zero", async () => {
    const hr = t.users.hr.id;
    const performance = (target: string) => ({ kind: 'performance', label: 'Performance', target, weight: '100' });
    await targets('admin', hr, 2018, 1, [performance('80')]);
    const empty = await call('sale_lead', 'POST', '/api/v1/kpi-bonus/evaluation/preview', { userId: hr, period: '2018-Q1' });
    expect(empty.json().missing).toEqual(['Performance']);
    const scores: Array<{ id: string }> = [];
    for (const [month, score] of [
      ['2018-01', '70'],
      ['2018-02', '85.5'],
    ] as const) {
      const res = await call('sale_lead', 'POST', '/api/v1/kpi-bonus/performance', { userId: hr, month, score });
      expect(res.statusCode, res.body).toBe(201);
      scores.push(res.json());
    }
    const twice = await call('sale_lead', 'POST', '/api/v1/kpi-bonus/performance', { userId: hr, month: '2018-02', score: '90' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('performance_exists');
    const preview = (await call('sale_lead', 'POST', '/api/v1/kpi-bonus/evaluation/preview', { userId: hr, period: '2018-Q1' })).json();
    // (70 + 85.5) / 2 = 77.75; min(77.75 / 80, 120 %) × 100 = 97.19 (97.1875 half up).
    expect(preview.missing).toEqual([]);
    expect(preview.total).toBe('97.19');
    expect(preview.inputs.filter((i: { key: string }) => i.key.startsWith('performance:'))).toEqual(
      scores.map((sc) => expect.objectContaining({ source: expect.objectContaining({ resource: 'performances', id: sc.id }) })),
    );
  });

  it('is approved only once every figure is there, and only once', async () => {
    await targets('admin', t.users.sale_lead.id, 2019, 3, [custom('10', '100', null)]);
    const e = await evaluation(t.users.sale_lead.id, '2019-Q3');
    expect(e.state).toBe('draft');
    const refused = await call('admin', 'POST', `/api/v1/kpi-bonus/evaluation/${e.id}/approve`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('statement_incomplete');
    expect((await call('sale_lead', 'POST', `/api/v1/kpi-bonus/evaluation/${e.id}/approve`)).statusCode).toBe(403);
    const kpi = (await call('admin', 'GET', `/api/v1/kpi?userId=${t.users.sale_lead.id}&period=2019-Q3`)).json() as Array<{ id: string }>;
    await call('admin', 'PATCH', `/api/v1/kpi/${kpi[0]!.id}`, { metrics: [custom('10', '100', '7')] });
    expect((await call('admin', 'POST', `/api/v1/kpi-bonus/evaluation/${e.id}/approve`)).json()).toMatchObject({
      state: 'approved',
      total: '70.00',
    });
    const twice = await call('admin', 'POST', `/api/v1/kpi-bonus/evaluation/${e.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('statement_state');
  });

  it('two leads open the same quarter at once: one evaluation, the other told it exists', async () => {
    await targets('admin', t.users.manager.id, 2019, 4, [custom('10', '100', '5')]);
    const both = await Promise.all(
      (['sale_lead', 'hr_lead'] as const).map((role) =>
        call(role, 'POST', '/api/v1/kpi-bonus/evaluation', { userId: t.users.manager.id, period: '2019-Q4' }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const list = (
      await call('admin', 'GET', `/api/v1/kpi-bonus/evaluation?userId=${t.users.manager.id}&period=2019-Q4`)
    ).json() as object[];
    expect(list).toHaveLength(1);
  });

  it('a person questions a line; a lead answers; the open ones are listed for the leads and the History keeps both', async () => {
    await targets('admin', t.users.sale.id, 2018, 4, [custom('10', '100', '9')]);
    const e = await evaluation(t.users.sale.id, '2018-Q4');
    const asked = await call('sale', 'POST', `/api/v1/kpi-bonus/evaluation/${e.id}/questions`, {
      line: 'metric:0',
      text: 'I ran 10 workshops, not 9',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const unknown = await call('sale', 'POST', `/api/v1/kpi-bonus/evaluation/${e.id}/questions`, { line: 'metric:7', text: '?' });
    expect(unknown.json().code).toBe('statement_line_unknown');
    expect((await call('sale', 'GET', '/api/v1/kpi-bonus/evaluation/questions?open=true')).statusCode).toBe(403);
    const open = (await call('sale_lead', 'GET', '/api/v1/kpi-bonus/evaluation/questions?open=true')).json().data as Array<{ id: string }>;
    expect(open.map((q) => q.id)).toContain(asked.json().id);
    const answered = await call('sale_lead', 'POST', `/api/v1/kpi-bonus/evaluation/${e.id}/questions/${asked.json().id}/answer`, {
      text: 'The 10th was in January',
    });
    expect(answered.statusCode).toBe(200);
    expect(
      (await call('hr_lead', 'POST', `/api/v1/kpi-bonus/evaluation/${e.id}/questions/${asked.json().id}/answer`, { text: 'Again' })).json()
        .code,
    ).toBe('question_answered');
    const stillOpen = (await call('sale_lead', 'GET', '/api/v1/kpi-bonus/evaluation/questions?open=true')).json().data as Array<{
      id: string;
    }>;
    expect(stillOpen.map((q) => q.id)).not.toContain(asked.json().id);
    expect((await detail(e.id, 'sale')).questions).toEqual([
      expect.objectContaining({ line: 'metric:0', answer: 'The 10th was in January' }),
    ]);
    const history = (await call('admin', 'GET', `/api/v1/audit?entity=kpi-evaluations&entityId=${e.id}`)).json().data as Array<{
      action: string;
    }>;
    expect(history.map((h) => h.action)).toEqual(['answer', 'question', 'created']);
  });

  it('reading a draft whose figures did not move writes nothing: its version stays, so Approve with it works', async () => {
    await targets('admin', t.users.developer.id, 2018, 3, [custom('4', '100', '2')]);
    const e = await evaluation(t.users.developer.id, '2018-Q3');
    const etag = async () => (await call('admin', 'GET', `/api/v1/kpi-bonus/evaluation/${e.id}`)).headers.etag;
    const version = await etag();
    await detail(e.id);
    await detail(e.id);
    expect(await etag()).toBe(version);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/kpi-bonus/evaluation/${e.id}/approve`,
      headers: { ...(await t.auth('hr_lead')), 'if-match': String(version) },
    });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('previews a quarter without storing it', async () => {
    await targets('admin', t.users.developer.id, 2019, 1, [custom('4', '100', '3')]);
    const preview = await call('hr_lead', 'POST', '/api/v1/kpi-bonus/evaluation/preview', {
      userId: t.users.developer.id,
      period: '2019-Q1',
    });
    expect(preview.json()).toMatchObject({ total: '75.00', missing: [], unit: 'percent' });
    const stored = (
      await call('admin', 'GET', `/api/v1/kpi-bonus/evaluation?userId=${t.users.developer.id}&period=2019-Q1`)
    ).json() as object[];
    expect(stored).toEqual([]);
  });
});

describe('warning levels', () => {
  it('count approved quarters in a row below 70 % across a year boundary; level 2 and more is a salary-reduction risk with its reason', async () => {
    const who = t.users.manager.id;
    for (const [year, quarter, actual] of [
      [2017, 2, '90'],
      [2017, 3, '65'],
      [2017, 4, '60'],
      [2018, 1, '55'],
    ] as const) {
      await targets('admin', who, year, quarter, [custom('100', '100', actual)]);
      const e = await evaluation(who, `${year}-Q${quarter}`);
      expect((await call('admin', 'POST', `/api/v1/kpi-bonus/evaluation/${e.id}/approve`)).statusCode).toBe(200);
    }
    // A draft does not count: it may still move.
    await targets('admin', who, 2018, 2, [custom('100', '100', '10')]);
    await evaluation(who, '2018-Q2');
    const warning = (await call('hr_lead', 'GET', `/api/v1/kpi-bonus/warning-levels/${who}`)).json();
    expect(warning).toMatchObject({ level: 3, gap: '15.00', salaryReductionRisk: true, threshold: '70.00' });
    expect(warning.quarters.map((q: { period: string }) => q.period)).toEqual(['2018-Q1', '2017-Q4', '2017-Q3']);
    const risk = (await call('admin', 'GET', `/api/v1/kpi-bonus/salary-reduction-risk/${who}`)).json();
    expect(risk.reason).toBe('3 quarters in a row below 70 %: 2018-Q1 (55.00 %), 2017-Q4 (60.00 %), 2017-Q3 (65.00 %)');
    const dashboard = (await call('sale_lead', 'GET', `/api/v1/kpi-bonus/dashboard/${who}`)).json();
    const periods = dashboard.evaluations.map((e: { period: string }) => e.period) as string[];
    expect(periods).toEqual([...periods].sort().reverse());
    expect(periods).toEqual(expect.arrayContaining(['2018-Q2', '2018-Q1', '2017-Q4', '2017-Q3', '2017-Q2']));
    expect(dashboard.warning.level).toBe(3);
    expect((await call('sale', 'GET', `/api/v1/kpi-bonus/warning-levels/${who}`)).statusCode).toBe(404);
    expect((await call('developer', 'GET', `/api/v1/kpi-bonus/warning-levels/${who}`)).statusCode).toBe(403);
  });
});
