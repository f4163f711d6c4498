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
import { registeredResource } from '../../http/crud.js';
import { listQuerySchema, type ListQuery } from '../../http/list-query.js';
import { queryRows } from '../../db/client.js';
import type { Services } from '../../services.js';
import { todayUtc } from './invoices.service.js';

const decl = invoicesResource;
const listAccess = { resource: decl.name, action: 'list' } as const;

/** The invoices a caller reads, as the list scopes them: a sale their customers' (the invoice's `saleId`), live rows only. */
function scope(user: CurrentUser): SQL {
  const own = (decl.owner.roles as readonly string[]).includes(user.role) ? sql` and i.sale_id = ${user.id}` : sql``;
  return sql`i.archived_at is null${own}`;
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
 * The figures of the analytic view. Sums are of `total_base` (each invoice's total rounded once to
 * the base currency, decision 013) added exactly as NUMERIC: no float on the way.
 */
export async function invoiceAnalytics(s: Services, user: CurrentUser, q: InvoiceAnalyticsQuery): Promise<InvoiceAnalytics> {
  const base = s.config.BASE_CURRENCY;
  const asOf = q.asOf ?? todayUtc();
  const months = windowMonths(asOf, q.months);
  const from = months[0]!;
  const to = months[months.length - 1]!;
  const where = scope(user);
  const overdueBefore = addDays(asOf, -1);
  const inWindow = sql`i.period >= ${from} and i.period <= ${to} and i.status <> 'cancelled'`;
  const bucketCase = sql.join(
    AGEING_BUCKETS.map((b) => {
      const conds: SQL[] = [];
      if (b.max !== undefined) conds.push(sql`i.due_date >= ${addDays(asOf, -b.max)}::date`);
      if (b.min !== undefined) conds.push(sql`i.due_date <= ${addDays(asOf, -b.min)}::date`);
      return sql`when ${sql.join(conds, sql` and `)} then ${b.key}`;
    }),
    sql` `,
  );

  const [byMonth, byCustomer, ageing] = await Promise.all([
    queryRows<{ period: string; status: string; total: string; count: number }>(
      s.db,
      sql`select i.period, i.status, sum(i.total_base)::text as total, count(*)::int as count
          from invoices i where ${where} and ${inWindow} group by i.period, i.status`,
    ),
    queryRows<{
      customer_id: string;
      name: string;
      revenue: string | null;
      revenue_count: number;
      outstanding: string | null;
      outstanding_count: number;
      overdue: string | null;
      overdue_count: number;
    }>(
      s.db,
      sql`select i.customer_id, c.name,
            sum(i.total_base) filter (where ${inWindow})::text as revenue,
            (count(*) filter (where ${inWindow}))::int as revenue_count,
            sum(i.total_base) filter (where i.status = 'sent')::text as outstanding,
            (count(*) filter (where i.status = 'sent'))::int as outstanding_count,
            sum(i.total_base) filter (where i.status = 'sent' and i.due_date <= ${overdueBefore}::date)::text as overdue,
            (count(*) filter (where i.status = 'sent' and i.due_date <= ${overdueBefore}::date))::int as overdue_count
          from invoices i join customers c on c.id = i.customer_id
          where ${where} and ((${inWindow}) or i.status = 'sent')
          group by i.customer_id, c.name`,
    ),
    queryRows<{ bucket: string; total: string; count: number }>(
      s.db,
      sql`select case ${bucketCase} end as bucket, sum(i.total_base)::text as total, count(*)::int as count
          from invoices i where ${where} and i.status = 'sent' group by 1`,
    ),
  ]);

  const zero = () => sumOf('0', 0, base);
  const monthsOut = months.map((period) => {
    const rows = byMonth.filter((r) => r.period === period);
    const of = (status: string) => {
      const r = rows.find((x) => x.status === status);
      return r ? sumOf(r.total, r.count, base) : zero();
    };
    const byStatus = { draft: of('draft'), sent: of('sent'), paid: of('paid') };
    return { period, ...addSums([byStatus.draft, byStatus.sent, byStatus.paid], base), byStatus };
  });
  const customersOut = byCustomer
    .map((r) => ({
      customerId: r.customer_id,
      name: r.name,
      revenue: sumOf(r.revenue, r.revenue_count, base),
      outstanding: sumOf(r.outstanding, r.outstanding_count, base),
      overdue: sumOf(r.overdue, r.overdue_count, base),
    }))
    .sort((a, b) => compare(b.revenue.total, a.revenue.total) || a.name.localeCompare(b.name) || a.customerId.localeCompare(b.customerId));
  const ageingOut = AGEING_BUCKETS.map((b) => {
    const r = ageing.find((x) => x.bucket === b.key);
    return { bucket: b.key, ...(r ? sumOf(r.total, r.count, base) : zero()) };
  });
  const overdue = addSums(
    customersOut.map((c) => c.overdue),
    base,
  );
  return {
    baseCurrency: base,
    asOf,
    from,
    to,
    revenue: addSums(monthsOut, base),
    months: monthsOut,
    customers: customersOut,
    outstanding: addSums(ageingOut, base),
    overdue,
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
          sum(i.total_base) filter (where i.period = ${thisMonth} and i.status <> 'cancelled')::text as this_total,
          (count(*) filter (where i.period = ${thisMonth} and i.status <> 'cancelled'))::int as this_count,
          sum(i.total_base) filter (where i.period = ${lastMonth} and i.status <> 'cancelled')::text as last_total,
          (count(*) filter (where i.period = ${lastMonth} and i.status <> 'cancelled'))::int as last_count,
          sum(i.total_base) filter (where i.status = 'sent')::text as open_total,
          (count(*) filter (where i.status = 'sent'))::int as open_count,
          sum(i.total_base) filter (where i.status = 'sent' and i.due_date < ${today}::date)::text as late_total,
          (count(*) filter (where i.status = 'sent' and i.due_date < ${today}::date))::int as late_count
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

const totalsResponse = z.object({ baseCurrency: z.string(), total: z.string(), count: z.number().int() });

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
    async (req) => invoiceAnalytics(s, req.user!, req.query as InvoiceAnalyticsQuery),
  );

  // The list's filters, search and scope, summed: the total in the base currency the list shows under its rows.
  const totalsQuery = listQuerySchema(decl);
  app.get(
    `/${decl.path}/totals`,
    {
      config: { access: listAccess },
      schema: {
        tags,
        summary: "The number of invoices a list's filters and search select, and their total in the base currency",
        querystring: totalsQuery,
        response: { 200: totalsResponse },
      },
    },
    async (req) => {
      const q = req.query as ListQuery;
      const base = s.config.BASE_CURRENCY;
      const condition = registeredResource(s, decl.name)!.listCondition(req.user!, q);
      const [row] = await queryRows<{ total: string | null; count: number }>(
        s.db,
        sql`select sum(total_base)::text as total, count(*)::int as count from invoices${condition ? sql` where ${condition}` : sql``}`,
      );
      return { baseCurrency: base, ...sumOf(row?.total ?? '0', row?.count ?? 0, base) };
    },
  );
}
