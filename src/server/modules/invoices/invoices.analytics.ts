import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  AGEING_BUCKETS,
  addDays,
  invoiceAnalyticsQuerySchema,
  invoiceAnalyticsSchema,
  sumBase,
  windowMonths,
  type InvoiceAnalytics,
  type InvoiceAnalyticsQuery,
} from '../../../domain/modules/invoices/invoices.analytics.js';
import { invoicesResource } from '../../../domain/modules/invoices/invoices.resource.js';
import { compare, formatMoney } from '../../../domain/money.js';
import type { Api } from '../../http/api.js';
import type { CurrentUser } from '../../http/access.js';
import { registeredResource } from '../../http/resource/index.js';
import { listQuerySchema, type ListQuery } from '../../http/list-query.js';
import { queryRows } from '../../db/client.js';
import { versionCacheOf } from '../data-versions/version-cache.js';
import type { Services } from '../../services.js';
import { todayUtc } from './invoices.read-model.js';
import { netInBase } from './invoices.base-sql.js';

const decl = invoicesResource;
const listAccess = { resource: decl.name, action: 'list' } as const;

/**
 * What a customer owes is their balance: the sent invoices' totals with tax, and the issued credit
 * notes' (negative) — a credit they hold until it is set against what they owe. Only an invoice is
 * ever overdue.
 */
const late = (asOf: string) => sql`i.kind = 'invoice' and i.due_date < ${asOf}::date`;

const ownScoped = (user: CurrentUser) => (decl.owner.roles as readonly string[]).includes(user.role);

/** The invoices a caller reads, as the list scopes them: a sale their customers' (the invoice's `saleId`), live rows only. */
function scope(user: CurrentUser): SQL {
  const own = ownScoped(user) ? sql` and i.sale_id = ${user.id}` : sql``;
  return sql`i.archived_at is null${own}`;
}

/**
 * The analytic view through a cache: same figures as `invoiceAnalytics`, computed once per query,
 * scope and data version — valid while no invoice or customer is written (the `invoices` version,
 * bumped by triggers in the writing transaction): on a busy day many people open the same view, and
 * each computation reads every invoice of a year.
 */
export function cachedInvoiceAnalytics(s: Services, user: CurrentUser, q: InvoiceAnalyticsQuery): Promise<InvoiceAnalytics> {
  const asOf = q.asOf ?? todayUtc();
  const query = { ...q, asOf };
  const key = JSON.stringify([s.config.BASE_CURRENCY, ownScoped(user) ? user.id : '*', asOf, q.months]);
  return versionCacheOf<InvoiceAnalytics>(s.db, 'invoices').get(s.db, key, () => invoiceAnalytics(s, user, query));
}

interface Sum {
  total: string;
  count: number;
}
const sumOf = (total: string | null, count: number | string | null, base: string): Sum => ({
  total: formatMoney(total ?? '0', base),
  count: Number(count ?? 0),
});

/**
 * The figures of the analytic view, added exactly as NUMERIC (no float on the way): revenue net of
 * tax (`netInBase`, as the P&L), what is owed as `total_base` (each invoice's total rounded once to the
 * base currency, decision 013).
 */
