import { sql } from 'drizzle-orm';
import { date, index, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ManyFileRef } from '../../../domain/fields.js';
import { rowColumns, timestamptz } from '../../db/columns.js';

// Amounts are NUMERIC read as strings: exact from the database to the API, never a float.
const amount = () => numeric({ precision: 18, scale: 2, mode: 'string' });

export const externalCosts = pgTable(
  'external_costs',
  {
    ...rowColumns(),
    description: text().notNull(),
    date: date({ mode: 'string' }).notNull(),
    category: text().notNull(),
    vendor: text().notNull(),
    vendorInvoiceNumber: text(),
    amount: amount().notNull(),
    currency: text().notNull(),
    exchangeRate: numeric({ precision: 20, scale: 10, mode: 'string' }).notNull(),
    amountBase: amount().notNull(),
    customerId: uuid(),
    projectId: uuid(),
    note: text(),
    /** The vendor's invoices: the declared slot's list, each with its content's SHA-256. */
    invoices: jsonb()
      .$type<ManyFileRef[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(
      sql`f_unaccent(lower(coalesce(description, '') || ' ' || coalesce(vendor, '') || ' ' || coalesce(vendor_invoice_number, '')))`,
    ),
  },
  (t) => [
    index('external_costs_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('external_costs_date_idx')
      .on(t.date, t.id)
      .where(sql`archived_at is null`),
    index('external_costs_customer_id_idx').on(t.customerId),
    index('external_costs_project_id_idx').on(t.projectId),
    // A vendor's invoice number seen twice: warned about.
    index('external_costs_vendor_number_idx')
      .on(sql`lower(${t.vendor})`, sql`lower(${t.vendorInvoiceNumber})`)
      .where(sql`vendor_invoice_number is not null and archived_at is null`),
    // The same file attached to another cost: `invoices @> '[{"sha256": …}]'`.
    index('external_costs_invoices_gin').using('gin', sql`${t.invoices} jsonb_path_ops`),
  ],
);
