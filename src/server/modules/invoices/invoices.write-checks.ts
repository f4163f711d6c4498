import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { compare } from '../../../domain/money.js';
import type { CurrentUser } from '../../http/access.js';
import type { WriteContext } from '../../http/resource/index.js';
import { AppError, conflict, forbidden, unprocessable } from '../../http/errors.js';
import { customers } from '../customers/customers.table.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import { projects } from '../projects/projects.table.js';
import { invoiceName } from './invoices.read-model.js';
import { invoices } from './invoices.table.js';

// The rules an invoice's write must pass: its customer (and the caller's ownership of it), its
// project and seats being that customer's, a seat billed once a month, the base currency's rate.

type Tx = WriteContext['tx'];

export interface CustomerTerms {
  id: string;
  currency: string;
  paymentTermsDays: number | null;
  ownerSaleId: string | null;
}

/** The invoice's customer, held (shared) until the write commits so that its owner cannot change under it. */
export async function customerOf(tx: Tx, id: string): Promise<CustomerTerms> {
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
export function assertOwnCustomer(user: CurrentUser, customer: Pick<CustomerTerms, 'ownerSaleId'>) {
  if (user.role === 'sale' && customer.ownerSaleId !== user.id) throw forbidden('You can only invoice the customers you own', 'not_owner');
}

export async function assertProjectOfCustomer(tx: Tx, projectId: string | null, customerId: string) {
  if (!projectId) return;
  const [project] = await tx.select({ customerId: projects.customerId }).from(projects).where(eq(projects.id, projectId)).for('share');
  if (project && project.customerId !== customerId)
    throw unprocessable("The project is another customer's", 'project_other_customer', { projectId: { code: 'project_other_customer' } });
}

/** Each line's seat must be a live seat of the invoice's customer. */
export async function assertSeatsOfCustomer(tx: Tx, lines: ReadonlyArray<{ headcountId?: string | null }>, customerId: string) {
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

/**
 * A seat is billed once a month: no other invoice of the customer and period that is not cancelled
 * may bill one of the lines' seats (409 naming it). Writes for one customer and month queue on an
 * advisory lock, so two drafts at once cannot both pass the check.
 */
export async function assertSeatsNotBilled(
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
        eq(invoices.kind, 'invoice'),
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
      // `id` and `name`: the form links the other invoice under the line.
      issues[`lines.${i}.headcountId`] = {
        code: 'seat_already_billed',
        params: { invoice: invoiceName(other), period: next.period, id: other.id, name: invoiceName(other) },
      };
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
