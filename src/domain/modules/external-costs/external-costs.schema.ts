import { z } from 'zod';
import { currency, isoDate, manyFileRefSchema, optionalRef, optionalText, requiredText, rowShape } from '../../fields.js';
import { exchangeRateText } from '../invoices/invoices.schema.js';
import { decimalText } from '../../money.js';

export const EXTERNAL_COST_CATEGORY_VALUES = ['office', 'software', 'equipment', 'recruitment', 'marketing', 'other'] as const;
export type ExternalCostCategory = (typeof EXTERNAL_COST_CATEGORY_VALUES)[number];

/** An amount in the cost's currency, to its cents (the server checks the currency's own digits). */
export const costAmountText = decimalText({ whole: 13, scale: 2, positive: true });

/** An external cost as the API returns it: amounts are decimal strings at the currency's minor units. */
export const externalCostSchema = z.object({
  ...rowShape,
  description: z.string(),
  date: z.string(),
  category: z.enum(EXTERNAL_COST_CATEGORY_VALUES),
  vendor: z.string(),
  /** The vendor's own number on their invoice (a second cost with the same vendor and number is warned about). */
  vendorInvoiceNumber: z.string().nullable(),
  amount: z.string(),
  currency: currency,
  /** Units of the base currency one unit of the cost's currency buys. */
  exchangeRate: z.string(),
  /** The amount in the firm's base currency at the cost's rate (computed by the server). */
  amountBase: z.string(),
  /** A direct cost of this customer (else the firm's overhead). */
  customerId: z.uuid().nullable(),
  /** A direct cost of this project, one of the customer's. */
  projectId: z.uuid().nullable(),
  note: z.string().nullable(),
  /** The vendor's invoices (the declared file slot `upload-invoices`, several files). */
  invoices: z.array(manyFileRefSchema),
  /** Whether a vendor invoice is attached (derived from `invoices`): the month close counts the costs without one. */
  vendorInvoiced: z.boolean(),
});
export type ExternalCost = z.infer<typeof externalCostSchema>;

/** Optional, and a blank form input (`''`, null) means not given: the server then decides (base currency, rate 1). */
const blankAsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const fields = {
  description: requiredText(200),
  date: isoDate,
  category: z.enum(EXTERNAL_COST_CATEGORY_VALUES),
  vendor: requiredText(200),
  vendorInvoiceNumber: optionalText(100),
  amount: costAmountText,
  /** Absent: the firm's base currency. */
  currency: blankAsAbsent(currency),
  /** Absent: 1 when the currency is the base currency (required otherwise). */
  exchangeRate: blankAsAbsent(exchangeRateText),
  customerId: optionalRef,
  projectId: optionalRef,
  note: optionalText(5000),
};
/** A project names its customer: a project without one is refused by field. */
const projectNeedsCustomer = (v: { customerId?: string | null; projectId?: string | null }) => !v.projectId || !!v.customerId;
const projectIssue = { message: 'project_needs_customer', path: ['customerId'] };

// A new cost starts as "other" until its category is chosen.
export const externalCostCreateSchema = z
  .strictObject({ ...fields, category: fields.category.default('other') })
  .refine(projectNeedsCustomer, projectIssue);
export const externalCostUpdateSchema = z.strictObject(fields).partial();

/** `vendor-invoices`: other costs of the same vendor with the same invoice number. */
export const vendorInvoiceQuerySchema = z.strictObject({
  vendor: requiredText(200),
  vendorInvoiceNumber: requiredText(100),
  /** The cost being edited, left out. */
  exceptId: z.uuid({ message: 'invalid_id' }).optional(),
});
export const vendorInvoiceMatchesSchema = z.object({
  data: z.array(z.object({ id: z.uuid(), description: z.string(), date: z.string(), amount: z.string(), currency: z.string() })),
});
