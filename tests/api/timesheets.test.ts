import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { headcounts } from '../../src/server/modules/headcounts/headcounts.table.js';
import { projects } from '../../src/server/modules/projects/projects.table.js';
import { timesheets } from '../../src/server/modules/timesheets/timesheets.table.js';
import { monthCloses } from '../../src/server/modules/month-close/month-close.table.js';
import { closeConfirmed } from '../fixtures/month-close.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// Logwork's own rules and routes (the contract suite covers the generic ones): the rules'
// refusals on every write path, the week grid's save, month locks, the bill-rate snapshot and
// row scope. Entries fall in 2020-2021, clear of the demo data's recent months.

let t: TestApp;
let project: { id: string; customerId: string };
let other: { id: string; customerId: string };
beforeAll(async () => {
  t = await buildTestApp();
  const rows = await t.database.db
    .select({ id: projects.id, customerId: projects.customerId })
    .from(projects)
    .where(eq(projects.status, 'active'))
    .orderBy(asc(projects.code));
  project = rows[0]!;
  other = rows[1]!;
});
afterAll(() => t?.close());

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });
const log = (role: Role, body: Record<string, unknown>) =>
  call(role, 'POST', '/api/v1/timesheet', { projectId: project.id, hours: 8, ...body });
const cells = (role: Role, body: Record<string, unknown>) => call(role, 'PUT', '/api/v1/timesheet/cells', body);

describe('logging one entry', () => {
  it("is the caller's by default, once per project and day", async () => {
    const res = await log('developer', { date: '2020-01-06', note: 'Sprint planning' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      userId: t.users.developer.id,
      hours: 8,
      note: 'Sprint planning',
      headcountId: null,
      billRate: null,
    });
    const again = await log('developer', { date: '2020-01-06', hours: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'timesheet_duplicate', issues: { date: { code: 'timesheet_duplicate' } } });
    // Another project the same day is another entry.
    expect((await log('developer', { date: '2020-01-06', projectId: other.id, hours: 2 })).statusCode).toBe(201);
  });

  it.each<[string, Record<string, unknown>, number, string, string]>([
    ['hours off the quarter-hour step', { date: '2020-01-07', hours: 7.3 }, 422, 'hours_step', 'hours'],
    ['no hours', { date: '2020-01-07', hours: 0 }, 422, 'hours_range', 'hours'],
    ['more than a day', { date: '2020-01-07', hours: 24.25 }, 422, 'hours_range', 'hours'],
    ['negative hours', { date: '2020-01-07', hours: -1 }, 422, 'hours_range', 'hours'],
    ['a day still to come', { date: '2099-01-05' }, 422, 'future_date', 'date'],
    ['hours as text', { date: '2020-01-07', hours: 'eight' }, 400, 'validation_failed', 'hours'],
    ['a malformed date', { date: '2020-02-30' }, 400, 'validation_failed', 'date'],
    [
      'an unknown project',
      { date: '2020-01-07', projectId: '00000000-0000-4000-8000-000000000000' },
      409,
      'reference_missing',
      'projectId',
    ],
    ['an unknown field', { date: '2020-01-07', billRate: 1 }, 400, 'validation_failed', 'billRate'],
  ])('refuses %s', async (_, body, status, code, field) => {
    const res = await log('developer', body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect(res.json().issues).toHaveProperty(field);
  });

  it('refuses a day over 24 h, all projects together, and a change that would make one', async () => {
    expect((await log('developer', { date: '2020-01-08', hours: 16 })).statusCode).toBe(201);
    const over = await log('developer', { date: '2020-01-08', projectId: other.id, hours: 8.25 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'day_over_24h',
      issues: { hours: { code: 'day_over_24h', params: { total: 24.25, max: 24 } } },
    });
    const fits = await log('developer', { date: '2020-01-08', projectId: other.id, hours: 8 });
    expect(fits.statusCode).toBe(201);
    const grow = await call('developer', 'PATCH', `/api/v1/timesheet/${fits.json().id}`, { hours: 9 });
    expect(grow.statusCode).toBe(422);
    expect(grow.json().code).toBe('day_over_24h');
  });

  it('only the privileged roles log for someone else', async () => {
    for (const role of ['developer', 'hr'] as const) {
      const res = await log(role, { date: '2020-01-09', userId: t.users.admin.id });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code).toBe('not_owner');
    }
    const forDev = await log('hr_lead', { date: '2020-01-09', userId: t.users.developer.id, hours: 4 });
    expect(forDev.statusCode, forDev.body).toBe(201);
    expect(forDev.json().userId).toBe(t.users.developer.id);
    // hr reads everyone's entries but changes only their own.
    expect((await call('hr', 'GET', `/api/v1/timesheet/${forDev.json().id}`)).statusCode).toBe(200);
    const change = await call('hr', 'PATCH', `/api/v1/timesheet/${forDev.json().id}`, { hours: 5 });
    expect(change.statusCode).toBe(403);
    expect((await call('hr', 'DELETE', `/api/v1/timesheet/${forDev.json().id}`)).statusCode).toBe(403);
  });
});

