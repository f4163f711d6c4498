import { compare, dec, formatDecimal, formatMoney, invoiceTotals, subtract, toBaseCurrency } from '../../money.js';
import type { InvoiceKind, InvoiceLine, InvoiceStatus } from './invoices.schema.js';

/**
 * Invoice numbers: `<prefix>-<year>-<sequence>`, the sequence zero-padded to `digits` (it grows past
 * them rather than wrap). One series per kind and calendar year of the issue date (credit notes
 * have their own, gapless too); written once, here.
 */
export const INVOICE_NUMBER = { prefix: { invoice: 'INV', credit_note: 'CN' }, digits: 4 } as const;

/** The series an invoice (or credit note) issued on `issueDate` draws its number from: `INV-2026`, `CN-2026`. */
export function invoiceSeries(issueDate: string, kind: InvoiceKind = 'invoice'): string {
  return `${INVOICE_NUMBER.prefix[kind]}-${issueDate.slice(0, 4)}`;
}

export function formatInvoiceNumber(series: string, sequence: number): string {
  return `${series}-${String(sequence).padStart(INVOICE_NUMBER.digits, '0')}`;
}

/** Payment terms when a customer has none recorded (customers default to 30 days too). */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

/** The due date: the issue date plus the payment terms, in calendar days. */
export function dueDateFor(issueDate: string, termsDays: number | null | undefined): string {
  const days = termsDays ?? DEFAULT_PAYMENT_TERMS_DAYS;
  return new Date(Date.parse(`${issueDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The custom actions of an invoice and the states each starts from and leads to (its declaration's `states`). */
export const INVOICE_TRANSITIONS = {
  send: { from: ['draft'], to: 'sent' },
  backToDraft: { from: ['sent'], to: 'draft' },
  markPaid: { from: ['sent'], to: 'paid' },
  cancel: { from: ['draft', 'sent'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly InvoiceStatus[]; to: InvoiceStatus }>;
export type InvoiceAction = keyof typeof INVOICE_TRANSITIONS;

/**
 * What a write may change in each state. A draft is free; a sent invoice is with the customer, so
 * only its due date (an agreed extension) and the internal note move — anything else goes back to
 * draft first (it keeps its number) and is sent again. Paid and cancelled invoices are closed.
 */
export const EDITABLE_FIELDS: Record<InvoiceStatus, 'all' | readonly string[]> = {
  draft: 'all',
  sent: ['dueDate', 'note'],
  paid: [],
  cancelled: [],
};

/** The fields of `changes` the state does not allow, or none. */
export function lockedFields(status: InvoiceStatus, changes: readonly string[]): string[] {
  const editable = EDITABLE_FIELDS[status];
  return editable === 'all' ? [] : changes.filter((f) => !editable.includes(f));
}

/** Sent, unpaid, and its due date passed (`today` as YYYY-MM-DD); a credit note is never due. */
export function isOverdue(invoice: { status: InvoiceStatus; dueDate: string; kind?: InvoiceKind }, today: string): boolean {
  return invoice.kind !== 'credit_note' && invoice.status === 'sent' && invoice.dueDate < today;
}

/** What a credit note copies from its invoice and never changes: it gives back in the invoice's own terms. */
export const CREDIT_NOTE_FIXED_FIELDS = ['customerId', 'projectId', 'currency', 'exchangeRate', 'taxRate'] as const;

/** The invoices a credit note may be written against: sent to the customer, paid or not. */
export const CREDITABLE_STATUSES: readonly InvoiceStatus[] = ['sent', 'paid'];

/** A decimal as typed, without its redundant zeros ("007.50" → "7.5"): how quantities and rates are kept. */
/**
 * An invoice's total less what its issued credit notes gave back: what is left to credit, and what
 * the customer still owes of it.
 */
export const netOfCredits = (invoice: { total: string; credited: string; currency: string }) =>
  formatMoney(subtract(invoice.total, invoice.credited), invoice.currency);

export function normalizeDecimal(value: string): string {
  const text = formatDecimal(dec(value));
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** A decimal text with the other sign, digits untouched ("12.50" → "-12.50"; zero stays zero). */
export const negate = (v: string) => (v.startsWith('-') ? v.slice(1) : compare(v, '0') === 0 ? v : `-${v}`);

export interface ComputedInvoice {
  lines: InvoiceLine[];
  subtotal: string;
  tax: string;
  total: string;
  totalBase: string;
}

/** Every computed figure of an invoice, from its lines, tax rate, currency and rate to the base currency. */
export function computeInvoice(
  input: {
    lines: ReadonlyArray<Pick<InvoiceLine, 'description' | 'unit' | 'quantity' | 'unitPrice'> & { headcountId?: string | null }>;
    taxRate: string;
    currency: string;
    exchangeRate: string;
  },
  baseCurrency: string,
  kind: InvoiceKind = 'invoice',
): ComputedInvoice {
  const totals = invoiceTotals(input.lines, input.taxRate, input.currency);
  // A credit note's lines are typed as the invoice's are (10 hours at 50.00) and count negative:
  // every sum of revenue and of what is owed then takes it as it stands.
  const signed = (v: string) => (kind === 'credit_note' ? negate(v) : v);
  return {
    lines: input.lines.map((l, i) => ({
      description: l.description,
      headcountId: l.headcountId ?? null,
      quantity: normalizeDecimal(l.quantity),
      unit: l.unit,
      unitPrice: normalizeDecimal(l.unitPrice),
      amount: signed(totals.amounts[i]!),
    })),
    subtotal: signed(totals.subtotal),
    tax: signed(totals.tax),
    total: signed(totals.total),
    totalBase: signed(toBaseCurrency(totals.total, input.exchangeRate, baseCurrency)),
  };
}
