import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { todayIn } from '../../src/domain/modules/leave/leave.rules.js';
import { headcounts, headcountShareLinks } from '../../src/server/modules/headcounts/headcounts.table.js';
import { timesheets } from '../../src/server/modules/timesheets/timesheets.table.js';
import { users } from '../../src/server/modules/users/users.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// Headcount's own rules and routes (the contract suite covers the generic ones): a person's
// seats add up to at most 100 %, a seat's project is its customer's, the bench, and the
// customer's read-only share link.

let t: TestApp;
let customerId: string;
let otherCustomerId: string;
let benchPeople: Array<{ id: string; fullName: string }>;
/** Developers made for these tests: no seat yet, pending or past. */
const fresh: string[] = [];
/** A project of each customer, for a seat's project checks. */
let ourProjectId: string;
let theirProjectId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const mine = await call('admin', 'GET', `/api/v1/customers?_start=0&_end=1&ownerSaleId=${t.users.sale.id}`);
  customerId = (mine.json() as Array<{ id: string }>)[0]!.id;
  const theirs = await call('admin', 'GET', `/api/v1/customers?_start=0&_end=1&ownerSaleId_ne=${t.users.sale.id}`);
  otherCustomerId = (theirs.json() as Array<{ id: string }>)[0]!.id;
  const projectOf = async (customer: string, letter: string) => {
    const res = await call('admin', 'POST', '/api/v1/projects', {
      name: 'Seat Project',
      code: `SEAT-${letter}-${Date.now().toString(36)}`.toUpperCase(),
      customerId: customer,
      startDate: '2026-01-01',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  ourProjectId = await projectOf(customerId, 'A');
  theirProjectId = await projectOf(otherCustomerId, 'B');
  for (let i = 0; i < 7; i++) {
    const res = await call('admin', 'POST', '/api/v1/user', {
      email: `seat.${i}.${Date.now()}@example.com`,
      fullName: `Seat Tester ${i}`,
      role: 'developer',
      password: 'seat tester passphrase',
    });
    fresh.push(res.json().id);
  }
  benchPeople = (await call('admin', 'GET', '/api/v1/headcount/bench')).json();
});
afterAll(() => t?.close());

const call = async (role: Role | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, headers = {}) =>
  t.app.inject({ method, url, headers: { ...(role ? await t.auth(role) : {}), ...headers }, ...(payload ? { payload } : {}) });

/** The month before the firm's current one (YYYY-MM): past, and the demo firm leaves it unlocked. */
const lastMonth = () => {
  const [y, m] = todayIn().split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

const seat = (userId: string, over: Record<string, unknown> = {}) => ({
  title: 'Backend Engineer',
  userId,
  customerId,
  billingRate: 6000,
  startDate: '2026-01-01',
  ...over,
});

describe("a person's seats", () => {
  it('add up to at most 100 % on any day, naming the seats that share the time', async () => {
    const person = fresh[0]!;
    const first = await call('admin', 'POST', '/api/v1/headcount', seat(person, { title: 'Platform Engineer', allocation: 60 }));
    expect(first.statusCode, first.body).toBe(201);
    const over = await call('admin', 'POST', '/api/v1/headcount', seat(person, { allocation: 50, startDate: '2026-06-01' }));
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('allocation_over');
    expect(over.json().issues.allocation.code).toBe('allocation_over');
    expect(over.json().issues.allocation.params.total).toBe(110);
    expect(over.json().issues.allocation.params.seats).toContain('Platform Engineer');
    // What fits, fits; a seat after the first one ends does not share its time.
    expect((await call('admin', 'POST', '/api/v1/headcount', seat(person, { allocation: 40 }))).statusCode).toBe(201);
    const raised = await call('admin', 'PATCH', `/api/v1/headcount/${first.json().id}`, { allocation: 70 });
    expect(raised.statusCode).toBe(422);
    expect((await call('admin', 'PATCH', `/api/v1/headcount/${first.json().id}`, { endDate: '2026-03-31' })).statusCode).toBe(200);
    const later = await call('admin', 'POST', '/api/v1/headcount', seat(person, { allocation: 60, startDate: '2026-04-01' }));
    expect(later.statusCode, later.body).toBe(201);
  });

  it('an ended seat holds no time', async () => {
    const person = fresh[1]!;
    const ended = await call('admin', 'POST', '/api/v1/headcount', seat(person, { status: 'ended', endDate: '2026-12-31' }));
    expect(ended.statusCode).toBe(201);
    expect((await call('admin', 'POST', '/api/v1/headcount', seat(person))).statusCode).toBe(201);
  });

  it('a pending seat holds its time as an active one does', async () => {
    // The server reads the person's other seats itself: a query that skipped pending ones would let 110 % through.
    const person = fresh[6]!;
    const pending = await call(
      'admin',
      'POST',
      '/api/v1/headcount',
      seat(person, { title: 'Pending Platform Seat', allocation: 60, status: 'pending' }),
    );
    expect(pending.statusCode, pending.body).toBe(201);
    const over = await call('admin', 'POST', '/api/v1/headcount', seat(person, { allocation: 50, startDate: '2026-06-01' }));
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().issues.allocation.code).toBe('allocation_over');
    expect(over.json().issues.allocation.params.total).toBe(110);
    expect(over.json().issues.allocation.params.seats).toContain('Pending Platform Seat');
    // And the other way round: an active seat beside it, then the pending one raised past the rest.
    const active = await call('admin', 'POST', '/api/v1/headcount', seat(person, { allocation: 40 }));
    expect(active.statusCode, active.body).toBe(201);
    const raised = await call('admin', 'PATCH', `/api/v1/headcount/${pending.json().id}`, { allocation: 61 });
    expect(raised.statusCode).toBe(422);
    expect(raised.json().issues.allocation.params.total).toBe(101);
  });

  it('refuses a project of another customer, on the field', async () => {
    const res = await call('admin', 'POST', '/api/v1/headcount', seat(fresh[2]!, { projectId: theirProjectId, allocation: 10 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().issues).toEqual({ projectId: { code: 'project_other_customer' } });
  });

  it("refuses an edit that gives a seat another customer's project, or moves it away from its project's customer", async () => {
    const created = await call('admin', 'POST', '/api/v1/headcount', seat(fresh[2]!, { projectId: ourProjectId, allocation: 10 }));
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/v1/headcount/${created.json().id}`;
    const project = await call('admin', 'PATCH', url, { projectId: theirProjectId });
    expect(project.statusCode, project.body).toBe(422);
    expect(project.json()).toMatchObject({ code: 'project_other_customer', issues: { projectId: { code: 'project_other_customer' } } });
    // The check reads the seat as it would be: a new customer alone leaves the old project behind.
    const customer = await call('admin', 'PATCH', url, { customerId: otherCustomerId });
    expect(customer.statusCode, customer.body).toBe(422);
    expect(customer.json().code).toBe('project_other_customer');
    // Both together agree again.
    const both = await call('admin', 'PATCH', url, { customerId: otherCustomerId, projectId: theirProjectId });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({ customerId: otherCustomerId, projectId: theirProjectId });
  });

  it('a sale keeps the seats they sold, not the others', async () => {
    const theirs = await call('admin', 'POST', '/api/v1/headcount', seat(fresh[3]!, { allocation: 10, saleId: t.users.sale_lead.id }));
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((await call('sale', 'PATCH', `/api/v1/headcount/${theirs.json().id}`, { billingRate: 1 })).statusCode).toBe(403);
    const mine = await call('sale', 'POST', '/api/v1/headcount', seat(fresh[3]!, { allocation: 10 }));
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().saleId).toBe(t.users.sale.id);
  });
});

// These seats sit at the other customer: the share link's test reads the first customer's.
describe("a project's customer", () => {
  let projects = 0;
  const project = async () => {
    const res = await call('admin', 'POST', '/api/v1/projects', {
      name: 'Hệ thống Kho',
      code: `WH-${Date.now().toString(36)}-${++projects}`,
      customerId: otherCustomerId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; customerId: string };
  };

  it('cannot change while seats or jobs are on the project, naming how many of each; can when none are', async () => {
    const p = await project();
    const placed = await call(
      'admin',
      'POST',
      '/api/v1/headcount',
      seat(fresh[4]!, { customerId: otherCustomerId, projectId: p.id, allocation: 10 }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const job = await call('admin', 'POST', '/api/v1/jobs', { title: 'Warehouse engineer', customerId: otherCustomerId, projectId: p.id });
    expect(job.statusCode, job.body).toBe(201);

    const moved = await call('admin', 'PATCH', `/api/v1/projects/${p.id}`, { customerId });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({
      code: 'project_in_use',
      issues: { customerId: { code: 'project_in_use', params: { seats: 1, jobs: 1 } } },
    });
    // The whole record sent back (PUT) is the same write.
    const whole = (await call('admin', 'GET', `/api/v1/projects/${p.id}`)).json();
    expect((await call('admin', 'PUT', `/api/v1/projects/${p.id}`, { ...whole, customerId })).statusCode).toBe(409);
    expect((await call('admin', 'GET', `/api/v1/projects/${p.id}`)).json().customerId).toBe(otherCustomerId);
    // Other fields still change.
    expect((await call('admin', 'PATCH', `/api/v1/projects/${p.id}`, { status: 'paused' })).statusCode).toBe(200);

    const free = await project();
    const res = await call('admin', 'PATCH', `/api/v1/projects/${free.id}`, { customerId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customerId).toBe(customerId);
  });

  it('is not archived while a seat or an open job works on it', async () => {
    const p = await project();
    const placed = (
      await call('admin', 'POST', '/api/v1/headcount', seat(fresh[5]!, { customerId: otherCustomerId, projectId: p.id, allocation: 10 }))
    ).json();
    const job = (
      await call('admin', 'POST', '/api/v1/jobs', { title: 'Warehouse tester', customerId: otherCustomerId, projectId: p.id })
    ).json();
    const refused = await call('admin', 'DELETE', `/api/v1/projects/${p.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('project_in_use');
    expect((await call('admin', 'PATCH', `/api/v1/headcount/${placed.id}`, { status: 'ended', endDate: '2026-06-30' })).statusCode).toBe(
      200,
    );
    expect((await call('admin', 'DELETE', `/api/v1/projects/${p.id}`)).statusCode).toBe(409);
    expect((await call('admin', 'PATCH', `/api/v1/jobs/${job.id}`, { status: 'closed' })).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/api/v1/projects/${p.id}`)).statusCode).toBe(200);
  });
});

describe("a seat's logged hours", () => {
  it("keep the seat's dates, person and project around them", async () => {
    const [{ id: projectId }] = (await call('admin', 'GET', `/api/v1/projects?_start=0&_end=1&customerId=${otherCustomerId}`)).json() as [
      { id: string },
    ];
    const placed = await call(
      'admin',
      'POST',
      '/api/v1/headcount',
      seat(fresh[4]!, { customerId: otherCustomerId, projectId, allocation: 10, title: 'Hours keeper' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const seatId = placed.json().id as string;
    // A day of last month: past, and not locked.
    const month = lastMonth();
    const logged = await call('admin', 'POST', '/api/v1/timesheet', { userId: fresh[4], projectId, date: `${month}-10`, hours: 8 });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json().headcountId).toBe(seatId);

    const issue = { code: 'seat_hours_outside', params: { entries: 1, from: `${month}-10`, to: `${month}-10` } };
    const ended = await call('admin', 'PATCH', `/api/v1/headcount/${seatId}`, { endDate: `${month}-05` });
    expect(ended.statusCode).toBe(422);
    expect(ended.json()).toMatchObject({ code: 'seat_hours_outside', issues: { endDate: issue } });
    const late = await call('admin', 'PATCH', `/api/v1/headcount/${seatId}`, { startDate: `${month}-11` });
    expect(late.json().issues).toEqual({ startDate: issue });
    const other = await call('admin', 'PATCH', `/api/v1/headcount/${seatId}`, { userId: fresh[5] });
    expect(other.json().issues).toEqual({ userId: issue });
    // Dates that still hold the hours are fine.
    expect((await call('admin', 'PATCH', `/api/v1/headcount/${seatId}`, { endDate: `${month}-10` })).statusCode).toBe(200);
  });
});

describe('the bench', () => {
  it('lists the active developers without a seat today, and loses one who gets a seat', async () => {
    expect(benchPeople.length).toBeGreaterThan(3);
    const all = (await call('admin', 'GET', '/api/v1/headcount/bench')).json() as Array<{ id: string }>;
    // The people seated by the tests above have left the bench.
    for (const p of fresh.slice(0, 2)) expect(benchPeople.map((x) => x.id)).toContain(p);
    for (const p of fresh.slice(0, 2)) expect(all.map((x) => x.id)).not.toContain(p);
    const seated = (await call('admin', 'GET', `/api/v1/headcount?_start=0&_end=100&status=active`)).json() as Array<{
      userId: string;
      startDate: string;
      endDate: string | null;
    }>;
    const today = new Date().toISOString().slice(0, 10);
    const busy = new Set(seated.filter((h) => h.startDate <= today && (!h.endDate || h.endDate >= today)).map((h) => h.userId));
    for (const p of all) expect(busy.has(p.id)).toBe(false);
  });

  it.each<[Role, number]>([
    ['admin', 200],
    ['sale', 200],
    ['manager', 200],
    ['hr', 403],
    ['developer', 403],
  ])('%s → %i', async (role, status) => {
    expect((await call(role, 'GET', '/api/v1/headcount/bench')).statusCode).toBe(status);
  });
});

describe("a customer's share link", () => {
  it('shows only the active seats of that customer, without rates, to anyone holding the token', async () => {
    const created = await call('sale', 'POST', '/api/v1/headcount/token', { customerId, expiresInDays: 7 });
    expect(created.statusCode, created.body).toBe(201);
    const { token, id } = created.json();
    expect(token).toMatch(/^[\w-]{40,}$/);
    const view = await call(null, 'GET', '/api/v1/headcount/token/view', undefined, { 'x-share-token': token });
    expect(view.statusCode, view.body).toBe(200);
    const body = view.json();
    expect(Object.keys(body).sort()).toEqual(['customer', 'expiresAt', 'months', 'seats']);
    expect(body.seats.length).toBeGreaterThan(0);
    for (const s of body.seats)
      expect(Object.keys(s).sort()).toEqual(['allocation', 'endDate', 'fullName', 'hours', 'project', 'startDate', 'title']);
    expect(view.body).not.toMatch(/billingRate|billRate|rateUnit|currency|salary/i);
    // Each seat's logged hours this month and last, on that customer's project only.
    expect(body.months.current).toBe(todayIn().slice(0, 7));
    const placed = await t.database.db
      .select({ fullName: users.fullName, userId: headcounts.userId, projectId: headcounts.projectId })
      .from(headcounts)
      .innerJoin(users, eq(users.id, headcounts.userId))
      .where(and(eq(headcounts.customerId, customerId), eq(headcounts.status, 'active'), isNull(headcounts.archivedAt)));
    let shownHours = 0;
    for (const s of body.seats as Array<{ fullName: string; project: string | null; hours: { current: number; previous: number } }>) {
      const seat = placed.find((p) => p.fullName === s.fullName && p.projectId);
      if (!seat) continue;
      for (const [key, month] of [
        ['current', body.months.current],
        ['previous', body.months.previous],
      ] as const) {
        const [logged] = await t.database.db
          .select({ hours: sql<number>`coalesce(sum(${timesheets.hours}), 0)::float` })
          .from(timesheets)
          .where(
            and(
              eq(timesheets.userId, seat.userId),
              eq(timesheets.projectId, seat.projectId!),
              sql`to_char(${timesheets.date}, 'YYYY-MM') = ${month}`,
            ),
          );
        expect(s.hours[key], `${s.fullName} ${month}`).toBe(Number(logged!.hours));
        shownHours += s.hours[key];
      }
    }
    // The demo firm logs its hours: last month's are there.
    expect(shownHours).toBeGreaterThan(0);
    const active = (
      await call('admin', 'GET', `/api/v1/headcount?_start=0&_end=100&customerId=${customerId}&status=active`)
    ).json() as Array<{
      title: string;
    }>;
    expect(body.seats.length).toBeLessThanOrEqual(active.length);

    // The list of links never shows a token again.
    // With the timestamp the client puts on every URL.
    const links = await call('sale', 'GET', `/api/v1/headcount/token?customerId=${customerId}&_t=${Date.now()}`);
    expect(links.statusCode).toBe(200);
    expect(links.body).not.toContain(token);
    expect(links.body).not.toMatch(/tokenHash/);
    expect((links.json() as Array<{ id: string }>).map((l) => l.id)).toContain(id);

    // Revoked, it shows nothing.
    expect((await call('sale', 'DELETE', `/api/v1/headcount/token/${id}`)).json().revokedAt).toBeTruthy();
    expect((await call(null, 'GET', '/api/v1/headcount/token/view', undefined, { 'x-share-token': token })).statusCode).toBe(404);
  });

  it('shows a live active seat, never an ended one, a pending one, or an active one whose end date has passed', async () => {
    const person = fresh[5]!;
    const stamp = Date.now().toString(36);
    const seats = {
      live: { title: `Shared Live ${stamp}` },
      // No end date: only its status keeps it out.
      ended: { title: `Shared Ended ${stamp}`, status: 'ended' },
      // Still marked active, but over since 2020: only its end date keeps it out.
      lapsed: { title: `Shared Lapsed ${stamp}`, startDate: '2020-01-01', endDate: '2020-01-31' },
      pending: { title: `Shared Pending ${stamp}`, status: 'pending' },
    };
    for (const over of Object.values(seats)) {
      const res = await call('admin', 'POST', '/api/v1/headcount', seat(person, { allocation: 10, ...over }));
      expect(res.statusCode, res.body).toBe(201);
    }
    const { token } = (await call('admin', 'POST', '/api/v1/headcount/token', { customerId })).json();
    const view = await call(null, 'GET', '/api/v1/headcount/token/view', undefined, { 'x-share-token': token });
    expect(view.statusCode, view.body).toBe(200);
    const titles = (view.json().seats as Array<{ title: string }>).map((s) => s.title);
    expect(titles).toContain(seats.live.title);
    expect(titles).not.toContain(seats.ended.title);
    expect(titles).not.toContain(seats.lapsed.title);
    expect(titles).not.toContain(seats.pending.title);
  });

  it('expires', async () => {
    const { token, id } = (await call('admin', 'POST', '/api/v1/headcount/token', { customerId })).json();
    await t.database.db.update(headcountShareLinks).set({ expiresAt: '2020-01-01T00:00:00.000Z' }).where(eq(headcountShareLinks.id, id));
    expect((await call(null, 'GET', '/api/v1/headcount/token/view', undefined, { 'x-share-token': token })).statusCode).toBe(404);
  });

  it('a wrong or missing token is refused', async () => {
    expect((await call(null, 'GET', '/api/v1/headcount/token/view', undefined, { 'x-share-token': 'nope' })).statusCode).toBe(404);
    expect((await call(null, 'GET', '/api/v1/headcount/token/view')).statusCode).toBe(400);
  });

  it('a sale shares only the customers they own; roles without the action are refused', async () => {
    expect((await call('sale', 'POST', '/api/v1/headcount/token', { customerId: otherCustomerId })).statusCode).toBe(403);
    expect((await call('sale', 'GET', `/api/v1/headcount/token?customerId=${otherCustomerId}`)).statusCode).toBe(403);
    for (const role of ['manager', 'hr', 'developer'] as Role[])
      expect((await call(role, 'POST', '/api/v1/headcount/token', { customerId })).statusCode, role).toBe(403);
    expect((await call('admin', 'POST', '/api/v1/headcount/token', { customerId, expiresInDays: 365 })).statusCode).toBe(400);
  });
});
