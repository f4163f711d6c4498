import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/domain/auth/permissions.js';
import { todayIn } from '../../src/domain/modules/leave/leave.rules.js';
import { analyticsFilters, filtersQuery, type ListFilters } from '../../src/domain/modules/invoices/invoices.analytics.js';
import { add, compare, formatMoney, subtract } from '../../src/domain/money.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// The home page's one call: each role gets exactly the blocks whose data it may read, and the
// figures follow the rows made through the API (before/after deltas: the demo data is there too).

let t: TestApp;
let customerId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const res = await call('admin', 'GET', '/api/v1/customers?_start=0&_end=1&status=active');
  customerId = (res.json() as Array<{ id: string }>)[0]!.id;
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = async (role: Role, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dashboard = async (role: Role): Promise<any> => {
  const res = await call(role, 'GET', '/api/v1/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const byKey = <T extends Record<string, unknown>>(rows: T[], key: keyof T, value: string) =>
  rows.find((r) => r[key] === value) as (T & { count: number }) | undefined;

// Hand-written from the spec's section table: jobs → recruitment, everyone → own leave, leave
// approvers → team, headcount → workforce, a developer → their hours, headcount and everyone's
// logwork (the leads) → utilisation, the leads and admin (the firm's) and a sale (their customers')
// → revenue, the P&L's navigation list (admin, hr_lead, sale_lead, manager) → profit.
const BLOCKS: Record<Role, string[]> = {
  admin: ['leave', 'profit', 'recruitment', 'revenue', 'team', 'utilisation', 'workforce'],
  hr_lead: ['leave', 'profit', 'recruitment', 'revenue', 'team', 'utilisation', 'workforce'],
  sale_lead: ['leave', 'profit', 'recruitment', 'revenue', 'team', 'utilisation', 'workforce'],
  developer: ['hours', 'leave'],
  hr: ['leave', 'recruitment'],
  sale: ['leave', 'recruitment', 'revenue', 'workforce'],
  manager: ['leave', 'profit', 'recruitment', 'team', 'workforce'],
};

describe('who gets what', () => {
  it.each(ROLES)('%s gets exactly its blocks', async (role) => {
    const d = await dashboard(role);
    expect(d.today).toBe(todayIn());
    expect(
      Object.keys(d)
        .filter((k) => k !== 'today' && k !== 'week')
        .sort(),
    ).toEqual(BLOCKS[role]);
  });

  it('a developer never gets job, pipeline, headcount or team numbers', async () => {
    const body = (await call('developer', 'GET', '/api/v1/dashboard')).body;
    for (const word of [
      'openJobsByPriority',
      'pipelineByStage',
      'activeHeadcount',
      'bench',
      'byCustomer',
      'pendingApprovals',
      'upcoming',
      'billableHours',
      'availableHours',
    ])
      expect(body).not.toContain(word);
  });

  it('asks for a signed-in caller', async () => {
    expect((await t.app.inject({ url: '/api/v1/dashboard' })).statusCode).toBe(401);
  });
});

describe('recruitment', () => {
  it('counts open jobs per priority, every priority listed; a job on hold is not open', async () => {
    const before = (await dashboard('hr')).recruitment;
    expect(before.openJobsByPriority.map((p: { priority: string }) => p.priority)).toEqual(['low', 'medium', 'high', 'urgent']);
    for (const [priority, status] of [
      ['urgent', 'open'],
      ['urgent', 'open'],
      ['low', 'on_hold'],
    ])
      expect(
        (await call('sale', 'POST', '/api/v1/jobs', { title: `Kỹ sư Go ${priority} ${status}`, customerId, priority, status })).statusCode,
      ).toBe(201);
    const after = (await dashboard('hr')).recruitment;
    expect(byKey(after.openJobsByPriority, 'priority', 'urgent')!.count).toBe(
      byKey(before.openJobsByPriority, 'priority', 'urgent')!.count + 2,
    );
    expect(byKey(after.openJobsByPriority, 'priority', 'low')!.count).toBe(byKey(before.openJobsByPriority, 'priority', 'low')!.count);
    // The same count as the jobs list filtered the way the widget links to.
    const listed = await call('hr', 'GET', '/api/v1/jobs/paginated?status=open&priority=urgent&limit=1');
    expect(byKey(after.openJobsByPriority, 'priority', 'urgent')!.count).toBe(listed.json().total);
  });

  it("counts the pipeline by stage, and the caller's candidates and moves of the week", async () => {
    const job = (await call('sale', 'POST', '/api/v1/jobs', { title: 'Kỹ sư dữ liệu', customerId, openings: 2 })).json();
    const before = await dashboard('hr');
    const otherBefore = await dashboard('sale_lead');
    const made = await call('hr', 'POST', '/api/v1/candidates', { fullName: 'Trần Thị Mai Anh' });
    expect(made.statusCode, made.body).toBe(201);
    const candidate = made.json();
    expect((await call('hr', 'POST', `/api/v1/jobs/${job.id}/candidates`, { candidateId: candidate.id })).statusCode).toBe(201);
    const moved = await call('hr', 'PATCH', `/api/v1/jobs/${job.id}/candidates/${candidate.id}/status`, { stage: 'screening' });
    expect(moved.statusCode, moved.body).toBe(200);

    const after = await dashboard('hr');
    const stage = (d: typeof after, s: string) => byKey(d.recruitment.pipelineByStage, 'stage', s)!.count;
    expect(stage(after, 'sourced')).toBe(stage(before, 'sourced'));
    expect(stage(after, 'screening')).toBe(stage(before, 'screening') + 1);
    expect(after.recruitment.candidatesAdded.count).toBe(before.recruitment.candidatesAdded.count + 1);
    expect(after.recruitment.candidatesAdded.recent[0]).toMatchObject({ id: candidate.id, fullName: 'Trần Thị Mai Anh' });
    // Added (into sourced), then moved to screening: two moves, newest first.
    expect(after.recruitment.moves.count).toBe(before.recruitment.moves.count + 2);
    expect(after.recruitment.moves.recent[0]).toMatchObject({
      jobId: job.id,
      jobTitle: 'Kỹ sư dữ liệu',
      candidateId: candidate.id,
      fromStage: 'sourced',
      toStage: 'screening',
    });
    expect(after.recruitment.moves.recent[1]).toMatchObject({ candidateId: candidate.id, fromStage: null, toStage: 'sourced' });
    // Someone else's week is theirs: the pipeline is shared, the week's lists are not.
    const other = await dashboard('sale_lead');
    expect(other.recruitment.candidatesAdded.count).toBe(otherBefore.recruitment.candidatesAdded.count);
    expect(other.recruitment.moves.count).toBe(otherBefore.recruitment.moves.count);
    expect(byKey(other.recruitment.pipelineByStage, 'stage', 'screening')!.count).toBe(stage(after, 'screening'));
  });
});

/** The first calendar date from `from` on which `role`'s one-day sick leave is accepted. */
async function askOneDay(role: Role, from: number): Promise<{ id: string; startDate: string }> {
  for (let n = from; n < from + 40; n++) {
    const day = new Date(Date.parse(`${todayIn()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const res = await call(role, 'POST', '/api/leave-requests', {
      reason: 'Medical appointment',
      type: 'sick',
      startDate: day,
      endDate: day,
    });
    // Weekends, holidays and the demo data's own requests are refused; the next day is tried.
    if (res.statusCode === 201) return res.json();
  }
  throw new Error('no day accepted');
}

describe('leave', () => {
  it('my balance is my-requests’ balance; my next approved leave is the one approved', async () => {
    const d = await dashboard('developer');
    const mine = (await call('developer', 'GET', '/api/leave-requests/my-requests')).json();
    expect(d.leave.balance).toEqual(mine.balance);
    const managerBefore = (await dashboard('manager')).team;

    const asked = await askOneDay('developer', 3);
    // The developer reports to the manager: one more request waits for them, none for hr.
    const waiting = (await dashboard('manager')).team;
    expect(waiting.pendingApprovals).toBe(managerBefore.pendingApprovals + 1);
    const approvals = (await call('manager', 'GET', '/api/leave-requests/pending-approvals')).json();
    expect(waiting.pendingApprovals).toBe(approvals.length);
    expect((await dashboard('developer')).leave.next?.id).not.toBe(asked.id);

    const approved = await call('manager', 'POST', `/api/leave-requests/${asked.id}/approve`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await dashboard('developer');
    expect(after.leave.next).toMatchObject({ id: asked.id, type: 'sick', startDate: asked.startDate, days: 1 });
    const team = (await dashboard('manager')).team;
    expect(team.pendingApprovals).toBe(managerBefore.pendingApprovals);
    expect(team.upcoming.map((l: { id: string }) => l.id)).toContain(asked.id);
    expect(team.upcoming.find((l: { id: string }) => l.id === asked.id)).toMatchObject({ userId: t.users.developer.id });
    // An approver's own leave is not their team's.
    const own = await askOneDay('manager', 3);
    await call('admin', 'POST', `/api/leave-requests/${own.id}/approve`, { decision: 'approve' });
    expect((await dashboard('manager')).team.upcoming.map((l: { id: string }) => l.id)).not.toContain(own.id);
  });
});

describe('workforce', () => {
  it('active seats, the bench and seats per customer follow the seats made', async () => {
    const person = await call('admin', 'POST', '/api/v1/user', {
      email: `bench.${Date.now()}@example.com`,
      fullName: 'Lê Văn Bình',
      role: 'developer',
      password: 'bench tester passphrase',
    });
    expect(person.statusCode, person.body).toBe(201);
    const before = (await dashboard('admin')).workforce;
    expect(before.bench).toBe((await call('admin', 'GET', '/api/v1/headcount/bench')).json().length);
    const seat = await call('admin', 'POST', '/api/v1/headcount', {
      title: 'Backend Engineer',
      userId: person.json().id,
      customerId,
      billingRate: 6000,
      startDate: '2025-01-01',
      status: 'active',
    });
    expect(seat.statusCode, seat.body).toBe(201);
    const after = (await dashboard('admin')).workforce;
    expect(after.activeHeadcount).toBe(before.activeHeadcount + 1);
    expect(after.bench).toBe(before.bench - 1);
    expect(after.bench).toBe((await call('admin', 'GET', '/api/v1/headcount/bench')).json().length);
    expect(byKey(after.byCustomer, 'customerId', customerId)!.count).toBe(
      (byKey(before.byCustomer, 'customerId', customerId)?.count ?? 0) + 1,
    );
    expect(after.byCustomer.reduce((n: number, c: { count: number }) => n + c.count, 0)).toBe(after.activeHeadcount);
    // A sale reads the same firm-wide figures (the headcount section).
    expect((await dashboard('sale')).workforce).toEqual(after);
  });
});

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const addDays = (d: string, n: number) => isoDay(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000);

describe('logwork', () => {
  it("a developer's hours this week are what they logged, against 8 h a working day less holidays and leave", async () => {
    const before = await dashboard('developer');
    const { from, to } = before.week;
    expect([from, to]).toEqual([addDays(from, 0), addDays(from, 6)]);
    // The expectation worked out from the calendar: public holidays and the developer's approved leave.
    const calendar = (await call('developer', 'GET', `/api/calendar?from=${from}&to=${to}`)).json();
    const holidays = new Set(calendar.holidays.map((h: { date: string }) => h.date));
    const mine = calendar.leave.filter((l: { userId: string }) => l.userId === t.users.developer.id);
    let expected = 0;
    for (let i = 0; i < 5; i++) {
      const day = addDays(from, i);
      if (holidays.has(day)) continue;
      const away = mine
        .filter((l: { startDate: string; endDate: string }) => l.startDate <= day && l.endDate >= day)
        .reduce(
          (n: number, l: { halfDay: string | null; startDate: string; endDate: string }) =>
            n + (l.halfDay && l.startDate === l.endDate ? 0.5 : 1),
          0,
        );
      expected += 8 * Math.max(0, 1 - away);
    }
    expect(before.hours.expected).toBe(expected);

    // Today, on a project the demo data has no entry for yet.
    const projects = (await call('admin', 'GET', '/api/v1/projects?_start=0&_end=100&status=active')).json() as Array<{ id: string }>;
    let logged = false;
    for (const p of projects) {
      const res = await call('developer', 'POST', '/api/v1/timesheet', { projectId: p.id, date: before.today, hours: 3.5 });
      if (res.statusCode === 201) {
        logged = true;
        break;
      }
    }
    expect(logged).toBe(true);
    expect((await dashboard('developer')).hours).toEqual({ logged: before.hours.logged + 3.5, expected });
  });

  it('utilisation is billable hours (logged on a seat) over the available hours of active developers', async () => {
    const before = (await dashboard('admin')).utilisation;
    expect(before.from).toBe(`${before.to.slice(0, 7)}-01`);
    expect(before.rate).toBeCloseTo(before.billableHours / before.availableHours, 10);
    const [project, other] = (await call('admin', 'GET', '/api/v1/projects?_start=0&_end=2&status=active')).json() as Array<{
      id: string;
      customerId: string;
    }>;
    const person = await call('admin', 'POST', '/api/v1/user', {
      email: `utilisation.${Date.now()}@example.com`,
      fullName: 'Phạm Thu Hà',
      role: 'developer',
      password: 'utilisation tester passphrase',
    });
    const userId = person.json().id as string;
    const seat = await call('admin', 'POST', '/api/v1/headcount', {
      title: 'Frontend Engineer',
      userId,
      customerId: project!.customerId,
      projectId: project!.id,
      billingRate: 5000,
      startDate: '2025-01-01',
      status: 'active',
    });
    expect(seat.statusCode, seat.body).toBe(201);
    const today = before.to;
    const onSeat = await call('admin', 'POST', '/api/v1/timesheet', { userId, projectId: project!.id, date: today, hours: 6 });
    expect(onSeat.statusCode, onSeat.body).toBe(201);
    // Hours on a project without a seat are not billable.
    const offSeat = await call('admin', 'POST', '/api/v1/timesheet', { userId, projectId: other!.id, date: today, hours: 2 });
    expect(offSeat.statusCode, offSeat.body).toBe(201);
    const after = (await dashboard('admin')).utilisation;
    expect(after.billableHours).toBe(before.billableHours + 6);
    // The new developer is available from the month's first day (their working days so far).
    expect(after.availableHours).toBeGreaterThanOrEqual(before.availableHours);
    expect(after.rate).toBeCloseTo(after.billableHours / after.availableHours, 10);
    expect((await dashboard('hr_lead')).utilisation).toEqual(after);
  });
});

describe('revenue', () => {
  type Sum = { total: string; count: number };
  // Revenue is the list's net of tax; what is owed (outstanding, overdue) its total with tax.
  const listTotal = async (role: Role, filters: ListFilters, kind: 'net' | 'owed' = 'owed') => {
    const res = await call(role, 'GET', `/api/v1/invoice/totals?${filtersQuery(filters)}`);
    expect(res.statusCode, res.body).toBe(200);
    const { total, net, count } = res.json() as Sum & { net: string };
    return { total: kind === 'net' ? net : total, count };
  };

  it.each(['admin', 'sale_lead', 'sale'] as const)('%s: each figure is the total of the invoice list it links to', async (role) => {
    const d = await dashboard(role);
    const r = d.revenue as {
      baseCurrency: string;
      thisMonth: Sum & { period: string };
      lastMonth: Sum & { period: string };
      outstanding: Sum;
      overdue: Sum;
    };
    expect(r.baseCurrency).toBe('USD');
    const today = new Date().toISOString().slice(0, 10);
    expect(r.thisMonth.period).toBe(today.slice(0, 7));
    const pick = ({ total, count }: Sum) => ({ total, count });
    expect(pick(r.thisMonth)).toEqual(await listTotal(role, analyticsFilters.month(r.thisMonth.period), 'net'));
    expect(pick(r.lastMonth)).toEqual(await listTotal(role, analyticsFilters.month(r.lastMonth.period), 'net'));
    expect(pick(r.outstanding)).toEqual(await listTotal(role, analyticsFilters.outstanding()));
    expect(pick(r.overdue)).toEqual(await listTotal(role, analyticsFilters.overdue(today)));
    expect(pick(r.overdue)).toEqual(await listTotal(role, { overdue: 'true' }));
    // The demo data bills every month and leaves some invoices unpaid.
    expect(r.lastMonth.count).toBeGreaterThan(0);
    expect(r.outstanding.count).toBeGreaterThan(0);
  });

  it("a sale's figures are their customers' only", async () => {
    const [firm, sale] = [(await dashboard('admin')).revenue, (await dashboard('sale')).revenue];
    expect(sale.lastMonth.count).toBeLessThan(firm.lastMonth.count);
    const own = await call(
      'admin',
      'GET',
      `/api/v1/invoice/totals?period=${sale.lastMonth.period}&status_ne=cancelled&saleId=${t.users.sale.id}`,
    );
    const ownSum = own.json() as Sum & { net: string };
    expect({ total: sale.lastMonth.total, count: sale.lastMonth.count }).toEqual({ total: ownSum.net, count: ownSum.count });
  });
});

describe('profit', () => {
  type Figures = { revenue: string; salaryCost: string | null; externalCost: string; profit: string | null; margin: string | null };
  type PnlFigures = Figures & { bonuses: string | null; commissions: string | null };
  const pnl = async (role: Role, month: string, groupBy: string) => {
    const res = await call(role, 'GET', `/api/v1/pnl?from=${month}&to=${month}&groupBy=${groupBy}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { totals: PnlFigures; rows: Array<PnlFigures & { key: string }> };
  };
  const pick = ({ revenue, salaryCost, externalCost, profit, margin }: Figures) => ({ revenue, salaryCost, externalCost, profit, margin });
  // The dashboard's salary cost is the whole pay: the P&L's salary cost, bonuses and commissions.
  const pay = (f: PnlFigures) => (f.salaryCost === null ? null : formatMoney(add(f.salaryCost, f.bonuses!, f.commissions!), 'USD'));
  const asDashboard = (f: PnlFigures) => ({ ...pick(f), salaryCost: pay(f) });

  it.each(['admin', 'manager'] as const)("%s: this month's and last month's figures are the P&L's of that month", async (role) => {
    const p = (await dashboard(role)).profit as {
      baseCurrency: string;
      thisMonth: Figures & { period: string };
      lastMonth: Figures & { period: string };
      costsByCategory: Array<{ category: string; total: string }>;
      benchCost: string | null;
      salaryDetail: boolean;
    };
    expect(p.baseCurrency).toBe('USD');
    expect(p.thisMonth.period).toBe(todayIn().slice(0, 7));
    expect(p.salaryDetail).toBe(role === 'admin');
    for (const m of [p.thisMonth, p.lastMonth]) expect(pick(m)).toEqual(asDashboard((await pnl(role, m.period, 'customer')).totals));
    // The demo firm bills and pays every month: last month has a profit to show, to everyone of the P&L.
    expect(p.lastMonth.revenue).not.toBe('0.00');
    expect(p.lastMonth.profit).not.toBeNull();
    // The bench's cost is the P&L's row that no project takes.
    const byProject = await pnl(role, p.thisMonth.period, 'project');
    const bench = byProject.rows.find((r) => r.key === 'overhead');
    expect(p.benchCost).toBe(bench ? pay(bench) : '0.00');
    // Costs by category add up to the month's external cost, largest first.
    expect(formatMoney(add('0', ...p.costsByCategory.map((c) => c.total)), 'USD')).toBe(p.thisMonth.externalCost);
    p.costsByCategory.slice(1).forEach((c, i) => expect(compare(c.total, p.costsByCategory[i]!.total)).toBeLessThanOrEqual(0));
  });

  it('follows a cost written this month', async () => {
    const before = (await dashboard('admin')).profit;
    const cost = await call('admin', 'POST', '/api/v1/external-costs', {
      date: todayIn(),
      category: 'software',
      vendor: 'Dashboard Test Vendor',
      description: 'A licence',
      amount: '123.45',
      currency: 'USD',
      exchangeRate: '1',
    });
    expect(cost.statusCode, cost.body).toBe(201);
    const after = (await dashboard('admin')).profit;
    const software = (p: { costsByCategory: Array<{ category: string; total: string }> }) =>
      p.costsByCategory.find((c) => c.category === 'software')?.total ?? '0';
    expect(formatMoney(subtract(software(after), software(before)), 'USD')).toBe('123.45');
    expect(formatMoney(subtract(after.thisMonth.externalCost, before.thisMonth.externalCost), 'USD')).toBe('123.45');
  });
});