describe('row scope', () => {
  it("a developer never reads another developer's entries, by list or id", async () => {
    const [someoneElse] = await t.database.db
      .select({ id: timesheets.id, userId: timesheets.userId })
      .from(timesheets)
      .where(eq(timesheets.userId, t.users.admin.id))
      .limit(1);
    const adminEntry = someoneElse ?? (await log('admin', { date: '2020-01-10' })).json();
    // A placed colleague's entry from the demo data.
    const [colleague] = await t.database.db
      .select({ id: timesheets.id })
      .from(timesheets)
      .where(and(ne(timesheets.userId, t.users.developer.id), ne(timesheets.userId, t.users.admin.id)))
      .limit(1);
    expect(colleague).toBeDefined();
    const ids = [adminEntry.id, colleague!.id];
    for (const id of ids) {
      expect((await call('developer', 'GET', `/api/v1/timesheet/${id}`)).statusCode).toBe(404);
      expect((await call('developer', 'PATCH', `/api/v1/timesheet/${id}`, { hours: 1 })).statusCode).toBe(404);
      expect((await call('developer', 'DELETE', `/api/v1/timesheet/${id}`)).statusCode).toBe(404);
    }
    const list = await call('developer', 'GET', '/api/v1/timesheet?_start=0&_end=100');
    expect(list.statusCode).toBe(200);
    const rows = list.json() as Array<{ userId: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.userId === t.users.developer.id)).toBe(true);
    // Even when asking for someone else's by filter.
    const asked = await call('developer', 'GET', `/api/v1/timesheet?_start=0&_end=100&userId=${t.users.admin.id}`);
    expect(asked.json()).toEqual([]);
    // hr and the leads read everyone's.
    const all = (await call('hr', 'GET', '/api/v1/timesheet?_start=0&_end=100')).json() as Array<{ userId: string }>;
    expect(new Set(all.map((r) => r.userId)).size).toBeGreaterThan(1);
  });

  it("the sheet is one's own, or anyone's for those who read everyone's", async () => {
    const mine = await call('developer', 'GET', '/api/v1/timesheet/sheet?from=2020-01-06&to=2020-01-12');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().entries.length).toBeGreaterThan(0);
    expect(mine.json().entries.every((e: { userId: string }) => e.userId === t.users.developer.id)).toBe(true);
    expect(mine.json().projects.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([project.id, other.id]));
    const theirs = await call('developer', 'GET', `/api/v1/timesheet/sheet?from=2020-01-06&to=2020-01-12&userId=${t.users.admin.id}`);
    expect(theirs.statusCode).toBe(403);
    const byHr = await call('hr', 'GET', `/api/v1/timesheet/sheet?from=2020-01-06&to=2020-01-12&userId=${t.users.developer.id}`);
    expect(byHr.statusCode).toBe(200);
    expect(byHr.json().entries).toEqual(mine.json().entries);
    for (const q of ['from=2020-01-12&to=2020-01-06', 'from=2020-01-01&to=2020-06-01', 'from=nope&to=2020-01-01', 'from=2020-01-01'])
      expect((await call('developer', 'GET', `/api/v1/timesheet/sheet?${q}`)).statusCode, q).toBe(400);
  });
});

