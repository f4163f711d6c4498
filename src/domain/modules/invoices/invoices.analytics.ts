import { z } from 'zod';
import { isoDate } from '../../fields.js';
import { add, formatMoney, toBaseCurrency } from '../../money.js';
import { addMonths, monthOf, monthsBetween } from '../../months.js';
import { INVOICE_STATUS_VALUES } from './invoices.schema.js';

/**
 * The invoices' analytic view (decision 013, "Analytics"): revenue by billing month and by
 * customer, outstanding and overdue ageing, top customers — in the base currency. Every figure
 * carries the invoice list's query that lists exactly the invoices it sums (`filters`), so the
 * list's total in the base currency equals the figure.
 */

export const ANALYTICS_MONTHS_MAX = 24;

export const invoiceAnalyticsQuerySchema = z.strictObject({
  /** The day the ageing is counted to (and whose month ends the revenue window); today (UTC) when absent. */
  asOf: isoDate.optional(),
  /** How many billing months the revenue covers, ending with the month of `asOf`. */
  months: z.coerce.number({ message: 'not_number' }).int({ message: 'integer' }).min(1).max(ANALYTICS_MONTHS_MAX).default(12),
});
export type InvoiceAnalyticsQuery = z.output<typeof invoiceAnalyticsQuerySchema>;

/** Revenue counts every invoice that is not cancelled: drafts, sent and paid (the P&L reads the same). */
export const REVENUE_STATUSES = INVOICE_STATUS_VALUES.filter((s) => s !== 'cancelled');
export type RevenueStatus = (typeof REVENUE_STATUSES)[number];

/**
 * Ageing of the outstanding invoices (sent, not paid) by days past their due date as of `asOf`:
 * not yet due (due after `asOf`), 0–30 (due on `asOf` up to 30 days before), 31–60, 61–90, over 90.
 */
export const AGEING_BUCKETS = [
  { key: 'notDue', min: undefined, max: -1 },
  { key: 'd0_30', min: 0, max: 30 },
  { key: 'd31_60', min: 31, max: 60 },
  { key: 'd61_90', min: 61, max: 90 },
  { key: 'd90plus', min: 91, max: undefined },
] as const satisfies ReadonlyArray<{ key: string; min: number | undefined; max: number | undefined }>;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number]['key'];
export const AGEING_BUCKET_KEYS = AGEING_BUCKETS.map((b) => b.key) as AgeingBucket[];

const DAY = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;
export const addDays = (iso: string, n: number) => new Date((dayNumber(iso) + n) * DAY).toISOString().slice(0, 10);

/** Whole days from the due date to `asOf`: 0 on the due date, negative before it. */
export function daysPastDue(dueDate: string, asOf: string): number {
  return dayNumber(asOf) - dayNumber(dueDate);
}

export function ageingBucket(dueDate: string, asOf: string): AgeingBucket {
  const days = daysPastDue(dueDate, asOf);
  return AGEING_BUCKETS.find((b) => (b.min === undefined || days >= b.min) && (b.max === undefined || days <= b.max))!.key;
}

/** The due dates a bucket holds as of `asOf`, as the list's `dueDate_gte` / `dueDate_lte`. */
export function bucketDueRange(bucket: AgeingBucket, asOf: string): { dueDate_gte?: string; dueDate_lte?: string } {
  const b = AGEING_BUCKETS.find((x) => x.key === bucket)!;
  const out: { dueDate_gte?: string; dueDate_lte?: string } = {};
  if (b.max !== undefined) out.dueDate_gte = addDays(asOf, -b.max);
  if (b.min !== undefined) out.dueDate_lte = addDays(asOf, -b.min);
  return out;
}

/** The `months` billing months ending with the month of `asOf`, oldest first (`YYYY-MM`). */
export function windowMonths(asOf: string, months: number): string[] {
  const last = monthOf(asOf);
  return monthsBetween(addMonths(last, 1 - months), last);
}

/** A list query: API filter key → values (a key repeated means any of them). */
export type ListFilters = Record<string, string | string[]>;

/** The queries of the invoice list that list exactly what each figure sums. */
export const analyticsFilters = {
  month: (period: string, status?: RevenueStatus): ListFilters => (status ? { period, status } : { period, status_ne: 'cancelled' }),
  customerRevenue: (customerId: string, from: string, to: string): ListFilters => ({
    customerId,
    period_gte: from,
    period_lte: to,
    status_ne: 'cancelled',
  }),
  revenue: (from: string, to: string): ListFilters => ({ period_gte: from, period_lte: to, status_ne: 'cancelled' }),
  outstanding: (customerId?: string): ListFilters => ({ ...(customerId ? { customerId } : {}), status: 'sent' }),
  // A credit note is never overdue.
  overdue: (asOf: string, customerId?: string): ListFilters => ({
    ...(customerId ? { customerId } : {}),
    status: 'sent',
    kind: 'invoice',
    dueDate_lte: addDays(asOf, -1),
  }),
  bucket: (bucket: AgeingBucket, asOf: string): ListFilters => ({ status: 'sent', ...bucketDueRange(bucket, asOf) }),
};

/** The list URL's query string of a figure's filters. */
export function filtersQuery(filters: ListFilters): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) for (const x of Array.isArray(v) ? v : [v]) sp.append(k, x);
  return sp.toString();
}

/**
 * An invoice's total in the base currency: `round(total × rate)` to the base's minor units, half
 * up — rounded once per invoice (stored as `totalBase`), and figures are exact sums of those.
 */
export const invoiceTotalBase = (total: string, exchangeRate: string, base: string) => toBaseCurrency(total, exchangeRate, base);

/** The exact sum of amounts already in the base currency, at its minor units. */
export const sumBase = (amounts: readonly string[], base: string) => formatMoney(add('0', ...amounts), base);

const figure = z.object({ total: z.string(), count: z.number().int() });
export type Figure = z.infer<typeof figure>;

export const invoiceAnalyticsSchema = z.object({
  baseCurrency: z.string(),
  asOf: z.string(),
  /** The revenue window, first and last billing month. */
  from: z.string(),
  to: z.string(),
  revenue: figure,
  months: z.array(
    figure.extend({
      period: z.string(),
      byStatus: z.object({ draft: figure, sent: figure, paid: figure }),
    }),
  ),
  /** Every customer with revenue in the window or something outstanding, by revenue (the first are the top customers). */
  customers: z.array(
    z.object({
      customerId: z.uuid(),
      name: z.string(),
      revenue: figure,
      outstanding: figure,
      overdue: figure,
    }),
  ),
  outstanding: figure,
  overdue: figure,
  ageing: z.array(figure.extend({ bucket: z.enum(AGEING_BUCKET_KEYS as [AgeingBucket, ...AgeingBucket[]]) })),
});
export type InvoiceAnalytics = z.infer<typeof invoiceAnalyticsSchema>;

/** How many customers the chart and the "top customers" table show. */
export const TOP_CUSTOMERS = 8;
