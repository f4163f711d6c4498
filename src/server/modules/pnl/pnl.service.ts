import { sql, type SQL } from 'drizzle-orm';
import { minorUnits } from '../../../domain/money.js';
import { OVERHEAD_KEY, rangeDates, type PnlGroup, type PnlMeasure } from '../../../domain/modules/pnl/pnl.rules.js';
import { queryRows, type Db } from '../../db/client.js';
import { lineInBase } from '../invoices/invoices.base-sql.js';
import type { SeedContext } from '../module.js';

type Reader = Pick<Db, 'execute'>;

/** One fact a P&L cell sums, as the facts query and the snapshot table give it. */
export interface FactRow {
  measure: PnlMeasure;
  month: string;
  customer_id: string | null;
  project_id: string | null;
  person_id: string | null;
  amount: string;
  source_id: string;
  ref: string | null;
  description: string | null;
  source_amount: string | null;
  source_currency: string | null;
  rate: string | null;
  basis: string | null;
  weight: string | null;
  weight_total: string | null;
  line: number | null;
}

const list = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * The rate a salary in another currency is counted at in a month (decision 019): the firm's own
 * latest rate for that currency — of a live, non-cancelled invoice (by issue date) or a live cost
 * (by date) — in that month or before it, else the earliest after it. None at all: the salary has
 * no rate and the answer names it (`missingRates`) rather than guessing.
 */
function ratesCte(base: string, months: readonly string[], people?: SQL): SQL {
  return sql`
    pm as (select x as month, (x || '-01')::date as first, ((x || '-01')::date + interval '1 month')::date as nxt from unnest(${list(months)}) x),
    fxm as (${monthRates(base)}),
    sal0 as materialized (
      select s.id, s.user_id, s.month, s.currency, s.base + s.allowance + s.overtime as pay, s.bonus, s.commission,
        (s.base + s.allowance + s.overtime + s.bonus + s.commission) as gross
      from salaries s join pm on pm.month = s.month where s.archived_at is null${people ? sql` and s.user_id in (${people})` : sql``}
    ),
    salfx as materialized (
      select p.currency, p.month, case when p.currency = ${base} then 1::numeric else coalesce(
        (select f.rate from fxm f where f.currency = p.currency and f.mon <= p.month order by f.mon desc limit 1),
        (select f.rate from fxm f where f.currency = p.currency and f.mon > p.month order by f.mon asc limit 1)) end as rate
      from (select distinct currency, month from sal0) p
    )`;
}

/** Each currency's rate to the base per month: its last invoice's or cost's of the month (what the P&L converts at). */
const monthRates = (base: string): SQL => sql`
      select distinct on (currency, mon) currency, mon, rate from (
        select i.currency, to_char(i.issue_date, 'YYYY-MM') as mon, i.issue_date as d, i.exchange_rate as rate
          from invoices i where i.archived_at is null and i.status <> 'cancelled' and i.currency <> ${base}
        union all
        select c.currency, to_char(c.date, 'YYYY-MM'), c.date, c.exchange_rate
          from external_costs c where c.archived_at is null and c.currency <> ${base}
      ) r order by currency, mon, d desc, rate desc`;

/**
 * The rate (base units per unit of `currency`) the P&L converts a salary of `month` at: the month's
 * own, else the latest before it, else the first after it; 1 for the base; null when the firm has none.
 */
export async function rateInMonth(db: Reader, base: string, currency: string, month: string): Promise<string | null> {
  if (currency === base) return '1';
  const [row] = await queryRows<{ rate: string | null }>(
    db as Db,
    sql`with fxm as (${monthRates(base)}) select coalesce(
          (select f.rate from fxm f where f.currency = ${currency} and f.mon <= ${month} order by f.mon desc limit 1),
          (select f.rate from fxm f where f.currency = ${currency} and f.mon > ${month} order by f.mon asc limit 1))::text as rate`,
  );
  return row?.rate ?? null;
}

/**
 * The live facts of `months` (not empty): every invoice line of the months' non-cancelled invoices
 * (its amount before tax at the invoice's rate, rounded once), every salary's shares (allocated as
 * `allocateSalary` says, in SQL: floors, then the left-over minor units to the largest remainders,
 * ties by project id, the bench last), every cost. Amounts are in the base currency, rounded to it.
 * `people` (a query of user ids) limits the salaries to theirs: each salary's shares are its own
 * person's alone, so a drill-down names everyone who could have a share in its cell and skips the rest.
 */