describe('the week grid save', () => {
  const week = ['2020-02-03', '2020-02-04', '2020-02-05', '2020-02-06', '2020-02-07'];

  it('sets, changes and clears cells, answering the days touched', async () => {
    const res = await cells('developer', { cells: week.map((date) => ({ projectId: project.id, date, hours: 8 })) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toHaveLength(5);
    expect(res.json().data.every((e: { userId: string; hours: number }) => e.userId === t.users.developer.id && e.hours === 8)).toBe(true);
    const next = await cells('developer', {
      cells: [
        { projectId: project.id, date: week[0], hours: 0 },
        { projectId: project.id, date: week[1], hours: 6.5, note: 'Release' },
        { projectId: other.id, date: week[1], hours: 1.5 },
      ],
    });
    expect(next.statusCode, next.body).toBe(200);
    const data = next.json().data as Array<{ projectId: string; date: string; hours: number; note: string }>;
    expect(data.map((e) => [e.projectId === project.id ? 'p' : 'o', e.date, e.hours]).sort()).toEqual(
      [
        ['o', week[1], 1.5],
        ['p', week[1], 6.5],
      ].sort(),
    );
    expect(data.find((e) => e.projectId === project.id)!.note).toBe('Release');
    // Saving hours without a note keeps the note.
    const kept = await cells('developer', { cells: [{ projectId: project.id, date: week[1], hours: 7 }] });
    expect(kept.json().data.find((e: { projectId: string }) => e.projectId === project.id).note).toBe('Release');
    const stored = await t.database.db.select().from(timesheets).where(eq(timesheets.userId, t.users.developer.id));
    expect(stored.filter((e) => e.date === week[0])).toEqual([]);
  });

  it('refuses all cells when one is refused, naming each by its path', async () => {
    const before = await t.database.db.select().from(timesheets).where(eq(timesheets.userId, t.users.developer.id));
    const res = await cells('developer', {
      cells: [
        { projectId: project.id, date: '2020-02-10', hours: 8 },
        { projectId: project.id, date: '2020-02-11', hours: 7.1 },
        { projectId: project.id, date: '2099-02-12', hours: 8 },
        { projectId: project.id, date: '2020-02-10', hours: 2 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'hours_step',
      issues: {
        'cells.1.hours': { code: 'hours_step' },
        'cells.2.date': { code: 'future_date' },
        'cells.3.date': { code: 'cell_repeated' },
      },
    });
    const after = await t.database.db.select().from(timesheets).where(eq(timesheets.userId, t.users.developer.id));
    expect(after.length).toBe(before.length);
  });

  it("refuses a day over 24 h with the day's stored hours", async () => {
    await log('developer', { date: '2020-02-13', projectId: other.id, hours: 20 });
    const res = await cells('developer', { cells: [{ projectId: project.id, date: '2020-02-13', hours: 4.25 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'day_over_24h', issues: { 'cells.0.hours': { code: 'day_over_24h' } } });
    // Lowering the other cell in the same save makes room.
    const both = await cells('developer', {
      cells: [
        { projectId: other.id, date: '2020-02-13', hours: 16 },
        { projectId: project.id, date: '2020-02-13', hours: 8 },
      ],
    });
    expect(both.statusCode, both.body).toBe(200);
  });

  it.each<[string, unknown]>([
    ['no cells', { cells: [] }],
    ['no body', undefined],
    ['hours as text', { cells: [{ projectId: 'x', date: '2020-02-14', hours: 'eight' }] }],
    ['a missing project', { cells: [{ date: '2020-02-14', hours: 8 }] }],
    [
      'a malformed person',
      { userId: 'someone', cells: [{ projectId: '00000000-0000-4000-8000-000000000000', date: '2020-02-14', hours: 8 }] },
    ],
    ['cells not a list', { cells: { a: 1 } }],
  ])('answers 400 for %s', async (_, body) => {
    const res = await call('developer', 'PUT', '/api/v1/timesheet/cells', body as object);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('names an unknown project by its cell and logs only for oneself', async () => {
    const unknown = await cells('developer', {
      cells: [{ projectId: '00000000-0000-4000-8000-000000000000', date: '2020-02-14', hours: 8 }],
    });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toMatchObject({ code: 'reference_missing', issues: { 'cells.0.projectId': { code: 'reference_missing' } } });
    const forAdmin = await cells('developer', {
      userId: t.users.admin.id,
      cells: [{ projectId: project.id, date: '2020-02-14', hours: 8 }],
    });
    expect(forAdmin.statusCode).toBe(403);
    expect(forAdmin.json().code).toBe('not_owner');
    const byLead = await cells('sale_lead', {
      userId: t.users.developer.id,
      cells: [{ projectId: project.id, date: '2020-02-14', hours: 8 }],
    });
    expect(byLead.statusCode, byLead.body).toBe(200);
    expect(byLead.json().data[0].userId).toBe(t.users.developer.id);
    // A role without the section logs nothing.
    expect((await cells('sale', { cells: [{ projectId: project.id, date: '2020-02-14', hours: 8 }] })).statusCode).toBe(403);
  });
});

describe('month locks', () => {
  it('a month closed by admin (the firm’s close) refuses every write of its logwork', async () => {
    const entry = (await log('developer', { date: '2020-03-02', note: 'Before the invoice' })).json();
    for (const role of ['developer', 'hr', 'hr_lead', 'sale_lead'] as const)
      expect((await call(role, 'PUT', '/api/v1/month-closes/2020-03')).statusCode, role).toBe(403);
    const locked = await closeConfirmed(t, '2020-03');
    expect(locked.statusCode, locked.body).toBe(200);
    const listed = await call('developer', 'GET', '/api/v1/timesheet/locks');
    expect(listed.json().data.find((l: { month: string }) => l.month === '2020-03')).toMatchObject({ lockedBy: t.users.admin.id });
    expect(listed.json().data.map((l: { month: string }) => l.month)).toContain('2020-03');

    const refusals = [
      await log('developer', { date: '2020-03-03' }),
      await call('developer', 'PATCH', `/api/v1/timesheet/${entry.id}`, { hours: 4 }),
      // Not even out of the month.
      await call('developer', 'PATCH', `/api/v1/timesheet/${entry.id}`, { date: '2020-04-01' }),
      await call('admin', 'DELETE', `/api/v1/timesheet/${entry.id}`),
      await cells('developer', { cells: [{ projectId: project.id, date: '2020-03-02', hours: 0 }] }),
      await cells('developer', { cells: [{ projectId: project.id, date: '2020-03-04', hours: 8 }] }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('month_closed');
    }
    // An entry of another month cannot move into the locked one.
    const april = (await log('developer', { date: '2020-04-01' })).json();
    const moved = await call('developer', 'PATCH', `/api/v1/timesheet/${april.id}`, { date: '2020-03-05' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().issues.date).toEqual({ code: 'month_closed', params: { month: '2020-03' } });
    const sheet = await call('developer', 'GET', '/api/v1/timesheet/sheet?from=2020-02-24&to=2020-03-08');
    expect(sheet.json().lockedMonths).toEqual(['2020-03']);

    const reopen = (role: Role) => call(role, 'POST', '/api/v1/month-closes/2020-03/reopen', { note: 'Hours corrected' });
    expect((await reopen('hr_lead')).statusCode).toBe(403);
    expect((await reopen('admin')).statusCode).toBe(200);
    expect((await reopen('admin')).statusCode).toBe(404);
    expect((await call('developer', 'PATCH', `/api/v1/timesheet/${entry.id}`, { hours: 4 })).statusCode).toBe(200);
  });

  it.each(['2020-13', '2020-3', 'march', '2020-03-01'])('refuses the month %s as malformed', async (month) => {
    const res = await call('admin', 'PUT', `/api/v1/month-closes/${month}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.month).toEqual({ code: 'month' });
  });

  it('the demo firm has its older months locked and the last one open', async () => {
    const rows = await t.database.db.select().from(monthCloses);
    const now = new Date();
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const months = rows.map((r) => r.month).filter((m) => m > '2025');
    expect(months.length).toBeGreaterThan(0);
    expect(months.every((m) => m < last)).toBe(true);
  });
});

describe('the bill-rate snapshot', () => {
  it('copies the seat active that day, and a later rate change never rewrites the past', async () => {
    const [seat] = await t.database.db
      .insert(headcounts)
      .values({
        title: 'Backend Engineer (snapshot)',
        userId: t.users.developer.id,
        customerId: project.customerId,
        projectId: project.id,
        billingRate: 5000,
        rateUnit: 'month',
        currency: 'EUR',
        startDate: '2021-01-01',
        endDate: '2021-12-31',
        status: 'active',
      })
      .returning();
    const before = (await log('developer', { date: '2020-12-31' })).json();
    expect(before).toMatchObject({ headcountId: null, billRate: null, rateUnit: null, currency: null });
    const logged = (await log('developer', { date: '2021-01-04' })).json();
    expect(logged).toMatchObject({ headcountId: seat!.id, billRate: 5000, rateUnit: 'month', currency: 'EUR' });
    const raised = await call('admin', 'PATCH', `/api/v1/headcount/${seat!.id}`, { billingRate: 6000 });
    expect(raised.statusCode, raised.body).toBe(200);
    // Changing the hours keeps the rate logged with them, on either write path.
    const patched = await call('developer', 'PATCH', `/api/v1/timesheet/${logged.id}`, { hours: 7 });
    expect(patched.json()).toMatchObject({ hours: 7, billRate: 5000 });
    const viaGrid = await cells('developer', { cells: [{ projectId: project.id, date: '2021-01-04', hours: 6 }] });
    expect(viaGrid.json().data[0]).toMatchObject({ hours: 6, billRate: 5000 });
    // New hours bill at the new rate.
    const later = await cells('developer', { cells: [{ projectId: project.id, date: '2021-01-05', hours: 8 }] });
    expect(later.json().data[0]).toMatchObject({ headcountId: seat!.id, billRate: 6000, currency: 'EUR' });
    // Moved to another day, an entry bills at that day's seat.
    const moved = await call('developer', 'PATCH', `/api/v1/timesheet/${before.id}`, { date: '2021-01-06' });
    expect(moved.json()).toMatchObject({ headcountId: seat!.id, billRate: 6000 });
    // A read-only field cannot be set by hand.
    const forged = await call('developer', 'PATCH', `/api/v1/timesheet/${logged.id}`, { billRate: 1 });
    expect(forged.statusCode).toBe(400);
  });
});
