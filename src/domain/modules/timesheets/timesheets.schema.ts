import { z } from 'zod';
import { currency, isoDate, rowShape, uuidRef } from '../../fields.js';
import { MONTH_PATTERN } from '../../months.js';

export const TIMESHEET_RATE_UNIT_VALUES = ['month', 'day', 'hour'] as const;

/** A logged entry: one person's hours on one project on one day, with the bill rate snapshotted when logged. */
export const timesheetSchema = z.object({
  ...rowShape,
  note: z.string(),
  projectId: z.uuid(),
  userId: z.uuid(),
  headcountId: z.uuid().nullable(),
  date: z.string(),
  hours: z.number(),
  billRate: z.number().nullable(),
  rateUnit: z.enum(TIMESHEET_RATE_UNIT_VALUES).nullable(),
  currency: currency.nullable(),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

/** A short note on the work; blank when none. */
export const noteText = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => v ?? '');

/** Hours as typed; the steps, the bounds and the day's total are the rules' (422 with their own codes). */
export const hoursNumber = z.number().min(-1000).max(1000);

// The headcount and its rate are the server's; the person defaults to the caller.
const fields = {
  note: noteText,
  projectId: uuidRef,
  userId: uuidRef.optional(),
  date: isoDate,
  hours: hoursNumber,
};
export const timesheetCreateSchema = z.strictObject(fields);
export const timesheetUpdateSchema = z.strictObject(fields).omit({ userId: true }).partial();

/** One cell of the week grid; hours 0 clears it. */
export const timesheetCellSchema = z.strictObject({
  projectId: uuidRef,
  date: isoDate,
  hours: hoursNumber,
  /** Absent: the stored note stays. */
  note: z.string().trim().max(500).nullish(),
});
export const MAX_CELLS = 200;
export const timesheetCellsSchema = z.strictObject({
  userId: uuidRef.optional(),
  cells: z.array(timesheetCellSchema).min(1).max(MAX_CELLS),
});
export type TimesheetCell = z.infer<typeof timesheetCellSchema>;
export const timesheetCellsResponseSchema = z.object({ data: z.array(timesheetSchema) });

export const monthParamSchema = z.object({ month: z.string().regex(MONTH_PATTERN, { message: 'month' }) });
export const timesheetLockSchema = z.object({ month: z.string(), lockedBy: z.uuid().nullable(), lockedAt: z.string() });
export type TimesheetLock = z.infer<typeof timesheetLockSchema>;
export const timesheetLocksSchema = z.object({ data: z.array(timesheetLockSchema) });

/** A stretch of one person's logwork: a week or a month (a little more for a calendar's edges). */
export const timesheetSheetQuerySchema = z
  .strictObject({ from: isoDate, to: isoDate, userId: uuidRef.optional() })
  .refine((q) => q.to >= q.from, { message: 'end_before_start', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 62 * 86_400_000, { message: 'range_too_long', path: ['to'] });
export const timesheetSheetProjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  customerName: z.string(),
  /** One of the person's active seats in the stretch (else a project they logged on). */
  seat: z.boolean(),
});
export type TimesheetSheetProject = z.infer<typeof timesheetSheetProjectSchema>;
export const timesheetSheetSchema = z.object({
  entries: z.array(timesheetSchema),
  projects: z.array(timesheetSheetProjectSchema),
  lockedMonths: z.array(z.string()),
});
export type TimesheetSheet = z.infer<typeof timesheetSheetSchema>;
