import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { allocateSalary, PNL_GROUPS, PNL_MEASURES, type AllocationTarget, type PnlGroup } from '../../src/domain/modules/pnl/pnl.rules.js';
import { monthsBetween } from '../../src/domain/months.js';
import type { Pnl, PnlDrill, PnlFact } from '../../src/domain/modules/pnl/pnl.schema.js';
import { add, formatMoney } from '../../src/domain/money.js';
import { queryRows } from '../../src/server/db/client.js';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { closeWithoutChecklist } from '../fixtures/month-close.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// The P&L on a real server and database (both kinds): every cell of the seeded firm's P&L, grouped
// each way, equals the sum of the rows its drill-down gives; salary shares are `allocateSalary`'s;
// the Salary section's rule; a closed month is served as it was closed.

let t: TestApp;
const BASE = 'USD';
const get = async (role: Role, url: string) => t.app.inject({ method: 'GET', url, headers: await t.auth(role) });

const monthOf = (back: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};
const FROM = monthOf(11);
const TO = monthOf(0);

async function pnl(role: Role, groupBy: PnlGroup, from = FROM, to = TO): Promise<Pnl> {
  const res = await get(role, `/api/v1/pnl?from=${from}&to=${to}&groupBy=${groupBy}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Pnl;
}

/** Every page of a cell's drill-down: the rows, their own sum, and the total the route states. */
async function drill(role: Role, q: string, limit = 5000) {
  const rows: PnlFact[] = [];
  let stated = '';
  let count = 0;
  for (let offset = 0; ; offset += limit) {
    const res = await get(role, `/api/v1/pnl/drill-down?${q}&offset=${offset}&limit=${limit}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as PnlDrill;
    rows.push(...page.rows);
    stated = page.total;
    count = page.count;
    if (page.rows.length < limit) break;
  }
  expect(rows.length).toBe(count);
  return { rows, stated, sum: formatMoney(add('0', ...rows.map((r) => r.amount)), BASE) };
}

/** The group a drill-down row belongs to. */
const keyOfRow = (groupBy: PnlGroup, r: PnlFact) =>
  groupBy === 'month'
    ? r.month
    : ((groupBy === 'customer' ? r.customerId : groupBy === 'project' ? r.projectId : r.personId) ?? 'overhead');

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('every cell equals the sum of its drill-down', () => {
  const measures = PNL_MEASURES;
  it.each(PNL_GROUPS)(
    'grouped by %s',
    async (groupBy) => {
      const p = await pnl('admin', groupBy);
      expect(p.rows.length).toBeGreaterThan(1);
      for (const measure of measures) {
        // The totals cell's drill-down holds every fact: grouped here by the row they carry, each group is its cell.
        const all = await drill('admin', `from=${FROM}&to=${TO}&groupBy=${groupBy}&measure=${measure}`);
        expect(all.sum, `totals ${measure}`).toBe(p.totals[measure]);
        expect(all.stated).toBe(p.totals[measure]);
        for (const row of p.rows) {
          const own = all.rows.filter((r) => keyOfRow(groupBy, r) === row.key);
          expect(formatMoney(add('0', ...own.map((r) => r.amount)), BASE), `${groupBy} ${row.label || row.key} ${measure}`).toBe(
            row[measure],
          );
        }
        // And the route asked for a row's key gives exactly that row's facts: the first row and the last (the overhead, when
        // there is one); every row for salaries, whose drill-down reads only the people who can have a share in it.
        const sample = measure === 'salaryCost' ? p.rows : [p.rows[0]!, p.rows.at(-1)!];
        for (const row of sample) {
          const one = await drill('admin', `from=${FROM}&to=${TO}&groupBy=${groupBy}&measure=${measure}&key=${row.key}`, 200);
          expect(one.sum, `${groupBy} ${row.key} ${measure}`).toBe(row[measure]);
          expect(one.stated).toBe(row[measure]);
          expect(one.rows.every((r) => keyOfRow(groupBy, r) === row.key)).toBe(true);
        }
      }
      for (const row of p.rows)
        expect(row.profit).toBe(
          formatMoney(add(row.revenue, `-${row.salaryCost}`, `-${row.bonuses}`, `-${row.commissions}`, `-${row.externalCost}`), BASE),
        );
      for (const measure of measures)
        expect(formatMoney(add('0', ...p.rows.map((r) => r[measure]!)), BASE), measure).toBe(p.totals[measure]);
    },
    120_000,
  );

  it('the seeded firm has revenue, salaries and costs, and one customer loses money', async () => {
    const p = await pnl('admin', 'customer');
    expect(Number(p.totals.revenue)).toBeGreaterThan(0);
    expect(Number(p.totals.salaryCost)).toBeGreaterThan(0);
    expect(Number(p.totals.externalCost)).toBeGreaterThan(0);
    expect(p.rows.filter((r) => r.key !== 'overhead' && Number(r.profit) < 0).length).toBeGreaterThanOrEqual(1);
    expect(p.missingRates).toEqual([]);
    const zero = p.rows.find((r) => r.revenue === '0.00');
    if (zero) expect(zero.margin).toBeNull();
  });
});

