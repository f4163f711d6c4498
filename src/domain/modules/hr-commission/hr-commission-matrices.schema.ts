import { z } from 'zod';
import { optionalText, orNull, rowShape } from '../../fields.js';
import { MONTH_PATTERN } from '../../months.js';
import { DEFAULT_PROBATION_DAYS, MATRIX_BASIS_VALUES } from './hr-commission.rules.js';
import { decimalText } from '../../money.js';

/**
 * One version of the HR commission matrix: from its month on, a placement starting then earns its
 * recruiters a fixed amount per placed level, or a per cent of the seat's first month's billing; the
 * probation it waits for is the version's too. A later version never reaches back before its month.
 */
export const hrCommissionMatrixSchema = z.object({
  ...rowShape,
  effectiveMonth: z.string(),
  basis: z.enum(MATRIX_BASIS_VALUES),
  intern: z.string().nullable(),
  junior: z.string().nullable(),
  middle: z.string().nullable(),
  senior: z.string().nullable(),
  lead: z.string().nullable(),
  billingPercent: z.string().nullable(),
  probationDays: z.number().int(),
  note: z.string().nullable(),
});
export type HrCommissionMatrix = z.infer<typeof hrCommissionMatrixSchema>;

const amount = orNull(decimalText({ whole: 12, scale: 2 }));
const fields = {
  effectiveMonth: z.string().trim().regex(MONTH_PATTERN, { message: 'month' }),
  basis: z.enum(MATRIX_BASIS_VALUES),
  intern: amount,
  junior: amount,
  middle: amount,
  senior: amount,
  lead: amount,
  billingPercent: orNull(decimalText({ whole: 3, scale: 2 })),
  probationDays: z.int(),
  note: optionalText(2000),
};
export const hrCommissionMatrixCreateSchema = z.strictObject({
  ...fields,
  probationDays: fields.probationDays.default(DEFAULT_PROBATION_DAYS),
});
export const hrCommissionMatrixUpdateSchema = z.strictObject(fields).partial();