export function liveFacts(base: string, months: readonly string[], people?: SQL): SQL {
  const digits = minorUnits(base);
  const d = sql.raw(String(digits));
  const scale = sql.raw(`1${'0'.repeat(digits)}`);
  const sorted = [...months].sort();
  const { start, end } = rangeDates(sorted[0]!, sorted[sorted.length - 1]!);
  const only = (column: SQL) => (people ? sql` and ${column} in (${people})` : sql``);
  return sql`(
    with ${ratesCte(base, months, people)},
    sal as (
      select s.*, fx.rate, round(s.gross * fx.rate, ${d}) as cost from sal0 s
      join salfx fx on fx.currency = s.currency and fx.month = s.month where fx.rate is not null
    ),
    -- A salary's three lines: its bonus and commission each rounded once, its pay the rest of its
    -- cost, so that the three add up to the cost the whole salary had (the split moves no cent).
    -- A salary without bonus or commission has no such line.
    part as (
      select s.id as sid, p.measure, p.own, p.amt from sal s cross join lateral (values
        ('salaryCost', s.pay, s.cost - round(s.bonus * s.rate, ${d}) - round(s.commission * s.rate, ${d})),
        ('bonuses', s.bonus, round(s.bonus * s.rate, ${d})),
        ('commissions', s.commission, round(s.commission * s.rate, ${d}))) p(measure, own, amt)
      where p.measure = 'salaryCost' or p.own <> 0
    ),
    hrs as (
      select t.user_id, to_char(t.date, 'YYYY-MM') as month, p.customer_id, t.project_id, sum(t.hours) as w
      from timesheets t join projects p on p.id = t.project_id
      where t.date >= ${start}::date and t.date < ${end}::date${only(sql`t.user_id`)}
      group by 1, 2, 3, 4 having sum(t.hours) > 0
    ),
    seat as (
      select h.user_id, pm.month, h.customer_id, h.project_id, sum(h.allocation)::numeric as w
      from headcounts h join pm on h.start_date < pm.nxt and (h.end_date is null or h.end_date >= pm.first)
      where h.archived_at is null and h.status in ('active', 'ended') and h.allocation > 0${only(sql`h.user_id`)}
      group by 1, 2, 3, 4
    ),
    logged as (select distinct user_id, month from hrs),
    seated as (select user_id, month, sum(w) as w from seat group by 1, 2),
    basis as (
      select s.id, s.user_id, s.month, l.user_id is not null as by_hours, x.w as seat_w
      from sal s left join logged l on l.user_id = s.user_id and l.month = s.month
      left join seated x on x.user_id = s.user_id and x.month = s.month
    ),
    tgt as (
      select b.id as sid, 'hours' as basis, x.customer_id, x.project_id, x.w, 0 as last
        from basis b join hrs x on x.user_id = b.user_id and x.month = b.month where b.by_hours
      union all
      select b.id, 'seats', x.customer_id, x.project_id, x.w, 0
        from basis b join seat x on x.user_id = b.user_id and x.month = b.month where not b.by_hours
      union all
      select b.id, 'seats', null, null, 100 - b.seat_w, 1 from basis b where not b.by_hours and b.seat_w < 100
      union all
      select b.id, 'none', null, null, 1, 1 from basis b where not b.by_hours and b.seat_w is null
    ),
    a1 as (
      select t.*, p.measure, p.own, sign(p.amt) as sgn, abs(p.amt) * ${scale} as units, sum(t.w) over (partition by t.sid, p.measure) as wt
      from tgt t join part p on p.sid = t.sid
    ),
    a2 as (select a1.*, div(units * w, wt) as fl, mod(units * w, wt) as rem from a1),
    a3 as (
      select a2.*, units - sum(fl) over (partition by sid, measure) as lft,
        row_number() over (partition by sid, measure order by rem desc, last, project_id nulls last, customer_id nulls last) as rn
      from a2
    )
    select 'revenue' as measure, i.period as month, i.customer_id, coalesce(i.project_id, h.project_id) as project_id,
      h.user_id as person_id, ${lineInBase(base)} as amount, i.id as source_id,
      i.number as ref, l.value ->> 'description' as description, l.value ->> 'amount' as source_amount,
      i.currency as source_currency, i.exchange_rate::text as rate, null::text as basis, l.value ->> 'quantity' as weight,
      l.value ->> 'unitPrice' as weight_total, l.n::int as line
    from invoices i cross join lateral jsonb_array_elements(i.lines) with ordinality l(value, n)
    left join headcounts h on h.id = (l.value ->> 'headcountId')::uuid
    where i.archived_at is null and i.status <> 'cancelled' and i.period = any(${list(months)})
    union all
    select a.measure, s.month, a.customer_id, a.project_id, s.user_id,
      round(a.sgn * (a.fl + case when a.rn <= a.lft then 1 else 0 end) / ${scale}, ${d}), s.id, null, null, a.own::text, s.currency, s.rate::text,
      a.basis, case when a.basis = 'none' then '0' else a.w::text end, case when a.basis = 'none' then '0' else a.wt::text end, null
    from a3 a join sal s on s.id = a.sid
    union all
    select 'externalCost', to_char(c.date, 'YYYY-MM'), coalesce(c.customer_id, p.customer_id), c.project_id, null, c.amount_base,
      c.id, c.vendor, c.description, c.amount::text, c.currency, c.exchange_rate::text, c.category, null, null, null
    from external_costs c left join projects p on p.id = c.project_id
    where c.archived_at is null and c.date >= ${start}::date and c.date < ${end}::date
      and to_char(c.date, 'YYYY-MM') = any(${list(months)})
  )`;
}

