import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { add, compare, formatMoney, subtract, toBaseCurrency } from '../../src/domain/money.js';
import type { Pnl } from '../../src/domain/modules/pnl/pnl.schema.js';
import { queryRows } from '../../src/server/db/client.js';
import { rateInMonth } from '../../src/server/modules/pnl/pnl.service.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// The P&L's bonuses and commissions lines on a real server and database (both kinds), over the
// seeded firm's year: each is the sum of the salaries' bonus or commission columns (each converted
// and rounded once), and salary cost + bonuses + commissions is the salaries' whole cost as the P&L
// counted it before the split (each salary's base + allowance + overtime + bonus + commission,
// converted and rounded once), so the total cost and the profit are what they were. A commission
// marked paid moves the commissions line; a closed month's snapshot from before the split (no
// bonus or commission facts) still reads, its pay all in salary cost.

let t: TestApp;
const BASE = 'USD';
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const get = async (role: Role, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: await t.auth(role) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const monthOf = (back: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};
const FROM = monthOf(11);
const TO = monthOf(0);
const pnl = (from: string, to: string, groupBy = 'month') =>
  get('admin', `/api/v1/pnl?from=${from}&to=${to}&groupBy=${groupBy}`) as Promise<Pnl>;

/** The salaries of the range as the database holds them, each converted and rounded once: their parts and their whole. */
async function salaryFigures(from: string, to: string) {
  const rows = await queryRows<{ month: string; currency: string; pay: string; bonus: string; commission: string }>(
    t.database.db,
    sql`select month, currency, (base + allowance + overtime)::text as pay, bonus::text as bonus, commission::text as commission
        from salaries where archived_at is null and month between ${from} and ${to}`,
  );
  const rates = new Map<string, string | null>();
  let [whole, bonuses, commissions] = ['0', '0', '0'];
  for (const r of rows) {
    const key = `${r.currency} ${r.month}`;
    if (!rates.has(key)) rates.set(key, await rateInMonth(t.database.db, BASE, r.currency, r.month));
    const rate = rates.get(key)!;
    if (!rate) continue;
    whole = formatMoney(add(whole, toBaseCurrency(add(r.pay, r.bonus, r.commission), rate, BASE)), BASE);
    bonuses = formatMoney(add(bonuses, toBaseCurrency(r.bonus, rate, BASE)), BASE);
    commissions = formatMoney(add(commissions, toBaseCurrency(r.commission, rate, BASE)), BASE);
  }
  return { whole: formatMoney(whole, BASE), bonuses, commissions };
}

describe("the P&L's bonuses and commissions", () => {
  it('are the sums of the salaries’ bonus and commission columns; with the salary cost they make the whole pay, so total cost and profit are unchanged', async () => {
    const p = await pnl(FROM, TO);
    expect(p.missingRates).toEqual([]);
    const expected = await salaryFigures(FROM, TO);
    // The demo firm paid bonuses and commissions into its salaries.
    expect(compare(expected.bonuses, '0')).toBeGreaterThan(0);
    expect(compare(expected.commissions, '0')).toBeGreaterThan(0);
    expect(p.totals.bonuses).toBe(expected.bonuses);
    expect(p.totals.commissions).toBe(expected.commissions);
    expect(formatMoney(add(p.totals.salaryCost!, p.totals.bonuses!, p.totals.commissions!), BASE)).toBe(expected.whole);
    // Profit is revenue less the whole pay and the external costs, as before the split.
    expect(p.totals.profit).toBe(formatMoney(subtract(subtract(p.totals.revenue, expected.whole), p.totals.externalCost), BASE));
    // Month by month too.
    for (const row of p.rows.filter((r) => r.key >= monthOf(2))) {
      const own = await salaryFigures(row.key, row.key);
      expect([row.bonuses, row.commissions], row.key).toEqual([own.bonuses, own.commissions]);
      expect(formatMoney(add(row.salaryCost!, row.bonuses!, row.commissions!), BASE), row.key).toBe(own.whole);
    }
    // Every grouping sums to the same totals.
    for (const groupBy of ['customer', 'project', 'person'] as const) {
      const g = await pnl(FROM, TO, groupBy);
      expect(g.totals, groupBy).toEqual(p.totals);
    }
  });

  it('a commission marked paid moves this month’s commissions line by what it added to the salary, and the profit by as much', async () => {
    const month = monthOf(0);
    const before = (await pnl(month, month)).totals;
    // A recruiter's last month, which the demo firm approved and has not paid yet (its month still open).
    const statements = (await get('admin', `/api/v1/hr-commission?_start=0&_end=200&period=${monthOf(1)}`)) as Array<{
      id: string;
      state: string;
      total: string;
      userId: string;
    }>;
    const approved = statements.find((s) => s.state === 'approved' && compare(s.total, '0') > 0)!;
    expect(approved).toBeDefined();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v1/hr-commission/${approved.id}/mark-paid`,
      headers: await t.auth('admin'),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await pnl(month, month)).totals;
    const expected = await salaryFigures(month, month);
    expect(after.commissions).toBe(expected.commissions);
    expect(compare(after.commissions!, before.commissions!)).toBeGreaterThan(0);
    expect(after.bonuses).toBe(before.bonuses);
    const moved = subtract(after.commissions!, before.commissions!);
    expect(formatMoney(subtract(before.profit!, after.profit!), BASE)).toBe(formatMoney(moved, BASE));
    // Its rows are the salary's shares, each opening the salary that holds the payment.
    const drill = await get(
      'admin',
      `/api/v1/pnl/drill-down?from=${month}&to=${month}&groupBy=person&key=${approved.userId}&measure=commissions`,
    );
    expect(drill.total).toBe((await pnl(month, month, 'person')).rows.find((r) => r.key === approved.userId)!.commissions);
    const salaryIds = new Set((drill.rows as Array<{ sourceId: string }>).map((r) => r.sourceId));
    expect(salaryIds.size).toBe(1);
    const items = (await get('admin', `/api/v1/salary/${[...salaryIds][0]}/pay-items`)).data as Array<{
      resource: string;
      sourceId: string;
    }>;
    expect(items).toContainEqual(expect.objectContaining({ resource: 'hr-commissions', sourceId: approved.id }));
  });

  it('a closed month snapshotted before the split still reads: its pay in salary cost, no bonus or commission line, the same profit', async () => {
    const month = monthOf(3);
    const now = await pnl(month, month);
    expect(now.frozenMonths).toEqual([month]);
    const [figures] = now.rows;
    expect(compare(add(figures!.bonuses!, figures!.commissions!), '0')).toBeGreaterThan(0);
    // The facts of a snapshot taken before the split: every part of the pay was salary cost.
    await t.database.db.execute(
      sql`update pnl_snapshot_facts set measure = 'salaryCost' where month = ${month} and measure in ('bonuses', 'commissions')`,
    );
    // Touched, as a snapshot written anew is: the P&L's cached figures are stale.
    await t.database.db.execute(sql`update pnl_snapshots set taken_at = taken_at where month = ${month}`);
    const old = await get('admin', `/api/v1/pnl?from=${month}&to=${month}&groupBy=customer`);
    const byMonth = (old as Pnl).totals;
    expect(byMonth).toMatchObject({ bonuses: '0.00', commissions: '0.00', profit: figures!.profit, revenue: figures!.revenue });
    expect(byMonth.salaryCost).toBe(formatMoney(add(figures!.salaryCost!, figures!.bonuses!, figures!.commissions!), BASE));
    const drill = await get('admin', `/api/v1/pnl/drill-down?from=${month}&to=${month}&groupBy=customer&measure=bonuses`);
    expect(drill).toMatchObject({ total: '0.00', count: 0 });
  });
});
