import { and, asc, isNull, sql } from 'drizzle-orm';
import { computeInvoice, dueDateFor, formatInvoiceNumber, invoiceSeries, negate } from '../../../domain/modules/invoices/invoices.rules.js';
import type { InvoiceLine } from '../../../domain/modules/invoices/invoices.schema.js';
import type { Db } from '../../db/client.js';
import type { SeedContext } from '../module.js';
import { customers } from '../customers/customers.table.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import { timesheets } from '../timesheets/timesheets.table.js';
import { invoiceNumberSeries, invoices } from './invoices.table.js';

/** Units of USD one unit of each currency bought, roughly, for the demo's rates. */
export const USD_PER_UNIT: Record<string, string> = {
  USD: '1',
  EUR: '1.08',
  GBP: '1.27',
  VND: '0.0000395',
  CNY: '0.138',
  AED: '0.2723',
  SGD: '0.74',
  JPY: '0.0067',
  AUD: '0.65',
};
const TAX: Record<string, string> = { VND: '10', EUR: '20', GBP: '20', AED: '5', SGD: '9', CNY: '6', AUD: '10', JPY: '10', USD: '0' };

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (date: string, n: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000));
const monthEnd = (y: number, m: number) => iso(new Date(Date.UTC(y, m + 1, 0)));

/**
 * A year of invoices for the demo customers, one a month per customer, built from the seats active
 * that month (a monthly seat billed pro rata to its days in the month, its logged hours named on the
 * line): paid in the older months (a few paid late, a few cancelled), sent in the last two (some
 * past due), a draft for the month just ended. Numbers follow the issue dates, gapless, and the
 * series rows hold the last number given, as the send route would have left them.
 */
export async function seedInvoices(db: Db, ctx: SeedContext): Promise<void> {
  // The demo's rates are to USD; another base currency takes them crossed through USD.
  const base = process.env.BASE_CURRENCY && USD_PER_UNIT[process.env.BASE_CURRENCY] ? process.env.BASE_CURRENCY : 'USD';
  const rateOf = (currency: string) => {
    if (base === 'USD') return USD_PER_UNIT[currency] ?? '1';
    const [num, den] = [Number(USD_PER_UNIT[currency] ?? '1'), Number(USD_PER_UNIT[base])];
    // Rates are data (10 decimals), not money: the amounts they produce are computed exactly.
    return currency === base ? '1' : (num / den).toFixed(10);
  };
  const firms = await db
    .select({
      id: customers.id,
      name: customers.name,
      currency: customers.currency,
      terms: customers.paymentTermsDays,
      owner: customers.ownerSaleId,
    })
    .from(customers)
    .where(isNull(customers.archivedAt))
    .orderBy(asc(customers.code));
  const seats = await db
    .select({
      id: headcounts.id,
      title: headcounts.title,
      customerId: headcounts.customerId,
      projectId: headcounts.projectId,
      rate: sql<string>`${headcounts.billingRate}::text`,
      startDate: headcounts.startDate,
      endDate: headcounts.endDate,
    })
    .from(headcounts)
    .where(and(isNull(headcounts.archivedAt), sql`${headcounts.status} <> 'pending'`));
  const hours = await db
    .select({
      headcountId: timesheets.headcountId,
      month: sql<string>`to_char(${timesheets.date}, 'YYYY-MM')`,
      hours: sql<string>`sum(${timesheets.hours})::text`,
    })
    .from(timesheets)
    .where(sql`${timesheets.headcountId} is not null`)
    .groupBy(timesheets.headcountId, sql`to_char(${timesheets.date}, 'YYYY-MM')`);
  const logged = new Map(hours.map((h) => [`${h.headcountId}|${h.month}`, h.hours]));
  const admin = ctx.users.find((u) => u.role === 'admin')?.id ?? null;

  const today = new Date();
  const rows: Array<typeof invoices.$inferInsert> = [];
  for (let back = 12; back >= 1; back--) {
    const y = today.getUTCFullYear();
    const m = today.getUTCMonth() - back;
    const first = iso(new Date(Date.UTC(y, m, 1)));
    const last = monthEnd(y, m);
    const period = first.slice(0, 7);
    const days = Number(last.slice(8, 10));
    firms.forEach((firm, f) => {
      const lines: Array<Omit<InvoiceLine, 'amount'>> = [];
      for (const seat of seats.filter((s) => s.customerId === firm.id)) {
        const from = seat.startDate > first ? seat.startDate : first;
        const to = seat.endDate && seat.endDate < last ? seat.endDate : last;
        if (to < from) continue;
        const active = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
        const h = logged.get(`${seat.id}|${period}`);
        lines.push({
          description: `${seat.title} — ${period}${h ? ` (${Number(h)} h logged)` : ''}`,
          headcountId: seat.id,
          // Pro rata to the calendar days the seat was held.
          quantity: active === days ? '1' : (active / days).toFixed(4),
          unit: 'month',
          unitPrice: seat.rate,
        });
      }
      if (!lines.length) return;
      const issueDate = addDays(last, 1);
      const currency = firm.currency;
      const exchangeRate = rateOf(currency);
      const computed = computeInvoice({ lines, taxRate: TAX[currency] ?? '0', currency, exchangeRate }, base);
      const dueDate = dueDateFor(issueDate, firm.terms);
      // The month just ended is still being drafted; the two before are with the customers; older ones are settled.
      const status = back === 1 ? 'draft' : back <= 3 || (f + back) % 11 === 0 ? 'sent' : (f + back) % 13 === 0 ? 'cancelled' : 'paid';
      const lateDays = (f * 7 + back * 3) % (firm.terms + 20);
      const paidAt = status === 'paid' ? addDays(issueDate, lateDays) : null;
      rows.push({
        subject: `${firm.name} — ${period}`,
        customerId: firm.id,
        projectId: seats.find((s) => s.customerId === firm.id && s.projectId)?.projectId ?? null,
        saleId: firm.owner,
        period,
        issueDate,
        dueDate,
        currency,
        exchangeRate,
        taxRate: TAX[currency] ?? '0',
        lines: computed.lines,
        subtotal: computed.subtotal,
        tax: computed.tax,
        total: computed.total,
        totalBase: computed.totalBase,
        status,
        sentAt: status === 'draft' ? null : `${issueDate}T09:00:00.000Z`,
        paidAt,
        paidAmount: paidAt ? computed.total : null,
        paidNote: paidAt ? `Bank transfer ${firm.name.split(' ')[0]} ${period}` : null,
        cancelledAt: status === 'cancelled' ? `${addDays(issueDate, 3)}T10:00:00.000Z` : null,
        cancelNote: status === 'cancelled' ? 'Hours disputed: re-issued on the next invoice' : null,
        createdBy: firm.owner ?? admin,
      });
    });
  }
  // Numbers in the order the invoices were issued, one series per year, none skipped.
  const counters = new Map<string, number>();
  for (const row of rows
    .filter((r) => r.status !== 'draft')
    .sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.subject.localeCompare(b.subject))) {
    const series = invoiceSeries(row.issueDate);
    const n = (counters.get(series) ?? 0) + 1;
    counters.set(series, n);
    row.number = formatInvoiceNumber(series, n);
  }
  // Paid invoices only settle after they are due or paid: a paid date still to come is not paid yet.
  const now = iso(today);
  for (const row of rows)
    if (row.paidAt && row.paidAt > now) Object.assign(row, { status: 'sent', paidAt: null, paidAmount: null, paidNote: null });
  for (let i = 0; i < rows.length; i += 200) await db.insert(invoices).values(rows.slice(i, i + 200));
  await seedCreditNote(db, base, counters, today);
  if (counters.size)
    await db
      .insert(invoiceNumberSeries)
      .values([...counters].map(([series, lastNumber]) => ({ series, lastNumber })))
      .onConflictDoUpdate({ target: invoiceNumberSeries.series, set: { lastNumber: sql`excluded.last_number` } });
}

