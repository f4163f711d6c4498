import { PRIVILEGED_ROLES } from '../../auth/permissions.js';
import { defineResource, standardAccess } from '../../resource.js';
import { CURRENCIES } from '../../fields.js';
import { EDITABLE_FIELDS, INVOICE_TRANSITIONS } from './invoices.rules.js';
import { compare } from '../../money.js';
import {
  INVOICE_KIND_VALUES,
  INVOICE_STATUS_VALUES,
  invoiceCancelSchema,
  invoiceCreateSchema,
  invoiceMarkPaidSchema,
  invoiceSchema,
  invoiceUpdateSchema,
} from './invoices.schema.js';

const WRITERS = [...PRIVILEGED_ROLES, 'sale'] as const;
/** No issued credit note gives any of it back (a credit note's own `credited` is always 0). */
const notCredited = (row: Readonly<Record<string, unknown>>) => compare(String(row.credited ?? '0'), '0') === 0;

/**
 * Invoices to customers (decision 013). Sales keep their own customers' invoices (read and write:
 * the invoice's `saleId` is its customer's owner); managers read all; the leads and admin keep all.
 * Recording a payment is the leads' and admin's (a sale's commission follows paid invoices);
 * archiving is for un-numbered drafts only, by the leads and admin.
 */
export const invoicesResource = defineResource({
  name: 'invoices',
  label: 'Invoice',
  base: '/api/v1',
  path: 'invoice',
  route: '/invoices',
  section: 'invoice',
  access: standardAccess('invoice', {
    create: [...WRITERS],
    edit: [...WRITERS],
    send: [...WRITERS],
    backToDraft: [...WRITERS],
    cancel: [...WRITERS],
    markPaid: [...PRIVILEGED_ROLES],
  }),
  owner: { field: 'saleId', roles: ['sale'], applies: 'all' },
  // The rate, the tax rate and the total in the base currency are the invoice's own page's (beside its lines).
  schemas: { entity: invoiceSchema, create: invoiceCreateSchema, update: invoiceUpdateSchema },
  fields: {
    number: { type: 'string', sort: true, filter: 'search', list: true, readOnly: true, form: false },
    subject: { type: 'string', sort: true, filter: 'search', list: true },
    // Filtered, not listed: a credit note's row already reads as one (its CN- number, its negative
    // total), and a column saying "Invoice" on nearly every row would push the total out of view.
    kind: {
      type: 'enum',
      values: INVOICE_KIND_VALUES,
      sort: true,
      filter: 'eq',
      readOnly: true,
      form: false,
      colors: { invoice: 'default', credit_note: 'secondary' },
    },
    creditOf: { type: 'ref', ref: { resource: 'invoices', label: 'subject' }, filter: 'eq', readOnly: true, form: false },
    customerId: { type: 'ref', ref: { resource: 'customers', label: 'name' }, filter: 'eq', list: true },
    // A range: the analytic view's revenue by customer lists a window of billing months (`period_gte`, `period_lte`).
    period: { type: 'string', display: 'month', sort: true, filter: 'range', list: true },
    issueDate: { type: 'date', sort: true, filter: 'range', list: true },
    dueDate: { type: 'date', sort: true, filter: 'range', list: true },
    total: { type: 'money', currencyField: 'currency', sort: true, filter: 'range', list: true, readOnly: true, form: false },
    credited: { type: 'money', currencyField: 'currency', readOnly: true, form: false },
    status: {
      type: 'enum',
      values: INVOICE_STATUS_VALUES,
      sort: true,
      filter: 'eq',
      list: true,
      readOnly: true,
      form: false,
      colors: { draft: 'default', sent: 'info', paid: 'success', cancelled: 'warning' },
    },
    // Derived when read (sent, unpaid, past due as of today): filtered, never stored nor sorted.
    overdue: { type: 'boolean', filter: 'eq', list: true, readOnly: true, form: false },
    projectId: { type: 'ref', ref: { resource: 'projects', label: 'name' }, filter: 'eq' },
    saleId: { type: 'ref', ref: { resource: 'users', label: 'fullName' }, filter: 'eq', readOnly: true, form: false },
    currency: { type: 'enum', values: CURRENCIES, sort: true, filter: 'eq' },
    paidAt: { type: 'date', sort: true, filter: 'range', readOnly: true, form: false },
    note: { type: 'text' },
    createdAt: { type: 'datetime', sort: true, filter: 'range', readOnly: true, form: false },
  },
  defaultSort: { field: 'issueDate', order: 'desc' },
  recordTitle: 'subject',
  // Found by its number too: the number ranks as the subject does.
  globalSearch: { subtitle: ['number', 'customerId'] },
  // On a phone: the subject (a draft has no number yet), its status and overdue flag, then these.
  card: { figures: ['number', 'customerId', 'period', 'total', 'dueDate'] },
  softDelete: true,
  // The signed copy or the customer's purchase order: attached by whoever edits the invoice, at any status.
  files: { file: { field: 'file', label: 'Signed copy or purchase order', types: ['pdf', 'png', 'jpeg'] } },
  // An invoice belongs to its billing period: a closed month's invoices are read-only (decision 017).
  closesWithMonth: { field: 'period' },
  // Each sent with the version on screen: an action on a changed invoice is refused (412), not applied blind.
  // A cancelled or paid invoice changes nothing (422 invoice_not_editable); a numbered one is
  // cancelled, never archived (422 invoice_numbered).
  rowRights: {
    edit: (row) => {
      const editable = EDITABLE_FIELDS[row.status as keyof typeof EDITABLE_FIELDS];
      return editable === 'all' || (!!editable && editable.length > 0);
    },
    delete: (row) => !row.number,
  },
  states: {
    field: 'status',
    refusal: 'invoice_status',
    actions: {
      send: {
        segment: 'send',
        ...INVOICE_TRANSITIONS.send,
        summary: 'Send a draft: the first send gives it the next number of its year, a later one keeps it',
      },
      backToDraft: {
        segment: 'back-to-draft',
        ...INVOICE_TRANSITIONS.backToDraft,
        // A draft's lines move freely: the invoice could then ask less than its notes already gave back.
        only: {
          when: notCredited,
          refusal: 'invoice_credited',
          message: 'This invoice has issued credit notes: credit the rest instead of changing it',
        },
        summary: 'Take a sent invoice back to draft to correct it; it keeps its number',
      },
      markPaid: {
        segment: 'mark-paid',
        ...INVOICE_TRANSITIONS.markPaid,
        body: invoiceMarkPaidSchema,
        only: {
          when: (row) => row.kind !== 'credit_note',
          refusal: 'credit_note_not_payable',
          message: 'A credit note is not paid: it lowers what its invoice asks',
        },
        summary: 'Record the payment of a sent invoice: when, how much, and a note',
      },
      cancel: {
        segment: 'cancel',
        ...INVOICE_TRANSITIONS.cancel,
        body: invoiceCancelSchema.optional(),
        // Cancelling gives the whole invoice back: with part of it already credited, that part would be given back twice.
        only: {
          when: notCredited,
          refusal: 'invoice_credited',
          message: 'This invoice has issued credit notes: credit the rest instead of cancelling it',
        },
        summary: 'Cancel a draft or sent invoice or credit note; a numbered one keeps its number',
      },
    },
  },
});
