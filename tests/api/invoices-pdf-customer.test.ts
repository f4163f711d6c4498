import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { auditLog } from '../../src/server/modules/audit/audit.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { pdfGlyphs, pdfText } from '../fixtures/pdf-text.js';

// The invoice a customer can pay from: the firm's details as an admin saved them (address, tax id,
// payment details), the customer's language for every label, amounts in the currency's format,
// and names in Vietnamese, Chinese and Arabic read back from the real PDF as they were written.

const FIRM_ENV = 'Staffing Env Default';
let t: TestApp;
const call = async (role: Role, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload !== undefined ? { payload: payload as object } : {}) });

const FIRM = {
  name: 'Công ty Nhân lực Ánh Dương',
  address: '12 Nguyễn Huệ, Quận 1\nThành phố Hồ Chí Minh',
  taxId: '0312345678-001',
  paymentDetails: 'Vietcombank, chi nhánh Sài Gòn\nSTK 0071001234567 · SWIFT BFTVVNVX',
  language: 'fr',
};
const ARABIC_NAME = 'شركة الخليج للتجارة';

let seq = 0;
async function customer(extra: Record<string, unknown>) {
  const res = await call('admin', 'POST', '/api/v1/customers', { code: `PDF${++seq}${Date.now() % 100000}`, currency: 'USD', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; language: string | null };
}
async function invoice(customerId: string, lines: object[]) {
  const res = await call('admin', 'POST', '/api/v1/invoice', {
    subject: `PDF ${Date.now()}`,
    customerId,
    period: '2026-10',
    issueDate: '2026-10-31',
    dueDate: '2026-11-30',
    taxRate: '10',
    lines,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { id: string }).id;
  const sent = await call('admin', 'POST', `/api/v1/invoice/${id}/send`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json() as { id: string; number: string };
}
async function pdf(id: string, query = '') {
  const res = await call('sale_lead', 'GET', `/api/v1/invoice/${id}/pdf${query}`);
  expect(res.statusCode, res.body).toBe(200);
  // Every letter has its glyph: none drawn as an empty box.
  expect(res.headers['x-missing-glyphs']).toBe('0');
  return pdfText(res.rawPayload);
}

beforeAll(async () => {
  t = await buildTestApp({ FIRM_NAME: FIRM_ENV });
});
afterAll(() => t?.close());

describe("the firm's details", () => {
  it('are the environment defaults until an admin saves them; only admin reads or saves them; a save is audited', async () => {
    const before = await call('admin', 'GET', '/api/v1/firm-settings');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ name: FIRM_ENV, taxId: null, paymentDetails: null, language: 'en', updatedAt: null });
    for (const role of ['hr_lead', 'sale_lead', 'sale', 'manager'] as const) {
      expect((await call(role, 'GET', '/api/v1/firm-settings')).statusCode, role).toBe(403);
      expect((await call(role, 'PUT', '/api/v1/firm-settings', FIRM)).statusCode, role).toBe(403);
    }
    const bad = await call('admin', 'PUT', '/api/v1/firm-settings', { ...FIRM, name: ' ', language: 'de' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toMatchObject({ name: { code: 'required' }, language: { code: 'choice' } });

    const saved = await call('admin', 'PUT', '/api/v1/firm-settings', FIRM);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...FIRM, hasLogo: false });
    expect((await call('admin', 'GET', '/api/v1/firm-settings')).json()).toMatchObject(FIRM);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'firm-settings'), eq(auditLog.actorId, t.users.admin.id)));
    expect(audit.at(-1)?.after).toMatchObject({ taxId: FIRM.taxId, paymentDetails: FIRM.paymentDetails });

    // A logo is a PNG or JPEG; the saved one is read back as it was sent, and removed the default stands again.
    const gif = await call('admin', 'PUT', '/api/v1/firm-settings/logo', { logo: Buffer.from('GIF89a....').toString('base64') });
    expect(gif.statusCode).toBe(415);
    expect(gif.json().code).toBe('file_type');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1f4e79' } })
      .png()
      .toBuffer();
    const up = await call('admin', 'PUT', '/api/v1/firm-settings/logo', { logo: png.toString('base64') });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().hasLogo).toBe(true);
    const read = await call('admin', 'GET', '/api/v1/firm-settings/logo');
    expect(read.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(read.rawPayload, png)).toBe(0);
    expect((await call('sale', 'GET', '/api/v1/firm-settings/logo')).statusCode).toBe(403);
    expect((await call('admin', 'PUT', '/api/v1/firm-settings/logo', { logo: null })).json().hasLogo).toBe(false);
    expect((await call('admin', 'GET', '/api/v1/firm-settings/logo')).statusCode).toBe(404);
  });
});

