import { z } from 'zod';
import { optionalText, rowShape } from '../../fields.js';
import { QUARTER_PERIOD } from '../kpi/kpi.schema.js';
import { scaleProblems } from '../kpi/kpi.rules.js';
import { decimalText } from '../../money.js';

export const MAX_SCALE_LEVELS = 10;

/**
 * The firm's bonus rules from a quarter on: the scale (achievement levels → % of the person's target
 * bonus, linear between levels) and the bonus fund (a % of the quarter's profit, shared among people
 * at or above the threshold). A version applies from `effectiveFrom` until the next one: a new
 * version never rewrites an earlier quarter.
 */
export const bonusScaleSchema = z.object({
  ...rowShape,
  effectiveFrom: z.string(),
  levels: z.array(z.object({ achievement: z.string(), percent: z.string() })),
  fundPercent: z.string(),
  fundThreshold: z.string(),
  note: z.string().nullable(),
});
export type BonusScale = z.infer<typeof bonusScaleSchema>;

const levelSchema = z.strictObject({
  achievement: decimalText({ whole: 3, scale: 2, max: '500' }),
  percent: decimalText({ whole: 3, scale: 2, max: '500' }),
});

const levels = z
  .array(levelSchema)
  .min(1)
  .max(MAX_SCALE_LEVELS)
  .superRefine((list, ctx) => {
    for (const problem of scaleProblems(list)) ctx.addIssue({ code: 'custom', message: problem });
  });

const fields = {
  effectiveFrom: z.string().trim().regex(QUARTER_PERIOD, { message: 'quarter_period' }),
  levels,
  fundPercent: decimalText({ whole: 3, scale: 2, max: '100' }),
  fundThreshold: decimalText({ whole: 3, scale: 2, max: '500' }),
  note: optionalText(2000),
};
export const bonusScaleCreateSchema = z.strictObject(fields);
export const bonusScaleUpdateSchema = z.strictObject(fields).partial();
