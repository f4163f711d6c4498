import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { unprocessable } from '../../src/server/http/errors.js';
import { auditLog } from '../../src/server/modules/audit/audit.table.js';
import { sendProbe } from '../../src/server/modules/invoices/invoices.writes.js';
import { invoiceNumberSeries, invoices } from '../../src/server/modules/invoices/invoices.table.js';
import { add, compare } from '../../src/domain/money.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// Invoices on a real server and database (both kinds): bad input named by field, totals to the
// cent, the status machine and its refusals, numbers given once and never lost, a sale's scope,
// and the audit trail. Fifty sends at once are in invoices-numbering-race.test.ts (PostgreSQL).

let t: TestApp;
type Customer = { id: string; currency: string; paymentTermsDays: number; ownerSaleId: string | null; code: string };
let usd: Customer;
let vnd: Customer;
let salesOwn: Customer;
let other: Customer;

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(await t.auth(role)), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function customerByCode(code: string): Promise<Customer> {
  const res = await call('admin', 'GET', `/api/v1/customers?_start=0&_end=1&code=${code}`);
  return (res.json() as Customer[])[0]!;
}

let seq = 0;
const line = (quantity: string, unitPrice: string, extra: Record<string, unknown> = {}) => ({
  description: `Work ${++seq}`,
  unit: 'hour',
  quantity,
  unitPrice,
  ...extra,
});
const body = (customer: Customer, extra: Record<string, unknown> = {}) => ({
  subject: `Services ${++seq}`,
  customerId: customer.id,
  period: '2026-10',
  issueDate: '2026-10-31',
  lines: [line('10', '100')],
  ...(customer.currency === 'USD' ? {} : { exchangeRate: customer.currency === 'VND' ? '0.0000393' : '1.1' }),
  ...extra,
});

async function create(extra: Record<string, unknown> = {}, customer = usd, role: Role = 'admin') {
  const res = await call(role, 'POST', '/api/v1/invoice', body(customer, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { id: string; number: string | null; status: string };
}
const act = (role: Role, id: string, action: string, payload: unknown = {}, headers = {}) =>
  call(role, 'POST', `/api/v1/invoice/${id}/${action}`, payload, headers);
const sequenceOf = (number: string) => Number(number.split('-').pop());

beforeAll(async () => {
  t = await buildTestApp();
  usd = await customerByCode('MAPLE');
  vnd = await customerByCode('SAOVIET');
  const own = await call('admin', 'GET', `/api/v1/customers?_start=0&_end=50&status=active&ownerSaleId=${t.users.sale.id}`);
  salesOwn = (own.json() as Customer[])[0]!;
  const others = await call('admin', 'GET', `/api/v1/customers?_start=0&_end=50&status=active&ownerSaleId_ne=${t.users.sale.id}`);
  other = (others.json() as Customer[]).find((c) => c.currency === 'USD') ?? (others.json() as Customer[])[0]!;
  expect(usd.currency).toBe('USD');
  expect(vnd.currency).toBe('VND');
});
afterAll(() => t?.close());
afterEach(() => {
  sendProbe.afterNumber = undefined;
});

describe('demo data', () => {
  it('a year of invoices at every status, numbered without a gap up to each series counter, totals adding up', async () => {
    const rows = await t.database.db
      .select({
        number: invoices.number,
        status: invoices.status,
        lines: invoices.lines,
        subtotal: invoices.subtotal,
        period: invoices.period,
        id: invoices.id,
        kind: invoices.kind,
        creditOf: invoices.creditOf,
        total: invoices.total,
        credited: invoices.credited,
      })
      .from(invoices);
    // A credit note, issued: its invoice's credited sum is what it gives back.
    const notes = rows.filter((r) => r.kind === 'credit_note');
    expect(notes.map((n) => [n.status, n.number?.slice(0, 3)])).toEqual([['sent', 'CN-']]);
    expect(compare(rows.find((r) => r.id === notes[0]!.creditOf)!.credited, notes[0]!.total.replace('-', ''))).toBe(0);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['draft', 'sent', 'paid', 'cancelled']));
    expect(new Set(rows.map((r) => r.period)).size).toBeGreaterThanOrEqual(12);
    expect(rows.filter((r) => r.status === 'draft').every((r) => r.number === null)).toBe(true);
    for (const r of rows) expect(compare(add('0', ...r.lines.map((l) => l.amount)), r.subtotal), String(r.number)).toBe(0);
    const series = await t.database.db.select().from(invoiceNumberSeries);
    expect(series.length).toBeGreaterThan(0);
    for (const { series: name, lastNumber } of series) {
      const given = rows
        .filter((r) => r.number?.startsWith(`${name}-`))
        .map((r) => Number(r.number!.slice(name.length + 1)))
        .sort((a, b) => a - b);
      expect(given, name).toEqual(Array.from({ length: lastNumber }, (_, i) => i + 1));
    }
  });
});

