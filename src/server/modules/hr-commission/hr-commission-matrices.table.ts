import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, timestamptz } from '../../db/columns.js';

const amount = () => numeric({ precision: 14, scale: 2, mode: 'string' });

/** The HR commission matrix: one live version per effective month. */
export const hrCommissionMatrices = pgTable(
  'hr_commission_matrices',
  {
    ...rowColumns(),
    effectiveMonth: text().notNull(),
    basis: text().notNull(),
    intern: amount(),
    junior: amount(),
    middle: amount(),
    senior: amount(),
    lead: amount(),
    billingPercent: numeric({ precision: 5, scale: 2, mode: 'string' }),
    probationDays: integer().notNull().default(60),
    note: text(),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(effective_month || ' ' || coalesce(note, '')))`),
  },
  (t) => [
    uniqueIndex('hr_commission_matrices_effective_month_key')
      .on(sql`lower(${t.effectiveMonth})`)
      .where(sql`archived_at is null`),
    index('hr_commission_matrices_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('hr_commission_matrices_effective_month_idx')
      .on(t.effectiveMonth, t.id)
      .where(sql`archived_at is null`),
  ],
);
