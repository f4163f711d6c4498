import { z } from 'zod';
import { intNumber, optionalText, orNull, requiredText, rowShape, uuidRef } from '../../fields.js';

/** One person's leave balance for one year: used, pending and remaining are computed by the server. */
export const leaveMatrixSchema = z.object({
  ...rowShape,
  userName: z.string(),
  userId: z.uuid(),
  year: z.number(),
  entitlement: z.number(),
  carried: z.number(),
  used: z.number(),
  pending: z.number(),
  remaining: z.number(),
});
export type LeaveMatrix = z.infer<typeof leaveMatrixSchema>;

/**
 * A row of `my-matrix`: a stored year's row, or this year's balance computed for someone who has
 * no row for it yet (id, createdAt, updatedAt and createdBy null): reading it stores nothing.
 */
export const myMatrixRowSchema = leaveMatrixSchema.extend({
  id: z.uuid().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  createdBy: z.uuid().nullable(),
});
export type MyMatrixRow = z.infer<typeof myMatrixRowSchema>;

// Days in half-day steps; a year's entitlement or carry-over never goes beyond a year of days.
const days = z.number().min(0).max(366).multipleOf(0.5);
const fields = {
  // The person's name as the row shows it; the server fills it from the user when left out.
  userName: requiredText(200),
  userId: uuidRef,
  year: intNumber.min(1900).max(2099),
  entitlement: days,
  carried: days,
};
/** Entitlement and carry-over default to the rules' values for the person and year. */
export const leaveMatrixCreateSchema = z.strictObject({
  ...fields,
  // Left blank (the form sends null), the server fills them.
  userName: optionalText(200),
  entitlement: orNull(days),
  carried: orNull(days),
});
export const leaveMatrixUpdateSchema = z.strictObject({ userName: fields.userName, entitlement: days, carried: days }).partial();

export const initializeSchema = z.strictObject({ year: intNumber.min(1900).max(2099) });
export const initializeResultSchema = z.object({ year: z.number(), created: z.number(), existing: z.number() });
