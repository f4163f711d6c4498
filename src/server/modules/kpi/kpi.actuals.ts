import { sql } from 'drizzle-orm';
import { add, divide, formatDecimal } from '../../../domain/money.js';
import type { KpiMetricKind } from '../../../domain/modules/kpi/kpi.schema.js';
import type { StatementInput } from '../../../domain/statements.js';
import { queryRows, type Db } from '../../db/client.js';
import { lineInBase } from '../invoices/invoices.base-sql.js';

/**
 * The product's own figures behind the computed KPI metrics, over a date range (a quarter):
 * - revenue: the person's paid invoices (the sale of the invoice's customer when it was written),
 *   by payment date, net of tax, each line exchanged to the base currency and rounded as the P&L does;
 * - headcount: seats of the person's customers that started in the range;
 * - hires: candidates the person owns moved to Hired in the range;
 * - performance: the average of the person's monthly scores in the range (none: the actual is missing).
 * `rows` lists each counted row (an input of the statement, linked to its record); `sums` the totals
 * of many people at once, by quarter, for the dashboard.
 */
export type ComputedKind = Exclude<KpiMetricKind, 'custom'>;
export const COMPUTED_KINDS: readonly ComputedKind[] = ['revenue', 'headcount', 'hires', 'performance'];

type Reader = Pick<Db, 'execute'>;

interface CountedRow {
  kind: ComputedKind;
  id: string;
  label: string;
  value: string;
}

/**
 * Paid invoices, and the issued credit notes of paid invoices (counting negative): a credit note
 * lowers the revenue of its invoice's payment day, so a quarter already evaluated shows the change
 * as its own (an adjustment next quarter), never as a loss of another quarter. `p` is the paid invoice.
 */
const paidOrCredited = sql`invoices i join invoices p on p.id = coalesce(i.credit_of, i.id)`;
const paidOrCreditedWhere = sql`p.status = 'paid' and p.archived_at is null and p.paid_at is not null
  and i.archived_at is null and (i.kind = 'invoice' or i.status = 'sent')`;

const revenueRows = (base: string) => sql`
  select 'revenue' as kind, i.id::text as id, coalesce(i.number, i.subject) || ' · ' || c.name as label,
    p.sale_id as user_id, p.paid_at as day,
    sum(${lineInBase(base)})::text as value
  from ${paidOrCredited} join customers c on c.id = i.customer_id
  cross join lateral jsonb_array_elements(i.lines) l(value)
  where ${paidOrCreditedWhere}`;
const revenueGroup = sql`group by i.id, p.sale_id, p.paid_at, c.name`;

const headcountRows = sql`
  select 'headcount' as kind, h.id::text as id, u.full_name || ' · ' || c.name as label, c.owner_sale_id as user_id,
    h.start_date as day, '1' as value
  from headcounts h join customers c on c.id = h.customer_id join users u on u.id = h.user_id
  where h.archived_at is null and h.status in ('active', 'ended')`;

const hireRows = sql`
  select 'hires' as kind, jc.candidate_id::text as id, ca.full_name || ' · ' || j.title as label, ca.owner_hr_id as user_id,
    (e.created_at at time zone 'UTC')::date as day, '1' as value
  from job_candidate_events e join job_candidates jc on jc.id = e.job_candidate_id
  join candidates ca on ca.id = jc.candidate_id join jobs j on j.id = jc.job_id
  where e.to_stage = 'hired'`;

const performanceRows = sql`
  select 'performance' as kind, p.id::text as id, p.month as label, p.user_id as user_id, (p.month || '-01')::date as day,
    p.score::text as value
  from performances p where p.archived_at is null`;

