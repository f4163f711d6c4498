import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource.js';
import { countryName } from '../../../domain/countries.js';
import { normalizeDecimal } from '../../../domain/modules/invoices/invoices.rules.js';
import type { InvoiceLine } from '../../../domain/modules/invoices/invoices.schema.js';
import { formatDecimalLocale, formatMoney } from '../../../domain/money.js';
import type { Api } from '../../http/api.js';
import { registeredResource } from '../../http/resource/index.js';
import { notFound } from '../../http/errors.js';
import { BRAND, MARGIN, MUTED, PDF_LANGS, firmLogo, openPdf, sendPdf, type PdfLang } from '../../pdf/branded-pdf.js';
import type { Services } from '../../services.js';
import { customers } from '../customers/customers.table.js';
import type { InvoiceRow } from './invoices.read-model.js';

/**
 * The invoice as the customer receives it: the firm's letterhead, the customer's billing block,
 * the number (or "Draft"), dates, lines, tax and totals in the invoice's currency at its minor
 * units, the payment terms and the note. Amounts are the stored decimal strings, grouped for
 * reading but never turned into floats.
 */

type BillTo = Pick<
  typeof customers.$inferSelect,
  'name' | 'code' | 'address' | 'country' | 'billingContact' | 'billingEmail' | 'taxId' | 'paymentTermsDays'
>;

const LOCALES: Record<PdfLang, string> = { en: 'en-US', vi: 'vi-VN', fr: 'fr-FR' };

const LABELS: Record<
  PdfLang,
  {
    invoice: string;
    draft: string;
    billTo: string;
    code: string;
    taxId: string;
    issueDate: string;
    dueDate: string;
    period: string;
    terms: string;
    termsText: (days: number) => string;
    description: string;
    quantity: string;
    unit: string;
    unitPrice: string;
    amount: string;
    units: Record<InvoiceLine['unit'], string>;
    subtotal: string;
    tax: (rate: string) => string;
    total: (currency: string) => string;
    note: string;
    cancelled: string;
    paid: (date: string) => string;
    footer: (firm: string, number: string) => string;
  }
> = {
  en: {
    invoice: 'Invoice',
    draft: 'Draft',
    billTo: 'Bill to',
    code: 'Customer code',
    taxId: 'Tax ID',
    issueDate: 'Issue date',
    dueDate: 'Due date',
    period: 'Billing period',
    terms: 'Payment terms',
    termsText: (d) => (d === 0 ? 'Due on receipt' : `${d} days`),
    description: 'Description',
    quantity: 'Quantity',
    unit: 'Unit',
    unitPrice: 'Unit price',
    amount: 'Amount',
    units: { hour: 'hour', day: 'day', month: 'month', item: 'item' },
    subtotal: 'Subtotal',
    tax: (r) => `Tax (${r} %)`,
    total: (c) => `Total (${c})`,
    note: 'Note',
    cancelled: 'Cancelled',
    paid: (d) => `Paid on ${d}`,
    footer: (firm, n) => `${firm} · ${n}`,
  },
  vi: {
    invoice: 'Hóa đơn',
    draft: 'Bản nháp',
    billTo: 'Khách hàng',
    code: 'Mã khách hàng',
    taxId: 'Mã số thuế',
    issueDate: 'Ngày lập',
    dueDate: 'Hạn thanh toán',
    period: 'Kỳ thanh toán',
    terms: 'Điều khoản thanh toán',
    termsText: (d) => (d === 0 ? 'Thanh toán khi nhận' : `${d} ngày`),
    description: 'Mô tả',
    quantity: 'Số lượng',
    unit: 'Đơn vị',
    unitPrice: 'Đơn giá',
    amount: 'Thành tiền',
    units: { hour: 'giờ', day: 'ngày', month: 'tháng', item: 'mục' },
    subtotal: 'Cộng tiền hàng',
    tax: (r) => `Thuế (${r} %)`,
    total: (c) => `Tổng cộng (${c})`,
    note: 'Ghi chú',
    cancelled: 'Đã hủy',
    paid: (d) => `Đã thanh toán ngày ${d}`,
    footer: (firm, n) => `${firm} · ${n}`,
  },
  fr: {
    invoice: 'Facture',
    draft: 'Brouillon',
    billTo: 'Facturé à',
    code: 'Code client',
    taxId: 'N° fiscal',
    issueDate: 'Date d’émission',
    dueDate: 'Échéance',
    period: 'Période facturée',
    terms: 'Conditions de paiement',
    termsText: (d) => (d === 0 ? 'À réception' : `${d} jours`),
    description: 'Désignation',
    quantity: 'Quantité',
    unit: 'Unité',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    units: { hour: 'heure', day: 'jour', month: 'mois', item: 'article' },
    subtotal: 'Sous-total',
    tax: (r) => `TVA (${r} %)`,
    total: (c) => `Total (${c})`,
    note: 'Note',
    cancelled: 'Annulée',
    paid: (d) => `Payée le ${d}`,
    footer: (firm, n) => `${firm} · ${n}`,
  },
};

