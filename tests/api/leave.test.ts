import { and, eq, gte, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { customers } from '../../src/server/modules/customers/customers.table.js';
import { headcounts } from '../../src/server/modules/headcounts/headcounts.table.js';
import { leaveRequests } from '../../src/server/modules/leave-requests/leave-requests.table.js';
import { notifications } from '../../src/server/modules/notifications/notifications.table.js';
import { users } from '../../src/server/modules/users/users.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// Leave's own rules and routes (the contract suite covers the generic ones): days, overlap and
// balance refusals, one- and two-level approvals and who may give them, cancelling, row scope,
// notifications, the dashboard, the calendar and the matrix. Requests fall in 2031-2033, clear of
// the demo data's; the demo developer reports to the demo manager.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });

/** The `n`-th weekday from Monday 2031-03-03 (calendar dates). */
const weekday = (n: number) =>
  new Date(Date.parse('2031-03-03T00:00:00Z') + (Math.floor(n / 5) * 7 + (n % 5)) * 86_400_000).toISOString().slice(0, 10);
const ask = (role: Role, body: Record<string, unknown>) =>
  call(role, 'POST', '/api/leave-requests', { reason: 'Family matters', type: 'sick', ...body });
const oneDay = (n: number, extra: Record<string, unknown> = {}) => ({ startDate: weekday(n), endDate: weekday(n), ...extra });

/** Who received notifications of `type` since `since`. */
async function recipients(type: string, since: Date): Promise<string[]> {
  const rows = await t.database.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(and(eq(notifications.type, type), gte(notifications.createdAt, since.toISOString())));
  return rows.map((r) => r.userId).sort();
}
async function activeIdsOf(roles: Role[]): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, roles), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

