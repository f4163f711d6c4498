import { z } from 'zod';
import { DATE_MAX, DATE_MIN } from './constants.js';

// Field builders shared by every resource's schemas. Messages are issue codes (validation.ts),
// translated by the client; the same schema validates the form and the route.

/** Required single-line text, trimmed. */
export const requiredText = (max: number, min = 1) => z.string().trim().min(min, { message: 'required' }).max(max);

/** A short upper-case code of letters, digits, - and _ (ACME, VNG-01): customers' and projects' codes go on invoices. */
export const codeText = (max: number) =>
  requiredText(max)
    .transform((c) => c.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9_-]*$/, { message: 'code_chars' }));

/** Optional text: blank becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const isoDate = z.iso.date({ message: 'date' }).refine((d) => d >= DATE_MIN && d <= DATE_MAX, { message: 'date_range' });
export const optionalDate = isoDate.nullish().transform((v) => v ?? null);

export const uuidRef = z.uuid({ message: 'invalid_id' });
export const optionalRef = uuidRef.nullish().transform((v) => v ?? null);

/** ISO 4217 codes the firm deals in; the base currency is USD. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'VND', 'CNY', 'AED', 'SGD', 'JPY', 'AUD'] as const;
export const currency = z.enum(CURRENCIES);

/** Row columns every entity has. */
export const rowShape = {
  id: z.uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.uuid().nullable(),
};
