import { z } from 'zod';
import { codeText, currency, optionalRef, optionalText, requiredText, rowShape } from '../../fields.js';
import { emailSchema } from '../auth/auth.schema.js';

export const CUSTOMER_STATUSES = ['active', 'inactive'] as const;

export const customerSchema = z.object({
  ...rowShape,
  name: z.string(),
  code: z.string(),
  country: z.string().nullable(),
  currency: currency,
  billingContact: z.string().nullable(),
  billingEmail: z.string().nullable(),
  address: z.string().nullable(),
  taxId: z.string().nullable(),
  paymentTermsDays: z.number().int(),
  status: z.enum(CUSTOMER_STATUSES),
  ownerSaleId: z.uuid().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

const fields = {
  name: requiredText(160, 2),
  // Short, upper-case, used on invoices: ACME, VNG-01.
  code: codeText(20),
  country: optionalText(80),
  currency: currency,
  billingContact: optionalText(120),
  billingEmail: emailSchema.nullish().transform((v) => v ?? null),
  address: optionalText(500),
  taxId: optionalText(40),
  paymentTermsDays: z.number().int().min(0).max(365),
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