export async function invoiceAnalytics(s: Services, user: CurrentUser, q: InvoiceAnalyticsQuery): Promise<InvoiceAnalytics> {
  const base = s.config.BASE_CURRENCY;
  const asOf = q.asOf ?? todayUtc();
  const months = windowMonths(asOf, q.months);
  const from = months[0]!;
  const to = months[months.length - 1]!;
  const where = scope(user);
  const bucketCase = sql.join(
    AGEING_BUCKETS.map((b) => {
      const conds: SQL[] = [];
      if (b.max !== undefined) conds.push(sql`i.due_date >= ${addDays(asOf, -b.max)}::date`);
      if (b.min !== undefined) conds.push(sql`i.due_date <= ${addDays(asOf, -b.min)}::date`);
      return sql`when ${sql.join(conds, sql` and `)} then ${b.key}`;
    }),
    sql` `,
  );

  // Two grouped reads, each an index-only scan (migration invoices_analytics_indexes): the window's
  // invoices by customer, month and status; the open ones by customer, bucket and whether past due.
  // The few hundred groups are then added up exactly here.
  const [inWindow, open] = await Promise.all([
    queryRows<{ customer_id: string; period: string; status: string; total: string; count: number }>(
      s.db,
      sql`select i.customer_id, i.period, i.status, sum(${netInBase(base)})::text as total, count(*)::int as count
          from invoices i where ${where} and i.period >= ${from} and i.period <= ${to} and i.status <> 'cancelled'
          group by 1, 2, 3`,
    ),
    queryRows<{ customer_id: string; bucket: string; late: boolean; total: string; count: number }>(
      s.db,
      sql`select i.customer_id, case ${bucketCase} end as bucket, ${late(asOf)} as late,
            sum(i.total_base)::text as total, count(*)::int as count
          from invoices i where ${where} and i.status = 'sent' group by 1, 2, 3`,
    ),
  ]);
  const ids = [...new Set([...inWindow, ...open].map((r) => r.customer_id))];
  const names = ids.length
    ? await queryRows<{ id: string; name: string }>(
        s.db,
        sql`select id, name from customers where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));

  const total = (rows: ReadonlyArray<{ total: string; count: number }>): Sum =>
    addSums(
      rows.map((r) => ({ total: r.total, count: Number(r.count) })),
      base,
    );
  const monthsOut = months.map((period) => {
    const rows = inWindow.filter((r) => r.period === period);
    const byStatus = {
      draft: total(rows.filter((r) => r.status === 'draft')),
      sent: total(rows.filter((r) => r.status === 'sent')),
      paid: total(rows.filter((r) => r.status === 'paid')),
    };
    return { period, ...addSums([byStatus.draft, byStatus.sent, byStatus.paid], base), byStatus };
  });
  const customersOut = ids
    .map((id) => {
      const own = open.filter((r) => r.customer_id === id);
      return {
        customerId: id,
        name: nameOf.get(id) ?? '',
        revenue: total(inWindow.filter((r) => r.customer_id === id)),
        outstanding: total(own),
        overdue: total(own.filter((r) => r.late)),
      };
    })
    .sort((a, b) => compare(b.revenue.total, a.revenue.total) || a.name.localeCompare(b.name) || a.customerId.localeCompare(b.customerId));
  const ageingOut = AGEING_BUCKETS.map((b) => ({ bucket: b.key, ...total(open.filter((r) => r.bucket === b.key)) }));
  return {
    baseCurrency: base,
    asOf,
    from,
    to,
    revenue: addSums(monthsOut, base),
    months: monthsOut,
    customers: customersOut,
    outstanding: addSums(ageingOut, base),
    overdue: total(open.filter((r) => r.late)),
    ageing: ageingOut,
  };
}

const addSums = (sums: readonly Sum[], base: string): Sum => ({
  total: sumBase(
    sums.map((x) => x.total),
    base,
  ),
  count: sums.reduce((n, x) => n + x.count, 0),
});

/** The dashboard's figures: this month's and last month's revenue, outstanding and overdue as of today, in the caller's scope. */
export async function revenueSummary(s: Services, user: CurrentUser, today = todayUtc()) {
  const base = s.config.BASE_CURRENCY;
  const [lastMonth, thisMonth] = windowMonths(today, 2) as [string, string];
  const where = scope(user);
  const [row] = await queryRows<Record<string, string | number | null>>(
    s.db,
    sql`select
          sum(${netInBase(base)}) filter (where i.period = ${thisMonth} and i.status <> 'cancelled')::text as this_total,
          (count(*) filter (where i.period = ${thisMonth} and i.status <> 'cancelled'))::int as this_count,
          sum(${netInBase(base)}) filter (where i.period = ${lastMonth} and i.status <> 'cancelled')::text as last_total,
          (count(*) filter (where i.period = ${lastMonth} and i.status <> 'cancelled'))::int as last_count,
          sum(i.total_base) filter (where i.status = 'sent')::text as open_total,
          (count(*) filter (where i.status = 'sent'))::int as open_count,
          sum(i.total_base) filter (where i.status = 'sent' and ${late(today)})::text as late_total,
          (count(*) filter (where i.status = 'sent' and ${late(today)}))::int as late_count
        from invoices i where ${where} and (i.period in (${thisMonth}, ${lastMonth}) or i.status = 'sent')`,
  );
  const r = row ?? {};
  const of = (k: string) => sumOf(r[`${k}_total`] as string | null, r[`${k}_count`] as number | null, base);
  return {
    baseCurrency: base,
    thisMonth: { period: thisMonth, ...of('this') },
    lastMonth: { period: lastMonth, ...of('last') },
    outstanding: of('open'),
    overdue: of('late'),
  };
}

const totalsResponse = z.object({ baseCurrency: z.string(), total: z.string(), net: z.string(), count: z.number().int() });

export function registerInvoiceAnalytics(app: Api, s: Services) {
  const tags = [decl.name];
  app.get(
    `/${decl.path}/analytics`,
    {
      config: { access: listAccess },
      schema: {
        tags,
        summary:
          'The analytic view in the base currency: revenue by billing month and by customer, outstanding and overdue ageing as of a date, top customers (a sale: their customers)',
        querystring: invoiceAnalyticsQuerySchema,
        response: { 200: invoiceAnalyticsSchema },
      },
    },
    async (req) => cachedInvoiceAnalytics(s, req.user!, req.query as InvoiceAnalyticsQuery),
  );

  // The list's filters, search and scope, summed: the total in the base currency the list shows under its rows.
  const totalsQuery = listQuerySchema(decl);
  app.get(
    `/${decl.path}/totals`,
    {
      config: { access: listAccess },
      schema: {
        tags,
        summary:
          "The number of invoices a list's filters and search select, their total with tax (what is owed) and their revenue net of tax, in the base currency",
        querystring: totalsQuery,
        response: { 200: totalsResponse },
      },
    },
    async (req) => {
      const q = req.query as ListQuery;
      const base = s.config.BASE_CURRENCY;
      const condition = registeredResource(s, decl.name)!.listCondition(req.user!, q);
      const [row] = await queryRows<{ total: string | null; net: string | null; count: number }>(
        s.db,
        sql`select sum(total_base)::text as total, sum(${netInBase(base, 'invoices')})::text as net, count(*)::int as count
            from invoices${condition ? sql` where ${condition}` : sql``}`,
      );
      return { baseCurrency: base, ...sumOf(row?.total ?? '0', row?.count ?? 0, base), net: formatMoney(row?.net ?? '0', base) };
    },
  );
}