/** The file's name: the number, or the draft's short id. */
export const invoicePdfName = (row: Pick<InvoiceRow, 'id' | 'number'>) => `${row.number ?? `draft-${row.id.slice(0, 8)}`}.pdf`;

export async function invoicePdf(
  row: InvoiceRow,
  customer: BillTo,
  opts: { firmName: string; logo: Buffer | null; lang: PdfLang },
): Promise<{ content: Buffer; missing: string[] }> {
  const L = LABELS[opts.lang];
  const locale = LOCALES[opts.lang];
  // The shipped font has no narrow no-break space (French grouping) and no symbol of some currencies
  // (₫, د.إ): figures are written with the plain no-break space, and the currency is named by its
  // code in the headings rather than by a symbol on each amount.
  const num = (v: string) => formatDecimalLocale(v, locale).replace(/\u202f/g, '\u00a0');
  const money = (v: string) => num(formatMoney(v, row.currency));
  // Dates are calendar days: read and written in UTC so that no time zone moves them.
  const day = (d: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const month = (m: string) =>
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${m}-01T00:00:00Z`));
  const title = row.number ?? L.draft;
  const { doc, width, write, letterhead, finish } = openPdf({
    lang: opts.lang,
    title: `${L.invoice} ${title} — ${opts.firmName}`,
    author: opts.firmName,
  });

  const ruleY = letterhead(opts.firmName, opts.logo);

  // The number and the dates on the right, the customer on the left.
  const half = width / 2 - 10;
  const right = MARGIN + width - half;
  write(`${L.invoice.toLocaleUpperCase(opts.lang)} ${title}`, {
    weight: 'bold',
    size: 16,
    x: right,
    y: ruleY + 16,
    width: half,
    align: 'right',
  });
  const status = row.status === 'cancelled' ? L.cancelled : row.status === 'paid' && row.paidAt ? L.paid(day(row.paidAt)) : null;
  if (status) write(status, { weight: 'bold', size: 10.5, color: BRAND, x: right, width: half, align: 'right' });
  doc.moveDown(0.4);
  const terms = customer.paymentTermsDays;
  for (const [label, value] of [
    [L.issueDate, day(row.issueDate)],
    [L.dueDate, day(row.dueDate)],
    [L.period, month(row.period)],
    [L.terms, L.termsText(terms)],
  ] as const) {
    const y = doc.y;
    write(label, { size: 9.5, color: MUTED, x: right, y, width: half / 2 });
    write(value, { size: 10, x: right + half / 2, y, width: half / 2, align: 'right' });
  }
  const metaBottom = doc.y;

  write(L.billTo.toLocaleUpperCase(opts.lang), { weight: 'bold', size: 9.5, color: BRAND, x: MARGIN, y: ruleY + 16, width: half });
  write(customer.name, { weight: 'bold', size: 12, x: MARGIN, width: half });
  const billing = [
    `${L.code}: ${customer.code}`,
    customer.address,
    // Stored as its ISO code, printed as its name in the invoice's language.
    customer.country ? countryName(customer.country, locale) : null,
    customer.taxId ? `${L.taxId}: ${customer.taxId}` : null,
    customer.billingContact,
    customer.billingEmail,
  ].filter((l): l is string => !!l);
  for (const line of billing) write(line, { size: 10, x: MARGIN, width: half });
  doc.y = Math.max(doc.y, metaBottom) + 18;

  // The lines: description wide, the figures right-aligned.
  const cols = [
    { key: 'description', w: width - 300, align: 'left' as const },
    { key: 'quantity', w: 60, align: 'right' as const },
    { key: 'unit', w: 55, align: 'left' as const },
    { key: 'unitPrice', w: 85, align: 'right' as const },
    { key: 'amount', w: 100, align: 'right' as const },
  ];
  const row_ = (cells: string[], o: { weight?: 'bold'; color?: string }) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    let bottom = y;
    cells.forEach((text, i) => {
      const col = cols[i]!;
      const pad = col.align === 'left' && i > 0 ? 8 : 0;
      write(text, {
        size: 9.5,
        weight: o.weight,
        color: o.color,
        x: x + pad,
        y,
        width: col.w - pad - (col.align === 'right' ? 0 : 4),
        align: col.align,
      });
      bottom = Math.max(bottom, doc.y);
      x += col.w;
    });
    doc.y = bottom + 3;
  };
  const rule = (weight: number) => {
    const y = doc.y;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(weight)
      .strokeColor(weight > 1 ? BRAND : '#c8d3de')
      .stroke();
    doc.y = y + 5;
  };
  row_([L.description, L.quantity, L.unit, `${L.unitPrice} (${row.currency})`, `${L.amount} (${row.currency})`], {
    weight: 'bold',
    color: BRAND,
  });
  rule(1.2);
  for (const line of row.lines) {
    row_([line.description, num(line.quantity), L.units[line.unit], num(line.unitPrice), money(line.amount)], {});
    rule(0.5);
  }

  // The totals under the amount column.
  doc.y += 6;
  const labelX = MARGIN + width - 260;
  const total = (label: string, value: string, bold = false) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
    const y = doc.y;
    write(label, { size: bold ? 11.5 : 10, weight: bold ? 'bold' : 'regular', color: bold ? undefined : MUTED, x: labelX, y, width: 150 });
    write(value, { size: bold ? 11.5 : 10, weight: bold ? 'bold' : 'regular', x: labelX + 150, y, width: 110, align: 'right' });
  };
  total(`${L.subtotal} (${row.currency})`, money(row.subtotal));
  total(L.tax(num(normalizeDecimal(row.taxRate))), money(row.tax));
  total(L.total(row.currency), money(row.total), true);

  if (row.note) {
    doc.y += 18;
    write(L.note, { weight: 'bold', size: 10, color: BRAND, x: MARGIN });
    write(row.note, { size: 10, x: MARGIN, gap: 3 });
  }

  return finish(L.footer(opts.firmName, title));
}

/** `GET /invoice/:id/pdf`: whoever may read the invoice, in their scope (a sale: their customers' only; 404 outside). */
export function registerInvoicePdf(app: Api, s: Services) {
  const decl = invoicesResource;
  const query = z.strictObject({ lang: z.enum(PDF_LANGS).optional() });
  app.get(
    `/${decl.path}/:id/pdf`,
    {
      config: { access: { resource: decl.name, action: 'show' } },
      schema: {
        tags: [decl.name],
        summary: "The invoice as a PDF under the firm's name and logo, named after its number (a draft: draft-<short id>)",
        params: z.object({ id: z.uuid({ message: 'invalid_id' }) }),
        querystring: query,
      },
    },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const row = (await registeredResource(s, decl.name)!.findOne(req.user!, id)) as InvoiceRow;
      const [customer] = await s.db
        .select({
          name: customers.name,
          code: customers.code,
          address: customers.address,
          country: customers.country,
          billingContact: customers.billingContact,
          billingEmail: customers.billingEmail,
          taxId: customers.taxId,
          paymentTermsDays: customers.paymentTermsDays,
        })
        .from(customers)
        .where(eq(customers.id, row.customerId));
      if (!customer) throw notFound('Customer');
      const { content, missing } = await invoicePdf(row, customer, {
        firmName: s.config.FIRM_NAME,
        logo: await firmLogo(s, req.log),
        lang: (req.query as z.infer<typeof query>).lang ?? 'en',
      });
      return sendPdf(reply, content, invoicePdfName(row), missing.length);
    },
  );
}
