import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import {
  analyticsFilters,
  filtersQuery,
  type InvoiceAnalytics,
  type ListFilters,
} from '../../src/domain/modules/invoices/invoices.analytics.js';
import { add, formatMoney, multiply, round, subtract } from '../../src/domain/money.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// The analytic view on a real server and database (both kinds): every figure it answers is the
// sum of the invoice list it links to — summed here from the list's own rows, page by page, and by
// the list's total route —, a sale's figures count only their customers, and bad input is a 400.

let t: TestApp;
const BASE = 'USD';

const get = async (role: Role, url: string) => t.app.inject({ method: 'GET', url, headers: await t.auth(role) });

async function analytics(role: Role, query = ''): Promise<InvoiceAnalytics> {
  const res = await get(role, `/api/v1/invoice/analytics${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as InvoiceAnalytics;
}

type Row = { totalBase: string; exchangeRate: string; lines: Array<{ amount: string }> };
/** An invoice's revenue in the base currency, net of tax: each line at the invoice's rate, rounded, added (as the P&L). */
const netBaseOf = (r: Row) => formatMoney(add('0', ...r.lines.map((l) => round(multiply(l.amount, r.exchangeRate), 2))), BASE);

/**
 * The list with a figure's filters, every page: its rows' count and the exact sum in the base
 * currency of their revenue net of tax (`net`) or of what they owe, tax included (`owed`).
 */
async function listSum(role: Role, filters: ListFilters, kind: 'net' | 'owed' = 'owed') {
  let sum = '0';
  let count = 0;
  for (let page = 1; ; page++) {
    const res = await get(role, `/api/v1/invoice/paginated?page=${page}&limit=100&${filtersQuery(filters)}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as { data: Row[] };
    for (const row of data) sum = formatMoney(add(sum, kind === 'net' ? netBaseOf(row) : row.totalBase), BASE);
    count += data.length;
    if (data.length < 100) break;
  }
  const totals = await get(role, `/api/v1/invoice/totals?${filtersQuery(filters)}`);
  expect(totals.statusCode, totals.body).toBe(200);
  const stated = totals.json() as { total: string; net: string; count: number; baseCurrency: string };
  return { sum: formatMoney(sum, BASE), count, totals: { ...stated, total: kind === 'net' ? stated.net : stated.total } };
}

