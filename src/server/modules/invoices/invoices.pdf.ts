import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource.js';
import { countryName } from '../../../domain/countries.js';
import { normalizeDecimal } from '../../../domain/modules/invoices/invoices.rules.js';
import { formatDecimal, formatDecimalLocale, formatMoneyLocale, minorUnits } from '../../../domain/money.js';
import { DOCUMENT_LANGS, DOCUMENT_LOCALES, type DocumentLang } from '../../../domain/pdf.js';
import type { Api } from '../../http/api.js';
import { registeredResource } from '../../http/resource/index.js';
import { notFound } from '../../http/errors.js';
import { BRAND, MARGIN, MUTED, openPdf, sendPdf } from '../../pdf/branded-pdf.js';
import type { Services } from '../../services.js';
import { customers } from '../customers/customers.table.js';
import { firmDetails } from '../firm-settings/firm-settings.service.js';
import { customerDocumentLang, INVOICE_LABELS } from './invoices.pdf-labels.js';
import { invoiceName, type InvoiceRow } from './invoices.read-model.js';
import { invoices } from './invoices.table.js';

/**
 * The invoice as the customer receives it, in the customer's language (else the firm's): the
 * firm's letterhead (name, logo, address, tax id), the customer's billing block, the number (or
 * "Draft"), dates, lines, tax and totals, each amount in the currency's format, the payment terms,
 * what to pay to, and the note. Amounts are the stored decimal strings, grouped for reading but
 * never turned into floats. In Arabic the page reads right to left.
 */

type BillTo = Pick<
  typeof customers.$inferSelect,
  'name' | 'code' | 'address' | 'country' | 'billingContact' | 'billingEmail' | 'taxId' | 'paymentTermsDays' | 'language'
>;

/** The file's name: the number, or the draft's short id. */
export const invoicePdfName = (row: Pick<InvoiceRow, 'id' | 'number'>) => `${row.number ?? `draft-${row.id.slice(0, 8)}`}.pdf`;

/**
 * An amount in the currency's format for the locale ("$150.50", "150,50 $US"): at least the
 * currency's minor digits, and every digit a unit price has beyond them ("$45.125"). Built from the
 * decimal string's digits, never from a float.
 */
export function moneyText(value: string, currency: string, locale: string): string {
  const given = formatDecimal(value)
    .replace(/^-?\d+\.?/, '')
    .replace(/0+$/, '').length;
  return formatMoneyLocale(value, currency, locale, false, Math.max(minorUnits(currency), given));
}

export interface FirmOnInvoice {
  name: string;
  address: string | null;
  taxId: string | null;
  paymentDetails: string | null;
  logo: Buffer | null;
}

