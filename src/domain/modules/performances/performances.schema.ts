import { z } from 'zod';
import { optionalText, rowShape, uuidRef } from '../../fields.js';
import { monthText } from '../invoices/invoices.schema.js';
import { decimalText } from '../../money.js';

/** A person's performance score for a month (0–100), as their lead rated it. */
export const performanceSchema = z.object({
  ...rowShape,
  month: z.string(),
  userId: z.uuid(),
  score: z.string(),
  note: z.string().nullable(),
});
export type Performance = z.infer<typeof performanceSchema>;

const fields = {
  month: monthText,
  userId: uuidRef,
  score: decimalText({ whole: 3, scale: 2, max: '100' }),
  note: optionalText(2000),
};
export const performanceCreateSchema = z.strictObject(fields);
export const performanceUpdateSchema = z.strictObject(fields).partial();
