import { invoiceEntity, type InvoiceRow } from '../../src/server/modules/invoices/invoices.read-model.js';
import { instant } from './bare.js';
import { fillTable } from './fill.js';
import type { BenchResource } from './resource.js';
import type { SqlClient } from './sql-client.js';

const env = process.env;

/** Bump when the generated invoices change: a bench database filled by another version is refilled. */
const GENERATOR_VERSION = 1;

/**
 * Invoices over the last two years for the demo customers, in their currencies: one line each,
 * totals computed as the server would (line rounded, tax on the subtotal, total in USD at the
 * invoice's rate), statuses as a firm's books hold them (mostly paid, some sent — part of them
 * past due —, a few drafts and cancelled). Numbers live in a series of their own (`BEN-…`).
 */
function insertSql(count: number): string {
  return `
insert into invoices (number, subject, customer_id, sale_id, period, issue_date, due_date, currency, exchange_rate, tax_rate,
  lines, subtotal, tax, total, total_base, status, sent_at, paid_at, paid_amount, created_at, updated_at)
select
  case when x.status = 'draft' then null else 'BEN-' || lpad(x.i::text, 7, '0') end,
  x.name || ' — ' || x.period, x.customer_id, x.owner_sale_id, x.period, x.issue_date, x.issue_date + 30, x.currency, x.rate, x.tax_rate,
  jsonb_build_array(jsonb_build_object('description', 'Services ' || x.period, 'headcountId', null, 'quantity', x.qty::text,
    'unit', 'hour', 'unitPrice', x.price::text, 'amount', x.subtotal::text)),
  x.subtotal, x.tax, x.subtotal + x.tax, round((x.subtotal + x.tax) * x.rate, 2), x.status,
  case when x.status in ('sent', 'paid') then x.issue_date + time '10:00' end,
  case when x.status = 'paid' then least(x.issue_date + 25, current_date) end,
  case when x.status = 'paid' then x.subtotal + x.tax end,
  x.issue_date + time '09:00', x.issue_date + time '09:00'
from (
  select y.*, round(y.qty * y.price, y.digits) as subtotal, round(round(y.qty * y.price, y.digits) * y.tax_rate / 100, y.digits) as tax
  from (
    select g.i, c.id as customer_id, c.name, c.owner_sale_id, c.currency,
      case c.currency when 'VND' then 0 when 'JPY' then 0 else 2 end as digits,
      case c.currency when 'USD' then 1 when 'VND' then 0.0000393 when 'EUR' then 1.08 when 'AED' then 0.2723 when 'SGD' then 0.74
        when 'JPY' then 0.0067 when 'GBP' then 1.27 else 1 end as rate,
      (date_trunc('month', current_date) - (m.k || ' months')::interval)::date + 27 as issue_date,
      to_char(date_trunc('month', current_date) - (m.k || ' months')::interval, 'YYYY-MM') as period,
      (80 + floor(r.a * 120))::numeric as qty,
      case when c.currency = 'VND' then (400000 + floor(r.b * 800000))::numeric else round((20 + r.b * 60)::numeric, 2) end as price,
      (array[0, 0, 8, 10])[1 + floor(r.c * 4)::int]::numeric as tax_rate,
      case when r.s < 0.02 then 'cancelled' when r.s < 0.05 then 'draft' when m.k <= 2 and r.s < 0.6 then 'sent'
        when r.s < 0.12 then 'sent' else 'paid' end as status
    from generate_series(1, ${count}) as g(i)
    cross join lateral (select random() + g.i * 0 as a, random() + g.i * 0 as b, random() + g.i * 0 as c, random() + g.i * 0 as s,
      random() + g.i * 0 as pick, floor(random() * 24 + g.i * 0)::int as month) r
    cross join lateral (select r.month as k) m
    cross join lateral (select * from (select id, name, owner_sale_id, currency from customers where archived_at is null order by code) cs
      offset floor(r.pick * (select count(*) from customers where archived_at is null))::int limit 1) c
    offset 0
  ) y
) x;`;
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const INSTANTS = new Set(['created_at', 'updated_at', 'sent_at', 'cancelled_at', 'archived_at']);

/** GET /api/v1/invoice/paginated on 50 000 invoices: the finance team's lists. */
export const invoicesBench: BenchResource = {
  name: 'invoices',
  rows: { postgres: Number(env.BENCH_PG_INVOICES ?? 50_000), pglite: Number(env.BENCH_PGLITE_INVOICES ?? 50_000) },
  fill: (db, total, opts) =>
    fillTable(db, { table: 'invoices', total, marker: `bench invoices: ${total} rows, generator v${GENERATOR_VERSION}`, insertSql }, opts),
  async cases(db: SqlClient) {
    const [customer] = await db.query<{ id: string }>(
      `select customer_id as id from invoices where archived_at is null group by customer_id order by count(*) desc limit 1`,
    );
    return [
      { name: 'first page (issue date desc)', query: 'sort=issueDate&order=desc&limit=25' },
      { name: 'status=sent by due date', query: 'status=sent&sort=dueDate&order=asc&limit=25' },
      { name: 'one customer, paid', query: `customerId=${customer!.id}&status=paid&sort=issueDate&order=desc&limit=25` },
      { name: 'search q=ben-00012', query: 'q=ben-00012&sort=issueDate&order=desc&limit=25' },
    ];
  },
  check(c, page) {
    if (!page.data.length) throw new Error(`${c.name}: an empty first page`);
  },
  targets: { p99Ms: 100, ratio: 0.8 },
  bare: {
    path: 'invoice',
    section: 'invoice',
    table: 'invoices',
    // Every column, as Drizzle's `select()` lists them.
    columns:
      'id, created_at, updated_at, created_by, number, subject, customer_id, project_id, sale_id, period, issue_date, due_date, currency, exchange_rate, tax_rate, lines, subtotal, tax, total, total_base, status, sent_at, paid_at, paid_amount, paid_note, cancelled_at, cancel_note, note, file, archived_at, search',
    sortable: {
      number: 'number',
      subject: 'subject',
      period: 'period',
      issueDate: 'issue_date',
      dueDate: 'due_date',
      total: 'total',
      status: 'status',
      currency: 'currency',
      paidAt: 'paid_at',
      createdAt: 'created_at',
    },
    defaultSort: 'issue_date',
    // In the declaration's order, as the route adds them.
    filters: { customerId: 'customer_id', status: 'status' },
    searchColumn: 'search',
    // The route's own entity (amounts at the currency's digits, overdue as of today): the ceiling does the same work.
    toEntity: (r) => {
      const row: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(r)) row[camel(k)] = INSTANTS.has(k) ? instant(v) : v;
      return invoiceEntity(row as InvoiceRow) as unknown as Record<string, unknown>;
    },
  },
};
