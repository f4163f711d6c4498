import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { auditLog } from '../../src/server/modules/audit/audit.table.js';
import { customers } from '../../src/server/modules/customers/customers.table.js';
import { headcounts } from '../../src/server/modules/headcounts/headcounts.table.js';
import { holidays } from '../../src/server/modules/holidays/holidays.table.js';
import { projects } from '../../src/server/modules/projects/projects.table.js';
import { timesheets } from '../../src/server/modules/timesheets/timesheets.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// A draft built from a customer's seats on a real server and database (both kinds): its lines and
// totals to the cent, a month drafted twice refused naming the first invoice, the hours a sent
// invoice billed read-only until it is cancelled or taken back to draft, and a sale's scope.
//
// October 2025 starts on a Wednesday: 23 weekdays; with the holiday put on Monday the 20th, 22.

let t: TestApp;
let customerId: string;
let otherCustomerId: string;
let monthlySeat: string;
let hourlySeat: string;
let projectA: string;
let projectB: string;
const PERIOD = '2025-10';

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload !== undefined ? { payload: payload as object } : {}) });
const draft = (role: Role, body: Record<string, unknown>) => call(role, 'POST', '/api/v1/invoice/draft-from-headcount', body);
const cells = (role: Role, body: Record<string, unknown>) => call(role, 'PUT', '/api/v1/timesheet/cells', body);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const [customer] = await db
    .insert(customers)
    .values({ name: 'Draft Works', code: 'DRAFTWORKS', currency: 'USD', ownerSaleId: t.users.sale.id })
    .returning();
  const [other] = await db
    .insert(customers)
    .values({ name: 'Someone Else', code: 'SOMEONEELSE', currency: 'USD', ownerSaleId: null })
    .returning();
  customerId = customer!.id;
  otherCustomerId = other!.id;
  const [a, b] = await db
    .insert(projects)
    .values([
      { name: 'Draft web', code: 'DRAFTWEB', customerId },
      { name: 'Draft api', code: 'DRAFTAPI', customerId },
    ])
    .returning();
  projectA = a!.id;
  projectB = b!.id;
  const person = t.users.developer.id;
  const [monthly, hourly] = await db
    .insert(headcounts)
    .values([
      {
        title: 'React developer',
        userId: person,
        customerId,
        projectId: projectA,
        billingRate: 4400,
        rateUnit: 'month',
        allocation: 50,
        startDate: '2025-10-15',
        status: 'active',
      },
      {
        title: 'Backend developer',
        userId: person,
        customerId,
        projectId: projectB,
        billingRate: 30,
        rateUnit: 'hour',
        allocation: 50,
        startDate: '2025-01-01',
        status: 'active',
      },
      // Not placed yet: bills nothing.
      {
        title: 'Pending seat',
        userId: person,
        customerId,
        projectId: projectA,
        billingRate: 9999,
        rateUnit: 'month',
        allocation: 10,
        startDate: '2025-01-01',
        status: 'pending',
      },
    ])
    .returning();
  monthlySeat = monthly!.id;
  hourlySeat = hourly!.id;
  await db.delete(holidays).where(eq(holidays.date, '2025-10-20'));
  await db.insert(holidays).values({ name: 'Test holiday', date: '2025-10-20' });
  // Hours logged on the hourly seat at the rate of the day: 25 until the 2nd, 30 since.
  const entry = (date: string, hours: number, billRate: number) => ({
    userId: person,
    projectId: projectB,
    headcountId: hourlySeat,
    date,
    hours,
    billRate,
    rateUnit: 'hour',
    currency: 'USD',
  });
  await db
    .insert(timesheets)
    .values([entry('2025-10-01', 8, 25), entry('2025-10-02', 7.5, 25), entry('2025-10-03', 4, 30), entry('2025-11-03', 8, 30)]);
});
afterAll(() => t?.close());

