import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { draftLines, type DraftSeat } from '../../../domain/modules/invoices/invoices.draft.js';
import { monthRange } from '../../../domain/months.js';
import type { Db } from '../../db/client.js';
import type { CurrentUser } from '../../http/access.js';
import { conflict, unprocessable } from '../../http/errors.js';
import { customers } from '../customers/customers.table.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import { holidays } from '../holidays/holidays.table.js';
import { timesheets } from '../timesheets/timesheets.table.js';
import { users } from '../users/users.table.js';
import { todayUtc } from './invoices.read-model.js';
import { assertOwnCustomer } from './invoices.write-checks.js';
import type { InvoiceValues } from './invoices.writes.js';

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