/**
 * One credit note, as a firm has them: a quarter of a seat's month given back on an invoice paid
 * four months ago (the seat's person was away), issued last month — so the sale's commission of
 * the paid month shows it as a change, clawed back in the next open month.
 */
async function seedCreditNote(db: Db, base: string, counters: Map<string, number>, today: Date) {
  const period = iso(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 4, 1))).slice(0, 7);
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(sql`${invoices.period} = ${period}`, sql`${invoices.status} = 'paid'`, sql`${invoices.saleId} is not null`))
    .orderBy(asc(invoices.number))
    .limit(1);
  const line = invoice?.lines.find((l) => l.headcountId);
  if (!invoice || !line) return;
  const issueDate = iso(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 12)));
  const lines = [
    {
      description: `Service credit — ${line.description.split(' (')[0]}: a week not staffed`,
      headcountId: line.headcountId,
      quantity: '0.25',
      unit: 'month' as const,
      unitPrice: line.unitPrice,
    },
  ];
  const computed = computeInvoice(
    { lines, taxRate: invoice.taxRate, currency: invoice.currency, exchangeRate: invoice.exchangeRate },
    base,
    'credit_note',
  );
  const series = invoiceSeries(issueDate, 'credit_note');
  const n = (counters.get(series) ?? 0) + 1;
  counters.set(series, n);
  await db.insert(invoices).values({
    kind: 'credit_note',
    creditOf: invoice.id,
    number: formatInvoiceNumber(series, n),
    subject: `Credit note · ${invoice.number}`,
    customerId: invoice.customerId,
    projectId: invoice.projectId,
    saleId: invoice.saleId,
    period: issueDate.slice(0, 7),
    issueDate,
    dueDate: issueDate,
    currency: invoice.currency,
    exchangeRate: invoice.exchangeRate,
    taxRate: invoice.taxRate,
    ...computed,
    status: 'sent',
    sentAt: `${issueDate}T09:00:00.000Z`,
    note: 'The seat was not staffed for a week: agreed with the customer.',
    createdBy: invoice.createdBy,
  });
  await db
    .update(invoices)
    .set({ credited: negate(computed.total) })
    .where(sql`${invoices.id} = ${invoice.id}`);
}