describe("the invoice in the customer's language", () => {
  it("a Vietnamese-language customer with an Arabic name: Vietnamese labels, the firm's tax id and payment details, amounts in the currency's format", async () => {
    await call('admin', 'PUT', '/api/v1/firm-settings', FIRM);
    const gulf = await customer({ name: ARABIC_NAME, language: 'vi' });
    expect(gulf.language).toBe('vi');
    const inv = await invoice(gulf.id, [
      { description: 'Phát triển phần mềm, tháng 10', quantity: '2', unit: 'day', unitPrice: '150.5' },
      { description: '软件测试 服务', quantity: '1', unit: 'item', unitPrice: '45.125' },
    ]);
    // The reader of the downloader's language does not change it (a French-speaking admin downloads it).
    const text = await pdf(inv.id);

    // Vietnamese labels, whoever downloads it.
    for (const label of ['HÓA ĐƠN', 'KHÁCH HÀNG', 'Ngày lập', 'Hạn thanh toán', 'Đơn giá', 'Thành tiền', 'Tổng cộng (USD)'])
      expect(text, label).toContain(label);
    expect(text).not.toContain('Invoice');
    expect(text).not.toContain('Facture');
    // The firm: name, address, tax id, and what to pay to, with the number to quote.
    expect(text).toContain(FIRM.name);
    expect(text).toContain('12 Nguyễn Huệ, Quận 1');
    expect(text).toContain(`Mã số thuế: ${FIRM.taxId}`);
    expect(text).toContain('Thông tin thanh toán');
    expect(text).toContain('Vietcombank, chi nhánh Sài Gòn');
    expect(text).toContain('STK 0071001234567 · SWIFT BFTVVNVX');
    expect(text).toContain(inv.number);
    // Amounts in the currency's format for Vietnamese: 150,50 US$ (never "150.5"), the unit price's own third digit kept.
    const flat = text.replace(/\s/g, ' ');
    expect(flat).toContain('150,50 US$');
    expect(flat).toContain('301,00 US$');
    expect(flat).toContain('45,125 US$');
    expect(flat).not.toMatch(/150[.,]5(?!0)/);
    // The Arabic name reads back as written (right to left), the Chinese line too.
    expect(text).toContain(ARABIC_NAME);
    // Its letters are joined: a letter takes another form at the start of a word than inside it
    // (the two ل of للتجارة), where unjoined text draws one glyph per letter.
    const glyphs = await pdfGlyphs((await call('sale_lead', 'GET', `/api/v1/invoice/${inv.id}/pdf`)).rawPayload);
    const forms = (letter: string) => new Set(glyphs.filter((g) => g.unicode === letter).map((g) => g.code)).size;
    expect(forms('ل')).toBeGreaterThanOrEqual(2);
    expect(text).toContain('软件测试 服务');
    expect(text).toContain('Phát triển phần mềm, tháng 10');
  });

  it("a customer without a language gets the firm's; Chinese and Arabic customers get their own", async () => {
    await call('admin', 'PUT', '/api/v1/firm-settings', FIRM);
    const plain = await customer({ name: 'Maple Health Inc.' });
    expect(plain.language).toBeNull();
    const inv = await invoice(plain.id, [{ description: 'Recrutement', quantity: '1', unit: 'item', unitPrice: '150.5' }]);
    const fr = await pdf(inv.id);
    expect(fr).toContain('FACTURE');
    expect(fr).toContain('Coordonnées de paiement');
    expect(fr.replace(/\s/g, ' ')).toContain('150,50 $US');
    // Asked for: a copy in English, "$150.50".
    const en = await pdf(inv.id, '?lang=en');
    expect(en).toContain('Payment details');
    expect(en).toContain('$150.50');

    const cn = await customer({ name: '上海云帆科技有限公司', language: 'cn' });
    const cnText = await pdf((await invoice(cn.id, [{ description: '招聘服务', quantity: '1', unit: 'item', unitPrice: '150.5' }])).id);
    for (const s of ['发票', '上海云帆科技有限公司', '付款信息', '税号', 'US$150.50']) expect(cnText, s).toContain(s);

    const ar = await customer({ name: ARABIC_NAME, language: 'ar' });
    const arText = await pdf(
      (await invoice(ar.id, [{ description: 'خدمات التوظيف', quantity: '1', unit: 'item', unitPrice: '150.5' }])).id,
    );
    for (const s of ['فاتورة', ARABIC_NAME, 'خدمات التوظيف', 'بيانات الدفع', 'تاريخ', 'الضريبي', FIRM.taxId, '150.50 US$'])
      expect(arText, s).toContain(s);
  });
});
