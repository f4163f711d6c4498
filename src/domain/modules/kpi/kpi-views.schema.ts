import { z } from 'zod';
import { STATEMENT_STATE_VALUES, statementInputSchema, statementLineSchema } from '../../statements.js';
import { kpiSchema } from './kpi.schema.js';

// What the KPI pages read: a person's quarter, their year, and the team's dashboard.

const evaluationRef = z.object({ id: z.uuid(), state: z.enum(STATEMENT_STATE_VALUES), total: z.string() }).nullable();

export const kpiQuarterSchema = z.object({
  period: z.string(),
  year: z.number(),
  quarter: z.number(),
  /** The targets' record; null when the quarter has none. */
  kpiId: z.uuid().nullable(),
  metrics: z.array(
    // A metric as its targets hold it; `actual` is today's (computed, or entered for a custom metric), null when left out or not entered.
    kpiSchema.shape.metrics.element.extend({ line: statementLineSchema }),
  ),
  /** Today's statement of the quarter (what an evaluation created now would say). */
  statement: z
    .object({ lines: z.array(statementLineSchema), inputs: z.array(statementInputSchema), total: z.string(), missing: z.array(z.string()) })
    .nullable(),
  evaluation: evaluationRef,
});
export type KpiQuarter = z.infer<typeof kpiQuarterSchema>;

export const kpiProgressSchema = z.object({
  user: z.object({ id: z.uuid(), name: z.string() }),
  year: z.number(),
  quarters: z.array(kpiQuarterSchema),
});
export type KpiProgress = z.infer<typeof kpiProgressSchema>;

export const kpiDashboardSchema = z.object({
  year: z.number(),
  rows: z.array(
    z.object({
      user: z.object({ id: z.uuid(), name: z.string() }),
      quarters: z.array(
        z.object({
          period: z.string(),
          /** Per cent; null without targets or while a figure is missing. */
          achievement: z.string().nullable(),
          /** Where the figure comes from: a frozen evaluation, today's data, or nothing (no targets). */
          source: z.enum(['evaluation', 'live', 'none']),
          evaluation: evaluationRef,
        }),
      ),
    }),
  ),
});
export type KpiDashboard = z.infer<typeof kpiDashboardSchema>;

/** `kpi-bonus/warning-levels/:id` and `salary-reduction-risk/:id`: quarters in a row below the threshold, from approved evaluations. */
export const kpiWarningSchema = z.object({
  userId: z.uuid(),
  threshold: z.string(),
  level: z.number().int().min(0).max(3),
  /** The quarters behind the level, latest first, each with its approved achievement. */
  quarters: z.array(z.object({ period: z.string(), achievement: z.string(), evaluationId: z.uuid() })),
  /** Points the latest quarter lacked to reach the threshold. */
  gap: z.string(),
  salaryReductionRisk: z.boolean(),
  /** Why there is a risk, in English for API readers (the client writes it from the quarters). */
  reason: z.string().nullable(),
});
export type KpiWarning = z.infer<typeof kpiWarningSchema>;

/** `kpi-bonus/dashboard/:id`: a person's evaluations, newest first, and their warning level. */
export const kpiPersonDashboardSchema = z.object({
  user: z.object({ id: z.uuid(), name: z.string() }),
  evaluations: z.array(z.object({ id: z.uuid(), period: z.string(), state: z.enum(STATEMENT_STATE_VALUES), total: z.string() })),
  warning: kpiWarningSchema,
});
