import { z } from 'zod';
import { currency, optionalText, requiredText, rowShape, uuidRef } from '../../fields.js';
import { MONTH_PATTERN } from '../../months.js';
import { decimalText } from '../../money.js';

export const PROJECT_BONUS_STATUS_VALUES = ['unpaid', 'paid'] as const;

/**
 * A bonus for work on a project: who gets it, how much, why, and the month it is paid with. Its
 * status moves only through mark-paid and mark-unpaid (both idempotent, refused in a closed month).
 */
export const projectBonusSchema = z.object({
  ...rowShape,
  reason: z.string(),
  projectId: z.uuid(),
  beneficiaryId: z.uuid(),
  amount: z.string(),
  currency: currency,
  month: z.string(),
  status: z.enum(PROJECT_BONUS_STATUS_VALUES),
  paidAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type ProjectBonus = z.infer<typeof projectBonusSchema>;

const fields = {
  reason: requiredText(200),
  projectId: uuidRef,
  beneficiaryId: uuidRef,
  amount: decimalText({ whole: 12, scale: 2, positive: true }),
  currency: currency,
  month: z.string().regex(MONTH_PATTERN, { message: 'month' }),
  note: optionalText(2000),
};
export const projectBonusCreateSchema = z.strictObject({ ...fields, currency: fields.currency.default('USD') });
export const projectBonusUpdateSchema = z.strictObject(fields).partial();

/** `GET /kpi-bonus/project-bonus/summary`: per beneficiary and currency, what is owed and what was paid. */
export const projectBonusSummarySchema = z.object({
  data: z.array(
    z.object({
      beneficiary: z.object({ id: z.uuid(), name: z.string() }),
      currency: z.string(),
      count: z.number().int(),
      unpaid: z.string(),
      paid: z.string(),
    }),
  ),
});