describe('draft from headcount', () => {
  let invoiceId: string;

  it('refuses bad input by field, and a customer with nothing to bill', async () => {
    const bad = await draft('admin', { customerId: 'nope', period: '2025-13' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors ?? bad.json().issues ?? {})).toEqual(expect.arrayContaining(['customerId', 'period']));
    const empty = await draft('admin', { customerId: otherCustomerId, period: PERIOD });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().code).toBe('no_billable_seat');
    // Before the monthly seat starts and without hours, the customer has nothing in September 2024 either.
    expect((await draft('admin', { customerId, period: '2024-09' })).json().code).toBe('no_billable_seat');
  });

  it("a sale drafts only their own customers' months", async () => {
    const res = await draft('sale', { customerId: otherCustomerId, period: PERIOD });
    expect([403, 404]).toContain(res.statusCode);
    expect((await draft('developer', { customerId, period: PERIOD })).statusCode).toBe(403);
  });

  it('one line per seat: the monthly seat pro rata, the hourly seat per snapshotted rate, totals to the cent', async () => {
    const res = await draft('sale', { customerId, period: PERIOD });
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json();
    invoiceId = inv.id;
    expect(inv).toMatchObject({ status: 'draft', number: null, customerId, period: PERIOD, currency: 'USD', saleId: t.users.sale.id });
    const name = t.users.developer.fullName;
    expect(inv.lines).toEqual([
      // 15.5 h × 25 = 387.50; 4 h × 30 = 120.00 (the November hours are another month's)
      {
        headcountId: hourlySeat,
        quantity: '15.5',
        unit: 'hour',
        unitPrice: '25',
        amount: '387.50',
        description: `${name} — Backend developer, 15.5 hours logged at 25/hour`,
      },
      {
        headcountId: hourlySeat,
        quantity: '4',
        unit: 'hour',
        unitPrice: '30',
        amount: '120.00',
        description: `${name} — Backend developer, 4 hours logged at 30/hour`,
      },
      // From Wed 15: 15–17, 21–24 (the 20th a holiday), 27–31 = 12 of 22 → 4400 × 12 ÷ 22 = 2400
      {
        headcountId: monthlySeat,
        quantity: '1',
        unit: 'month',
        unitPrice: '2400',
        amount: '2400.00',
        description: `${name} — React developer, 12 of 22 working days (pro rata of 4400/month)`,
      },
    ]);
    expect(inv).toMatchObject({ subtotal: '2907.50', tax: '0.00', total: '2907.50', totalBase: '2907.50' });
    // Written by the normal create: audited as created by the caller.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, inv.id), eq(auditLog.action, 'created')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(t.users.sale.id);
  });

  it('the same month twice is refused naming the invoice that bills the seats; a cancelled one frees them', async () => {
    const again = await draft('admin', { customerId, period: PERIOD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'seat_already_billed', details: { invoiceId } });
    expect(again.json().message).toContain(`Draft Works — ${PERIOD}`);
    // A hand-made invoice billing one of the seats that month is refused the same way.
    const manual = await call('admin', 'POST', '/api/v1/invoice', {
      subject: 'By hand',
      customerId,
      period: PERIOD,
      issueDate: '2025-10-31',
      lines: [{ description: 'Extra', headcountId: monthlySeat, quantity: '1', unit: 'month', unitPrice: '1' }],
    });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().issues['lines.0.headcountId'].code).toBe('seat_already_billed');
    // The row the issue names, for the form to link it under the line.
    expect(manual.json().issues['lines.0.headcountId'].params).toMatchObject({
      id: invoiceId,
      name: expect.stringContaining(`Draft Works — ${PERIOD}`),
    });
    // Another month is free.
    const november = await draft('admin', { customerId, period: '2025-11' });
    expect(november.statusCode, november.body).toBe(201);
    expect((await call('admin', 'POST', `/api/v1/invoice/${november.json().id}/cancel`, {})).statusCode).toBe(200);
    const novemberAgain = await draft('admin', { customerId, period: '2025-11' });
    expect(novemberAgain.statusCode, novemberAgain.body).toBe(201);
  });

  it('sending locks the hours it billed (422 naming it); back to draft and cancel free them', async () => {
    const developer = t.users.developer.id;
    const setB = (hours: number, date = '2025-10-02') =>
      cells('admin', { userId: developer, cells: [{ projectId: projectB, date, hours }] });
    const sent = await call('admin', 'POST', `/api/v1/invoice/${invoiceId}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const number = sent.json().number as string;

    const locked = await setB(6);
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({ code: 'billed_by_invoice', details: { invoiceId, invoice: number } });
    expect(locked.json().issues['cells.0.date']).toMatchObject({ code: 'billed_by_invoice', params: { invoice: number } });
    // A new entry on the billed seat's project and month, and one on the monthly seat's project, are refused too.
    expect((await setB(2, '2025-10-06')).json().code).toBe('billed_by_invoice');
    const onA = await cells('admin', { userId: developer, cells: [{ projectId: projectA, date: '2025-10-16', hours: 8 }] });
    expect(onA.json().code).toBe('billed_by_invoice');
    // The kit's own routes: create on a billed cell, update and delete of a billed entry.
    const created = await call('admin', 'POST', '/api/v1/timesheet', {
      userId: developer,
      projectId: projectB,
      date: '2025-10-07',
      hours: 2,
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().issues.date).toMatchObject({ code: 'billed_by_invoice', params: { invoice: number } });
    const [stored] = await t.database.db
      .select({ id: timesheets.id })
      .from(timesheets)
      .where(and(eq(timesheets.headcountId, hourlySeat), eq(timesheets.date, '2025-10-01')));
    expect((await call('admin', 'PATCH', `/api/v1/timesheet/${stored!.id}`, { hours: 7 })).json().code).toBe('billed_by_invoice');
    expect((await call('admin', 'DELETE', `/api/v1/timesheet/${stored!.id}`)).json().code).toBe('billed_by_invoice');
    // Another month of the same seat is not billed by it.
    expect((await setB(6, '2025-11-04')).statusCode).toBe(200);

    expect((await call('admin', 'POST', `/api/v1/invoice/${invoiceId}/back-to-draft`, {})).statusCode).toBe(200);
    expect((await setB(6)).statusCode).toBe(200);

    expect((await call('admin', 'POST', `/api/v1/invoice/${invoiceId}/send`, {})).statusCode).toBe(200);
    expect((await setB(5)).json().code).toBe('billed_by_invoice');
    expect((await call('admin', 'POST', `/api/v1/invoice/${invoiceId}/cancel`, {})).statusCode).toBe(200);
    const freed = await setB(5);
    expect(freed.statusCode, freed.body).toBe(200);
  });

  it('a paid invoice keeps the hours it billed read-only: money received is never rebilled by a changed timesheet', async () => {
    const developer = t.users.developer.id;
    const setB = (hours: number) => cells('admin', { userId: developer, cells: [{ projectId: projectB, date: '2025-10-02', hours }] });
    const drafted = await draft('admin', { customerId, period: PERIOD });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const id = drafted.json().id as string;
    const sent = await call('admin', 'POST', `/api/v1/invoice/${id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const paid = await call('admin', 'POST', `/api/v1/invoice/${id}/mark-paid`, {
      paidAt: sent.json().issueDate,
      amount: sent.json().total,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('paid');

    const locked = await setB(4);
    expect(locked.statusCode, locked.body).toBe(422);
    expect(locked.json()).toMatchObject({ code: 'billed_by_invoice', details: { invoiceId: id, invoice: sent.json().number } });
    const [stored] = await t.database.db
      .select({ id: timesheets.id })
      .from(timesheets)
      .where(and(eq(timesheets.headcountId, hourlySeat), eq(timesheets.date, '2025-10-01')));
    expect((await call('admin', 'PATCH', `/api/v1/timesheet/${stored!.id}`, { hours: 7 })).json().code).toBe('billed_by_invoice');
    expect((await call('admin', 'DELETE', `/api/v1/timesheet/${stored!.id}`)).json().code).toBe('billed_by_invoice');
  });

  it('seats billed in different currencies are not drafted into one invoice: 422 seat_currencies naming them', async () => {
    const db = t.database.db;
    const [mixed] = await db
      .insert(customers)
      .values({ name: 'Two Currencies', code: 'TWOCUR', currency: 'USD', ownerSaleId: null })
      .returning();
    const [project] = await db
      .insert(projects)
      .values({ name: 'Two currencies app', code: 'TWOCURAPP', customerId: mixed!.id })
      .returning();
    const seat = (title: string, currency: string) => ({
      title,
      userId: t.users.developer.id,
      customerId: mixed!.id,
      projectId: project!.id,
      billingRate: 4000,
      rateUnit: 'month',
      currency,
      allocation: 10,
      startDate: '2025-01-01',
      status: 'active',
    });
    await db.insert(headcounts).values([seat('Frontend in dollars', 'USD'), seat('Backend in euros', 'EUR')]);
    const res = await draft('admin', { customerId: mixed!.id, period: PERIOD });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'seat_currencies',
      issues: { customerId: { code: 'seat_currencies', params: { currencies: expect.stringMatching(/^(EUR, USD|USD, EUR)$/) } } },
    });
    // Nothing was drafted.
    const list = await call('admin', 'GET', `/api/v1/invoice/paginated?customerId=${mixed!.id}`);
    expect(list.json().total).toBe(0);
  });
});
