import { z } from 'zod';
import { optionalText, requiredText, rowShape, uuidRef } from '../../fields.js';
import { monthText } from '../invoices/invoices.schema.js';
import { COMMISSION_BASES, COMMISSION_MODES, MAX_COMMISSION_TIERS } from './commission-plans.rules.js';

export const COMMISSION_PLAN_BASIS_VALUES = COMMISSION_BASES;
export const COMMISSION_PLAN_MODE_VALUES = COMMISSION_MODES;

const tierShape = z.object({ from: z.string(), to: z.string().nullable(), rate: z.string() });

/**
 * A version of a sale's commission plan: from its effective month on (until the sale's next
 * version), the month's base — invoiced revenue, paid revenue by payment date, or gross margin —
 * earns commission by its tiers, marginal or flat. A version a frozen month used never changes.
 */
export const commissionPlanSchema = z.object({
  ...rowShape,
  name: z.string(),
  userId: z.uuid(),
  /** `YYYY-MM`: the first month this version applies to. */
  effectiveFrom: z.string(),
  basis: z.enum(COMMISSION_PLAN_BASIS_VALUES),
  mode: z.enum(COMMISSION_PLAN_MODE_VALUES),
  tiers: z.array(tierShape),
  note: z.string().nullable(),
});
export type CommissionPlan = z.infer<typeof commissionPlanSchema>;

/**
 * A figure typed as text, signed, to `scale` decimals: its shape is checked here (400), its rules —
 * no negative rate, tiers contiguous — by the plan's rules (422 naming the tier).
 */
const signedDecimal = (whole: number, scale: number) =>
  z
    .union([z.string(), z.number().refine(Number.isFinite).transform(String)])
    .transform((v) => v.trim())
    .refine((v) => v !== '', { message: 'required' })
    .refine((v) => v === '' || new RegExp(`^-?\\d{1,${whole}}(\\.\\d{1,${scale}})?$`).test(v), { message: 'decimal' });

export const commissionTierInputSchema = z.strictObject({
  from: signedDecimal(13, 2),
  /** Blank: open-ended (the last tier). */
  to: z.preprocess((v) => (v === '' || v === undefined ? null : v), signedDecimal(13, 2).nullable()),
  rate: signedDecimal(3, 4),
});

const fields = {
  name: requiredText(200),
  userId: uuidRef,
  effectiveFrom: monthText,
  basis: z.enum(COMMISSION_PLAN_BASIS_VALUES).default('invoiced'),
  mode: z.enum(COMMISSION_PLAN_MODE_VALUES).default('marginal'),
  tiers: z.array(commissionTierInputSchema).max(MAX_COMMISSION_TIERS),
  note: optionalText(5000),
};
export const commissionPlanCreateSchema = z.strictObject({ ...fields });
export const commissionPlanUpdateSchema = z
  .strictObject({ ...fields, basis: z.enum(COMMISSION_PLAN_BASIS_VALUES), mode: z.enum(COMMISSION_PLAN_MODE_VALUES) })
  .partial();
