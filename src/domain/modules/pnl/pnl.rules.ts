import { z } from 'zod';
import { add, compare, dec, formatDecimal, formatMoney, largestRemainder, minorUnits, subtract, toBaseCurrency } from '../../money.js';
import { addMonths, MONTH_PATTERN, monthCount, monthRange } from '../../months.js';
import { monthText } from '../invoices/invoices.schema.js';

/**
 * Profit and loss (decision 019): for a range of months, grouped by month, customer, project or
 * person, revenue − salary cost − bonuses − commissions − external cost = profit, and margin %.
 * Salary cost is what the salaries pay before bonus and commission (base, allowance, overtime);
 * bonuses and commissions are the salaries' own bonus and commission columns (what was paid into
 * them), each shared out like the rest of the salary. Every figure
 * is a sum of facts (an invoice line, a salary's share in a project, a cost) in the base currency,
 * each rounded once on its own, so a cell and the rows it drills down to add up to the same cents.
 */

export const PNL_GROUPS = ['month', 'customer', 'project', 'person'] as const;
export type PnlGroup = (typeof PNL_GROUPS)[number];
export const PNL_MEASURES = ['revenue', 'salaryCost', 'bonuses', 'commissions', 'externalCost'] as const;
export type PnlMeasure = (typeof PNL_MEASURES)[number];
/** The measures a cell drills down to: every one. */
export const PNL_DRILL_MEASURES = PNL_MEASURES;
export type PnlDrillMeasure = PnlMeasure;
/** The measures that are parts of salaries: the Salary section's to open, hidden together when they sum too few people's pay. */
export const PNL_SALARY_MEASURES: readonly PnlMeasure[] = ['salaryCost', 'bonuses', 'commissions'];

/** The key of the row that no customer, project or person takes: the bench and the firm's overhead. */
export const OVERHEAD_KEY = 'overhead';
/** The longest range one request reads. */
export const PNL_MONTHS_MAX = 36;
/**
 * A role without the Salary section sees a salary figure only when it sums the pay of at least this
 * many people: one or two would let the reader work out a person's pay (decision 019).
 */
export const MIN_PEOPLE_FOR_SALARY = 3;
/** Drill-down rows per page (the total is every row's). */
export const PNL_DRILL_PAGE = 200;
export const PNL_DRILL_LIMIT_MAX = 5000;

export const pnlQuerySchema = z
  .strictObject({
    from: monthText,
    to: monthText,
    groupBy: z.enum(PNL_GROUPS, { message: 'choice' }).default('customer'),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'before_from' });
    else if (monthCount(q.from, q.to) > PNL_MONTHS_MAX)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_too_long', params: { max: PNL_MONTHS_MAX } });
  });
export type PnlQuery = z.output<typeof pnlQuerySchema>;

export const pnlDrillQuerySchema = z
  .strictObject({
    from: monthText,
    to: monthText,
    groupBy: z.enum(PNL_GROUPS, { message: 'choice' }).default('customer'),
    /** The row's key: a month, a customer's, project's or person's id, or `overhead`. Absent: the totals row. */
    key: z.string().trim().min(1).max(64).optional(),
    measure: z.enum(PNL_DRILL_MEASURES, { message: 'choice' }),
    offset: z.coerce.number({ message: 'not_number' }).int({ message: 'integer' }).min(0).max(1_000_000).default(0),
    limit: z.coerce.number({ message: 'not_number' }).int({ message: 'integer' }).min(1).max(PNL_DRILL_LIMIT_MAX).default(PNL_DRILL_PAGE),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'before_from' });
    else if (monthCount(q.from, q.to) > PNL_MONTHS_MAX)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_too_long', params: { max: PNL_MONTHS_MAX } });
    if (q.key !== undefined && q.key !== OVERHEAD_KEY) {
      const ok = q.groupBy === 'month' ? MONTH_PATTERN.test(q.key) : z.uuid().safeParse(q.key).success;
      if (!ok) ctx.addIssue({ code: 'custom', path: ['key'], message: 'invalid' });
    }
  });
export type PnlDrillQuery = z.output<typeof pnlDrillQuerySchema>;

/** The first day of `from` and the first day after `to`: the dates a range of months holds are `>= start and < end`. */
export function rangeDates(from: string, to: string): { start: string; end: string } {
  return { start: monthRange(from).from, end: `${addMonths(to, 1)}-01` };
}

/** An invoice line's revenue in the base currency: its amount (before tax) at the invoice's rate, rounded once. */
export function lineRevenue(amount: string, exchangeRate: string, baseCurrency: string): string {
  return toBaseCurrency(amount, exchangeRate, baseCurrency);
}

/** A salary's cost to the firm: what it pays the person before their own deductions (base, allowance, overtime, bonus, commission). */
export function salaryGross(
  s: { base: string; allowance: string; overtime: string; bonus: string; commission: string },
  currency: string,
): string {
  return formatMoney(add(s.base, s.allowance, s.overtime, s.bonus, s.commission), currency);
}

