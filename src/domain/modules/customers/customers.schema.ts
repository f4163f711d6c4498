import { z } from 'zod';
import { COUNTRY_CODES } from '../../countries.js';
import { codeText, currency, optionalCountry, optionalRef, optionalText, requiredText, rowShape } from '../../fields.js';
import { emailSchema } from '../auth/auth.schema.js';
import { DOCUMENT_LANGS } from '../../pdf.js';

export const CUSTOMER_STATUSES = ['active', 'inactive'] as const;

export const customerSchema = z.object({
  ...rowShape,
  name: z.string(),
  code: z.string(),
  country: z.enum(COUNTRY_CODES).nullable(),
  currency: currency,
  billingContact: z.string().nullable(),
  billingEmail: z.string().nullable(),
  address: z.string().nullable(),
  taxId: z.string().nullable(),
  paymentTermsDays: z.number().int(),
  language: z.enum(DOCUMENT_LANGS).nullable(),
  status: z.enum(CUSTOMER_STATUSES),
  ownerSaleId: z.uuid().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

const fields = {
  name: requiredText(160, 2),
  // Short, upper-case, used on invoices: ACME, VNG-01.
  code: codeText(20),
  // ISO 3166-1 alpha-2 ('VN'); the screens name it in the reader's language.
  country: optionalCountry,
  currency: currency,
  billingContact: optionalText(120),
  billingEmail: emailSchema.nullish().transform((v) => v ?? null),
  address: optionalText(500),
  taxId: optionalText(40),
  paymentTermsDays: z.number().int().min(0).max(365),
  // The invoice's language; empty: the firm's (its settings).
  language: z
    .enum(DOCUMENT_LANGS)
    .nullish()
    .transform((v) => v ?? null),
  status: z.enum(CUSTOMER_STATUSES),
  ownerSaleId: optionalRef,
};
export const customerCreateSchema = z.strictObject({
  ...fields,
  currency: fields.currency.default('USD'),
  paymentTermsDays: fields.paymentTermsDays.default(30),
  status: fields.status.default('active'),
});
export const customerUpdateSchema = z.strictObject(fields).partial();
