import { sql } from 'drizzle-orm';
import type { InvoiceKind, InvoiceLine } from '../../../domain/modules/invoices/invoices.schema.js';
import {
  computeInvoice,
  dueDateFor,
  formatInvoiceNumber,
  invoiceSeries,
  normalizeDecimal,
} from '../../../domain/modules/invoices/invoices.rules.js';
import type { WriteContext } from '../../http/resource/index.js';
import { unprocessable } from '../../http/errors.js';
import type { InvoiceRow } from './invoices.read-model.js';
import { invoiceNumberSeries } from './invoices.table.js';
import {
  assertOwnCustomer,
  assertProjectOfCustomer,
  assertSeatsNotBilled,
  assertSeatsOfCustomer,
  customerOf,
  rateFor,
} from './invoices.write-checks.js';

// An invoice's writes: the values the server decides for it, and the number drawn when it is sent.

type Tx = WriteContext['tx'];

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
export async function resolveInvoice(
  ctx: WriteContext,
  next: InvoiceValues,
  changed: ReadonlySet<string>,
  previous?: InvoiceRow,
  kind: InvoiceKind = 'invoice',
) {
  const base = ctx.services.config.BASE_CURRENCY;
  const customer = await customerOf(ctx.tx, next.customerId);
  // What the write leaves as it was was checked when it was written (a seat archived since does not block a new due date).
  const touched = (...keys: string[]) => !previous || keys.some((k) => changed.has(k));
  if (touched('customerId')) assertOwnCustomer(ctx.user, customer);
  if (touched('customerId', 'projectId')) await assertProjectOfCustomer(ctx.tx, next.projectId, next.customerId);
  if (touched('customerId', 'lines')) await assertSeatsOfCustomer(ctx.tx, next.lines, next.customerId);
  // A credit note gives back what its invoice billed: the seats it names are billed there, once.
  if (kind === 'invoice' && touched('customerId', 'lines', 'period')) await assertSeatsNotBilled(ctx.tx, next, previous?.id);
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
  const computed = computeInvoice({ lines: next.lines, taxRate: next.taxRate, currency, exchangeRate }, base, kind);
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
export async function drawNumber(tx: Tx, issueDate: string, kind: InvoiceKind = 'invoice'): Promise<string> {
  const series = invoiceSeries(issueDate, kind);
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