export async function invoicePdf(
  row: InvoiceRow,
  customer: BillTo,
  opts: { firm: FirmOnInvoice; lang: DocumentLang; credits?: string | null },
): Promise<{ content: Buffer; missing: string[] }> {
  const L = INVOICE_LABELS[opts.lang];
  // A credit note names the invoice it gives part of back, and asks for no payment: no due date,
  // terms nor payment details.
  const creditNote = row.kind === 'credit_note';
  const kindName = creditNote ? L.creditNote : L.invoice;
  const locale = DOCUMENT_LOCALES[opts.lang];
  const firm = opts.firm;
  // Arabic: the blocks and columns change sides, texts align to the right.
  const rtl = opts.lang === 'ar';
  // The fonts have no narrow no-break space (French grouping): the plain no-break space stands in.
  const plain = (v: string) => v.replace(/\u202f/g, '\u00a0');
  const num = (v: string) => plain(formatDecimalLocale(v, locale));
  const money = (v: string) => plain(moneyText(v, row.currency, locale));
  // Dates are calendar days: read and written in UTC so that no time zone moves them.
  const day = (d: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));
  const month = (m: string) =>
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${m}-01T00:00:00Z`));
  const title = row.number ?? L.draft;
  const {
    doc,
    width,
    write: draw,
    letterhead,
    finish,
  } = openPdf({
    lang: opts.lang,
    title: `${kindName} ${title} — ${firm.name}`,
    author: firm.name,
  });
  /** A box's x on this page: mirrored in Arabic, with its alignment. */
  const write: typeof draw = (text, o) =>
    draw(
      text,
      !rtl
        ? o
        : {
            ...o,
            x: o.x === undefined ? undefined : 2 * MARGIN + width - o.x - (o.width ?? width - (o.x - MARGIN)),
            align: o.align === 'right' ? 'left' : 'right',
          },
    );

  const firmLines = [...(firm.address ?? '').split('\n'), firm.taxId ? `${L.taxId}: ${firm.taxId}` : ''].filter((l) => l.trim());
  const ruleY = letterhead(firm.name, firm.logo, firmLines);

  // The number and the dates on the right, the customer on the left.
  const half = width / 2 - 10;
  const right = MARGIN + width - half;
  write(`${kindName.toLocaleUpperCase(opts.lang)} ${title}`, {
    weight: 'bold',
    size: 16,
    x: right,
    y: ruleY + 16,
    width: half,
    align: 'right',
  });
  const status = row.status === 'cancelled' ? L.cancelled : row.status === 'paid' && row.paidAt ? L.paid(day(row.paidAt)) : null;
  if (status) write(status, { weight: 'bold', size: 10.5, color: BRAND, x: right, width: half, align: 'right' });
  if (creditNote && opts.credits) write(L.credits(opts.credits), { weight: 'bold', size: 10.5, x: right, width: half, align: 'right' });
  doc.moveDown(0.4);
  const terms = customer.paymentTermsDays;
  const dates: Array<readonly [string, string]> = creditNote
    ? [
        [L.issueDate, day(row.issueDate)],
        [L.period, month(row.period)],
      ]
    : [
        [L.issueDate, day(row.issueDate)],
        [L.dueDate, day(row.dueDate)],
        [L.period, month(row.period)],
        [L.terms, L.termsText(terms)],
      ];
  for (const [label, value] of dates) {
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
        align: col.align === 'left' ? undefined : col.align,
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
  row_([L.description, L.quantity, L.unit, L.unitPrice, L.amount], {
    weight: 'bold',
    color: BRAND,
  });
  rule(1.2);
  for (const line of row.lines) {
    row_([line.description, num(line.quantity), L.units[line.unit], money(line.unitPrice), money(line.amount)], {});
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
  total(L.subtotal(row.currency), money(row.subtotal));
  total(L.tax(num(normalizeDecimal(row.taxRate))), money(row.tax));
  total(L.total(row.currency), money(row.total), true);

  // What the customer pays to, as the firm wrote it, and the number to quote.
  if (!creditNote && firm.paymentDetails?.trim()) {
    doc.y += 18;
    write(L.payment, { weight: 'bold', size: 10, color: BRAND, x: MARGIN });
    for (const line of firm.paymentDetails.split('\n').filter((l) => l.trim())) write(line, { size: 10, x: MARGIN });
    if (row.number) write(L.reference(row.number), { size: 9.5, color: MUTED, x: MARGIN, gap: 3 });
  }

  if (row.note) {
    doc.y += 18;
    write(L.note, { weight: 'bold', size: 10, color: BRAND, x: MARGIN });
    write(row.note, { size: 10, x: MARGIN, gap: 3 });
  }

  return finish(`${firm.name} · ${title}`);
}

/** `GET /invoice/:id/pdf`: whoever may read the invoice, in their scope (a sale: their customers' only; 404 outside). */
export function registerInvoicePdf(app: Api, s: Services) {
  const decl = invoicesResource;
  // Another language than the customer's, on request (a copy for the firm's own reading).
  const query = z.strictObject({ lang: z.enum(DOCUMENT_LANGS).optional() });
  app.get(
    `/${decl.path}/:id/pdf`,
    {
      config: { access: { resource: decl.name, action: 'show' } },
      schema: {
        tags: [decl.name],
        summary:
          "The invoice as a PDF under the firm's details, in the customer's language (else the firm's; `lang` asks for another), named after its number (a draft: draft-<short id>)",
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
          language: customers.language,
        })
        .from(customers)
        .where(eq(customers.id, row.customerId));
      if (!customer) throw notFound('Customer');
      const firm = await firmDetails(s, req.log);
      const lang = (req.query as z.infer<typeof query>).lang ?? customerDocumentLang(customer.language, firm.language);
      // The invoice a credit note credits, by its number (it was sent to be credited).
      const [credited] = row.creditOf
        ? await s.db.select({ number: invoices.number, subject: invoices.subject }).from(invoices).where(eq(invoices.id, row.creditOf))
        : [];
      const credits = credited ? invoiceName(credited) : null;
      const { content, missing } = await invoicePdf(row, customer, { firm, lang, credits });
      return sendPdf(reply, content, invoicePdfName(row), missing.length);
    },
  );
}
