import { eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { headcounts } from '../../src/server/modules/headcounts/headcounts.table.js';
import { leaveRequests } from '../../src/server/modules/leave-requests/leave-requests.table.js';
import { projects } from '../../src/server/modules/projects/projects.table.js';
import { timesheets } from '../../src/server/modules/timesheets/timesheets.table.js';
import { safeCell } from '../../src/server/http/export.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// All developers' month and the logwork exports, against entries logged through the API in
// March 2023 (clear of the demo data): a holiday on the 8th, two days of approved leave and a
// half day, hours on two projects and a Saturday. The workbooks are opened again with exceljs.

const MONTH = '2023-03';
let t: TestApp;
let devId: string;
let hrId: string;
let projectA: { id: string; name: string; customerId: string };
let projectB: { id: string; name: string; customerId: string };
type Entry = { id: string; userId: string; projectId: string; date: string; hours: number; note: string; headcountId: string | null };
const created: Entry[] = [];

const call = async (role: Role, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });

async function log(role: Role, body: Record<string, unknown>) {
  const res = await call(role, '/api/v1/timesheet', 'POST', body);
  expect(res.statusCode, res.body).toBe(201);
  created.push(res.json());
}

async function workbook(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}
const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);
const sheetRows = (ws: ExcelJS.Worksheet) => {
  const out: unknown[][] = [];
  ws.eachRow((r) => out.push(values(r)));
  return out;
};

beforeAll(async () => {
  t = await buildTestApp();
  devId = t.users.developer.id;
  hrId = t.users.hr.id;
  const two = await t.database.db
    .select({ id: projects.id, name: projects.name, customerId: projects.customerId })
    .from(projects)
    .where(isNull(projects.archivedAt))
    .limit(2);
  [projectA, projectB] = two as [typeof projectA, typeof projectA];

  const holiday = await call('admin', '/api/calendar/holidays', 'POST', { name: 'Test holiday', date: '2023-03-08' });
  expect(holiday.statusCode, holiday.body).toBe(201);
  // Approved leave is the leave module's; it is written straight to its table here.
  await t.database.db.insert(leaveRequests).values([
    { userId: devId, type: 'annual', reason: 'Trip', startDate: '2023-03-13', endDate: '2023-03-14', status: 'approved', days: 2 },
    {
      userId: devId,
      type: 'sick',
      reason: 'Doctor',
      startDate: '2023-03-15',
      endDate: '2023-03-15',
      halfDay: 'am',
      status: 'approved',
      days: 0.5,
    },
    { userId: devId, type: 'annual', reason: 'Refused', startDate: '2023-03-16', endDate: '2023-03-16', status: 'rejected', days: 1 },
  ]);

  await log('developer', { projectId: projectA.id, date: '2023-03-01', hours: 8, note: 'API design' });
  await log('developer', { projectId: projectA.id, date: '2023-03-02', hours: 6, note: '=SUM(A1)' });
  await log('developer', { projectId: projectB.id, date: '2023-03-02', hours: 2, note: 'Review' });
  await log('developer', { projectId: projectA.id, date: '2023-03-15', hours: 4, note: 'Afternoon after the doctor' });
  await log('developer', { projectId: projectB.id, date: '2023-03-04', hours: 2, note: 'Saturday release' });
  await log('admin', { userId: hrId, projectId: projectA.id, date: '2023-03-03', hours: 3, note: 'Interviews' });
  // A billed seat's entry: the headcount the snapshot would name.
  const [seat] = await t.database.db.select({ id: headcounts.id }).from(headcounts).limit(1);
  const first = created[0]!;
  await t.database.db.update(timesheets).set({ headcountId: seat!.id }).where(eq(timesheets.id, first.id));
  first.headcountId = seat!.id;
});
afterAll(() => t?.close());

const mine = () => created.filter((e) => e.userId === devId);
const sum = (es: Entry[]) => es.reduce((s, e) => s + e.hours, 0);

