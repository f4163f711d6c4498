import { z } from 'zod';
import {
  currency,
  isoDate,
  optionalDate,
  optionalRef,
  optionalText,
  requiredText,
  rowShape,
  storedFileRefSchema,
  uuidRef,
} from '../../fields.js';
import { decimalText } from '../../money.js';
import { MONTH_PATTERN } from '../../months.js';

export const INVOICE_STATUS_VALUES = ['draft', 'sent', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUS_VALUES)[number];
/** An invoice asks a customer for money; a credit note gives part of a sent invoice back (its amounts count negative). */
export const INVOICE_KIND_VALUES = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KIND_VALUES)[number];
export const INVOICE_LINE_UNITS = ['hour', 'day', 'month', 'item'] as const;
/** Lines one invoice holds at most. */
export const MAX_INVOICE_LINES = 200;

/** A line's quantity: hours, days, months or items, to four decimals (a quarter hour). */
export const quantityText = decimalText({ whole: 9, scale: 4 });
/** A price per unit in the invoice's currency, to four decimals (rates per hour can carry more than cents). */
export const unitPriceText = decimalText({ whole: 12, scale: 4 });
/** Tax in per cent, 0 to 100, to two decimals (8.25 %). */
export const taxRateText = decimalText({ whole: 3, scale: 2, max: '100' });
/** Units of the base currency one unit of the invoice's currency buys, to ten decimals (VND → USD needs them). */
export const exchangeRateText = decimalText({ whole: 9, scale: 10, positive: true });
/** A paid amount in the invoice's currency, to its cents (the server checks the currency's own digits). */
export const paidAmountText = decimalText({ whole: 15, scale: 2, positive: true });
export const monthText = z.string().trim().regex(MONTH_PATTERN, { message: 'month' });

export const invoiceLineInputSchema = z.strictObject({
  description: requiredText(500),
  /** The seat (headcount) the line bills, one of the invoice's customer's. */
  headcountId: optionalRef,
  quantity: quantityText,
  unit: z.enum(INVOICE_LINE_UNITS).default('item'),
  unitPrice: unitPriceText,
  /** The server's (quantity × unit price): a line sent back whole may carry it; it is recomputed, never read. */
  amount: z.unknown().optional(),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  headcountId: z.uuid().nullable(),
  quantity: z.string(),
  unit: z.enum(INVOICE_LINE_UNITS),
  unitPrice: z.string(),
  /** quantity × unit price, rounded to the currency (computed by the server). */
  amount: z.string(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** An invoice as the API returns it: amounts are decimal strings at the currency's minor units. */
export const invoiceSchema = z.object({
  ...rowShape,
  /** Given when first sent (`INV-2026-0042`, a credit note `CN-2026-0007`); a draft has none. */
  number: z.string().nullable(),
  kind: z.enum(INVOICE_KIND_VALUES),
  /** A credit note's invoice: the one whose amount it lowers. */
  creditOf: z.uuid().nullable(),
  /** An invoice's amount given back by its issued credit notes, with tax, in its currency (positive); a credit note's is 0. */
  credited: z.string(),
  subject: z.string(),
  customerId: z.uuid(),
  projectId: z.uuid().nullable(),
  /** The sale who looks after the customer: the owner of the customer's account, kept by the server. */
  saleId: z.uuid().nullable(),
  /** The billed month, `YYYY-MM`. */
  period: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  currency: currency,
  exchangeRate: z.string(),
  taxRate: z.string(),
  lines: z.array(invoiceLineSchema),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  /** The total in the firm's base currency at the invoice's rate. */
  totalBase: z.string(),
  status: z.enum(INVOICE_STATUS_VALUES),
  /** Sent, unpaid and past its due date (as of today, UTC). */
  overdue: z.boolean(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  paidAmount: z.string().nullable(),
  paidNote: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelNote: z.string().nullable(),
  note: z.string().nullable(),
  /** The signed copy or the customer's purchase order (the declared file slot `file`). */
  file: storedFileRefSchema.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** Optional, and a blank form input (`''`, null) means not given: the server then decides (the customer's currency, rate 1). */
const blankAsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const fields = {
  subject: requiredText(200),
  customerId: uuidRef,
  projectId: optionalRef,
  period: monthText,
  issueDate: isoDate,
  /** Absent: the issue date plus the customer's payment terms. */
  dueDate: optionalDate,
  /** Absent: the customer's currency. */
  currency: blankAsAbsent(currency),
  /** Absent: 1 when the currency is the base currency (required otherwise). */
  exchangeRate: blankAsAbsent(exchangeRateText),
  taxRate: taxRateText,
  lines: z.array(invoiceLineInputSchema).max(MAX_INVOICE_LINES),
  note: optionalText(5000),
};
const dueAfterIssue = (i: { issueDate?: string | null; dueDate?: string | null }) => !i.issueDate || !i.dueDate || i.dueDate >= i.issueDate;
const dueIssue = { message: 'due_before_issue', path: ['dueDate'] };

export const invoiceCreateSchema = z
  .strictObject({ ...fields, taxRate: fields.taxRate.default('0'), lines: fields.lines.default([]) })
  .refine(dueAfterIssue, dueIssue);
export const invoiceUpdateSchema = z.strictObject(fields).partial().refine(dueAfterIssue, dueIssue);
export type InvoiceCreate = z.output<typeof invoiceCreateSchema>;

/** `mark-paid`: when the money came, how much, and a note (the bank reference). */
export const invoiceMarkPaidSchema = z.strictObject({
  paidAt: isoDate,
  amount: paidAmountText,
  note: optionalText(1000),
});
/**
 * `credit-note`: a draft credit note of a sent or paid invoice — the lines it gives back (by default
 * every line of the invoice), dated and booked in an open month (by default today and its month).
 */
export const invoiceCreditNoteSchema = z.strictObject({
  issueDate: optionalDate,
  period: monthText.optional(),
  lines: z.array(invoiceLineInputSchema).min(1).max(MAX_INVOICE_LINES).optional(),
  note: optionalText(5000),
});
export type InvoiceCreditNote = z.output<typeof invoiceCreditNoteSchema>;

/** `cancel`: why, for the record. */
export const invoiceCancelSchema = z.strictObject({ note: optionalText(1000) });

/** `draft-from-headcount`: the customer and month to bill from its seats; the rate when the seats' currency is not the base. */
export const invoiceDraftFromHeadcountSchema = z.strictObject({
  customerId: uuidRef,
  period: monthText,
  exchangeRate: blankAsAbsent(exchangeRateText),
});
export type InvoiceDraftFromHeadcount = z.output<typeof invoiceDraftFromHeadcountSchema>;
