import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowColumns, timestamptz } from '../../db/columns.js';

export const customers = pgTable(
  'customers',
  {
    ...rowColumns(),
    name: text().notNull(),
    code: text().notNull(),
    country: text(),
    currency: text().notNull().default('USD'),
    billingContact: text(),
    billingEmail: text(),
    address: text(),
    taxId: text(),
    paymentTermsDays: integer().notNull().default(30),
    // The language of the documents sent to the customer (the invoice); empty: the firm's language.
    language: text(),
    status: text().notNull().default('active'),
    ownerSaleId: uuid(),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(
      sql`f_unaccent(lower(name || ' ' || code || ' ' || coalesce(billing_contact, '') || ' ' || coalesce(billing_email, '')))`,
    ),
  },
  (t) => [
    // Codes go on invoices: unique among live customers (an archived one frees its code).
    uniqueIndex('customers_code_key')
      .on(sql`lower(${t.code})`)
      .where(sql`archived_at is null`),
    index('customers_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('customers_name_idx')
      .on(t.name, t.id)
      .where(sql`archived_at is null`),
    index('customers_owner_idx').on(t.ownerSaleId),
  ],
);
