import { z } from 'zod';
import { statementInputSchema, statementLineSchema } from '../../statements.js';
import { monthText } from '../invoices/invoices.schema.js';
import { commissionSchema } from './commissions.resource.js';

// What the commission pages read besides the kit's list and detail: the calculation and the dashboard.

/** `POST calculate/:userId`: `store: false` previews the month; `true` stores it as a draft (or recalculates the draft). */
export const commissionCalculateBodySchema = z.strictObject({ period: monthText, store: z.boolean().default(false) });

export const commissionCalculationSchema = z.object({
  /** The stored statement of the month (after storing it, or as it stands when previewing). */
  statement: commissionSchema.nullable(),
  ruleVersion: z.string(),
  inputs: z.array(statementInputSchema),
  lines: z.array(statementLineSchema),
  missing: z.array(z.string()),
  total: z.string(),
  payable: z.string(),
  unit: z.string(),
});
export type CommissionCalculation = z.infer<typeof commissionCalculationSchema>;

export const commissionDashboardQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  userId: z.uuid({ message: 'invalid_id' }).optional(),
});

/** One sale's month: what its statement earned, what is approved (not yet paid), paid, and clawed back. */
export const commissionDashboardRowSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  month: z.string(),
  statementId: z.uuid(),
  state: z.string(),
  earned: z.string(),
  approved: z.string(),
  paid: z.string(),
  clawedBack: z.string(),
});
export type CommissionDashboardRow = z.infer<typeof commissionDashboardRowSchema>;

export const commissionDashboardSchema = z.object({
  year: z.number().int(),
  currency: z.string(),
  rows: z.array(commissionDashboardRowSchema),
  /** The year's months, each summed over the rows. */
  months: z.array(z.object({ month: z.string(), earned: z.string(), approved: z.string(), paid: z.string(), clawedBack: z.string() })),
});
export type CommissionDashboard = z.infer<typeof commissionDashboardSchema>;