describe('asking for leave', () => {
  it('counts working days, sets the requester and tells the manager only', async () => {
    const since = new Date();
    const res = await ask('developer', { startDate: weekday(0), endDate: weekday(6), userId: t.users.admin.id });
    // userId is the server's: a body naming it is refused as an unknown field.
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.userId).toEqual({ code: 'unknown_field' });
    const created = await ask('developer', { startDate: weekday(0), endDate: weekday(6) });
    expect(created.statusCode, created.body).toBe(201);
    // Monday to the next Tuesday: 7 working days, over the weekend.
    expect(created.json()).toMatchObject({ userId: t.users.developer.id, days: 7, status: 'pending', approvalsRequired: 2 });
    expect(await recipients('leave_requested', since)).toEqual([t.users.manager.id]);
  });

  it('a half day costs 0.5 and leaves the other half free', async () => {
    const am = await ask('developer', oneDay(10, { halfDay: 'am' }));
    expect(am.statusCode, am.body).toBe(201);
    expect(am.json()).toMatchObject({ days: 0.5, halfDay: 'am', approvalsRequired: 1 });
    expect((await ask('developer', oneDay(10, { halfDay: 'pm' }))).statusCode).toBe(201);
    const again = await ask('developer', oneDay(10, { halfDay: 'am' }));
    expect(again.statusCode).toBe(409);
  });

  it('refuses bad input with field codes', async () => {
    const before = await ask('developer', { startDate: weekday(21), endDate: weekday(20) });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({ code: 'validation_failed', issues: { endDate: { code: 'end_before_start' } } });
    const half = await ask('developer', { startDate: weekday(20), endDate: weekday(21), halfDay: 'am' });
    expect(half.statusCode).toBe(400);
    expect(half.json().issues.halfDay).toEqual({ code: 'half_day_one_day' });
    const type = await ask('developer', { ...oneDay(20), type: 'holiday' });
    expect(type.statusCode).toBe(400);
    expect(type.json().issues.type.code).toBe('choice');
    const date = await ask('developer', { startDate: '2031-02-30', endDate: '2031-03-01' });
    expect(date.statusCode).toBe(400);
    expect((await ask('developer', { startDate: weekday(20) })).json().issues.endDate).toEqual({ code: 'required' });
    // A Saturday and a Sunday hold no working day.
    const weekend = await ask('developer', { startDate: '2031-03-08', endDate: '2031-03-09' });
    expect(weekend.statusCode).toBe(422);
    expect(weekend.json()).toMatchObject({ code: 'leave_no_working_days', issues: { startDate: { code: 'leave_no_working_days' } } });
  });

  it('refuses an overlap with one of my pending or approved requests (409), not with a rejected one or someone else’s', async () => {
    const first = await ask('developer', { startDate: weekday(30), endDate: weekday(32) });
    expect(first.statusCode).toBe(201);
    const clash = await ask('developer', { startDate: weekday(32), endDate: weekday(33) });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'leave_overlap',
      issues: { startDate: { code: 'leave_overlap', params: { start: weekday(30), end: weekday(32) } } },
    });
    expect(clash.json().errors.startDate).toContain(weekday(30));
    expect((await ask('hr', { startDate: weekday(32), endDate: weekday(33) })).statusCode).toBe(201);
    const rejected = await call('manager', 'POST', `/api/leave-requests/${first.json().id}/approve`, {
      decision: 'reject',
      note: 'Release',
    });
    expect(rejected.json().status).toBe('rejected');
    expect((await ask('developer', { startDate: weekday(32), endDate: weekday(33) })).statusCode).toBe(201);
  });

  it('refuses annual days beyond the remaining balance (422) and holds pending days', async () => {
    const year = 2032;
    const mine = async () => (await call('developer', 'GET', `/api/leave-requests/my-requests?year=${year}`)).json();
    const { balance } = await mine();
    expect(balance).toMatchObject({ year, used: 0, pending: 0 });
    expect(balance.remaining).toBe(balance.entitlement + balance.carried);
    // Mondays of 2032 onwards, far apart: a request of `n` days from the `k`-th week.
    const from = (week: number, days: number) => {
      const start = Date.parse('2032-01-05T00:00:00Z') + week * 7 * 86_400_000;
      return {
        startDate: new Date(start).toISOString().slice(0, 10),
        endDate: new Date(start + (days - 1) * 86_400_000).toISOString().slice(0, 10),
      };
    };
    const two = await ask('developer', { ...from(0, 2), type: 'annual' });
    expect(two.statusCode, two.body).toBe(201);
    expect((await mine()).balance).toMatchObject({ pending: 2, remaining: balance.remaining - 2 });
    // The rest of the balance plus one day: refused, naming what remains.
    const left = balance.remaining - 2;
    const weeks = Math.ceil((left + 1) / 5);
    const tooMuch = await ask('developer', { ...from(2, weeks * 7), type: 'annual' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      code: 'leave_balance',
      issues: { endDate: { code: 'leave_balance', params: { remaining: left, year } } },
    });
    // Unpaid leave spends no balance.
    expect((await ask('developer', { ...from(2, weeks * 7), type: 'unpaid' })).statusCode).toBe(201);
  });

  it('a pending request is edited by its requester, not once decided', async () => {
    const created = (await ask('developer', oneDay(40, { halfDay: 'pm' }))).json();
    expect(created.days).toBe(0.5);
    const edited = await call('developer', 'PATCH', `/api/leave-requests/${created.id}`, { endDate: weekday(41) });
    expect(edited.statusCode, edited.body).toBe(200);
    // Two days now: the half day goes.
    expect(edited.json()).toMatchObject({ days: 2, halfDay: null });
    const readOnly = await call('developer', 'PATCH', `/api/leave-requests/${created.id}`, { status: 'approved' });
    expect(readOnly.statusCode).toBe(400);
    // The manager reads a report's request but cannot edit it.
    const byManager = await call('manager', 'PATCH', `/api/leave-requests/${created.id}`, { reason: 'Changed' });
    expect(byManager.statusCode).toBe(403);
    expect((await call('manager', 'POST', `/api/leave-requests/${created.id}/approve`, { decision: 'approve' })).statusCode).toBe(200);
    const late = await call('developer', 'PATCH', `/api/leave-requests/${created.id}`, { reason: 'Changed' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('leave_not_pending');
  });
});