describe('salary shares are allocateSalary’s', () => {
  it("each salary's shares in the drill-down are the domain's allocation of its cost", async () => {
    const d = await drill('admin', `from=${monthOf(2)}&to=${monthOf(1)}&groupBy=month&measure=salaryCost`);
    const bySalary = new Map<string, PnlFact[]>();
    for (const r of d.rows) bySalary.set(r.sourceId, [...(bySalary.get(r.sourceId) ?? []), r]);
    expect(bySalary.size).toBeGreaterThan(5);
    const bases = new Set<string>();
    for (const [, shares] of bySalary) {
      const cost = formatMoney(add('0', ...shares.map((s) => s.amount)), BASE);
      const basis = shares[0]!.basis as 'hours' | 'seats' | 'none';
      bases.add(basis);
      const targets = shares.filter((s) => s.projectId || s.customerId);
      const target = (s: PnlFact): AllocationTarget => ({ customerId: s.customerId, projectId: s.projectId });
      const expected = allocateSalary(
        cost,
        BASE,
        basis === 'hours' ? targets.map((s) => ({ target: target(s), hours: s.weight! })) : [],
        basis === 'seats' ? targets.map((s) => ({ target: target(s), allocation: Number(s.weight) })) : [],
      );
      expect(shares.map((s) => [s.projectId, s.amount, s.weight, s.weightTotal])).toEqual(
        expected.map((e) => [e.target?.projectId ?? null, e.amount, e.weight, e.weightTotal]),
      );
    }
    expect([...bases].sort()).toContain('hours');
  });
});

