import { z } from 'zod';
import { optionalText, requiredText } from '../../fields.js';
import { DOCUMENT_LANGS } from '../../pdf.js';

/**
 * The firm's details as its documents print them: the invoice's letterhead (name, logo, address,
 * tax id) and what a customer pays to (payment details), and the language of the documents of a
 * customer who has none of their own. Only admin reads and edits them.
 */
export const firmSettingsSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  taxId: z.string().nullable(),
  paymentDetails: z.string().nullable(),
  language: z.enum(DOCUMENT_LANGS),
  hasLogo: z.boolean(),
  /** When an admin last saved them; null while the environment's defaults stand. */
  updatedAt: z.string().nullable(),
});
export type FirmSettings = z.infer<typeof firmSettingsSchema>;

export const firmSettingsUpdateSchema = z.strictObject({
  name: requiredText(120),
  address: optionalText(500),
  taxId: optionalText(40),
  // A bank's name, account and SWIFT, or any other way to pay: printed as written, line by line.
  paymentDetails: optionalText(1000),
  language: z.enum(DOCUMENT_LANGS),
});

/** The logo, as a PNG or JPEG file's bytes in base64 (at most 512 KiB); null removes it (the default stands). */
export const FIRM_LOGO_MAX_BYTES = 512 * 1024;
export const firmLogoUpdateSchema = z.strictObject({
  logo: z
    .string()
    .max(Math.ceil((FIRM_LOGO_MAX_BYTES * 4) / 3) + 4, { message: 'file_too_large' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'invalid' })
    .nullable(),
});
