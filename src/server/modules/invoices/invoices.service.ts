import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { draftLines, type DraftSeat } from '../../../domain/modules/invoices/invoices.draft.js';
import { monthRange } from '../../../domain/months.js';
import type { Invoice, InvoiceLine, InvoiceStatus } from '../../../domain/modules/invoices/invoices.schema.js';
import {
  computeInvoice,
  dueDateFor,
  formatInvoiceNumber,
  invoiceSeries,
  isOverdue,
  normalizeDecimal,
} from '../../../domain/modules/invoices/invoices.rules.js';
import { compare, formatMoney } from '../../../domain/money.js';
import type { Db } from '../../db/client.js';
import type { CurrentUser } from '../../http/access.js';
import type { WriteContext } from '../../http/crud.js';
import { AppError, conflict, forbidden, unprocessable } from '../../http/errors.js';
import { customers } from '../customers/customers.table.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import { holidays } from '../holidays/holidays.table.js';
import { timesheets } from '../timesheets/timesheets.table.js';
import { users } from '../users/users.table.js';
import { projects } from '../projects/projects.table.js';
import { invoiceNumberSeries, invoices } from './invoices.table.js';

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
    overdue: isOverdue({ status: row.status as InvoiceStatus, dueDate: row.dueDate }, todayUtc()),
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

/** Whether an invoice is overdue as of today (UTC): sent, unpaid, due before today — what `overdue=` filters on. */
export const overdueExpression = () => sql`(${invoices.status} = 'sent' and ${invoices.dueDate} < ${todayUtc()}::date)`;

interface CustomerTerms {
  id: string;
  currency: string;
  paymentTermsDays: number | null;
  ownerSaleId: string | null;
}

/** The invoice's customer, held (shared) until the write commits so that its owner cannot change under it. */
async function customerOf(tx: Tx, id: string): Promise<CustomerTerms> {
  const [c] = await tx
    .select({
      id: customers.id,
      currency: customers.currency,
      paymentTermsDays: customers.paymentTermsDays,
      ownerSaleId: customers.ownerSaleId,
    })
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.archivedAt)))
    .for('share');
  if (!c) throw conflict('The customerId does not exist', 'reference_missing', { customerId: 'reference_missing' });
  return c;
}

/** A sale invoices only the customers they own (the invoice's owner is its customer's). */
function assertOwnCustomer(user: CurrentUser, customer: Pick<CustomerTerms, 'ownerSaleId'>) {
  if (user.role === 'sale' && customer.ownerSaleId !== user.id) throw forbidden('You can only invoice the customers you own', 'not_owner');
}

export async function assertProjectOfCustomer(tx: Tx, projectId: string | null, customerId: string) {
  if (!projectId) return;
  const [project] = await tx.select({ customerId: projects.customerId }).from(projects).where(eq(projects.id, projectId)).for('share');
  if (project && project.customerId !== customerId)
    throw unprocessable("The project is another customer's", 'project_other_customer', { projectId: { code: 'project_other_customer' } });
}

/** Each line's seat must be a live seat of the invoice's customer. */
async function assertSeatsOfCustomer(tx: Tx, lines: ReadonlyArray<{ headcountId?: string | null }>, customerId: string) {
  const ids = [...new Set(lines.map((l) => l.headcountId).filter((id): id is string => !!id))];
  if (!ids.length) return;
  const seats = await tx
    .select({ id: headcounts.id, customerId: headcounts.customerId })
    .from(headcounts)
    .where(and(inArray(headcounts.id, ids), isNull(headcounts.archivedAt)));
  const byId = new Map(seats.map((s) => [s.id, s.customerId]));
  const missing: Record<string, string> = {};
  const other: Record<string, { code: string }> = {};
  lines.forEach((l, i) => {
    if (!l.headcountId) return;
    const owner = byId.get(l.headcountId);
    if (owner === undefined) missing[`lines.${i}.headcountId`] = 'reference_missing';
    else if (owner !== customerId) other[`lines.${i}.headcountId`] = { code: 'seat_other_customer' };
  });
  if (Object.keys(missing).length) throw conflict('A seat of the lines does not exist', 'reference_missing', missing);
  if (Object.keys(other).length) throw unprocessable("A line's seat is another customer's", 'seat_other_customer', other);
}

/** What names an invoice to a person: its number once sent, else its subject. */
export const invoiceName = (row: { number: string | null; subject: string }) => row.number ?? row.subject;

/**
 * A seat is billed once a month: no other invoice of the customer and period that is not cancelled
 * may bill one of the lines' seats (409 naming it). Writes for one customer and month queue on an
 * advisory lock, so two drafts at once cannot both pass the check.
 */
