import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { add, formatDecimal, minorUnits, subtract } from '../../../domain/money.js';
import { monthRange } from '../../../domain/months.js';
import {
  grouped,
  tierLines,
  type CommissionBasis,
  type CommissionMode,
  type CommissionTier,
} from '../../../domain/modules/commission-plans/commission-plans.rules.js';
import { totalOf, type StatementInput } from '../../../domain/statements.js';
import { queryRows, type Db } from '../../db/client.js';
import type { Calculated, Reader, StatementKind } from '../../http/statements/compute.js';
import { commissionPlans } from '../commission-plans/commission-plans.table.js';
import { netInBase, lineInBase } from '../invoices/invoices.base-sql.js';
import { factsOf, monthStates } from '../pnl/pnl.service.js';
import { commissions } from './commissions.table.js';

/** Commission statements are money in the firm's base currency, each line rounded to its minor units; totals carry two digits. */
export const COMMISSION_SCALE = 2;

type PlanRow = typeof commissionPlans.$inferSelect;

interface Counted {
  id: string;
  label: string;
  value: string;
  resource: 'invoices' | 'customers';
  /** Salary cost is subtracted (gross margin). */
  cost?: boolean;
}

/** The plan version a sale's month follows: the latest live one effective in or before it. */
export async function planFor(db: Reader, userId: string, month: string): Promise<PlanRow | undefined> {
  const [row] = await (db as Db)
    .select()
    .from(commissionPlans)
    .where(and(eq(commissionPlans.userId, userId), lte(commissionPlans.effectiveFrom, month), isNull(commissionPlans.archivedAt)))
    .orderBy(sql`${commissionPlans.effectiveFrom} desc`)
    .limit(1);
  return row;
}

/** What an invoice's issued credit notes give back, net of tax in the base currency (negative, as their lines count). */
const creditedNet = (base: string) => sql`(select coalesce(sum(${lineInBase(base, 'n')}), 0)
    from invoices n cross join lateral jsonb_array_elements(n.lines) l(value)
    where n.credit_of = i.id and n.status = 'sent' and n.archived_at is null)`;

/**
 * Invoiced revenue: the sale's sent and paid invoices billing the month (a cancelled one counts
 * nothing), and the issued credit notes of those invoices, counting negative in the month of the
 * invoice they credit — so a month already approved or paid shows the credit as its own change, and
 * the tiers take the month's base as it now is (the clawback is the difference, tier by tier).
 */
async function invoiced(db: Reader, base: string, userId: string, month: string): Promise<Counted[]> {
  const rows = await queryRows<{ id: string; label: string; value: string | null }>(
    db as Db,
    sql`select i.id::text as id, coalesce(i.number, i.subject)
          || case when p.id <> i.id then ' · ' || coalesce(p.number, p.subject) else '' end || ' · ' || c.name as label,
        ${netInBase(base)}::text as value
      from invoices i join invoices p on p.id = coalesce(i.credit_of, i.id) join customers c on c.id = i.customer_id
      where p.sale_id = ${userId} and p.period = ${month} and p.status in ('sent', 'paid') and p.archived_at is null
        and i.archived_at is null and (i.kind = 'invoice' or i.status = 'sent')
      order by p.issue_date, p.number, i.kind desc, i.number`,
  );
  return rows.map((r) => ({ ...r, value: r.value ?? '0', resource: 'invoices' }));
}

/**
 * Paid revenue by payment date: each payment of the month, net of tax in the base currency — a
 * partial payment counts its share (net × paid ÷ total, rounded once). A credited invoice counts as
 * it now stands: its net and total less its issued credit notes', the payment up to that total (what
 * was paid beyond it is given back).
 */
async function paid(db: Reader, base: string, userId: string, month: string): Promise<Counted[]> {
  const digits = minorUnits(base);
  const d = sql.raw(String(digits));
  const { from, to } = monthRange(month);
  const rows = await queryRows<{
    id: string;
    label: string;
    value: string | null;
    partial: boolean;
    paid: string;
    total: string;
    currency: string;
  }>(
    db as Db,
    sql`select i.id::text as id, coalesce(i.number, i.subject) || ' · ' || c.name as label,
        round((${netInBase(base)} + ${creditedNet(base)}) * least(i.paid_amount, i.total - i.credited) / nullif(i.total - i.credited, 0), ${d})::text as value,
        i.paid_amount < i.total - i.credited as partial, i.paid_amount::text as paid, (i.total - i.credited)::text as total, i.currency
      from invoices i join customers c on c.id = i.customer_id
      where i.sale_id = ${userId} and i.status = 'paid' and i.archived_at is null
        and i.paid_at between ${from}::date and ${to}::date
      order by i.paid_at, i.number`,
  );
  return rows.map((r) => ({
    id: r.id,
    label: r.partial ? `${r.label} (${r.paid} / ${r.total} ${r.currency})` : r.label,
    value: r.value ?? '0',
    resource: 'invoices',
  }));
}

