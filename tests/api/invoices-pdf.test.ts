import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { pdfText } from '../fixtures/pdf-text.js';

// The invoice's PDF on a real server and database (both kinds), read back as a PDF reader reads
// it: every figure as the customer sees it, in the currency's format (computed by hand below), the number, the dates, the
// customer, and the same scope as reading the invoice.

const FIRM = 'Công ty Nhân lực Ánh Dương';
let t: TestApp;
type Customer = {
  id: string;
  name: string;
  code: string;
  currency: string;
  paymentTermsDays: number;
  ownerSaleId: string | null;
  address: string | null;
};
let usd: Customer;
let vnd: Customer;
let salesOwn: Customer;
let other: Customer;

const call = async (role: Role, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload !== undefined ? { payload: payload as object } : {}) });

async function customerByCode(code: string): Promise<Customer> {
  const res = await call('admin', 'GET', `/api/v1/customers?_start=0&_end=1&code=${code}`);
  return (res.json() as Customer[])[0]!;
}

async function create(customer: Customer, extra: Record<string, unknown>, role: Role = 'admin') {
  const res = await call(role, 'POST', '/api/v1/invoice', {
    subject: `PDF ${Date.now()}`,
    customerId: customer.id,
    period: '2026-10',
    issueDate: '2026-10-31',
    dueDate: '2026-11-30',
    lines: [{ description: 'Work', quantity: '1', unit: 'item', unitPrice: '100' }],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; number: string | null; subtotal: string; tax: string; total: string };
}

const pdfOf = (role: Role, id: string, query = '') => call(role, 'GET', `/api/v1/invoice/${id}/pdf${query}`);

beforeAll(async () => {
  t = await buildTestApp({ FIRM_NAME: FIRM });
  usd = await customerByCode('MAPLE');
  vnd = await customerByCode('SAOVIET');
  const own = await call('admin', 'GET', `/api/v1/customers?_start=0&_end=50&status=active&ownerSaleId=${t.users.sale.id}`);
  salesOwn = (own.json() as Customer[]).find((c) => c.currency === 'USD')!;
  const others = await call('admin', 'GET', `/api/v1/customers?_start=0&_end=50&status=active&ownerSaleId_ne=${t.users.sale.id}`);
  other = (others.json() as Customer[]).find((c) => c.currency === 'USD')!;
  expect(usd.currency).toBe('USD');
  expect(vnd.currency).toBe('VND');
  expect(salesOwn).toBeDefined();
  expect(other).toBeDefined();
});
afterAll(() => t?.close());

describe('invoice PDF', () => {
  it('a USD draft: every figure to the cent, the dates, the customer and the firm, named after its short id; once sent, its number', async () => {
    const inv = await create(usd, {
      taxRate: '10',
      note: 'Thank you for your business — cảm ơn quý khách.',
      lines: [
        { description: 'Backend development, October', quantity: '160', unit: 'hour', unitPrice: '45.125' },
        { description: 'Cloud hosting', quantity: '1', unit: 'item', unitPrice: '99.995' },
      ],
    });
    // 160 × 45.125 = 7220.00; 1 × 99.995 = 99.995 → 100.00 (half up); 7320.00; 10 % = 732.00; 8052.00.
    expect([inv.subtotal, inv.tax, inv.total]).toEqual(['7320.00', '732.00', '8052.00']);

    const res = await pdfOf('admin', inv.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename="draft-${inv.id.slice(0, 8)}.pdf"`);
    expect(res.headers['x-missing-glyphs']).toBe('0');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(FIRM);
    expect(text).toContain('INVOICE Draft');
    expect(text).toContain(usd.name);
    expect(text).toContain(`Customer code: ${usd.code}`);
    if (usd.address) expect(text).toContain(usd.address.split('\n')[0]!);
    expect(text).toContain('Oct 31, 2026');
    expect(text).toContain('Nov 30, 2026');
    expect(text).toContain('October 2026');
    expect(text).toContain(`${usd.paymentTermsDays} days`);
    expect(text).toContain('Backend development, October');
    expect(text).toContain('Cloud hosting');
    expect(text).toMatch(/Backend development, October\s+160\s+hour\s+\$45\.125\s+\$7,220\.00\n/);
    expect(text).toMatch(/Cloud hosting\s+1\s+item\s+\$99\.995\s+\$100\.00\n/);
    expect(text).toMatch(/Subtotal \(USD\)\s+\$7,320\.00\n/);
    expect(text).toMatch(/Tax \(10 %\)\s+\$732\.00\n/);
    expect(text).toMatch(/Total \(USD\)\s+\$8,052\.00\n/);
    expect(text).toContain('cảm ơn quý khách');

    const sent = await call('admin', 'POST', `/api/v1/invoice/${inv.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const number = (sent.json() as { number: string }).number;
    expect(number).toMatch(/^INV-2026-\d{4}$/);
    const again = await pdfOf('admin', inv.id);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-disposition']).toContain(`filename="${number}.pdf"`);
    const sentText = await pdfText(again.rawPayload);
    expect(sentText).toContain(`INVOICE ${number}`);
    expect(sentText).not.toContain('Draft');
  });

  it('a VND invoice: whole đồng, rounded half up per line and on the tax', async () => {
    const inv = await create(vnd, {
      taxRate: '8',
      exchangeRate: '0.0000393',
      lines: [
        { description: 'Kỹ sư phần mềm', quantity: '22', unit: 'day', unitPrice: '1234567.5' },
        { description: 'Hỗ trợ ngoài giờ', quantity: '1.5', unit: 'hour', unitPrice: '333333' },
      ],
    });
    // 22 × 1234567.5 = 27160485; 1.5 × 333333 = 499999.5 → 500000; 27660485; 8 % = 2212838.8 → 2212839; 29873324.
    expect([inv.subtotal, inv.tax, inv.total]).toEqual(['27660485', '2212839', '29873324']);
    const res = await pdfOf('manager', inv.id);
    expect(res.headers['x-missing-glyphs']).toBe('0');
    const text = await pdfText(res.rawPayload);
    expect(text).toMatch(/Kỹ sư phần mềm\s+22\s+day\s+₫1,234,567\.5\s+₫27,160,485\n/);
    expect(text).toMatch(/Hỗ trợ ngoài giờ\s+1\.5\s+hour\s+₫333,333\s+₫500,000\n/);
    expect(text).toMatch(/Subtotal \(VND\)\s+₫27,660,485\n/);
    expect(text).toMatch(/Tax \(8 %\)\s+₫2,212,839\n/);
    expect(text).toMatch(/Total \(VND\)\s+₫29,873,324\n/);
    expect(text).toContain('Kỹ sư phần mềm');
    expect(text).toContain(vnd.name);
    // The customer's country (stored as VN) by its name in the invoice's language, on a line of its own.
    expect(text).toMatch(/\nVietnam\n/);

    const vi = await pdfOf('manager', inv.id, '?lang=vi');
    expect(vi.headers['x-missing-glyphs']).toBe('0');
    const viText = await pdfText(vi.rawPayload);
    expect(viText).toContain('HÓA ĐƠN Bản nháp');
    expect(viText).toMatch(/\nViệt Nam\n/);
    expect(viText).toContain('Thành tiền');
    expect(viText).toContain('27.160.485');
    expect(viText).toContain('29.873.324');

    // French groups with a narrow no-break space the font lacks: the PDF has no empty box.
    const fr = await pdfOf('manager', inv.id, '?lang=fr');
    expect(fr.headers['x-missing-glyphs']).toBe('0');
    const frText = await pdfText(fr.rawPayload);
    expect(frText.replace(/\s/g, ' ')).toContain('29 873 324');
    expect(frText).toMatch(/\nViêt Nam\n/);
  });

  it('a credit note: titled as one in each language, naming the invoice it credits, its figures negative, no payment asked', async () => {
    const inv = await create(usd, {
      taxRate: '10',
      lines: [{ description: 'Backend development, October', quantity: '160', unit: 'hour', unitPrice: '45.125' }],
    });
    const sent = await call('admin', 'POST', `/api/v1/invoice/${inv.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const invoiceNumber = (sent.json() as { number: string }).number;
    // 10 of the 160 hours given back: 10 × 45.125 = 451.25; 10 % = 45.13 (half up); 496.38.
    const note = await call('admin', 'POST', `/api/v1/invoice/${inv.id}/credit-note`, {
      issueDate: '2026-11-30',
      period: '2026-11',
      lines: [{ description: 'Hours not worked', quantity: '10', unit: 'hour', unitPrice: '45.125' }],
    });
    expect(note.statusCode, note.body).toBe(201);
    const { id, total } = note.json() as { id: string; total: string };
    expect(total).toBe('-496.38');
    const issued = await call('admin', 'POST', `/api/v1/invoice/${id}/send`, {});
    expect(issued.statusCode, issued.body).toBe(200);
    const number = (issued.json() as { number: string }).number;
    expect(number).toMatch(/^CN-2026-\d{4}$/);

    const res = await pdfOf('admin', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="${number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`CREDIT NOTE ${number}`);
    expect(text).not.toContain('INVOICE');
    expect(text).toContain(`Credits invoice ${invoiceNumber}`);
    expect(text).toMatch(/Hours not worked\s+10\s+hour\s+\$45\.125\s+-\$451\.25\n/);
    expect(text).toMatch(/Tax \(10 %\)\s+-\$45\.13\n/);
    expect(text).toMatch(/Total \(USD\)\s+-\$496\.38\n/);
    // Nothing to pay: no due date, no terms, no payment reference.
    expect(text).not.toContain('Due date');
    expect(text).not.toContain('Payment terms');
    expect(text).not.toContain('Please quote');

    for (const [lang, title, credits] of [
      ['fr', 'AVOIR', 'Avoir sur la facture'],
      ['vi', 'HÓA ĐƠN ĐIỀU CHỈNH GIẢM', 'Điều chỉnh giảm cho hóa đơn'],
      ['cn', '贷项通知单', '冲减发票'],
      ['ar', 'إشعار دائن', 'عن الفاتورة'],
    ] as const) {
      const other = await pdfOf('admin', id, `?lang=${lang}`);
      expect(other.headers['x-missing-glyphs'], lang).toBe('0');
      const otherText = await pdfText(other.rawPayload);
      expect(otherText, lang).toContain(title);
      expect(otherText, lang).toContain(credits);
      expect(otherText, lang).toContain(invoiceNumber);
    }
  });

  it("a sale prints their own customers' invoices only (404 outside), a developer none (403), an unknown id 404, a bad language 400", async () => {
    const own = await create(salesOwn, {}, 'sale');
    expect((await pdfOf('sale', own.id)).statusCode).toBe(200);
    const theirs = await create(other, {});
    const outside = await pdfOf('sale', theirs.id);
    expect(outside.statusCode, outside.body).toBe(404);
    expect((await pdfOf('developer', own.id)).statusCode).toBe(403);
    expect((await pdfOf('admin', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await pdfOf('admin', 'not-an-id')).statusCode).toBe(400);
    expect((await pdfOf('admin', own.id, '?lang=zz')).statusCode).toBe(400);
  });
});