describe('GET /timesheet/all-devs', () => {
  it("computes a person's month from their entries, leave and holidays", async () => {
    const res = await call('hr', `/api/v1/timesheet/all-devs?month=${MONTH}&userId=${devId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(31);
    expect(body.days.find((d: { date: string }) => d.date === '2023-03-08')).toEqual({
      date: '2023-03-08',
      kind: 'holiday',
      holidayName: 'Test holiday',
    });
    expect(body.days.find((d: { date: string }) => d.date === '2023-03-04').kind).toBe('weekend');
    expect(body.total).toBe(1);
    const [p] = body.data;
    // 23 weekdays − 1 holiday = 22 working days; 2 days of leave and a half day off.
    expect(p).toMatchObject({ userId: devId, expectedHours: 20 * 8 - 4, availableHours: 156, loggedHours: sum(mine()) });
    expect(p.billableHours).toBe(sum(mine().filter((e) => e.headcountId)));
    expect(p.billableHours).toBe(8);
    expect(p.utilisation).toBeCloseTo(8 / 156, 4);
    expect(p.days['2023-03-02']).toEqual({ hours: 8 });
    expect(p.days['2023-03-13']).toEqual({ hours: 0, leave: 'annual' });
    expect(p.days['2023-03-15']).toEqual({ hours: 4, leave: 'sick', halfDay: 'am' });
    // Rejected leave is no leave: the 16th is missing.
    expect(p.missingDays).toContain('2023-03-16');
    for (const d of ['2023-03-01', '2023-03-02', '2023-03-04', '2023-03-08', '2023-03-13', '2023-03-14', '2023-03-15'])
      expect(p.missingDays).not.toContain(d);
    // 22 working days − 2 on leave − 3 logged (the half day was logged).
    expect(p.missingDays).toHaveLength(17);
  });

  it('lists active developers and whoever logged hours, paged, sorted and totalled', async () => {
    const all = (await call('admin', `/api/v1/timesheet/all-devs?month=${MONTH}&limit=500`)).json();
    const ids = all.data.map((p: { userId: string }) => p.userId);
    expect(ids).toContain(devId);
    // hr is no developer, but logged hours that month.
    expect(ids).toContain(hrId);
    expect(all.total).toBe(all.data.length);
    expect(all.totals.logged).toBe(sum(created));
    const names = all.data.map((p: { fullName: string }) => p.fullName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

    const page1 = (await call('admin', `/api/v1/timesheet/all-devs?month=${MONTH}&limit=1&page=1&sort=logged&order=desc`)).json();
    const page2 = (await call('admin', `/api/v1/timesheet/all-devs?month=${MONTH}&limit=1&page=2&sort=logged&order=desc`)).json();
    expect(page1.total).toBe(all.total);
    expect(page1.data).toHaveLength(1);
    expect(page1.data[0].userId).toBe(devId);
    expect(page2.data[0].userId).toBe(hrId);
    expect(page1.totals).toEqual(all.totals);
  });

  it('follows the filters', async () => {
    const ids = async (qs: string) =>
      (await call('sale_lead', `/api/v1/timesheet/all-devs?month=${MONTH}&limit=500&${qs}`))
        .json()
        .data.map((p: { userId: string }) => p.userId);
    expect(await ids(`projectId=${projectB.id}`)).toEqual([devId]);
    expect((await ids(`projectId=${projectA.id}`)).sort()).toEqual([devId, hrId].sort());
    expect(await ids(`customerId=${projectB.customerId}`)).toContain(devId);
    expect(await ids(`q=${encodeURIComponent(t.users.hr.email.split('@')[0]!)}`)).toEqual([hrId]);
    const missing = await ids('missing=true');
    expect(missing).toContain(devId);
    expect(await ids(`userId=${hrId}`)).toEqual([hrId]);
  });

  it('is for the all-devs roles only', async () => {
    for (const role of ['developer', 'sale', 'manager'] as const)
      expect((await call(role, `/api/v1/timesheet/all-devs?month=${MONTH}`)).statusCode).toBe(403);
    for (const role of ['admin', 'hr_lead', 'sale_lead', 'hr'] as const)
      expect((await call(role, `/api/v1/timesheet/all-devs?month=${MONTH}`)).statusCode).toBe(200);
  });

  it.each([
    ['month=2023-13'],
    ['month=2023-3'],
    [''],
    [`month=${MONTH}&userId=nope`],
    [`month=${MONTH}&customerId=1`],
    [`month=${MONTH}&limit=0`],
    [`month=${MONTH}&sort=salary`],
    [`month=${MONTH}&page=-1`],
    [`month=${MONTH}&other=1`],
  ])('refuses %s with a 400', async (qs) => {
    const res = await call('hr', `/api/v1/timesheet/all-devs?${qs}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    const excel = await call('hr', `/api/v1/excel/timesheet/all-devs?${qs}`);
    expect(excel.statusCode, excel.body).toBe(400);
  });

  it('names a malformed month with the code the client translates', async () => {
    for (const url of ['/api/v1/timesheet/all-devs?month=2023-13', '/api/v1/excel/timesheet/all-devs?month=2023-3'])
      expect((await call('hr', url)).json().issues.month, url).toEqual({ code: 'month' });
  });
});

describe("GET /excel/timesheet/:userId (one person's month)", () => {
  it('is a real workbook of the entries, daily totals, expected and utilisation', async () => {
    const res = await call('developer', `/api/v1/excel/timesheet/${devId}?month=${MONTH}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="logwork-2023-03-[a-z0-9-]+\.xlsx"$/);
    const wb = await workbook(res.rawPayload);
    const rows = sheetRows(wb.getWorksheet('Entries')!);
    expect(rows[1]).toEqual(['Person', expect.any(String), t.users.developer.email]);
    expect(rows[2]).toEqual(['Month', MONTH]);
    const head = rows.findIndex((r) => r[0] === 'Date');
    const entries = rows.slice(
      head + 1,
      rows.findIndex((r, i) => i > head && r[0] === 'Month total'),
    );
    const names = new Map([
      [projectA.id, projectA.name],
      [projectB.id, projectB.name],
    ]);
    const expected = mine()
      .map((e) => [e.date, names.get(e.projectId), e.hours, e.headcountId ? 'yes' : 'no', safeCell(e.note)])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])));
    expect(entries.map((r) => [r[0], r[2], r[4], r[5], r[6]])).toEqual(expected);
    expect(entries.find((r) => r[0] === '2023-03-04')?.[1]).toBe('Sat');
    // A note that looks like a formula stays text.
    expect(entries.some((r) => r[6] === "'=SUM(A1)")).toBe(true);
    const summary = Object.fromEntries(rows.filter((r) => typeof r[0] === 'string' && r.length >= 5).map((r) => [r[0], r[4]]));
    expect(summary['Month total']).toBe(sum(mine()));
    expect(summary.Expected).toBe(156);
    expect(summary.Billable).toBe(8);
    expect(summary.Utilisation).toBeCloseTo(8 / 156, 4);
    expect(summary['Missing days']).toBe(17);

    const days = sheetRows(wb.getWorksheet('Days')!);
    expect(days).toHaveLength(1 + 31 + 1);
    expect(days.find((r) => r[0] === '2023-03-02')?.[4]).toBe(8);
    expect(days.find((r) => r[0] === '2023-03-08')?.[2]).toBe('Test holiday');
    expect(days.find((r) => r[0] === '2023-03-13')?.[3]).toBe('annual');
    expect(days.find((r) => r[0] === '2023-03-16')?.[5]).toBe('missing');
    expect(days.at(-1)![0]).toBe('Total');
    expect(days.at(-1)![4]).toBe(sum(mine()));
  });

  it("a developer exports only their own month; the all-devs roles anyone's", async () => {
    const other = await call('developer', `/api/v1/excel/timesheet/${hrId}?month=${MONTH}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('not_owner');
    expect((await call('developer', `/api/v1/excel/timesheet/all-devs?month=${MONTH}`)).statusCode).toBe(403);
    const hr = await call('hr', `/api/v1/excel/timesheet/${devId}?month=${MONTH}`);
    expect(hr.statusCode).toBe(200);
    const own = await call('hr', `/api/v1/excel/timesheet/${hrId}?month=${MONTH}`);
    expect(own.statusCode).toBe(200);
    const rows = sheetRows((await workbook(own.rawPayload)).getWorksheet('Entries')!);
    expect(rows.some((r) => r[0] === '2023-03-03' && r[6] === 'Interviews')).toBe(true);
    expect((await call('sale', `/api/v1/excel/timesheet/${devId}?month=${MONTH}`)).statusCode).toBe(403);
  });

  it('refuses bad input with 4xx', async () => {
    expect((await call('hr', `/api/v1/excel/timesheet/not-a-uuid?month=${MONTH}`)).statusCode).toBe(400);
    expect((await call('hr', `/api/v1/excel/timesheet/${devId}?month=2023-00`)).statusCode).toBe(400);
    expect((await call('hr', `/api/v1/excel/timesheet/${devId}`)).statusCode).toBe(400);
    expect((await call('hr', `/api/v1/excel/timesheet/${devId}?month=${MONTH}&x=1`)).statusCode).toBe(400);
    const unknown = await call('hr', `/api/v1/excel/timesheet/00000000-0000-4000-8000-000000000000?month=${MONTH}`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /excel/timesheet/all-devs', () => {
  it("writes every page of exactly the screen's filters, people × days", async () => {
    const qs = `month=${MONTH}&projectId=${projectA.id}&sort=logged&order=desc`;
    const screen = (await call('hr', `/api/v1/timesheet/all-devs?${qs}&limit=500`)).json();
    // page and limit are the screen's paging: the export writes all pages.
    const res = await call('hr', `/api/v1/excel/timesheet/all-devs?${qs}&page=2&limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="logwork-2023-03-all-developers.xlsx"');
    const ws = (await workbook(res.rawPayload)).worksheets[0]!;
    const rows = sheetRows(ws);
    const head = rows.findIndex((r) => r[0] === 'Name');
    expect(rows[head]).toHaveLength(2 + 31 + 5);
    expect(rows[head]![2]).toBe('01 Wed');
    const people = rows.slice(head + 1, -1);
    expect(people.map((r) => r[1])).toEqual(screen.data.map((p: { email: string }) => p.email));
    expect(people).toHaveLength(2);
    const dev = people.find((r) => r[1] === t.users.developer.email)!;
    const col = (day: number) => 2 + day - 1;
    expect(dev[col(1)]).toBe(8);
    expect(dev[col(2)]).toBe(8);
    expect(dev[col(4)]).toBe(2);
    expect(dev[col(13)]).toBe('leave: annual');
    expect(dev[col(16)]).toBe('missing');
    expect(dev.slice(2 + 31)).toEqual([156, sum(mine()), 8, expect.closeTo(8 / 156, 4), 17]);
    expect(rows.at(-1)![0]).toBe('Total');
    expect(rows[2]).toEqual(['Filters', `projectId=${projectA.id}, sort=logged, order=desc`]);

    const onlyB = await call('hr', `/api/v1/excel/timesheet/all-devs?month=${MONTH}&projectId=${projectB.id}`);
    const bRows = sheetRows((await workbook(onlyB.rawPayload)).worksheets[0]!);
    expect(bRows.slice(bRows.findIndex((r) => r[0] === 'Name') + 1, -1).map((r) => r[1])).toEqual([t.users.developer.email]);
  });
});