describe('approving', () => {
  it('one level: the manager approves, the requester is told; nobody decides twice', async () => {
    const created = (await ask('developer', oneDay(50))).json();
    expect(created.approvalsRequired).toBe(1);
    const since = new Date();
    // Not the approver: hr_lead when the developer has a manager; a developer never reaches the route.
    const hrLead = await call('hr_lead', 'POST', `/api/leave-requests/${created.id}/approve`, { decision: 'approve' });
    expect(hrLead.statusCode).toBe(403);
    expect(hrLead.json().code).toBe('not_approver');
    expect((await call('developer', 'POST', `/api/leave-requests/${created.id}/approve`, { decision: 'approve' })).statusCode).toBe(403);
    const ok = await call('manager', 'POST', `/api/leave-requests/${created.id}/approve`, { decision: 'approve', note: 'Enjoy' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', approverId: t.users.manager.id, decisionNote: 'Enjoy' });
    expect(await recipients('leave_approved', since)).toEqual([t.users.developer.id]);
    const twice = await call('manager', 'POST', `/api/leave-requests/${created.id}/approve`, { decision: 'reject', note: 'No' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('leave_not_pending');
  });

  it('a decision on the request as the approver saw it: edited since, it is refused with 412 and nothing is decided', async () => {
    const created = (await ask('developer', oneDay(53))).json();
    const url = `/api/leave-requests/${created.id}`;
    const seen = (await call('manager', 'GET', url)).headers.etag as string;
    const decide = async (decision: object, tag: string) =>
      t.app.inject({
        method: 'POST',
        url: `${url}/approve`,
        headers: { ...(await t.auth('manager')), 'if-match': tag },
        payload: decision,
      });
    // The requester changes the reason after the manager opened it.
    expect((await call('developer', 'PATCH', url, { reason: 'Dentist, then family' })).statusCode).toBe(200);
    // The approvals list carries the version the approver decides on: the new one.
    const listed = (await call('manager', 'GET', '/api/leave-requests/pending-approvals')).json() as Array<{ id: string; version: string }>;
    expect(listed.find((p) => p.id === created.id)?.version).toBe((await call('manager', 'GET', url)).headers.etag);
    expect(listed.find((p) => p.id === created.id)?.version).not.toBe(seen);
    const refused = await decide({ decision: 'approve' }, seen);
    expect(refused.statusCode, refused.body).toBe(412);
    expect(refused.json()).toMatchObject({
      code: 'stale_record',
      details: { changedBy: { id: t.users.developer.id }, current: { status: 'pending', reason: 'Dentist, then family' } },
    });
    expect((await call('manager', 'GET', url)).json().status).toBe('pending');
    // Seen anew, it is decided; the answer carries the decided version, which the GET repeats.
    const ok = await decide({ decision: 'approve' }, (await call('manager', 'GET', url)).headers.etag as string);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers.etag).toBe((await call('developer', 'GET', url)).headers.etag);
    // Cancelling takes the same precondition.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `${url}/cancel`,
      headers: { ...(await t.auth('developer')), 'if-match': seen },
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(412);
  });

  it('a rejection needs a note and tells the requester', async () => {
    const created = (await ask('developer', oneDay(51))).json();
    const bare = await call('manager', 'POST', `/api/leave-requests/${created.id}/approve`, { decision: 'reject' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().issues.note).toEqual({ code: 'note_required' });
    const since = new Date();
    const res = await call('manager', 'POST', `/api/leave-requests/${created.id}/approve`, { decision: 'reject', note: 'Release week' });
    expect(res.json()).toMatchObject({ status: 'rejected', decisionNote: 'Release week' });
    expect(await recipients('leave_rejected', since)).toEqual([t.users.developer.id]);
  });

  it('refuses bad bodies and ids', async () => {
    const created = (await ask('developer', oneDay(52))).json();
    const url = `/api/leave-requests/${created.id}/approve`;
    expect((await call('manager', 'POST', url, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await call('manager', 'POST', url, { decision: 'approve', extra: 1 })).statusCode).toBe(400);
    expect((await call('manager', 'POST', '/api/leave-requests/not-an-id/approve', { decision: 'approve' })).statusCode).toBe(400);
    expect(
      (await call('manager', 'POST', '/api/leave-requests/00000000-0000-4000-8000-000000000000/approve', { decision: 'approve' }))
        .statusCode,
    ).toBe(404);
  });

  it('nobody approves their own request, and one without a manager goes to the privileged roles', async () => {
    const since = new Date();
    const own = (await ask('hr_lead', oneDay(53))).json();
    const self = await call('hr_lead', 'POST', `/api/leave-requests/${own.id}/approve`, { decision: 'approve' });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('approve_own');
    // The demo hr_lead has no manager: admin, sale_lead and the other privileged people are told, not the requester.
    const told = await recipients('leave_requested', since);
    expect(told).not.toContain(t.users.hr_lead.id);
    expect(told).toEqual(expect.arrayContaining([t.users.admin.id, t.users.sale_lead.id]));
    const privileged = await activeIdsOf(['admin', 'hr_lead', 'sale_lead']);
    expect(told.filter((id) => !privileged.includes(id))).toEqual([]);
    const pending = (await call('sale_lead', 'GET', '/api/leave-requests/pending-approvals')).json() as Array<{
      id: string;
      level: number;
    }>;
    expect(pending.find((p) => p.id === own.id)).toMatchObject({ level: 1 });
    expect((await call('sale_lead', 'POST', `/api/leave-requests/${own.id}/approve`, { decision: 'approve' })).json().status).toBe(
      'approved',
    );
  });

  it('two levels for a long request: the manager, then hr_lead or admin; the requester hears only the end', async () => {
    const created = (await ask('developer', { startDate: weekday(60), endDate: weekday(66) })).json();
    expect(created).toMatchObject({ days: 7, approvalsRequired: 2 });
    const url = `/api/leave-requests/${created.id}/approve`;
    const since = new Date();
    const first = await call('manager', 'POST', url, { decision: 'approve', note: 'Fine by me' });
    expect(first.json()).toMatchObject({ status: 'pending', firstApproverId: t.users.manager.id, firstNote: 'Fine by me' });
    expect(await recipients('leave_approved', since)).toEqual([]);
    const second = await recipients('leave_second_approval', since);
    expect(second).toEqual(expect.arrayContaining([t.users.admin.id, t.users.hr_lead.id]));
    expect(second).not.toContain(t.users.sale_lead.id);
    expect(second).not.toContain(t.users.developer.id);
    // The manager has given their approval; sale_lead cannot give the second.
    const managerList = (await call('manager', 'GET', '/api/leave-requests/pending-approvals')).json() as Array<{ id: string }>;
    expect(managerList.map((p) => p.id)).not.toContain(created.id);
    expect((await call('manager', 'POST', url, { decision: 'approve' })).statusCode).toBe(403);
    expect((await call('sale_lead', 'POST', url, { decision: 'approve' })).json().code).toBe('not_approver');
    const hrList = (await call('hr_lead', 'GET', '/api/leave-requests/pending-approvals')).json() as Array<{
      id: string;
      level: number;
      requester: { id: string };
    }>;
    expect(hrList.find((p) => p.id === created.id)).toMatchObject({ level: 2, requester: { id: t.users.developer.id } });
    const done = await call('hr_lead', 'POST', url, { decision: 'approve' });
    expect(done.json()).toMatchObject({ status: 'approved', approverId: t.users.hr_lead.id });
    expect(await recipients('leave_approved', since)).toEqual([t.users.developer.id]);
  });

  it('the second approval starts above five working days: five need one, six need two, counted again on an edit', async () => {
    // Monday to Friday, then Monday to the next Monday.
    const five = await ask('developer', { startDate: weekday(100), endDate: weekday(104) });
    expect(five.json()).toMatchObject({ days: 5, approvalsRequired: 1 });
    const approved = await call('manager', 'POST', `/api/leave-requests/${five.json().id}/approve`, { decision: 'approve' });
    expect(approved.json()).toMatchObject({ status: 'approved', approverId: t.users.manager.id, firstApproverId: null });
    const six = await ask('developer', { startDate: weekday(105), endDate: weekday(110) });
    expect(six.json()).toMatchObject({ days: 6, approvalsRequired: 2 });
    const first = await call('manager', 'POST', `/api/leave-requests/${six.json().id}/approve`, { decision: 'approve' });
    expect(first.json()).toMatchObject({ status: 'pending', firstApproverId: t.users.manager.id });
    // Five days stretched to six by their requester need the second approval too.
    const stretched = (await ask('developer', { startDate: weekday(115), endDate: weekday(119) })).json();
    expect(stretched.approvalsRequired).toBe(1);
    const edited = await call('developer', 'PATCH', `/api/leave-requests/${stretched.id}`, { endDate: weekday(120) });
    expect(edited.json()).toMatchObject({ days: 6, approvalsRequired: 2 });
  });

  it('pending-approvals is for approvers only and lists what the caller may approve', async () => {
    expect((await call('developer', 'GET', '/api/leave-requests/pending-approvals')).statusCode).toBe(403);
    const created = (await ask('developer', oneDay(70))).json();
    const mgr = (await call('manager', 'GET', '/api/leave-requests/pending-approvals')).json() as Array<{ id: string; userId: string }>;
    expect(mgr.map((p) => p.id)).toContain(created.id);
    expect(mgr.every((p) => p.userId !== t.users.manager.id)).toBe(true);
    const hrLead = (await call('hr_lead', 'GET', '/api/leave-requests/pending-approvals')).json() as Array<{ id: string }>;
    expect(hrLead.map((p) => p.id)).not.toContain(created.id);
  });
});

describe('a placed developer', () => {
  it("costs billable days the approver sees, and the seat's sale owner is told", async () => {
    const [customer] = await t.database.db.select({ id: customers.id }).from(customers).limit(1);
    // A seat of September 2031 sold by the demo sale: the request below falls inside it.
    await t.database.db.insert(headcounts).values({
      title: 'Backend Engineer',
      userId: t.users.developer.id,
      customerId: customer!.id,
      billingRate: 6000,
      currency: 'USD',
      allocation: 100,
      startDate: '2031-09-01',
      endDate: '2031-09-30',
      status: 'active',
      saleId: t.users.sale.id,
    });
    const since = new Date();
    const created = await ask('developer', { startDate: '2031-09-09', endDate: '2031-09-10' });
    expect(created.statusCode, created.body).toBe(201);
    expect(await recipients('leave_requested_placed', since)).toContain(t.users.sale.id);
    const pending = (await call('manager', 'GET', '/api/leave-requests/pending-approvals')).json() as Array<{
      id: string;
      billableDays: number;
    }>;
    expect(pending.find((p) => p.id === created.json().id)?.billableDays).toBe(2);
  });
});

describe('cancelling', () => {
  it('the requester cancels a pending or future approved request; others cannot', async () => {
    const pending = (await ask('developer', oneDay(80))).json();
    expect((await call('sale', 'POST', `/api/leave-requests/${pending.id}/cancel`, {})).statusCode).toBe(404);
    expect((await call('developer', 'POST', `/api/leave-requests/${pending.id}/cancel`, { why: 'x' })).statusCode).toBe(400);
    expect((await call('developer', 'POST', '/api/leave-requests/nope/cancel', {})).statusCode).toBe(400);
    const res = await call('developer', 'POST', `/api/leave-requests/${pending.id}/cancel`, {});
    expect(res.json().status).toBe('cancelled');
    const again = await call('developer', 'POST', `/api/leave-requests/${pending.id}/cancel`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('leave_not_cancellable');
    const approved = (await ask('developer', oneDay(81))).json();
    await call('manager', 'POST', `/api/leave-requests/${approved.id}/approve`, { decision: 'approve' });
    expect((await call('developer', 'POST', `/api/leave-requests/${approved.id}/cancel`, {})).json().status).toBe('cancelled');
  });

  it('an approver cancels approved leave with a note, and the requester is told', async () => {
    const approved = (await ask('developer', oneDay(82))).json();
    await call('manager', 'POST', `/api/leave-requests/${approved.id}/approve`, { decision: 'approve' });
    const bare = await call('manager', 'POST', `/api/leave-requests/${approved.id}/cancel`, {});
    expect(bare.statusCode).toBe(422);
    expect(bare.json().issues.note).toEqual({ code: 'note_required' });
    const since = new Date();
    const res = await call('manager', 'POST', `/api/leave-requests/${approved.id}/cancel`, { note: 'Customer go-live' });
    expect(res.json()).toMatchObject({ status: 'cancelled', decisionNote: 'Customer go-live' });
    expect(await recipients('leave_cancelled', since)).toEqual([t.users.developer.id]);
  });
});

describe('cancelling gives the days back', () => {
  it('approved annual leave cancelled by its requester or its approver leaves the balance and the matrix as before', async () => {
    const year = 2035;
    const balance = async () => (await call('developer', 'GET', `/api/leave-requests/my-requests?year=${year}`)).json().balance;
    const matrixRow = async () =>
      ((await call('developer', 'GET', '/api/leave-matrix/my-matrix')).json() as Array<{ year: number }>).find((r) => r.year === year);
    const start = await balance();
    expect(start).toMatchObject({ used: 0, pending: 0 });
    // Two requests of three working days each, Monday to Wednesday of two weeks of March.
    for (const [startDate, endDate, canceller, note] of [
      ['2035-03-05', '2035-03-07', 'developer', undefined],
      ['2035-03-12', '2035-03-14', 'manager', 'Customer go-live'],
    ] as const) {
      const created = (await ask('developer', { type: 'annual', startDate, endDate })).json();
      expect(created.days).toBe(3);
      await call('manager', 'POST', `/api/leave-requests/${created.id}/approve`, { decision: 'approve' });
      const taken = { used: 3, pending: 0, remaining: start.remaining - 3 };
      expect(await balance()).toMatchObject(taken);
      expect(await matrixRow()).toMatchObject(taken);
      const cancelled = await call(canceller, 'POST', `/api/leave-requests/${created.id}/cancel`, note ? { note } : {});
      expect(cancelled.json().status, canceller).toBe('cancelled');
      const back = { used: 0, pending: 0, remaining: start.remaining };
      expect(await balance(), canceller).toMatchObject(back);
      expect(await matrixRow(), canceller).toMatchObject(back);
    }
  });
});

describe('row scope', () => {
  it("a developer never reads another developer's requests, by list, id or export", async () => {
    const [other] = await t.database.db
      .select({ id: leaveRequests.id, userId: leaveRequests.userId })
      .from(leaveRequests)
      .innerJoin(users, eq(users.id, leaveRequests.userId))
      .where(and(eq(users.role, 'developer'), ne(users.id, t.users.developer.id)))
      .limit(1);
    expect(other, 'the demo data has other developers’ requests').toBeDefined();
    expect((await call('developer', 'GET', `/api/leave-requests/${other!.id}`)).statusCode).toBe(404);
    const list = (await call('developer', 'GET', '/api/leave-requests?_start=0&_end=1000')).json() as Array<{ userId: string }>;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.userId === t.users.developer.id)).toBe(true);
    const filtered = await call('developer', 'GET', `/api/leave-requests?_start=0&_end=10&userId=${other!.userId}`);
    expect(filtered.json()).toEqual([]);
    const csv = (await call('developer', 'GET', '/api/leave-requests/export?format=csv')).body;
    expect(csv).not.toContain(other!.id);
    expect(csv).not.toContain(other!.userId);
    const mine = (await call('developer', 'GET', '/api/leave-requests/my-requests')).json() as { data: Array<{ userId: string }> };
    expect(mine.data.every((r) => r.userId === t.users.developer.id)).toBe(true);
  });

  it("a manager reads their reports' requests; hr does not", async () => {
    const created = (await ask('developer', oneDay(90))).json();
    expect((await call('manager', 'GET', `/api/leave-requests/${created.id}`)).statusCode).toBe(200);
    expect((await call('hr', 'GET', `/api/leave-requests/${created.id}`)).statusCode).toBe(404);
    expect((await call('sale_lead', 'GET', `/api/leave-requests/${created.id}`)).statusCode).toBe(200);
  });

  it('my-requests refuses a bad year', async () => {
    expect((await call('developer', 'GET', '/api/leave-requests/my-requests?year=abc')).statusCode).toBe(400);
    expect((await call('developer', 'GET', '/api/leave-requests/my-requests?year=3000')).statusCode).toBe(400);
  });
});

describe('dashboard and calendar', () => {
  it('the dashboard counts days by type and month, for the privileged roles', async () => {
    expect((await call('developer', 'GET', '/api/leave-requests/dashboard')).statusCode).toBe(403);
    expect((await call('manager', 'GET', '/api/leave-requests/dashboard')).statusCode).toBe(403);
    expect((await call('admin', 'GET', '/api/leave-requests/dashboard?year=x')).statusCode).toBe(400);
    const created = (await ask('sale', { startDate: '2033-06-29', endDate: '2033-07-01', type: 'wedding' })).json();
    await call('sale_lead', 'POST', `/api/leave-requests/${created.id}/approve`, { decision: 'approve' });
    const res = await call('admin', 'GET', '/api/leave-requests/dashboard?year=2033');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.daysByMonth).toHaveLength(12);
    expect(body.daysByMonth.find((m: { month: string }) => m.month === '2033-06').days).toBe(2);
    expect(body.daysByMonth.find((m: { month: string }) => m.month === '2033-07').days).toBe(1);
    expect(body.daysByType).toContainEqual({ type: 'wedding', days: 3 });
    expect(body.pendingCount).toBeGreaterThan(0);
    expect(body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('the calendar shows holidays and the approved leave the caller may see', async () => {
    const dev = await call('developer', 'GET', '/api/calendar?from=2026-09-01&to=2026-09-30');
    expect(dev.statusCode, dev.body).toBe(200);
    expect(dev.json().holidays.map((h: { date: string }) => h.date)).toContain('2026-09-02');
    const range = 'from=2031-01-01&to=2031-12-31';
    const mine = (await call('developer', 'GET', `/api/calendar?${range}`)).json().leave as Array<{ userId: string }>;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((l) => l.userId === t.users.developer.id)).toBe(true);
    const hrLead = (await call('hr_lead', 'GET', `/api/calendar?${range}`)).json().leave as Array<{ userId: string }>;
    expect(new Set(hrLead.map((l) => l.userId)).size).toBeGreaterThan(1);
    expect((await call('developer', 'GET', '/api/calendar?from=2026-09-01')).statusCode).toBe(400);
    const reversed = await call('developer', 'GET', '/api/calendar?from=2026-09-30&to=2026-09-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().issues.to).toEqual({ code: 'end_before_start' });
    expect((await call('developer', 'GET', '/api/calendar?from=2020-01-01&to=2029-01-01')).json().issues.to).toEqual({
      code: 'range_too_long',
    });
  });

  it('public holidays are read by all and kept by admin and hr_lead', async () => {
    expect((await call('developer', 'GET', '/api/calendar/holidays?_start=0&_end=50&date_gte=2027-01-01')).statusCode).toBe(200);
    expect((await call('sale_lead', 'POST', '/api/calendar/holidays', { name: 'Company day', date: '2031-05-05' })).statusCode).toBe(403);
    const made = await call('hr_lead', 'POST', '/api/calendar/holidays', { name: 'Company day', date: '2031-05-05' });
    expect(made.statusCode).toBe(201);
    const dup = await call('admin', 'POST', '/api/calendar/holidays', { name: 'Again', date: '2031-05-05' });
    expect(dup.statusCode).toBe(409);
    // A holiday is not a working day.
    const res = await ask('developer', { startDate: '2031-05-05', endDate: '2031-05-06' });
    expect(res.json().days).toBe(1);
  });
});

describe('leave matrix', () => {
  it('initialize makes a row per active user once; running it twice changes nothing', async () => {
    expect((await call('developer', 'POST', '/api/leave-matrix/initialize', { year: 2034 })).statusCode).toBe(403);
    expect((await call('admin', 'POST', '/api/leave-matrix/initialize', { year: 'soon' })).statusCode).toBe(400);
    expect((await call('admin', 'POST', '/api/leave-matrix/initialize', {})).statusCode).toBe(400);
    const active = (await activeIdsOf(['admin', 'hr_lead', 'sale_lead', 'developer', 'hr', 'sale', 'manager'])).length;
    const first = await call('hr_lead', 'POST', '/api/leave-matrix/initialize', { year: 2034 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ year: 2034, created: active, existing: 0 });
    const second = await call('admin', 'POST', '/api/leave-matrix/initialize', { year: 2034 });
    expect(second.json()).toEqual({ year: 2034, created: 0, existing: active });
    const rows = (await call('admin', 'GET', '/api/leave-matrix?_start=0&_end=1000&year=2034')).json() as Array<{
      userId: string;
      entitlement: number;
      remaining: number;
    }>;
    expect(rows).toHaveLength(active);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(active);
    for (const r of rows) expect(r.entitlement).toBeGreaterThanOrEqual(12);
  });

  it("a year's defaults: one more day per five full years of service on 1 January, and at most five days carried over", async () => {
    const person = async (joinDate: string) => {
      const res = await call('admin', 'POST', '/api/v1/user', {
        email: `service.${joinDate}.${Date.now()}@example.com`,
        fullName: `Service Tester ${joinDate}`,
        role: 'developer',
        password: 'service tester passphrase',
        joinDate,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    // Entitlement and carry-over left out: the server fills them from the rules.
    const row = async (userId: string, year: number, extra: Record<string, number> = {}) => {
      const res = await call('admin', 'POST', '/api/leave-matrix', { userId, year, ...extra });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { entitlement: number; carried: number; remaining: number };
    };
    const veteran = await person('2030-01-01');
    // Four full years on 1 January 2034, five on 1 January 2035; nothing left from 2033 to carry.
    expect(await row(veteran, 2034)).toMatchObject({ entitlement: 12, carried: 0, remaining: 12 });
    // 2034's twelve days left: five of them carry over.
    expect(await row(veteran, 2035)).toMatchObject({ entitlement: 13, carried: 5, remaining: 18 });
    expect(await row(veteran, 2040)).toMatchObject({ entitlement: 14, carried: 0 });
    // A day later, the fifth anniversary falls after 1 January 2035.
    const dayLater = await person('2030-01-02');
    expect(await row(dayLater, 2035)).toMatchObject({ entitlement: 12 });
    // Fewer than five days left carry over whole.
    expect(await row(dayLater, 2036, { entitlement: 3, carried: 0 })).toMatchObject({ remaining: 3 });
    expect(await row(dayLater, 2037)).toMatchObject({ entitlement: 13, carried: 3 });
  });

  it('my-matrix shows my rows, kept in step with my requests; the list is for admin and hr_lead', async () => {
    expect((await call('developer', 'GET', '/api/leave-matrix?_start=0&_end=5')).statusCode).toBe(403);
    expect((await call('sale_lead', 'GET', '/api/leave-matrix?_start=0&_end=5')).statusCode).toBe(403);
    const rows = (await call('developer', 'GET', '/api/leave-matrix/my-matrix')).json() as Array<{
      userId: string;
      year: number;
      pending: number;
      remaining: number;
      entitlement: number;
      carried: number;
      used: number;
    }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.userId === t.users.developer.id)).toBe(true);
    // The annual days asked in 2032 above are pending in that year's row.
    const y2032 = rows.find((r) => r.year === 2032)!;
    expect(y2032.pending).toBe(2);
    expect(y2032.remaining).toBe(y2032.entitlement + y2032.carried - y2032.used - y2032.pending);
  });

  it('my-matrix never writes: a year without a row is answered computed and not stored; initialize stores it', async () => {
    const year = new Date().getUTCFullYear();
    const mine = async () =>
      (await call('developer', 'GET', '/api/leave-matrix/my-matrix')).json() as Array<{
        id: string | null;
        year: number;
        updatedAt: string | null;
        entitlement: number;
        remaining: number;
      }>;
    const stored = async () =>
      (
        (await call('admin', 'GET', `/api/leave-matrix?_start=0&_end=5&year=${year}&userId=${t.users.developer.id}`)).json() as Array<{
          id: string;
          updatedAt: string;
        }>
      )[0];
    // A stored row is read as it is: two reads leave its updatedAt alone.
    const row = (await stored()) ?? (await call('admin', 'POST', '/api/leave-matrix/initialize', { year }), await stored())!;
    await mine();
    await mine();
    expect((await stored())!.updatedAt).toBe(row.updatedAt);

    expect((await call('admin', 'DELETE', `/api/leave-matrix/${row.id}`)).statusCode).toBe(200);
    const computed = (await mine()).find((r) => r.year === year)!;
    expect(computed).toMatchObject({ id: null, updatedAt: null });
    expect(computed.entitlement).toBeGreaterThanOrEqual(12);
    expect(await stored()).toBeUndefined();
    expect((await call('admin', 'POST', '/api/leave-matrix/initialize', { year })).json().created).toBeGreaterThanOrEqual(1);
    const again = (await mine()).find((r) => r.year === year)!;
    expect(again.id).toBe((await stored())!.id);
    expect(again.remaining).toBe(computed.remaining);
  });
});