describe('bad input is refused by field, never a 500', () => {
  it.each([
    ['a negative quantity', { lines: [{ description: 'x', quantity: '-1', unitPrice: '10' }] }, 'lines.0.quantity', 'negative'],
    ['a quantity as words', { lines: [{ description: 'x', quantity: 'ten', unitPrice: '10' }] }, 'lines.0.quantity', 'decimal'],
    ['a float-looking price', { lines: [{ description: 'x', quantity: '1', unitPrice: '1e5' }] }, 'lines.0.unitPrice', 'decimal'],
    ['a negative price', { lines: [{ description: 'x', quantity: '1', unitPrice: '-0.01' }] }, 'lines.0.unitPrice', 'negative'],
    ['an unknown unit', { lines: [{ description: 'x', quantity: '1', unitPrice: '1', unit: 'week' }] }, 'lines.0.unit', 'choice'],
    ['an unknown currency', { currency: 'XYZ' }, 'currency', 'choice'],
    ['a bad month', { period: '2026-13' }, 'period', 'month'],
    ['a date as month', { period: '2026-10-01' }, 'period', 'month'],
    ['a tax above 100 %', { taxRate: '100.5' }, 'taxRate', 'decimal_too_big'],
    ['a zero rate', { currency: 'EUR', exchangeRate: '0' }, 'exchangeRate', 'positive'],
    ['a due date before the issue', { dueDate: '2026-10-01' }, 'dueDate', 'due_before_issue'],
    ['an unknown key on a line', { lines: [{ description: 'x', quantity: '1', unitPrice: '1', vat: 1 }] }, 'lines.0.vat', 'unknown_field'],
  ])('%s → 400', async (_name, patch, field, code) => {
    const res = await call('admin', 'POST', '/api/v1/invoice', body(usd, patch));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', issues: { [field]: { code } } });
  });

  it('a project of another customer → 422 project_other_customer', async () => {
    const projects = (await call('admin', 'GET', `/api/v1/projects?_start=0&_end=100&customerId_ne=${usd.id}`)).json() as Array<{
      id: string;
    }>;
    const res = await call('admin', 'POST', '/api/v1/invoice', body(usd, { projectId: projects[0]!.id }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'project_other_customer', issues: { projectId: { code: 'project_other_customer' } } });
  });

  it("a seat of another customer → 422 naming the line's seat; a seat of the customer is taken", async () => {
    const seats = (await call('admin', 'GET', `/api/v1/headcount?_start=0&_end=100`)).json() as Array<{ id: string; customerId: string }>;
    const foreign = seats.find((s) => s.customerId !== usd.id)!;
    const res = await call(
      'admin',
      'POST',
      '/api/v1/invoice',
      body(usd, { lines: [line('1', '1'), line('2', '3', { headcountId: foreign.id })] }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'seat_other_customer', issues: { 'lines.1.headcountId': { code: 'seat_other_customer' } } });
    const own = seats.find((s) => s.customerId === foreign.customerId)!;
    const customer = { ...usd, id: foreign.customerId, currency: 'EUR' };
    const ok = await call(
      'admin',
      'POST',
      '/api/v1/invoice',
      // A month the demo's invoices do not bill yet: a seat is billed once a month.
      body(customer, { currency: 'EUR', period: '2020-01', lines: [line('1', '1', { headcountId: own.id })] }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().lines[0].headcountId).toBe(own.id);
  });

  it('another currency than the base needs its rate; the base currency’s rate is 1', async () => {
    const noRate = await call('admin', 'POST', '/api/v1/invoice', body(usd, { currency: 'EUR' }));
    expect(noRate.statusCode, noRate.body).toBe(422);
    expect(noRate.json()).toMatchObject({ code: 'exchange_rate_required', issues: { exchangeRate: { code: 'exchange_rate_required' } } });
    const wrongBase = await call('admin', 'POST', '/api/v1/invoice', body(usd, { exchangeRate: '1.2' }));
    expect(wrongBase.statusCode).toBe(422);
    expect(wrongBase.json().code).toBe('exchange_rate_base');
  });

  it('an unknown customer is 409 reference_missing; malformed JSON types are 400', async () => {
    const res = await call('admin', 'POST', '/api/v1/invoice', { ...body(usd), customerId: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('reference_missing');
    for (const lines of ['x', [null], [{}], [{ description: 'x', quantity: {}, unitPrice: [] }]]) {
      const bad = await call('admin', 'POST', '/api/v1/invoice', { ...body(usd), lines });
      expect(bad.statusCode, JSON.stringify(lines)).toBe(400);
    }
  });
});

describe('totals are exact and computed by the server', () => {
  it('USD: each line rounded half up, tax on the subtotal; the client cannot set them', async () => {
    // 3 × 33.333 = 99.999 → 100.00; 0.5 × 0.01 = 0.005 → 0.01; 7.25 × 12.34 = 89.465 → 89.47
    // subtotal 189.48; 8.5 % = 16.1058 → 16.11; total 205.59 (rate 1: the base currency)
    const inv = await create({ taxRate: '8.5', lines: [line('3', '33.333'), line('0.5', '0.01'), line('7.25', '12.34')] });
    expect(inv.lines).toEqual([
      expect.objectContaining({ quantity: '3', unitPrice: '33.333', amount: '100.00' }),
      expect.objectContaining({ quantity: '0.5', unitPrice: '0.01', amount: '0.01' }),
      expect.objectContaining({ quantity: '7.25', unitPrice: '12.34', amount: '89.47' }),
    ]);
    expect(inv).toMatchObject({
      subtotal: '189.48',
      tax: '16.11',
      total: '205.59',
      totalBase: '205.59',
      exchangeRate: '1',
      currency: 'USD',
    });
    const forged = await call('admin', 'POST', '/api/v1/invoice', { ...body(usd), total: '1.00' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().issues.total.code).toBe('unknown_field');
    // A line sent back with a wrong amount is recomputed, not believed.
    const patched = await call('admin', 'PATCH', `/api/v1/invoice/${inv.id}`, {
      lines: [{ ...(inv.lines as object[])[0], amount: '1.00' }],
    });
    expect(patched.json()).toMatchObject({ lines: [{ amount: '100.00' }], subtotal: '100.00', tax: '8.50', total: '108.50' });
  });

  it('VND: no minor units; the base total at the invoice’s rate; the customer’s currency and terms by default', async () => {
    // 22 × 1 818 181.5 = 39 999 993; 0.5 × 3 = 1.5 → 2; subtotal 39 999 995; 10 % = 3 999 999.5 → 4 000 000
    // total 43 999 995 VND × 0.0000393 = 1729.1998035 → 1729.20 USD
    const inv = await create({ taxRate: '10', lines: [line('22', '1818181.5'), line('0.5', '3')] }, vnd);
    expect(inv).toMatchObject({
      currency: 'VND',
      subtotal: '39999995',
      tax: '4000000',
      total: '43999995',
      totalBase: '1729.20',
      exchangeRate: '0.0000393',
      // Sao Việt pays in 15 days.
      dueDate: '2026-11-15',
    });
    expect(vnd.paymentTermsDays).toBe(15);
  });

  it('a line amount is decimal arithmetic, never binary floating point', async () => {
    // 3 × 1.115 = 3.345 → 3.35, 1.005 → 1.01 and 1.255 → 1.26: binary floating point holds them as
    // 3.3449999…, 1.00499999… and 1.25499999…, which round to 3.34, 1.00 and 1.25.
    const inv = await create({ taxRate: '0', lines: [line('3', '1.115'), line('1', '1.005'), line('1', '1.255')] });
    expect((inv.lines as Array<{ amount: string }>).map((l) => l.amount)).toEqual(['3.35', '1.01', '1.26']);
    expect(inv).toMatchObject({ subtotal: '5.62', total: '5.62' });
  });

  it('the due date follows the issue date until one is given', async () => {
    const inv = await create();
    expect(inv.dueDate).toBe('2026-11-30');
    const moved = (await call('admin', 'PATCH', `/api/v1/invoice/${inv.id}`, { issueDate: '2026-11-02' })).json();
    expect(moved.dueDate).toBe('2026-12-02');
    const given = (await call('admin', 'PATCH', `/api/v1/invoice/${inv.id}`, { dueDate: '2026-12-24' })).json();
    expect(given.dueDate).toBe('2026-12-24');
  });
});

describe('the status machine', () => {
  it('draft → sent (numbered) → draft (keeps it) → sent (same number) → paid; refusals say the status', async () => {
    const inv = await create({ issueDate: '2026-03-10', period: '2026-03' });
    expect(inv).toMatchObject({ status: 'draft', number: null });
    for (const action of ['back-to-draft', 'mark-paid']) {
      const res = await act('admin', inv.id, action, action === 'mark-paid' ? { paidAt: '2026-03-20', amount: '1000.00' } : {});
      expect(res.statusCode, action).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'invoice_status',
        issues: { status: { code: 'invoice_status', params: { status: 'draft' } } },
      });
    }
    const sent = await act('admin', inv.id, 'send');
    expect(sent.statusCode, sent.body).toBe(200);
    const number = sent.json().number as string;
    expect(number).toMatch(/^INV-2026-\d{4,}$/);
    // Issued in March on 30 days' terms: past due by now.
    expect(sent.json()).toMatchObject({ status: 'sent', overdue: true });
    expect(sent.headers.etag).toBeTruthy();
    expect((await act('admin', inv.id, 'send')).statusCode).toBe(409);

    // A sent invoice moves only its due date and note.
    const locked = await call('admin', 'PATCH', `/api/v1/invoice/${inv.id}`, { lines: [line('1', '1')], note: 'x' });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({ code: 'invoice_not_editable', issues: { lines: { code: 'invoice_not_editable' } } });
    expect(locked.json().issues.note).toBeUndefined();
    const extended = await call('admin', 'PATCH', `/api/v1/invoice/${inv.id}`, { dueDate: '2026-05-01', note: 'Extended by phone' });
    expect(extended.statusCode, extended.body).toBe(200);
    // The whole record sent back unchanged is no change.
    expect((await call('admin', 'PUT', `/api/v1/invoice/${inv.id}`, extended.json())).statusCode).toBe(200);

    const [{ lastNumber: before }] = await t.database.db
      .select({ lastNumber: invoiceNumberSeries.lastNumber })
      .from(invoiceNumberSeries)
      .where(eq(invoiceNumberSeries.series, 'INV-2026'));
    const draft = await act('admin', inv.id, 'back-to-draft');
    expect(draft.json()).toMatchObject({ status: 'draft', number });
    const corrected = await call('admin', 'PATCH', `/api/v1/invoice/${inv.id}`, { lines: [line('2', '50.005')] });
    expect(corrected.json()).toMatchObject({ total: '100.01', number });
    // Numbered: never deleted, only cancelled.
    const del = await call('admin', 'DELETE', `/api/v1/invoice/${inv.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().code).toBe('invoice_numbered');
    const resent = await act('admin', inv.id, 'send');
    expect(resent.json()).toMatchObject({ status: 'sent', number });
    const [{ lastNumber: after }] = await t.database.db
      .select({ lastNumber: invoiceNumberSeries.lastNumber })
      .from(invoiceNumberSeries)
      .where(eq(invoiceNumberSeries.series, 'INV-2026'));
    expect(after).toBe(before);

    // Mark paid: its own checks, then closed.
    const future = await act('admin', inv.id, 'mark-paid', { paidAt: '2099-01-01', amount: '100.01' });
    expect(future.json()).toMatchObject({ code: 'future_date', issues: { paidAt: { code: 'future_date' } } });
    const early = await act('admin', inv.id, 'mark-paid', { paidAt: '2026-03-01', amount: '100.01' });
    expect(early.json()).toMatchObject({ code: 'paid_before_issue' });
    const cents = await act('admin', inv.id, 'mark-paid', { paidAt: '2026-03-20', amount: '-1' });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().issues.amount.code).toBe('negative');
    const paid = await act('admin', inv.id, 'mark-paid', { paidAt: '2026-03-20', amount: '100.01', note: 'Wire 7781' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', paidAt: '2026-03-20', paidAmount: '100.01', paidNote: 'Wire 7781', number });
    for (const action of ['cancel', 'back-to-draft', 'send']) expect((await act('admin', inv.id, action)).statusCode, action).toBe(409);
    const noEdit = await call('admin', 'PATCH', `/api/v1/invoice/${inv.id}`, { note: 'late' });
    expect(noEdit.statusCode).toBe(422);
  });

  it('a payment of a VND invoice has no cents (422 decimal_places naming the currency digits); a whole amount is taken', async () => {
    const inv = await create({ taxRate: '0', lines: [line('1', '1000000')] }, vnd);
    expect((await act('admin', inv.id, 'send')).statusCode).toBe(200);
    const cents = await act('admin', inv.id, 'mark-paid', { paidAt: '2026-11-02', amount: '1000000.50' });
    expect(cents.statusCode).toBe(422);
    expect(cents.json()).toMatchObject({ code: 'decimal_places', issues: { amount: { code: 'decimal_places', params: { max: 0 } } } });
    const whole = await act('admin', inv.id, 'mark-paid', { paidAt: '2026-11-02', amount: '1000000' });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json()).toMatchObject({ status: 'paid', paidAmount: '1000000' });
  });

  it('a cancelled invoice keeps its number; an un-numbered draft is cancelled or archived without one', async () => {
    const inv = await create();
    const sent = (await act('admin', inv.id, 'send')).json();
    const cancelled = await act('admin', inv.id, 'cancel', { note: 'Customer disputed the hours' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', number: sent.number, cancelNote: 'Customer disputed the hours' });
    expect((await act('admin', inv.id, 'send')).statusCode).toBe(409);
    const draft = await create();
    expect((await act('admin', draft.id, 'cancel')).json()).toMatchObject({ status: 'cancelled', number: null });
    const gone = await create();
    expect((await call('admin', 'DELETE', `/api/v1/invoice/${gone.id}`)).statusCode).toBe(200);
  });

  it('an invoice without lines is not sent', async () => {
    const inv = await create({ lines: [] });
    const res = await act('admin', inv.id, 'send');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'invoice_no_lines', issues: { lines: { code: 'invoice_no_lines' } } });
  });

  it('an action on an older version is refused with 412 naming who changed it; the current one goes through', async () => {
    const inv = await create();
    const loaded = (await call('admin', 'GET', `/api/v1/invoice/${inv.id}`)).headers.etag as string;
    const edited = await call('sale_lead', 'PATCH', `/api/v1/invoice/${inv.id}`, { note: 'Checked' });
    expect(edited.statusCode).toBe(200);
    const stale = await act('admin', inv.id, 'send', {}, { 'if-match': loaded });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'stale_record', details: { changedBy: { id: t.users.sale_lead.id } } });
    expect((await call('admin', 'GET', `/api/v1/invoice/${inv.id}`)).json()).toMatchObject({ status: 'draft', number: null });
    const fresh = await act('admin', inv.id, 'send', {}, { 'if-match': edited.headers.etag as string });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('overdue: sent and past due, shown on the row and filtered by overdue=true', async () => {
    const late = await create({ issueDate: '2025-01-10', period: '2025-01' });
    await act('admin', late.id, 'send');
    const onTime = await create({ issueDate: '2099-01-10', period: '2099-01' });
    await act('admin', onTime.id, 'send');
    const paid = await create({ issueDate: '2025-01-10', period: '2025-01' });
    await act('admin', paid.id, 'send');
    await act('admin', paid.id, 'mark-paid', { paidAt: '2025-02-01', amount: '1000.00' });
    expect((await call('admin', 'GET', `/api/v1/invoice/${late.id}`)).json().overdue).toBe(true);
    const ids = async (q: string) =>
      (
        (await call('admin', 'GET', `/api/v1/invoice?_start=0&_end=100&id=${late.id}&id=${onTime.id}&id=${paid.id}&${q}`)).json() as Array<{
          id: string;
        }>
      ).map((x) => x.id);
    const overdue = await ids('overdue=true');
    expect(overdue).toContain(late.id);
    expect(overdue).not.toContain(onTime.id);
    expect(overdue).not.toContain(paid.id);
    const notOverdue = await ids('overdue=false');
    expect(notOverdue).not.toContain(late.id);
    expect(notOverdue.sort()).toEqual([onTime.id, paid.id].sort());
    const paged = (await call('admin', 'GET', '/api/v1/invoice/paginated?page=1&limit=100&overdue=true')).json();
    expect(paged.data.every((x: { overdue: boolean }) => x.overdue)).toBe(true);
    const csv = (await call('admin', 'GET', '/api/v1/invoice/export?format=csv&overdue=true')).body;
    expect(csv.split('\r\n').filter(Boolean).length - 1).toBe(paged.total);
    const bad = await call('admin', 'GET', '/api/v1/invoice?_start=0&_end=5&overdue=maybe');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().issues)).toEqual([expect.stringMatching(/^overdue/)]);
  });
});

describe('numbers: gapless, and a send that fails consumes none', () => {
  it('consecutive sends take consecutive numbers of their year; a failure after the draw gives it back', async () => {
    const invs = [];
    for (let i = 0; i < 3; i++) invs.push(await create({ issueDate: '2041-06-01', period: '2041-06' }));
    const first = (await act('admin', invs[0]!.id, 'send')).json().number as string;
    expect(first).toBe('INV-2041-0001');

    let drawn: string | undefined;
    sendProbe.afterNumber = (number) => {
      drawn = number;
      throw unprocessable('Injected failure after numbering', 'injected');
    };
    const failed = await act('admin', invs[1]!.id, 'send');
    expect(failed.statusCode).toBe(422);
    expect(drawn).toBe('INV-2041-0002');
    expect((await call('admin', 'GET', `/api/v1/invoice/${invs[1]!.id}`)).json()).toMatchObject({ status: 'draft', number: null });
    sendProbe.afterNumber = undefined;

    expect((await act('admin', invs[2]!.id, 'send')).json().number).toBe('INV-2041-0002');
    expect((await act('admin', invs[1]!.id, 'send')).json().number).toBe('INV-2041-0003');
    expect(sequenceOf('INV-2041-0003')).toBe(3);
  });
});

describe("a sale's scope: their own customers' invoices", () => {
  it('reads and writes their customers’ invoices only; never records a payment', async () => {
    const mine = await create({}, salesOwn, 'sale');
    expect(mine.saleId).toBe(t.users.sale.id);
    // An invoice a lead makes for the sale's customer is the sale's too.
    const byLead = await create({}, salesOwn, 'sale_lead');
    expect(byLead.saleId).toBe(t.users.sale.id);
    const theirs = await create({}, other);
    const listed = ((await call('sale', 'GET', '/api/v1/invoice?_start=0&_end=100')).json() as Array<{ id: string; saleId: string }>).map(
      (x) => x.saleId,
    );
    expect(new Set(listed)).toEqual(new Set([t.users.sale.id]));
    expect((await call('sale', 'GET', `/api/v1/invoice/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('sale', 'PATCH', `/api/v1/invoice/${theirs.id}`, { note: 'x' })).statusCode).toBe(404);
    expect((await act('sale', theirs.id, 'send')).statusCode).toBe(404);
    const forOther = await call('sale', 'POST', '/api/v1/invoice', body(other));
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().code).toBe('not_owner');
    const moved = await call('sale', 'PATCH', `/api/v1/invoice/${mine.id}`, {
      customerId: other.id,
      currency: other.currency,
      exchangeRate: '1.1',
    });
    expect(moved.statusCode).toBe(403);

    expect((await act('sale', byLead.id, 'send')).statusCode).toBe(200);
    const pay = await act('sale', byLead.id, 'mark-paid', { paidAt: '2026-11-01', amount: '1000.00' });
    expect(pay.statusCode).toBe(403);
    expect((await act('sale', byLead.id, 'back-to-draft')).statusCode).toBe(200);
    expect((await act('sale', byLead.id, 'cancel')).statusCode).toBe(200);
    // The manager reads everything and writes nothing.
    expect((await call('manager', 'GET', `/api/v1/invoice/${theirs.id}`)).statusCode).toBe(200);
    expect((await act('manager', theirs.id, 'send')).statusCode).toBe(403);
  });

  it("another sale's invoice file is neither read nor replaced through its slot (404, as the invoice itself)", async () => {
    const theirs = await create({}, other);
    expect((await call('sale', 'GET', `/api/v1/invoice/${theirs.id}/file`)).statusCode).toBe(404);
    expect((await call('sale', 'DELETE', `/api/v1/invoice/${theirs.id}/file`)).statusCode).toBe(404);
  });

  it("the customer's new owner takes its invoices along", async () => {
    const inv = await create({}, other);
    const res = await call('admin', 'PATCH', `/api/v1/customers/${other.id}`, { ownerSaleId: t.users.sale.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('sale', 'GET', `/api/v1/invoice/${inv.id}`)).json().saleId).toBe(t.users.sale.id);
    await call('admin', 'PATCH', `/api/v1/customers/${other.id}`, { ownerSaleId: other.ownerSaleId });
    expect((await call('sale', 'GET', `/api/v1/invoice/${inv.id}`)).statusCode).toBe(404);
  });
});

describe('audit', () => {
  it('every action is in the History with its actor and the status it changed', async () => {
    const inv = await create();
    await act('admin', inv.id, 'send');
    await act('sale_lead', inv.id, 'mark-paid', { paidAt: '2026-11-05', amount: '1000.00', note: 'Wire' });
    const trail = await t.database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'invoices'), eq(auditLog.entityId, inv.id)))
      .orderBy(auditLog.at);
    expect(
      trail.map((e) => [e.action, (e.before as { status?: string } | null)?.status ?? null, (e.after as { status: string }).status]),
    ).toEqual([
      ['created', null, 'draft'],
      ['updated', 'draft', 'sent'],
      ['updated', 'sent', 'paid'],
    ]);
    expect(trail[2]!.actorId).toBe(t.users.sale_lead.id);
    const history = (await call('admin', 'GET', `/api/v1/audit?entity=invoices&entityId=${inv.id}`)).json();
    expect(history.data).toHaveLength(3);
    expect(history.data[0].changes.map((c: { field: string }) => c.field)).toEqual(
      expect.arrayContaining(['status', 'paidAt', 'paidAmount']),
    );
  });
});
