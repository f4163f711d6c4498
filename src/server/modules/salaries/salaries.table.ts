import { sql } from 'drizzle-orm';
import { index, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowColumns, timestamptz } from '../../db/columns.js';

// Amounts are NUMERIC read as strings: exact from the database to the API, never a float.
const amount = () => numeric({ precision: 18, scale: 2, mode: 'string' });

export const salaries = pgTable(
  'salaries',
  {
    ...rowColumns(),
    userId: uuid().notNull(),
    /** `YYYY-MM`: a plain month, so that a month close can be declared on it. */
    month: text().notNull(),
    base: amount().notNull(),
    allowance: amount().notNull(),
    overtime: amount().notNull(),
    bonus: amount().notNull(),
    commission: amount().notNull(),
    deductions: amount().notNull(),
    net: amount().notNull(),
    currency: text().notNull(),
    status: text().notNull().default('draft'),
    approvedAt: timestamptz(),
    paidAt: timestamptz(),
    note: text(),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(month || ' ' || coalesce(note, '')))`),
  },
  (t) => [
    // One salary per person and month among live rows.
    uniqueIndex('salaries_user_month_key')
      .on(t.userId, t.month)
      .where(sql`archived_at is null`),
    index('salaries_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('salaries_month_idx')
      .on(t.month, t.id)
      .where(sql`archived_at is null`),
    index('salaries_user_id_idx').on(t.userId),
  ],
);

/**
 * Each executed import, kept: who, when, the file (stored) with its name and SHA-256, the counts and
 * totals. The file's hash and month are its key: the same file executed twice applies once.
 */
export const salaryImports = pgTable(
  'salary_imports',
  {
    ...rowColumns(),
    month: text().notNull(),
    fileName: text().notNull(),
    sha256: text().notNull(),
    fileId: uuid().notNull(),
    counts: jsonb().$type<{ create: number; update: number; unchanged: number }>().notNull(),
    totals: jsonb().$type<{ before: Record<string, string>; after: Record<string, string> }>().notNull(),
  },
  (t) => [uniqueIndex('salary_imports_file_month_key').on(t.sha256, t.month)],
);
