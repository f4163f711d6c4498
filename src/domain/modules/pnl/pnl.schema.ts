import { z } from 'zod';
import { PNL_DRILL_MEASURES, PNL_GROUPS } from './pnl.rules.js';

/** Decimal strings in the base currency; null where a figure is hidden from the caller or undefined (margin with no revenue). */
const figures = {
  revenue: z.string(),
  /** Base, allowance and overtime; bonuses and commissions are their own lines. */
  salaryCost: z.string().nullable(),
  /** The salaries' bonus columns (quarter and project bonuses paid into them, and bonuses entered on them). */
  bonuses: z.string().nullable(),
  /** The salaries' commission columns (sales and HR commission statements paid into them). */
  commissions: z.string().nullable(),
  externalCost: z.string(),
  profit: z.string().nullable(),
  margin: z.string().nullable(),
  /** The salary figures sum fewer people's pay than a role without the Salary section may read (they, profit and margin are null). */
  masked: z.boolean(),
};

export const pnlRowSchema = z.object({
  /** A month, a customer's, project's or person's id, or `overhead` (the bench and the firm's overhead). */
  key: z.string(),
  label: z.string(),
  /** The project's customer (grouping by project). */
  customerName: z.string().nullable(),
  ...figures,
});
export type PnlRow = z.infer<typeof pnlRowSchema>;

export const pnlSchema = z.object({
  baseCurrency: z.string(),
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(PNL_GROUPS),
  months: z.array(z.string()),
  /** The range's closed months; those with a snapshot are read as they were closed. */
  closedMonths: z.array(z.string()),
  frozenMonths: z.array(z.string()),
  /** Whether the caller may open salary rows (the Salary section). */
  salaryDetail: z.boolean(),
  /** Salaries in a currency the firm has no rate for in that month: counted nowhere until it has one. */
  missingRates: z.array(z.object({ currency: z.string(), month: z.string() })),
  rows: z.array(pnlRowSchema),
  totals: z.object(figures),
});
export type Pnl = z.infer<typeof pnlSchema>;

export const pnlFactSchema = z.object({
  month: z.string(),
  /** The invoice, salary or cost the fact comes from. */
  sourceId: z.string(),
  /** Invoice number, vendor; null for a draft's line or a salary. */
  ref: z.string().nullable(),
  description: z.string().nullable(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  personId: z.string().nullable(),
  personName: z.string().nullable(),
  /**
   * The source's own amount and currency (a line's amount; a salary's base, allowance and overtime,
   * its bonus or its commission, as the measure; a cost) and its rate to the base.
   */
  sourceAmount: z.string().nullable(),
  sourceCurrency: z.string().nullable(),
  rate: z.string().nullable(),
  /** Salary: `hours`, `seats` or `none`; cost: its category. */
  basis: z.string().nullable(),
  /** Salary: the hours or allocation % that made the share, of `weightTotal`; invoice line: quantity and unit price. */
  weight: z.string().nullable(),
  weightTotal: z.string().nullable(),
  line: z.number().nullable(),
  amount: z.string(),
});
export type PnlFact = z.infer<typeof pnlFactSchema>;

export const pnlDrillSchema = z.object({
  baseCurrency: z.string(),
  measure: z.enum(PNL_DRILL_MEASURES),
  /** The sum of every row (not only this page's): equal to the cell. */
  total: z.string(),
  count: z.number().int(),
  offset: z.number().int(),
  rows: z.array(pnlFactSchema),
});
export type PnlDrill = z.infer<typeof pnlDrillSchema>;