/** Every row one person's computed metrics count in [from, to]. */
export async function countedRows(db: Reader, baseCurrency: string, userId: string, from: string, to: string): Promise<CountedRow[]> {
  const range = (day: string) => sql`and ${sql.raw(day)} between ${from}::date and ${to}::date`;
  return queryRows<CountedRow>(
    db as Db,
    sql`${revenueRows(baseCurrency)} and p.sale_id = ${userId} ${range('p.paid_at')} ${revenueGroup}
      union all ${headcountRows} and c.owner_sale_id = ${userId} ${range('h.start_date')}
      union all ${hireRows} and ca.owner_hr_id = ${userId} ${range("(e.created_at at time zone 'UTC')::date")}
      union all ${performanceRows} and p.user_id = ${userId} ${range("(p.month || '-01')::date")}
      order by 1, 3`,
  );
}

/** A person's computed actual of one kind, with the rows it counts as statement inputs. */
const SOURCES: Record<ComputedKind, string> = {
  revenue: 'invoices',
  headcount: 'headcounts',
  hires: 'candidates',
  performance: 'performances',
};

/**
 * A person's computed actual of one kind, with the rows it counts as statement inputs: their sum, or
 * for performance their average (to 0.01; no score in the range leaves the actual missing).
 */
export function actualOf(rows: readonly CountedRow[], kind: ComputedKind): { value: string | null; inputs: StatementInput[] } {
  const own = rows.filter((r) => r.kind === kind);
  const inputs = own.map((r) => ({
    key: `${kind}:${r.id}`,
    line: '',
    label: r.label,
    value: r.value,
    source: { resource: SOURCES[kind], id: r.id, label: r.label },
  }));
  const sum = add('0', ...own.map((r) => r.value));
  if (kind !== 'performance') return { value: formatDecimal(sum), inputs };
  return { value: own.length ? formatDecimal(divide(sum, String(own.length), 2)) : null, inputs };
}

/** Ids as one parameter, an array literal, rather than one each (a team is hundreds): `= any(...)`. */
export const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export interface QuarterSum {
  userId: string;
  quarter: number;
  kind: ComputedKind;
  value: string;
}

/** Totals of the computed metrics of a year, by person, quarter and kind (the dashboard's figures). */
export async function yearSums(db: Reader, baseCurrency: string, year: number, userIds: readonly string[]): Promise<QuarterSum[]> {
  if (!userIds.length) return [];
  const ids = uuidArray(userIds);
  const [from, to] = [`${year}-01-01`, `${year}-12-31`];
  // Sums only: no labels, no row per invoice (the dashboard reads a whole team's year at once).
  const rows = await queryRows<{ user_id: string; quarter: number; kind: ComputedKind; value: string }>(
    db as Db,
    sql`select p.sale_id::text as user_id, extract(quarter from p.paid_at)::int as quarter, 'revenue' as kind,
        sum(${lineInBase(baseCurrency)})::text as value
      from ${paidOrCredited} cross join lateral jsonb_array_elements(i.lines) l(value)
      where ${paidOrCreditedWhere} and p.sale_id = any(${ids}) and p.paid_at between ${from}::date and ${to}::date
      group by 1, 2
      union all
      select c.owner_sale_id::text, extract(quarter from h.start_date)::int, 'headcount', count(*)::text
      from headcounts h join customers c on c.id = h.customer_id
      where h.archived_at is null and h.status in ('active', 'ended') and c.owner_sale_id = any(${ids}) and h.start_date between ${from}::date and ${to}::date
      group by 1, 2
      union all
      select ca.owner_hr_id::text, extract(quarter from (e.created_at at time zone 'UTC'))::int, 'hires', count(*)::text
      from job_candidate_events e join job_candidates jc on jc.id = e.job_candidate_id join candidates ca on ca.id = jc.candidate_id
      where e.to_stage = 'hired' and ca.owner_hr_id = any(${ids})
        and e.created_at >= ${from}::date and e.created_at < ${`${year + 1}-01-01`}::date
      group by 1, 2
      union all
      select p.user_id::text, extract(quarter from (p.month || '-01')::date)::int, 'performance', round(avg(p.score), 2)::text
      from performances p
      where p.archived_at is null and p.user_id = any(${ids}) and p.month between ${`${year}-01`} and ${`${year}-12`}
      group by 1, 2`,
  );
  return rows.map((r) => ({ userId: r.user_id, quarter: Number(r.quarter), kind: r.kind, value: r.value }));
}
