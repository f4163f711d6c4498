import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StoredFileRef } from '../../../domain/fields.js';
import type { InvoiceLine } from '../../../domain/modules/invoices/invoices.schema.js';
import { rowColumns, timestamptz } from '../../db/columns.js';

// Amounts are NUMERIC read as strings: exact from the database to the API, never a float.
const amount = () => numeric({ precision: 18, scale: 2, mode: 'string' });

export const invoices = pgTable(
  'invoices',
  {
    ...rowColumns(),
    number: text(),
    kind: text().notNull().default('invoice'),
    /** A credit note's invoice. */
    creditOf: uuid(),
    /** An invoice's total given back by its issued credit notes (positive, with tax): moved when one is issued, taken back or cancelled. */
    credited: amount().notNull().default('0'),
    subject: text().notNull(),
    customerId: uuid().notNull(),
    projectId: uuid(),
    saleId: uuid(),
    period: text().notNull(),
    issueDate: date({ mode: 'string' }).notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    currency: text().notNull(),
    exchangeRate: numeric({ precision: 20, scale: 10, mode: 'string' }).notNull(),
    taxRate: numeric({ precision: 5, scale: 2, mode: 'string' }).notNull(),
    /** The lines as one value: written and versioned with the invoice (decision 013). */
    lines: jsonb().$type<InvoiceLine[]>().notNull(),
    subtotal: amount().notNull(),
    tax: amount().notNull(),
    total: amount().notNull(),
    totalBase: amount().notNull(),
    status: text().notNull().default('draft'),
    sentAt: timestamptz(),
    paidAt: date({ mode: 'string' }),
    paidAmount: amount(),
    paidNote: text(),
    cancelledAt: timestamptz(),
    cancelNote: text(),
    note: text(),
    file: jsonb().$type<StoredFileRef>(),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(subject || ' ' || coalesce(number, '') || ' ' || period))`),
  },
  (t) => [
    // A number is given once and never twice, archived or not.
    uniqueIndex('invoices_number_key')
      .on(t.number)
      .where(sql`number is not null`),
    index('invoices_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('invoices_issue_date_idx')
      .on(t.issueDate, t.id)
      .where(sql`archived_at is null`),
    index('invoices_customer_id_idx').on(t.customerId),
    index('invoices_project_id_idx').on(t.projectId),
    index('invoices_sale_id_idx').on(t.saleId),
    index('invoices_credit_of_idx')
      .on(t.creditOf)
      .where(sql`credit_of is not null`),
    // The open invoices by due date: what the overdue filter and ageing read.
    index('invoices_open_due_idx')
      .on(t.dueDate)
      .where(sql`status = 'sent' and archived_at is null`),
    // The analytic view's two reads, index-only: the billing months' invoices by customer and status,
    // and the open ones by customer and due date (decision 013, "Analytics").
    // Every column those reads touch is in the key (Drizzle writes no INCLUDE).
    index('invoices_analytics_period_idx')
      .on(t.period, t.status, t.customerId, t.totalBase, t.saleId)
      .where(sql`archived_at is null`),
    // A credit note is open too: what a customer owes is their balance, less the credit they hold.
    index('invoices_analytics_open_idx')
      .on(t.customerId, t.dueDate, t.totalBase, t.saleId, t.kind)
      .where(sql`status = 'sent' and archived_at is null`),
    // Which invoices bill a seat: `lines @> '[{"headcountId": …}]'`.
    index('invoices_lines_gin').using('gin', sql`${t.lines} jsonb_path_ops`),
  ],
);

/**
 * One row per number series (`INV-2026`): the last number given. The sending transaction locks it
 * (insert … on conflict do update … returning), so two sends queue and a rolled-back send gives
 * its number back — a sequence would not (decision 013).
 */
export const invoiceNumberSeries = pgTable('invoice_number_series', {
  series: text().primaryKey(),
  lastNumber: integer().notNull(),
});