/** Where a person's month goes: a project (its customer's), or the bench / overhead (`null`). */
export interface AllocationTarget {
  customerId: string | null;
  projectId: string | null;
}
export type AllocationBasis = 'hours' | 'seats' | 'none';

export interface SalaryShare {
  target: AllocationTarget | null;
  amount: string;
  basis: AllocationBasis;
  /** The hours logged on the target, or the seats' allocation in %; the bench's is what no project took. */
  weight: string;
  /** What the weights are shares of: the month's logged hours, or 100 % (more when seats add up beyond it). */
  weightTotal: string;
}

/**
 * A person's month of salary cost (`cost`, in the base currency) allocated:
 * - by the hours they logged that month on each project, when they logged any — all of the cost
 *   goes to those projects (leave or a short month changes nothing: the hours worked share the month);
 * - else by their seats active in the month, each by its allocation %: the part below 100 % (a
 *   part-time seat, no seat) is the bench's; seats adding up beyond 100 % share the whole;
 * - else all of it is the bench's.
 * Shares are in minor units by largest remainder: they add up to `cost` exactly. Targets come in
 * the order given (ties of remainders go to the earlier one); the bench comes last.
 */
export function allocateSalary(
  cost: string,
  baseCurrency: string,
  hours: ReadonlyArray<{ target: AllocationTarget; hours: string }>,
  seats: ReadonlyArray<{ target: AllocationTarget; allocation: number }>,
): SalaryShare[] {
  const digits = minorUnits(baseCurrency);
  const units = dec(formatDecimal(cost, digits)).units;
  const toAmount = (u: bigint) => formatDecimal({ units: u, scale: digits });
  const loggedHours = hours.filter((h) => compare(h.hours, '0') > 0);
  if (loggedHours.length) {
    const total = formatDecimal(add('0', ...loggedHours.map((h) => h.hours)));
    const shares = largestRemainder(
      units,
      loggedHours.map((h) => h.hours),
    );
    return loggedHours.map((h, i) => ({
      target: h.target,
      amount: toAmount(shares[i]!),
      basis: 'hours',
      weight: formatDecimal(h.hours),
      weightTotal: total,
    }));
  }
  const seated = seats.filter((s) => s.allocation > 0);
  if (seated.length) {
    const sum = seated.reduce((a, s) => a + s.allocation, 0);
    const total = Math.max(100, sum);
    const weights = seated.map((s) => String(s.allocation));
    if (sum < 100) weights.push(String(100 - sum));
    const shares = largestRemainder(units, weights);
    return weights.map((w, i) => ({
      target: i < seated.length ? seated[i]!.target : null,
      amount: toAmount(shares[i]!),
      basis: 'seats',
      weight: w,
      weightTotal: String(total),
    }));
  }
  return [{ target: null, amount: toAmount(units), basis: 'none', weight: '0', weightTotal: '0' }];
}

export interface PnlFigures {
  revenue: string;
  salaryCost: string;
  bonuses: string;
  commissions: string;
  externalCost: string;
}

/** Profit = revenue − salary cost − bonuses − commissions − external cost. */
export function profitOf(f: PnlFigures, baseCurrency: string): string {
  return formatMoney(subtract(f.revenue, add(f.salaryCost, f.bonuses, f.commissions, f.externalCost)), baseCurrency);
}

/**
 * Margin % = profit ÷ revenue × 100, to one decimal, half away from zero. With no revenue there is
 * no margin: null (shown "—"), whatever the costs — a percentage of nothing means nothing.
 */
export function marginOf(profit: string, revenue: string): string | null {
  const r = dec(revenue);
  if (r.units === 0n) return null;
  // profit × 1000 / revenue, both brought to one scale: tenths of a per cent.
  const p = dec(profit);
  const scale = Math.max(p.scale, r.scale);
  const pu = p.units * 10n ** BigInt(scale - p.scale) * 1000n;
  const ru = r.units * 10n ** BigInt(scale - r.scale);
  const negative = pu < 0n !== ru < 0n;
  const [a, b] = [pu < 0n ? -pu : pu, ru < 0n ? -ru : ru];
  let q = a / b;
  if ((a % b) * 2n >= b) q += 1n;
  return formatDecimal({ units: negative ? -q : q, scale: 1 });
}

/** A row's figures with its profit and margin. */
export function pnlRow(f: PnlFigures, baseCurrency: string) {
  const profit = profitOf(f, baseCurrency);
  return { ...f, profit, margin: marginOf(profit, f.revenue) };
}

/** Sums of decimal strings, at the base currency's minor units. */
export function sumMoney(values: readonly string[], baseCurrency: string): string {
  return formatMoney(add('0', ...values), baseCurrency);
}