async function assertSeatsNotBilled(
  tx: Tx,
  next: { customerId: string; period: string; lines: ReadonlyArray<{ headcountId?: string | null }> },
  selfId?: string,
) {
  const ids = [...new Set(next.lines.map((l) => l.headcountId).filter((id): id is string => !!id))];
  if (!ids.length) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invoice-seats:${next.customerId}:${next.period}`}))`);
  const [other] = await tx
    .select({ id: invoices.id, number: invoices.number, subject: invoices.subject, lines: invoices.lines })
    .from(invoices)
    .where(
      and(
        eq(invoices.customerId, next.customerId),
        eq(invoices.period, next.period),
        ne(invoices.status, 'cancelled'),
        isNull(invoices.archivedAt),
        selfId ? ne(invoices.id, selfId) : undefined,
        or(...ids.map((id) => sql`${invoices.lines} @> ${JSON.stringify([{ headcountId: id }])}::jsonb`)),
      ),
    )
    .limit(1);
  if (!other) return;
  const billed = new Set(other.lines.map((l) => l.headcountId));
  const issues: Record<string, { code: string; params: Record<string, string> }> = {};
  next.lines.forEach((l, i) => {
    if (l.headcountId && billed.has(l.headcountId))
      issues[`lines.${i}.headcountId`] = { code: 'seat_already_billed', params: { invoice: invoiceName(other), period: next.period } };
  });
  throw new AppError(409, `${invoiceName(other)} already bills these seats for ${next.period}`, {
    code: 'seat_already_billed',
    issues,
    details: { invoiceId: other.id, invoice: invoiceName(other) },
  });
}

/** The currency's rate to the base currency: 1 for the base itself, given otherwise. */
export function rateFor(currency: string, given: string | undefined, baseCurrency: string): string {
  if (currency === baseCurrency) {
    if (given !== undefined && compare(given, '1') !== 0)
      throw unprocessable(`The rate of the base currency ${baseCurrency} is 1`, 'exchange_rate_base', {
        exchangeRate: { code: 'exchange_rate_base', params: { currency: baseCurrency } },
      });
    return '1';
  }
  if (given === undefined)
    throw unprocessable(`Give the rate from ${currency} to ${baseCurrency}`, 'exchange_rate_required', {
      exchangeRate: { code: 'exchange_rate_required', params: { currency, base: baseCurrency } },
    });
  return given;
}

type LineIn = { description: string; headcountId?: string | null; quantity: string; unit: InvoiceLine['unit']; unitPrice: string };
export interface InvoiceValues {
  subject: string;
  customerId: string;
  projectId: string | null;
  period: string;
  issueDate: string;
  dueDate?: string | null;
  currency?: string;
  exchangeRate?: string;
  taxRate: string;
  lines: LineIn[];
  note: string | null;
}

/**
 * Every value the server decides for an invoice about to be written: owner (the customer's sale),
 * currency, rate, due date, line amounts and totals. `changed` says which inputs the write sent,
 * so that an update recomputes only what follows from them.
 */
export async function resolveInvoice(ctx: WriteContext, next: InvoiceValues, changed: ReadonlySet<string>, previous?: InvoiceRow) {
  const base = ctx.services.config.BASE_CURRENCY;
  const customer = await customerOf(ctx.tx, next.customerId);
  // What the write leaves as it was was checked when it was written (a seat archived since does not block a new due date).
  const touched = (...keys: string[]) => !previous || keys.some((k) => changed.has(k));
  if (touched('customerId')) assertOwnCustomer(ctx.user, customer);
  if (touched('customerId', 'projectId')) await assertProjectOfCustomer(ctx.tx, next.projectId, next.customerId);
  if (touched('customerId', 'lines')) await assertSeatsOfCustomer(ctx.tx, next.lines, next.customerId);
  if (touched('customerId', 'lines', 'period')) await assertSeatsNotBilled(ctx.tx, next, previous?.id);
  const currency = next.currency ?? customer.currency;
  // A rate stays with its currency: a new currency needs its own rate (or is the base).
  const givenRate = changed.has('exchangeRate') || !previous ? next.exchangeRate : changed.has('currency') ? undefined : next.exchangeRate;
  const exchangeRate = rateFor(currency, givenRate, base);
  // A due date given is kept; otherwise it follows the issue date and the customer's terms.
  const dueDate =
    changed.has('dueDate') && next.dueDate
      ? next.dueDate
      : previous && !changed.has('dueDate') && !changed.has('issueDate') && !changed.has('customerId')
        ? previous.dueDate
        : dueDateFor(next.issueDate, customer.paymentTermsDays);
  if (dueDate < next.issueDate)
    throw unprocessable('The due date is before the issue date', 'due_before_issue', { dueDate: { code: 'due_before_issue' } });
  const computed = computeInvoice({ lines: next.lines, taxRate: next.taxRate, currency, exchangeRate }, base);
  return {
    saleId: customer.ownerSaleId,
    currency,
    exchangeRate,
    dueDate,
    taxRate: normalizeDecimal(next.taxRate),
    ...computed,
  };
}

