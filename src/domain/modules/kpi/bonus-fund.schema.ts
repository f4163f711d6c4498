import { z } from 'zod';
import { uuidRef } from '../../fields.js';
import { statementInputSchema, statementLineSchema } from '../../statements.js';
import { quarterText } from './kpi-evaluations.resource.js';

export const bonusFundShareSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  evaluationId: z.uuid(),
  achievement: z.string(),
  amount: z.string(),
  paidAt: z.string().nullable(),
});
export type BonusFundShare = z.infer<typeof bonusFundShareSchema>;

/**
 * A quarter's bonus fund: the quarter's profit (the P&L's), the rule's per cent of it as the pool,
 * split among the people whose approved evaluation reaches the threshold in proportion to their
 * achievement — to the cent, summing to the pool. Until allocated it is a preview of today's data;
 * once allocated it is stored and never recomputed (`profitNow` shows what the P&L says today).
 */
export const bonusFundSchema = z.object({
  period: z.string(),
  allocated: z.boolean(),
  allocatedAt: z.string().nullable(),
  currency: z.string(),
  profit: z.string().nullable(),
  profitNow: z.string().nullable(),
  percent: z.string().nullable(),
  threshold: z.string().nullable(),
  pool: z.string(),
  scale: z.object({ id: z.uuid(), effectiveFrom: z.string() }).nullable(),
  /** What keeps the fund from being allocated: 'bonus scale', 'profit' (the caller may not read it). */
  missing: z.array(z.string()),
  inputs: z.array(statementInputSchema),
  lines: z.array(statementLineSchema),
  shares: z.array(bonusFundShareSchema),
});
export type BonusFund = z.infer<typeof bonusFundSchema>;

export const bonusFundQuerySchema = z.object({ period: quarterText });
export const bonusFundPaySchema = z.strictObject({ period: quarterText, userId: uuidRef });
export const bonusFundAllocateSchema = z.strictObject({ period: quarterText });
