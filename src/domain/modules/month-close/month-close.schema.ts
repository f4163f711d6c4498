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

/** What is still unfinished in a month, as the close's checklist counts it (decision 021). */
export const MONTH_CHECKS = [
  'draftInvoices',
  'salariesNotApproved',
  'salariesNotPaid',
  'logworkMissing',
  'costsWithoutVendorInvoice',
] as const;
export type MonthCheck = (typeof MONTH_CHECKS)[number];
export type MonthCounts = Record<MonthCheck, number>;

const count = z.int().min(0).max(1_000_000_000);

/** The checklist of a month before its close: each item's count, and whether it refuses the close. */
export const monthChecklistSchema = z.object({
  month: z.string(),
  closed: z.boolean(),
  items: z.array(z.object({ key: z.enum(MONTH_CHECKS), count, blocking: z.boolean() })),
});
export type MonthChecklist = z.infer<typeof monthChecklistSchema>;

/**
 * Closing: an optional note, and the open items the caller saw and accepts, by their counts
 * (`confirm: { salariesNotPaid: 3 }`): a close with open items it did not name is refused.
 */
export const monthCloseBodySchema = z.preprocess(
  (v) => v ?? {},
  z.strictObject({
    note: optionalText(1000),
    confirm: z
      .strictObject({
        draftInvoices: count.optional(),
        salariesNotApproved: count.optional(),
        salariesNotPaid: count.optional(),
        logworkMissing: count.optional(),
        costsWithoutVendorInvoice: count.optional(),
      })
      .optional(),
  }),
);
/** Reopening: a reason, always (it is audited). */
export const monthReopenBodySchema = z.strictObject({ note: requiredText(1000) });