/**
 * The next number of the invoice's series. The upsert takes the series row's lock until the sending
 * transaction ends: concurrent sends queue on it, and a send that rolls back returns its number.
 */
export async function drawNumber(tx: Tx, issueDate: string): Promise<string> {
  const series = invoiceSeries(issueDate);
  const [row] = await tx
    .insert(invoiceNumberSeries)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceNumberSeries.series, set: { lastNumber: sql`${invoiceNumberSeries.lastNumber} + 1` } })
    .returning({ n: invoiceNumberSeries.lastNumber });
  return formatInvoiceNumber(series, row!.n);
}

/**
 * For tests only, set in-process (nothing reaches it over HTTP): runs inside the sending transaction
 * right after the number is drawn, so that a test can fail a send there and see the number returned.
 */
export const sendProbe: { afterNumber?: (number: string) => Promise<void> | void } = {};

/** The row, locked for the write, as the caller may see it (a sale: their customers' only; others 404). */
export async function lockInvoice(tx: Reader, user: CurrentUser, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), isNull(invoices.archivedAt), user.role === 'sale' ? eq(invoices.saleId, user.id) : undefined))
    .for('update');
  return row;
}

/**
 * The body of a draft invoice for a customer's month, built from its placed seats (not pending,
 * not archived, covering a day of the month), the month's holidays and the hours logged on those
 * seats. Rates and hours are read as text: exact from the database to the line.
 */
export async function draftFromHeadcount(
  db: Db,
  user: CurrentUser,
  input: { customerId: string; period: string; exchangeRate?: string },
): Promise<InvoiceValues> {
  const [customer] = await db
    .select({ id: customers.id, name: customers.name, currency: customers.currency, ownerSaleId: customers.ownerSaleId })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), isNull(customers.archivedAt)));
  if (!customer) throw conflict('The customerId does not exist', 'reference_missing', { customerId: 'reference_missing' });
  assertOwnCustomer(user, customer);
  const { from: first, to: last } = monthRange(input.period);
  const seats = await db
    .select({
      id: headcounts.id,
      person: users.fullName,
      title: headcounts.title,
      rateUnit: headcounts.rateUnit,
      billingRate: sql<string>`${headcounts.billingRate}::text`,
      currency: headcounts.currency,
      startDate: headcounts.startDate,
      endDate: headcounts.endDate,
    })
    .from(headcounts)
    .innerJoin(users, eq(users.id, headcounts.userId))
    .where(
      and(
        eq(headcounts.customerId, customer.id),
        isNull(headcounts.archivedAt),
        ne(headcounts.status, 'pending'),
        sql`${headcounts.startDate} <= ${last}::date`,
        or(isNull(headcounts.endDate), sql`${headcounts.endDate} >= ${first}::date`),
      ),
    );
  const noSeat = () =>
    unprocessable(`${customer.name} has no seat to bill in ${input.period}`, 'no_billable_seat', {
      period: { code: 'no_billable_seat', params: { period: input.period } },
    });
  if (!seats.length) throw noSeat();
  const currencies = [...new Set(seats.map((s) => s.currency))];
  if (currencies.length > 1)
    throw unprocessable(
      `The seats are billed in several currencies (${currencies.join(', ')}): invoice them one by one`,
      'seat_currencies',
      {
        customerId: { code: 'seat_currencies', params: { currencies: currencies.join(', ') } },
      },
    );
  const [holidayRows, entries] = await Promise.all([
    db
      .select({ date: holidays.date })
      .from(holidays)
      .where(and(isNull(holidays.archivedAt), sql`${holidays.date} between ${first}::date and ${last}::date`)),
    db
      .select({
        headcountId: sql<string>`${timesheets.headcountId}`,
        date: timesheets.date,
        hours: sql<string>`${timesheets.hours}::text`,
        billRate: sql<string | null>`${timesheets.billRate}::text`,
      })
      .from(timesheets)
      .where(
        and(
          inArray(
            timesheets.headcountId,
            seats.map((s) => s.id),
          ),
          sql`${timesheets.date} between ${first}::date and ${last}::date`,
        ),
      ),
  ]);
  const lines = draftLines({
    period: input.period,
    currency: currencies[0]!,
    seats: seats.map((s) => ({ ...s, rateUnit: s.rateUnit as DraftSeat['rateUnit'] })),
    holidays: holidayRows.map((h) => h.date),
    entries,
  });
  if (!lines.length) throw noSeat();
  return {
    subject: `${customer.name} — ${input.period}`,
    customerId: customer.id,
    projectId: null,
    period: input.period,
    issueDate: todayUtc(),
    currency: currencies[0]!,
    ...(input.exchangeRate !== undefined ? { exchangeRate: input.exchangeRate } : {}),
    taxRate: '0',
    lines,
    note: null,
  };
}

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
