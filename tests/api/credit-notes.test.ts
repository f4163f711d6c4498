import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import type { InvoiceAnalytics } from '../../src/domain/modules/invoices/invoices.analytics.js';
import { formatDecimal, subtract } from '../../src/domain/money.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// Credit notes on a real server and database (both kinds): what may be credited and how much, the
// credit note's own number series, the invoice's credited sum moved once even when two notes are
// issued at once, the actions a credit note and a credited invoice refuse, and the figures that
// count a credit note — what a customer owes, the month's revenue — each as it now stands.

let t: TestApp;
type Customer = { id: string; currency: string; ownerSaleId: string | null; code: string };
type Invoice = {
  id: string;
  number: string | null;
  status: string;
  kind: string;
  creditOf: string | null;
  credited: string;
  subject: string;
  period: string;
  total: string;
  subtotal: string;
  lines: Array<{ amount: string; quantity: string; unitPrice: string }>;
};
let usd: Customer;
let own: Customer;
let othersCustomer: Customer;

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload !== undefined ? { payload: payload as object } : {}) });

let seq = 0;
/** A sent invoice of 10 hours at 100.00 plus 10 % tax (1 100.00), billing `period`. */
async function sentInvoice(customer = usd, period = '2019-04', role: Role = 'admin'): Promise<Invoice> {
  const res = await call(role, 'POST', '/api/v1/invoice', {
    subject: `Credit suite ${++seq}`,
    customerId: customer.id,
    period,
    issueDate: `${period}-28`,
    taxRate: '10',
    lines: [{ description: 'Backend engineering', unit: 'hour', quantity: '10', unitPrice: '100' }],
    ...(customer.currency === 'USD' ? {} : { exchangeRate: customer.currency === 'VND' ? '0.0000393' : '1.1' }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as Invoice).id;
  const sent = await call(role, 'POST', `/api/v1/invoice/${id}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json() as Invoice;
}
const creditNote = (role: Role, id: string, body: object = {}) =>
  call(role, 'POST', `/api/v1/invoice/${id}/credit-note`, { issueDate: '2019-05-03', ...body });
const act = (role: Role, id: string, action: string, body: object = {}) => call(role, 'POST', `/api/v1/invoice/${id}/${action}`, body);
const read = async (id: string) => (await call('admin', 'GET', `/api/v1/invoice/${id}`)).json() as Invoice;
const hours = (quantity: string) => [{ description: 'Backend engineering, hours not worked', unit: 'hour', quantity, unitPrice: '100' }];

beforeAll(async () => {
  t = await buildTestApp();
  const customers = (await call('admin', 'GET', '/api/v1/customers?_start=0&_end=100&status=active')).json() as Customer[];
  usd = customers.find((c) => c.code === 'MAPLE')!;
  own = customers.find((c) => c.ownerSaleId === t.users.sale.id)!;
  othersCustomer = customers.find((c) => c.ownerSaleId !== t.users.sale.id)!;
  expect(usd.currency).toBe('USD');
});
afterAll(() => t?.close());

describe('credit notes', () => {
  it('a draft credit note copies the invoice in its own terms and counts negative; issued, it takes the next number of its own series', async () => {
    const invoice = await sentInvoice();
    const res = await creditNote('admin', invoice.id, { lines: hours('3') });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json() as Invoice;
    expect(note).toMatchObject({
      kind: 'credit_note',
      creditOf: invoice.id,
      status: 'draft',
      number: null,
      period: '2019-05',
      subject: `Credit note · ${invoice.number}`,
      subtotal: '-300.00',
      total: '-330.00',
      credited: '0.00',
    });
    expect(note.lines.map((l) => [l.quantity, l.unitPrice, l.amount])).toEqual([['3', '100', '-300.00']]);
    // A draft reserves nothing: the invoice is credited when the note is issued.
    expect((await read(invoice.id)).credited).toBe('0.00');
    const issued = await act('admin', note.id, 'send');
    expect(issued.statusCode, issued.body).toBe(200);
    expect((issued.json() as Invoice).number).toMatch(/^CN-2019-\d{4}$/);
    expect((await read(invoice.id)).credited).toBe('330.00');
    // Found from the invoice.
    const list = (await call('admin', 'GET', `/api/v1/invoice?_start=0&_end=10&creditOf=${invoice.id}`)).json() as Invoice[];
    expect(list.map((n) => n.id)).toEqual([note.id]);
    // Taken back to draft, it gives the credit back; issued again, it keeps its number.
    expect((await act('admin', note.id, 'back-to-draft')).statusCode).toBe(200);
    expect((await read(invoice.id)).credited).toBe('0.00');
    const again = (await act('admin', note.id, 'send')).json() as Invoice;
    expect(again.number).toBe((issued.json() as Invoice).number);
    expect((await read(invoice.id)).credited).toBe('330.00');
    // Cancelled while issued, it gives the credit back too.
    expect((await act('admin', note.id, 'cancel', { note: 'Issued by mistake' })).statusCode).toBe(200);
    expect((await read(invoice.id)).credited).toBe('0.00');
  });

  it("names a credit note in its customer's language, else the firm's", async () => {
    const made = await call('admin', 'POST', '/api/v1/customers', {
      name: `Société Avoir ${Date.now().toString(36)}`,
      code: `AV${Date.now().toString(36).toUpperCase()}`,
      country: 'FR',
      currency: 'EUR',
      language: 'fr',
    });
    expect(made.statusCode, made.body).toBe(201);
    const invoice = await sentInvoice(made.json() as Customer);
    const note = (await creditNote('admin', invoice.id)).json() as Invoice;
    expect(note.subject).toBe(`Avoir · ${invoice.number}`);
    // Without a language of its own, the customer reads the firm's (English in the demo firm).
    const english = await sentInvoice();
    expect(((await creditNote('admin', english.id)).json() as Invoice).subject).toBe(`Credit note · ${english.number}`);
  });

  it('refuses what cannot be credited, more than is left, a month before the invoice, and a change of the fixed terms', async () => {
    const draft = (
      await call('admin', 'POST', '/api/v1/invoice', {
        subject: 'Not sent',
        customerId: usd.id,
        period: '2019-04',
        issueDate: '2019-04-28',
        lines: hours('1'),
      })
    ).json() as Invoice;
    const notSent = await creditNote('admin', draft.id);
    expect(notSent.statusCode).toBe(422);
    expect(notSent.json().code).toBe('invoice_not_creditable');
    // An archived draft is refused as archived, as any act on an archived row is.
    expect((await call('admin', 'DELETE', `/api/v1/invoice/${draft.id}`)).statusCode).toBe(200);
    const archived = await creditNote('admin', draft.id);
    expect(archived.statusCode).toBe(409);
    expect(archived.json().code).toBe('archived');

    const invoice = await sentInvoice();
    const tooMuch = await creditNote('admin', invoice.id, { lines: hours('11') });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      code: 'credit_exceeds_invoice',
      issues: { lines: { code: 'credit_exceeds_invoice', params: { max: '1100.00', currency: 'USD', invoice: invoice.number } } },
    });
    const early = await creditNote('admin', invoice.id, { issueDate: '2019-03-30' });
    expect(early.statusCode).toBe(422);
    expect(early.json().issues.period.code).toBe('credit_note_period');

    const note = (await creditNote('admin', invoice.id, { lines: hours('6') })).json() as Invoice;
    const fixed = await call('admin', 'PATCH', `/api/v1/invoice/${note.id}`, { taxRate: '0' });
    expect(fixed.statusCode).toBe(422);
    expect(fixed.json().issues.taxRate.code).toBe('credit_note_fixed');
    // Its lines move like any draft's, within what is left.
    const over = await call('admin', 'PATCH', `/api/v1/invoice/${note.id}`, { lines: hours('10.5') });
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('credit_exceeds_invoice');
    expect((await act('admin', note.id, 'send')).statusCode).toBe(200);
    // 660.00 given back: 440.00 is left, and a credit note is never itself credited.
    const second = await creditNote('admin', invoice.id, { lines: hours('5') });
    expect(second.statusCode).toBe(422);
    expect(second.json().issues.lines.params.max).toBe('440.00');
    const ofNote = await creditNote('admin', note.id);
    expect(ofNote.statusCode).toBe(422);
    expect(ofNote.json().code).toBe('invoice_not_creditable');

    // A credit note is never paid; a credited invoice is credited further, never cancelled.
    const pay = await act('admin', note.id, 'mark-paid', { paidAt: '2019-05-10', amount: '660.00' });
    expect(pay.statusCode).toBe(422);
    expect(pay.json().code).toBe('credit_note_not_payable');
    const cancel = await act('admin', invoice.id, 'cancel', {});
    expect(cancel.statusCode).toBe(422);
    expect(cancel.json().code).toBe('invoice_credited');
    // Nor taken back to draft, where its lines could fall below what its notes gave back.
    const toDraft = await act('admin', invoice.id, 'back-to-draft');
    expect(toDraft.statusCode).toBe(422);
    expect(toDraft.json().code).toBe('invoice_credited');
    // The invoice is still paid as asked: what is left of it.
    expect((await act('admin', invoice.id, 'mark-paid', { paidAt: '2019-05-20', amount: '440.00' })).statusCode).toBe(200);
  });

  it('two credit notes issued at once never give back more than the invoice asked', async () => {
    const invoice = await sentInvoice();
    const a = (await creditNote('admin', invoice.id, { lines: hours('6') })).json() as Invoice;
    const b = (await creditNote('sale_lead', invoice.id, { lines: hours('6') })).json() as Invoice;
    const sends = await Promise.all([act('admin', a.id, 'send'), act('sale_lead', b.id, 'send')]);
    expect(sends.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(sends.find((r) => r.statusCode === 422)!.json().code).toBe('credit_exceeds_invoice');
    expect((await read(invoice.id)).credited).toBe('660.00');
  });

  it("a sale credits their own customers' invoices only", async () => {
    const mine = await sentInvoice(own, '2019-04', 'sale');
    expect((await creditNote('sale', mine.id, { lines: hours('1') })).statusCode).toBe(201);
    const theirs = await sentInvoice(othersCustomer);
    expect((await creditNote('sale', theirs.id)).statusCode).toBe(404);
    for (const role of ['developer', 'hr'] as const) expect((await creditNote(role, mine.id)).statusCode).toBe(403);
  });

  it('what a customer owes is the invoice less its credit notes, and the month a credit note is booked in loses its revenue', async () => {
    const before = (await call('admin', 'GET', '/api/v1/invoice/analytics?months=12&asOf=2019-06-30')).json() as InvoiceAnalytics;
    const invoice = await sentInvoice(usd, '2019-06');
    const note = (await creditNote('admin', invoice.id, { issueDate: '2019-06-29', lines: hours('4') })).json() as Invoice;
    expect((await act('admin', note.id, 'send')).statusCode).toBe(200);
    const after = (await call('admin', 'GET', '/api/v1/invoice/analytics?months=12&asOf=2019-06-30')).json() as InvoiceAnalytics;
    const june = (a: InvoiceAnalytics) => a.months.find((m) => m.period === '2019-06')!.total;
    // Revenue is net of tax: 1 000.00 invoiced, 400.00 credited. What is owed has tax: 1 100.00 − 440.00.
    const moved = (a: string, b: string) => formatDecimal(subtract(a, b), 2);
    expect(moved(june(after), june(before))).toBe('600.00');
    expect(moved(after.outstanding.total, before.outstanding.total)).toBe('660.00');
    // Both are open: the customer's balance holds the invoice and the credit set against it.
    expect(after.outstanding.count - before.outstanding.count).toBe(2);
    // Never overdue, however old: a credit note is not owed by the customer.
    const overdue = (
      await call('admin', 'GET', `/api/v1/invoice?_start=0&_end=500&overdue=true&creditOf=${invoice.id}`)
    ).json() as Invoice[];
    expect(overdue).toEqual([]);
    expect((await read(note.id)).status).toBe('sent');
  });
});