/**
 * Gross margin: the P&L's facts of the month (closed months from their snapshot) for the sale's
 * customers — their revenue, less the salary cost the P&L allocates to their seats. The cost is
 * shown per customer, never per salary.
 */
async function margin(db: Reader, base: string, userId: string, month: string): Promise<Counted[]> {
  const { live, frozen } = await monthStates(db, [month]);
  const people = sql`select h.user_id from headcounts h join customers c on c.id = h.customer_id where c.owner_sale_id = ${userId}
    union select t.user_id from timesheets t join projects p on p.id = t.project_id join customers c on c.id = p.customer_id
      where c.owner_sale_id = ${userId}`;
  const rows = await queryRows<{ measure: string; id: string; ref: string | null; customer: string; name: string; value: string }>(
    db as Db,
    sql`select f.measure, f.source_id::text as id, f.ref, c.id::text as customer, c.name, sum(f.amount)::text as value
      from ${factsOf(base, live, frozen, people)} f join customers c on c.id = f.customer_id
      where c.owner_sale_id = ${userId} and f.measure in ('revenue', 'salaryCost', 'bonuses', 'commissions')
      group by f.measure, f.source_id, f.ref, c.id, c.name
      order by c.name, f.measure, f.ref`,
  );
  const out: Counted[] = rows
    .filter((r) => r.measure === 'revenue')
    .map((r) => ({ id: r.id, label: `${r.ref ?? '—'} · ${r.name}`, value: r.value, resource: 'invoices' }));
  const costs = new Map<string, Counted>();
  // The whole pay of the seats is their cost: salary, bonuses and commissions alike.
  for (const r of rows.filter((x) => x.measure !== 'revenue')) {
    const was = costs.get(r.customer);
    costs.set(r.customer, {
      id: r.customer,
      label: r.name,
      value: formatDecimal(add(was?.value ?? '0', r.value)),
      resource: 'customers',
      cost: true,
    });
  }
  return [...out, ...costs.values()];
}

const COUNTED: Record<CommissionBasis, (db: Reader, base: string, userId: string, month: string) => Promise<Counted[]>> = {
  invoiced,
  paid,
  margin,
};

/** A version's name as a statement stores it: the plan, its month, how it counts. */
export const planVersion = (p: Pick<PlanRow, 'name' | 'effectiveFrom' | 'mode' | 'basis'>) =>
  `${p.name} · from ${p.effectiveFrom} · ${p.mode} · ${p.basis}`;

/** A sale's month ('2026-03') as a commission statement, from today's data. */
export async function commissionStatement(db: Reader, userId: string, month: string, base: string): Promise<Calculated> {
  const plan = await planFor(db, userId, month);
  if (!plan) return { ruleVersion: 'no plan', inputs: [], lines: [], total: totalOf([], COMMISSION_SCALE), missing: ['plan'], unit: base };
  const counted = await COUNTED[plan.basis as CommissionBasis](db, base, userId, month);
  const signed = (c: Counted) => (c.cost ? formatDecimal(subtract('0', c.value)) : c.value);
  const scale = minorUnits(base);
  const baseValue = formatDecimal(add('0', ...counted.map(signed)), scale);
  const tiers = plan.tiers as CommissionTier[];
  const tierInputs: StatementInput[] = tiers.map((t, i) => ({
    key: `rate:${i}`,
    line: `tier:${i}`,
    label: `${grouped(t.from, scale)}${t.to === null ? '+' : ` – ${grouped(t.to, scale)}`}: %`,
    value: t.rate,
  }));
  const tierLinesOf = tierLines(tiers, plan.mode as CommissionMode, baseValue, scale);
  // The rows counted are read on the first line: the base every tier line takes its slice of.
  const first = tierLinesOf[0]!.key;
  const rows: StatementInput[] = counted.map((c) => ({
    key: `${c.cost ? 'cost' : 'row'}:${c.id}`,
    line: first,
    label: c.cost ? `− salary cost · ${c.label}` : c.label,
    value: signed(c),
    source: { resource: c.resource, id: c.id, label: c.label },
  }));
  const lines = tierLinesOf;
  return {
    ruleVersion: planVersion(plan),
    inputs: [...rows, { key: 'base', line: first, label: `base: ${plan.basis}`, value: baseValue }, ...tierInputs],
    lines,
    total: totalOf(lines, COMMISSION_SCALE),
    missing: [],
    unit: base,
  };
}

export const commissionStatementKind: StatementKind = { table: commissions, scale: COMMISSION_SCALE, calculate: commissionStatement };
