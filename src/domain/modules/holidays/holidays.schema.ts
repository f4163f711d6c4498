import { z } from 'zod';
import { isoDate, requiredText, rowShape } from '../../fields.js';

/** Holiday: what the API returns. */
export const holidaySchema = z.object({
  ...rowShape,
  name: z.string(),
  date: z.string(),
});
export type Holiday = z.infer<typeof holidaySchema>;

const fields = {
  name: requiredText(200),
  date: isoDate,
};
export const holidayCreateSchema = z.strictObject({ ...fields });
export const holidayUpdateSchema = z.strictObject(fields).partial();