/** Every figure of an answer with the list query it links to. */
function figures(a: InvoiceAnalytics): Array<{ name: string; total: string; count: number; filters: ListFilters; kind?: 'net' }> {
  // Revenue is net of tax; what is owed (outstanding, overdue, ageing) includes it.
  const net = 'net' as const;
  const out: Array<{ name: string; total: string; count: number; filters: ListFilters; kind?: 'net' }> = [
    { name: 'revenue', ...a.revenue, filters: analyticsFilters.revenue(a.from, a.to), kind: net },
    { name: 'outstanding', ...a.outstanding, filters: analyticsFilters.outstanding() },
    { name: 'overdue', ...a.overdue, filters: analyticsFilters.overdue(a.asOf) },
  ];
  for (const m of a.months) {
    out.push({ name: `month ${m.period}`, total: m.total, count: m.count, filters: analyticsFilters.month(m.period), kind: net });
    for (const status of ['draft', 'sent', 'paid'] as const)
      out.push({
        name: `month ${m.period} ${status}`,
        ...m.byStatus[status],
        filters: analyticsFilters.month(m.period, status),
        kind: net,
      });
  }
  for (const b of a.ageing)
    out.push({ name: `ageing ${b.bucket}`, total: b.total, count: b.count, filters: analyticsFilters.bucket(b.bucket, a.asOf) });
  for (const c of a.customers) {
    out.push({ name: `${c.name} revenue`, ...c.revenue, filters: analyticsFilters.customerRevenue(c.customerId, a.from, a.to), kind: net });
    out.push({ name: `${c.name} outstanding`, ...c.outstanding, filters: analyticsFilters.outstanding(c.customerId) });
    out.push({ name: `${c.name} overdue`, ...c.overdue, filters: analyticsFilters.overdue(a.asOf, c.customerId) });
  }
  return out;
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('invoice analytics', () => {
  it('every figure equals the total of the invoice list it links to (rows summed, and the list total)', async () => {
    const a = await analytics('admin');
    expect(a.baseCurrency).toBe(BASE);
    expect(a.months).toHaveLength(12);
    // The demo year tells a story: revenue, something paid, something outstanding.
    expect(Number(a.revenue.count)).toBeGreaterThan(0);
    expect(a.months.some((m) => m.byStatus.paid.count > 0)).toBe(true);
    expect(a.outstanding.count).toBeGreaterThan(0);
    const all = figures(a);
    expect(all.length).toBeGreaterThan(40);
    for (const f of all) {
      const list = await listSum('admin', f.filters, f.kind);
      expect({ name: f.name, total: list.sum, count: list.count }).toEqual({ name: f.name, total: f.total, count: f.count });
      expect({ name: f.name, total: list.totals.total, count: list.totals.count }).toEqual({
        name: f.name,
        total: f.total,
        count: f.count,
      });
    }
  });

  it('the parts add up: months to the revenue, statuses to the month, buckets to the outstanding, customers to both', async () => {
    const a = await analytics('admin', '?asOf=2026-11-15&months=6');
    expect(a.asOf).toBe('2026-11-15');
    expect(a.months.map((m) => m.period)).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    const sum = (xs: string[]) => formatMoney(add('0', ...xs), BASE);
    expect(sum(a.months.map((m) => m.total))).toBe(a.revenue.total);
    for (const m of a.months) expect(sum(Object.values(m.byStatus).map((x) => x.total))).toBe(m.total);
    expect(sum(a.ageing.map((b) => b.total))).toBe(a.outstanding.total);
    expect(sum(a.customers.map((c) => c.revenue.total))).toBe(a.revenue.total);
    expect(sum(a.customers.map((c) => c.outstanding.total))).toBe(a.outstanding.total);
    // Overdue is past due as of the day: the buckets from 31 days on are overdue, part of 0–30 too.
    const late = sum(a.ageing.filter((b) => ['d31_60', 'd61_90', 'd90plus'].includes(b.bucket)).map((b) => b.total));
    expect(Number(a.overdue.total)).toBeGreaterThanOrEqual(Number(late));
    // Sorted by revenue: the first are the top customers.
    const revenues = a.customers.map((c) => Number(c.revenue.total));
    expect([...revenues].sort((x, y) => y - x)).toEqual(revenues);
  });

  it("a sale's figures count only their customers' invoices, and still equal their lists", async () => {
    const admin = await analytics('admin');
    const sale = await analytics('sale');
    const owned = await get('admin', `/api/v1/customers?_start=0&_end=100&ownerSaleId=${t.users.sale.id}`);
    const ownIds = new Set((owned.json() as Array<{ id: string }>).map((c) => c.id));
    expect(ownIds.size).toBeGreaterThan(0);
    expect(sale.customers.length).toBeGreaterThan(0);
    for (const c of sale.customers) expect(ownIds.has(c.customerId), c.name).toBe(true);
    // The same customers' figures as the admin reads them: nothing missing, nothing more.
    const adminOwn = admin.customers.filter((c) => ownIds.has(c.customerId));
    expect(sale.customers).toEqual(adminOwn);
    expect(formatMoney(add('0', ...adminOwn.map((c) => c.revenue.total)), BASE)).toBe(sale.revenue.total);
    expect(Number(sale.revenue.total)).toBeLessThan(Number(admin.revenue.total));
    for (const f of figures(sale).slice(0, 12)) {
      const list = await listSum('sale', f.filters, f.kind);
      expect({ name: f.name, total: list.sum, count: list.count }).toEqual({ name: f.name, total: f.total, count: f.count });
    }
  });

  it('a month changes when an invoice of it is sent and paid', async () => {
    const before = await analytics('admin');
    const month = before.months.find((m) => m.byStatus.draft.count > 0);
    expect(month, 'a month with a draft').toBeDefined();
    const drafts = await get('admin', `/api/v1/invoice/paginated?limit=1&status=draft&period=${month!.period}`);
    const draft = (drafts.json() as { data: Array<Row & { id: string; issueDate: string; total: string }> }).data[0]!;
    const send = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invoice/${draft.id}/send`,
      headers: await t.auth('admin'),
      payload: {},
    });
    expect(send.statusCode, send.body).toBe(200);
    const sent = (await analytics('admin')).months.find((m) => m.period === month!.period)!;
    expect(sent.byStatus.sent.count).toBe(month!.byStatus.sent.count + 1);
    expect(sent.byStatus.sent.total).toBe(formatMoney(add(month!.byStatus.sent.total, netBaseOf(draft)), BASE));
    expect(sent.total).toBe(month!.total);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invoice/${draft.id}/mark-paid`,
      headers: await t.auth('admin'),
      payload: { paidAt: new Date().toISOString().slice(0, 10), amount: draft.total },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await analytics('admin')).months.find((m) => m.period === month!.period)!;
    expect(after.byStatus.paid.total).toBe(formatMoney(add(month!.byStatus.paid.total, netBaseOf(draft)), BASE));
    expect(after.byStatus.sent.total).toBe(month!.byStatus.sent.total);
  });

  it('a cancel, and a write by another server instance or plain SQL, change the figures on the next read', async () => {
    // Read twice: the second answer may come from the cache, which every write must invalidate.
    await analytics('admin');
    const before = await analytics('admin');
    const closes = (await get('admin', '/api/v1/month-closes')).json() as { data: Array<{ month: string }> };
    const closed = new Set(closes.data.map((c) => c.month));
    const month = [...before.months].reverse().find((m) => m.byStatus.sent.count > 0 && !closed.has(m.period));
    expect(month, 'a month with a sent invoice').toBeDefined();
    const list = await get('admin', `/api/v1/invoice/paginated?limit=1&status=sent&period=${month!.period}`);
    const sent = (list.json() as { data: Array<Row & { id: string; customerId: string }> }).data[0]!;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invoice/${sent.id}/cancel`,
      headers: await t.auth('admin'),
      payload: { note: 'Billed twice' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await analytics('admin');
    const m = cancelled.months.find((x) => x.period === month!.period)!;
    expect(m.byStatus.sent.count).toBe(month!.byStatus.sent.count - 1);
    expect(m.total).toBe(formatMoney(subtract(month!.total, netBaseOf(sent)), BASE));
    expect(cancelled.outstanding.total).toBe(formatMoney(subtract(before.outstanding.total, sent.totalBase), BASE));

    // A write that never passes through this process (another instance, a script): the version is the database's.
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(sql`update invoices set status = 'sent', cancelled_at = null where id = ${sent.id}`);
    expect(await analytics('admin')).toEqual(before);
    const customer = before.customers.find((c) => c.customerId === sent.customerId)!;
    await t.database.db.execute(sql`update customers set name = ${`${customer.name} (renamed)`} where id = ${customer.customerId}`);
    const renamed = await analytics('admin');
    expect(renamed.customers.find((c) => c.customerId === customer.customerId)!.name).toBe(`${customer.name} (renamed)`);
    await t.database.db.execute(sql`update customers set name = ${customer.name} where id = ${customer.customerId}`);
  });

  it.each([
    ['asOf=2026-13-01', 'asOf'],
    ['asOf=yesterday', 'asOf'],
    ['months=0', 'months'],
    ['months=25', 'months'],
    ['months=1.5', 'months'],
    ['months=abc', 'months'],
    ['period=2026-01', 'period'],
  ])('?%s → 400 naming %s', async (query, field) => {
    const res = await get('admin', `/api/v1/invoice/analytics?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys((res.json() as { errors: Record<string, unknown> }).errors)).toContain(field);
  });

  it('the totals route refuses what the list refuses', async () => {
    const res = await get('admin', '/api/v1/invoice/totals?dueDate_gte=soon');
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys((res.json() as { errors: Record<string, unknown> }).errors).join()).toMatch(/^dueDate_gte\b/);
  });

  it.each(['developer', 'hr'] as const)('%s may not read them (403)', async (role) => {
    expect((await get(role, '/api/v1/invoice/analytics')).statusCode).toBe(403);
    expect((await get(role, '/api/v1/invoice/totals')).statusCode).toBe(403);
  });
});
