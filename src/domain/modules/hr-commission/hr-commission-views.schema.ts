import { z } from 'zod';
import { uuidRef } from '../../fields.js';
import { MONTH_PATTERN } from '../../months.js';
import { STATEMENT_STATE_VALUES } from '../../statements.js';
import { PLACEMENT_STATES } from './hr-commission.rules.js';
import { monthPeriod } from './hr-commissions.resource.js';

/** The HR commission routes besides the statements' own: calculate, placements and their splits, dashboard, trend, my-commission. */

const person = z.object({ id: z.uuid(), name: z.string() });
const amountOrNull = z.string().nullable();

export const calculateBodySchema = z.strictObject({ period: monthPeriod });
export const calculateResultSchema = z.object({
  period: z.string(),
  data: z.array(
    z.object({
      id: z.uuid(),
      userId: z.uuid(),
      state: z.enum(STATEMENT_STATE_VALUES),
      total: z.string(),
      result: z.enum(['created', 'updated', 'frozen']),
    }),
  ),
});

/** A recruiter's part of a placement; `amount` is null while the placement lacks a figure. */
export const shareSchema = z.object({ user: person, percent: z.string().nullable(), effectivePercent: z.string(), amount: amountOrNull });

export const placementSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  probationEnd: z.string(),
  earnedOn: z.string().nullable(),
  state: z.enum(PLACEMENT_STATES),
  level: z.string().nullable(),
  matrix: z.string().nullable(),
  amount: amountOrNull,
  formula: z.string(),
  missing: z.string().nullable(),
  /** true when the split was set by a lead (false: the recruiter of record, 100 %). */
  splitSet: z.boolean(),
  shares: z.array(shareSchema),
});
export type Placement = z.infer<typeof placementSchema>;

export const placementsQuerySchema = z.object({
  state: z.enum(PLACEMENT_STATES).optional(),
  userId: uuidRef.optional(),
});

const percentText = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: 'decimal' });
export const splitBodySchema = z.strictObject({
  shares: z.array(z.strictObject({ userId: uuidRef, percent: percentText.nullable().default(null) })).max(10),
});
export type SplitBody = z.infer<typeof splitBodySchema>;

const tally = z.object({ count: z.number().int(), amount: z.string() });
export const dashboardQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2999).optional() });
export const dashboardSchema = z.object({
  year: z.number().int(),
  currency: z.string(),
  data: z.array(
    z.object({
      user: person,
      pending: tally,
      earned: tally,
      clawedBack: tally,
      approved: z.string(),
      paid: z.string(),
    }),
  ),
});
export type HrCommissionDashboard = z.infer<typeof dashboardSchema>;

export const trendQuerySchema = z.object({
  to: z.string().regex(MONTH_PATTERN, { message: 'month' }).optional(),
  userId: uuidRef.optional(),
});
export const trendSchema = z.object({
  currency: z.string(),
  data: z.array(z.object({ month: z.string(), earned: z.string(), paid: z.string(), clawedBack: z.string() })),
});
export type HrCommissionTrend = z.infer<typeof trendSchema>;

export const myCommissionSchema = z.object({
  currency: z.string(),
  pending: tally,
  earned: tally,
  clawedBack: tally,
  placements: z.array(placementSchema),
  statements: z.array(z.object({ id: z.uuid(), period: z.string(), state: z.enum(STATEMENT_STATE_VALUES), total: z.string() })),
});
export type MyCommission = z.infer<typeof myCommissionSchema>;
