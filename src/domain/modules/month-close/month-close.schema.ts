import { z } from 'zod';
import { optionalText, requiredText } from '../../fields.js';
import { MONTH_PATTERN } from '../../months.js';

export const monthCloseParamSchema = z.object({ month: z.string().regex(MONTH_PATTERN, { message: 'month' }) });

/** A closed month as the API returns it. */
export const monthCloseSchema = z.object({
  month: z.string(),
  closedBy: z.uuid().nullable(),
  closedByName: z.string().nullable(),
  closedAt: z.string(),
  note: z.string().nullable(),
});
export type MonthClose = z.infer<typeof monthCloseSchema>;
export const monthClosesSchema = z.object({ data: z.array(monthCloseSchema) });

/** Closing: an optional note. */
export const monthCloseBodySchema = z.preprocess((v) => v ?? {}, z.strictObject({ note: optionalText(1000) }));
/** Reopening: a reason, always (it is audited). */
export const monthReopenBodySchema = z.strictObject({ note: requiredText(1000) });