/** The salaries of `months` in a currency the firm has no rate for: counted nowhere, named in the answer. */
export async function missingRates(db: Reader, base: string, months: readonly string[]) {
  if (!months.length) return [];
  return queryRows<{ currency: string; month: string }>(
    db as Db,
    sql`with ${ratesCte(base, months)} select currency, month from salfx where rate is null order by month, currency`,
  );
}

const snapshotColumns = sql.raw(
  `measure, month, customer_id, project_id, person_id, amount, source_id, ref, description, source_amount, source_currency, rate, basis, weight, weight_total, line`,
);

/** The facts of the range: closed months with a snapshot from it, the others live. */
export function factsOf(base: string, live: readonly string[], frozen: readonly string[], people?: SQL): SQL {
  const parts: SQL[] = [];
  if (live.length) parts.push(sql`select * from ${liveFacts(base, live, people)} lf`);
  if (frozen.length) parts.push(sql`select ${snapshotColumns} from pnl_snapshot_facts where month = any(${list(frozen)})`);
  if (!parts.length) parts.push(sql`select ${snapshotColumns} from pnl_snapshot_facts where false`);
  return sql`(${sql.join(parts, sql` union all `)})`;
}

/** Which months of the range read from a snapshot (closed, with one), and which are closed. */
export async function monthStates(db: Reader, months: readonly string[]) {
  const rows = await queryRows<{ month: string; snap: boolean }>(
    db as Db,
    sql`select c.month, exists (select 1 from pnl_snapshots s where s.month = c.month) as snap
        from month_closes c where c.month = any(${list(months)})`,
  );
  const frozen = new Set(rows.filter((r) => r.snap).map((r) => r.month));
  return {
    closed: rows.map((r) => r.month).sort(),
    frozen: months.filter((m) => frozen.has(m)),
    live: months.filter((m) => !frozen.has(m)),
  };
}

/** The SQL of a fact's group key. */
export function keyOf(groupBy: PnlGroup): SQL {
  switch (groupBy) {
    case 'month':
      return sql`f.month`;
    case 'customer':
      return sql`coalesce(f.customer_id::text, ${OVERHEAD_KEY})`;
    case 'project':
      return sql`coalesce(f.project_id::text, ${OVERHEAD_KEY})`;
    case 'person':
      return sql`coalesce(f.person_id::text, ${OVERHEAD_KEY})`;
  }
}

/**
 * Freezes a month's P&L in the close's transaction (which holds the month's lock exclusively: the
 * writes in flight have committed, none lands until it commits). Taking it again replaces it.
 */
export async function snapshotMonth(tx: Reader, base: string, month: string) {
  await tx.execute(sql`delete from pnl_snapshot_facts where month = ${month}`);
  await tx.execute(sql`delete from pnl_snapshots where month = ${month}`);
  await tx.execute(sql`insert into pnl_snapshot_facts (${snapshotColumns}) select ${snapshotColumns} from ${liveFacts(base, [month])} lf`);
  await tx.execute(sql`insert into pnl_snapshots (month, base_currency) values (${month}, ${base})`);
}

/** A reopened month is read live again. */
export async function dropSnapshot(tx: Reader, month: string) {
  await tx.execute(sql`delete from pnl_snapshot_facts where month = ${month}`);
  await tx.execute(sql`delete from pnl_snapshots where month = ${month}`);
}

export async function hasSnapshot(db: Reader, month: string) {
  const rows = await queryRows<{ month: string }>(db as Db, sql`select month from pnl_snapshots where month = ${month}`);
  return rows.length > 0;
}

/** The demo's closed months, frozen as the seed left them. */
export async function seedPnlSnapshots(db: Db, ctx: SeedContext) {
  const closed = await queryRows<{ month: string }>(db, sql`select month from month_closes order by month`);
  for (const { month } of closed) await snapshotMonth(db, ctx.baseCurrency, month);
  ctx.log.info(`Froze the P&L of ${closed.length} closed months`);
}

/**
 * Runs the P&L's reads in one transaction without PostgreSQL's JIT: the facts query is large and
 * its cost estimate high, so the JIT would compile it on every call (seconds) for a run of tens of
 * milliseconds.
 */
export function withoutJit<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return read(tx as unknown as Db);
  });
}

/**
 * Everyone whose salary can have a share in a customer's or project's cell over `months`: who logged
 * hours on it then or holds a seat on it (the two ways a share is made), or the person themselves.
 * Undefined (everyone) for a month's or the bench's cell.
 */
export function peopleOfCell(groupBy: PnlGroup, key: string | undefined, months: readonly string[]): SQL | undefined {
  if (key === undefined || key === OVERHEAD_KEY || groupBy === 'month' || !months.length) return undefined;
  const { start, end } = rangeDates(months[0]!, months[months.length - 1]!);
  if (groupBy === 'person') return sql`select ${key}::uuid`;
  const column = sql.raw(groupBy === 'customer' ? 'customer_id' : 'id');
  return sql`select t.user_id from timesheets t join projects p on p.id = t.project_id
      where p.${column} = ${key}::uuid and t.date >= ${start}::date and t.date < ${end}::date
    union select h.user_id from headcounts h where h.${sql.raw(groupBy === 'customer' ? 'customer_id' : 'project_id')} = ${key}::uuid`;
}
