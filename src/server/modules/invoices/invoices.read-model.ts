import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Invoice, InvoiceKind, InvoiceStatus } from '../../../domain/modules/invoices/invoices.schema.js';
import { isOverdue, normalizeDecimal } from '../../../domain/modules/invoices/invoices.rules.js';
import { formatMoney } from '../../../domain/money.js';
import type { Db } from '../../db/client.js';
import type { WriteContext } from '../../http/resource/index.js';
import { AppError } from '../../http/errors.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import { invoices } from './invoices.table.js';

// How an invoice reads: its row as the API returns it, what "overdue" and "today" mean, how it is
// named to people, and which logged hours it bills.

export type InvoiceRow = typeof invoices.$inferSelect;
type Tx = WriteContext['tx'];
type Reader = Db | Tx;

/** Today as the API reads dates: the calendar day in UTC. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The row as the API returns it: amounts at the currency's digits, rates without padding, overdue as of today. */
export function invoiceEntity(row: InvoiceRow): Invoice {
  const money = (v: string) => formatMoney(v, row.currency);
  return {
    id: row.id,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: row.createdBy,
    number: row.number,
    kind: row.kind as InvoiceKind,
    creditOf: row.creditOf,
    credited: money(row.credited),
    subject: row.subject,
    customerId: row.customerId,
    projectId: row.projectId,
    saleId: row.saleId,
    period: row.period,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    currency: row.currency as Invoice['currency'],
    exchangeRate: normalizeDecimal(row.exchangeRate),
    taxRate: normalizeDecimal(row.taxRate),
    lines: row.lines,
    subtotal: money(row.subtotal),
    tax: money(row.tax),
    total: money(row.total),
    totalBase: row.totalBase,
    status: row.status as InvoiceStatus,
    overdue: isOverdue({ status: row.status as InvoiceStatus, dueDate: row.dueDate, kind: row.kind as InvoiceKind }, todayUtc()),
    sentAt: row.sentAt,
    paidAt: row.paidAt,
    paidAmount: row.paidAmount === null ? null : money(row.paidAmount),
    paidNote: row.paidNote,
    cancelledAt: row.cancelledAt,
    cancelNote: row.cancelNote,
    note: row.note,
    file: row.file ?? null,
  };
}

/** Whether an invoice is overdue as of today (UTC): sent, unpaid, due before today — what `overdue=` filters on. A credit note is never due. */
export const overdueExpression = () =>
  sql`(${invoices.status} = 'sent' and ${invoices.kind} = 'invoice' and ${invoices.dueDate} < ${todayUtc()}::date)`;

/** What names an invoice to a person: its number once sent, else its subject. */
export const invoiceName = (row: { number: string | null; subject: string }) => row.number ?? row.subject;

/** A logwork cell: its person, project and day, and the seat it was logged on when stored. */
export interface LogworkCell {
  path: string;
  projectId: string;
  date: string;
  headcountId?: string | null;
}

/**
 * Hours billed by a sent (or paid) invoice are read-only until it is cancelled or taken back to
 * draft: a cell is billed when an invoice of its month bills a seat of the person on the cell's
 * project (or the seat the entry was logged on). 422 naming the invoice; the firm-wide month lock
 * is checked apart.
 */
export async function assertNotBilled(db: Reader, userId: string, cells: readonly LogworkCell[]) {
  if (!cells.length) return;
  const months = [...new Set(cells.map((c) => c.date.slice(0, 7)))];
  const billing = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      subject: invoices.subject,
      period: invoices.period,
      seatId: headcounts.id,
      projectId: headcounts.projectId,
    })
    .from(invoices)
    .innerJoin(headcounts, sql`${invoices.lines} @> jsonb_build_array(jsonb_build_object('headcountId', ${headcounts.id}::text))`)
    .where(
      and(
        inArray(invoices.status, ['sent', 'paid']),
        eq(invoices.kind, 'invoice'),
        isNull(invoices.archivedAt),
        inArray(invoices.period, months),
        eq(headcounts.userId, userId),
      ),
    );
  if (!billing.length) return;
  const issues: Record<string, { code: string; params: Record<string, string> }> = {};
  let first: (typeof billing)[number] | undefined;
  for (const c of cells) {
    const by = billing.find(
      (b) => b.period === c.date.slice(0, 7) && (b.projectId === c.projectId || (!!c.headcountId && b.seatId === c.headcountId)),
    );
    if (!by) continue;
    first ??= by;
    issues[c.path ? `${c.path}.date` : 'date'] = { code: 'billed_by_invoice', params: { invoice: invoiceName(by), month: by.period } };
  }
  if (!first) return;
  throw new AppError(422, `These hours are billed by ${invoiceName(first)}: cancel it or take it back to draft to change them`, {
    code: 'billed_by_invoice',
    issues,
    details: { invoiceId: first.id, invoice: invoiceName(first) },
  });
}