describe('who sees what', () => {
  it('only the P&L roles read it', async () => {
    for (const role of ['developer', 'hr', 'sale'] as const) {
      const res = await get(role, `/api/v1/pnl?from=${FROM}&to=${TO}`);
      expect(res.statusCode, role).toBe(403);
    }
    for (const role of ['admin', 'hr_lead', 'sale_lead', 'manager'] as const) await pnl(role, 'project');
  });

  it('a manager sees salary cost per project, never a salary row, a person, or a group of fewer than 3 people', async () => {
    const admin = await pnl('admin', 'project');
    const manager = await pnl('manager', 'project');
    expect(manager.salaryDetail).toBe(false);
    expect(admin.salaryDetail).toBe(true);
    expect(manager.totals.revenue).toBe(admin.totals.revenue);
    const shown = manager.rows.filter((r) => r.salaryCost !== null);
    expect(shown.length).toBeGreaterThan(0);
    for (const r of manager.rows) {
      const a = admin.rows.find((x) => x.key === r.key)!;
      expect(r.revenue).toBe(a.revenue);
      if (r.masked) expect([r.salaryCost, r.bonuses, r.commissions, r.profit, r.margin]).toEqual([null, null, null, null, null]);
      else expect([r.salaryCost, r.bonuses, r.commissions]).toEqual([a.salaryCost, a.bonuses, a.commissions]);
    }
    // The people behind each project's salary cost, counted from the admin's drill-down.
    for (const r of admin.rows.slice(0, 8)) {
      const d = await drill('admin', `from=${FROM}&to=${TO}&groupBy=project&measure=salaryCost&key=${r.key}`);
      const people = new Set(d.rows.map((x) => x.personId)).size;
      expect(manager.rows.find((x) => x.key === r.key)!.masked, r.label).toBe(people > 0 && people < 3);
    }
    for (const url of [
      `/api/v1/pnl?from=${FROM}&to=${TO}&groupBy=person`,
      `/api/v1/pnl/drill-down?from=${FROM}&to=${TO}&groupBy=project&measure=salaryCost&key=${shown[0]!.key}`,
      `/api/v1/pnl/drill-down?from=${FROM}&to=${TO}&groupBy=month&measure=salaryCost`,
      `/api/v1/pnl/drill-down?from=${FROM}&to=${TO}&groupBy=month&measure=bonuses`,
      `/api/v1/pnl/drill-down?from=${FROM}&to=${TO}&groupBy=project&measure=commissions&key=${shown[0]!.key}`,
    ]) {
      const res = await get('manager', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('salary_detail');
    }
    // Revenue and costs drill down for a manager.
    const d = await drill('manager', `from=${FROM}&to=${TO}&groupBy=project&measure=externalCost`);
    expect(d.sum).toBe(manager.totals.externalCost);
  });
});

describe('what a manager never learns of fewer than three people', () => {
  const MONTH = '2035-02';
  const salary = async (role: Role, base: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/salary',
      headers: await t.auth('admin'),
      payload: {
        userId: t.users[role].id,
        month: MONTH,
        base,
        allowance: '0',
        overtime: '0',
        bonus: '0',
        commission: '0',
        deductions: '0',
        currency: 'USD',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('the total of a salary cost covering fewer than three people is hidden too: the masked rows would be the total less the others', async () => {
    await salary('developer', '3100.00');
    await salary('hr', '2700.00');
    for (const groupBy of ['customer', 'project', 'month'] as const) {
      const admin = await pnl('admin', groupBy, MONTH, MONTH);
      const manager = await pnl('manager', groupBy, MONTH, MONTH);
      expect(admin.totals.salaryCost, groupBy).toBe('5800.00');
      expect(manager.totals, groupBy).toMatchObject({ salaryCost: null, profit: null, margin: null, masked: true });
      expect(manager.totals.revenue, groupBy).toBe(admin.totals.revenue);
      for (const r of manager.rows) if (r.salaryCost !== '0.00') expect(r.salaryCost, `${groupBy} ${r.label}`).toBeNull();
    }
    // A third person's salary: the total is many people's, shown again.
    await salary('sale', '2500.00');
    const manager = await pnl('manager', 'customer', MONTH, MONTH);
    expect(manager.totals).toMatchObject({ salaryCost: '8300.00', masked: false });
  });

  it('a revenue drill-down grouped by person is refused: it would name each person’s billing', async () => {
    const q = `from=${FROM}&to=${TO}&groupBy=person&key=${t.users.developer.id}&measure=revenue`;
    expect((await get('admin', `/api/v1/pnl/drill-down?${q}`)).statusCode).toBe(200);
    const res = await get('manager', `/api/v1/pnl/drill-down?${q}`);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('salary_detail');
  });
});

describe('the export', () => {
  it('is the table as the caller sees it: same rows, same figures, hidden ones blank', async () => {
    const p = await pnl('manager', 'project');
    const res = await get('manager', `/api/v1/pnl/export?from=${FROM}&to=${TO}&groupBy=project`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const head = rows.findIndex((r) => r[0] === 'Project');
    expect(rows[head]!.slice(2, 8)).toEqual(['Revenue', 'Salary cost', 'Bonuses', 'Commissions', 'External cost', 'Profit']);
    const body = rows.slice(head + 1);
    expect(body.length).toBe(p.rows.length + 1);
    const num = (v: string | null) => (v === null ? null : Number(v));
    [...p.rows, p.totals].forEach((r, i) => {
      const line = body[i]!;
      expect(line[2]).toBe(Number(r.revenue));
      expect([3, 4, 5, 6, 7].map((c) => line[c] ?? null)).toEqual(
        [r.salaryCost, r.bonuses, r.commissions, r.externalCost, r.profit].map(num),
      );
    });
    expect(body.at(-1)![0]).toBe('Total');
    // A manager's total sums many people's pay: its bonuses and commissions are there, and the seeded firm paid some.
    expect(Number(body.at(-1)![4])).toBeGreaterThan(0);
    expect(Number(body.at(-1)![5])).toBeGreaterThan(0);
    expect((await get('manager', `/api/v1/pnl/export?from=${FROM}&to=${TO}&groupBy=person`)).statusCode).toBe(403);
  });
});

describe('bad parameters', () => {
  it.each([
    ['from=2026-13&to=2026-01', 'from'],
    ['from=2026-06&to=2026-01', 'to'],
    ['from=2020-01&to=2026-01', 'to'],
    ['from=2026-01&to=2026-02&groupBy=year', 'groupBy'],
    ['to=2026-02', 'from'],
  ])('%s → 400 on %s', async (q, field) => {
    const res = await get('admin', `/api/v1/pnl?${q}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });

  it.each([
    ['groupBy=customer&measure=revenue&key=not-a-uuid', 'key'],
    ['groupBy=month&measure=revenue&key=2026-13', 'key'],
    ['groupBy=customer&measure=profit', 'measure'],
    ['groupBy=customer&measure=revenue&offset=-1', 'offset'],
  ])('drill-down %s → 400 on %s', async (q, field) => {
    const res = await get('admin', `/api/v1/pnl/drill-down?from=${FROM}&to=${TO}&${q}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });

  // The month after 9999-12 once sorted before it, and listing the months of such a range never ended.
  it('the last months of the calendar answer like any others: the table, the drill-down, a range too long', async () => {
    const table = await get('admin', '/api/v1/pnl?from=9999-11&to=9999-12&groupBy=month');
    expect(table.statusCode, table.body).toBe(200);
    expect(JSON.stringify(table.json())).toContain('9999-12');
    const drill = await get('admin', '/api/v1/pnl/drill-down?from=9999-12&to=9999-12&groupBy=month&measure=revenue');
    expect(drill.statusCode, drill.body).toBe(200);
    for (const path of ['/api/v1/pnl', '/api/v1/pnl/drill-down']) {
      const long = await get('admin', `${path}?from=0000-01&to=9999-12&measure=revenue`);
      expect(long.statusCode, long.body).toBe(400);
      expect(JSON.stringify(long.json())).toContain('range_too_long');
    }
  });
});

describe('a closed month keeps its P&L', () => {
  it('served from the snapshot after the books move; a reopen reads them live', async () => {
    const month = monthOf(1);
    const q = `from=${month}&to=${month}&groupBy=customer`;
    const before = await pnl('admin', 'customer', month, month);
    // The demo's last month still holds drafts: closed as the months before the checklist were.
    await closeWithoutChecklist(t, month, 'books done');
    const frozen = await pnl('admin', 'customer', month, month);
    expect(frozen.frozenMonths).toEqual([month]);
    expect(frozen.rows).toEqual(before.rows);

    // A write through the API is refused…
    const [cost] = await queryRows<{ id: string }>(
      t.services.db,
      sql`select id from external_costs where archived_at is null and to_char(date, 'YYYY-MM') = ${month} limit 1`,
    );
    expect(cost).toBeDefined();
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/external-costs/${cost!.id}`,
      headers: await t.auth('admin'),
      payload: { amount: '999999.00' },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().code).toBe('month_closed');
    // …and what moves underneath (here written past the API) leaves it as closed.
    await t.services.db.execute(sql`update external_costs set amount_base = amount_base + 1000 where id = ${cost!.id}`);
    expect((await pnl('admin', 'customer', month, month)).totals).toEqual(before.totals);
    const drilled = await drill('admin', `${q}&measure=externalCost`);
    expect(drilled.sum).toBe(before.totals.externalCost);

    const reopened = await t.app.inject({
      method: 'POST',
      url: `/api/v1/month-closes/${month}/reopen`,
      headers: await t.auth('admin'),
      payload: { note: 'a cost was wrong' },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const live = await pnl('admin', 'customer', month, month);
    expect(live.frozenMonths).toEqual([]);
    expect(live.totals.externalCost).toBe(formatMoney(add(before.totals.externalCost, '1000'), BASE));
    await t.services.db.execute(sql`update external_costs set amount_base = amount_base - 1000 where id = ${cost!.id}`);
  });

  it('months are listed whole, across a year end', async () => {
    const p = await pnl('admin', 'month', '2025-11', '2026-02');
    expect(p.months).toEqual(monthsBetween('2025-11', '2026-02'));
    expect(p.rows.map((r) => r.key)).toEqual(p.months);
  });
});

describe('the figures are cached per data version', () => {
  it('a write underneath, through any instance or plain SQL, changes the next read of the table and its drill-down', async () => {
    const [cost] = await queryRows<{ id: string; month: string }>(
      t.services.db,
      sql`select c.id, to_char(c.date, 'YYYY-MM') as month from external_costs c
          where c.archived_at is null and not exists (select 1 from month_closes m where m.month = to_char(c.date, 'YYYY-MM'))
          order by c.date desc limit 1`,
    );
    expect(cost, 'a cost in an open month').toBeDefined();
    const q = `from=${cost!.month}&to=${cost!.month}&groupBy=customer&measure=externalCost`;
    // Read twice: the second answer comes from the cache, which the write must invalidate.
    await pnl('admin', 'customer', cost!.month, cost!.month);
    const before = await pnl('admin', 'customer', cost!.month, cost!.month);
    expect((await drill('admin', q)).stated).toBe(before.totals.externalCost);
    await t.services.db.execute(sql`update external_costs set amount_base = amount_base + 1000 where id = ${cost!.id}`);
    try {
      const after = await pnl('admin', 'customer', cost!.month, cost!.month);
      expect(after.totals.externalCost).toBe(formatMoney(add(before.totals.externalCost, '1000'), BASE));
      expect((await drill('admin', q)).stated).toBe(after.totals.externalCost);
    } finally {
      await t.services.db.execute(sql`update external_costs set amount_base = amount_base - 1000 where id = ${cost!.id}`);
    }
  });

  it.each(['invoices', 'salaries', 'external_costs', 'timesheets', 'headcounts', 'projects', 'month_closes', 'pnl_snapshots'])(
    'a write to %s is a new version of the P&L',
    async (table) => {
      const version = async () =>
        (await queryRows<{ v: string }>(t.services.db, sql`select version::text as v from data_versions where name = 'pnl'`))[0]!.v;
      const before = await version();
      // A statement trigger fires for a statement that changes no row too.
      const column = sql.identifier(table === 'month_closes' || table === 'pnl_snapshots' ? 'month' : 'id');
      await t.services.db.execute(sql`update ${sql.identifier(table)} set ${column} = ${column} where false`);
      expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
    },
  );
});

describe("a salary's share in a cell's drill-down", () => {
  it('is there for a person paid on a seat who logged no hours (the seat makes the share)', async () => {
    const [open] = await queryRows<{ month: string }>(
      t.services.db,
      sql`select to_char(d, 'YYYY-MM') as month from generate_series(date_trunc('month', current_date) - interval '11 months', current_date, interval '1 month') d
          where to_char(d, 'YYYY-MM') not in (select month from month_closes) order by d desc limit 1`,
    );
    expect(open, 'an open month in the range').toBeDefined();
    const month = open!.month;
    const [project] = await queryRows<{ id: string; customer_id: string }>(
      t.services.db,
      sql`select id, customer_id from projects where archived_at is null and customer_id is not null order by name limit 1`,
    );
    const [person] = await queryRows<{ id: string }>(
      t.services.db,
      sql`insert into users (email, full_name, role, status, password_hash)
          values ('seat.no.hours@example.com', 'Seat Without Hours', 'developer', 'active', 'x') returning id`,
    );
    await t.services.db
      .execute(sql`insert into headcounts (title, user_id, customer_id, project_id, billing_rate, rate_unit, allocation, start_date, status, currency)
      values ('Seat, no hours', ${person!.id}, ${project!.customer_id}, ${project!.id}, 3000, 'month', 100, ${`${month}-01`}::date, 'active', 'USD')`);
    await t.services.db
      .execute(sql`insert into salaries (user_id, month, base, allowance, overtime, bonus, commission, deductions, net, currency, status)
      values (${person!.id}, ${month}, 1234.56, 0, 0, 0, 0, 0, 1234.56, 'USD', 'paid')`);
    try {
      for (const [groupBy, key] of [
        ['customer', project!.customer_id],
        ['project', project!.id],
        ['person', person!.id],
      ] as const) {
        const cell = (await pnl('admin', groupBy, month, month)).rows.find((r) => r.key === key)!;
        const one = await drill('admin', `from=${month}&to=${month}&groupBy=${groupBy}&measure=salaryCost&key=${key}`);
        expect(
          one.rows.filter((r) => r.personId === person!.id).map((r) => r.amount),
          groupBy,
        ).toEqual(['1234.56']);
        expect(one.sum, groupBy).toBe(cell.salaryCost);
      }
    } finally {
      await t.services.db.execute(sql`delete from salaries where user_id = ${person!.id}`);
      await t.services.db.execute(sql`delete from headcounts where user_id = ${person!.id}`);
      await t.services.db.execute(sql`delete from users where id = ${person!.id}`);
    }
  });
});
