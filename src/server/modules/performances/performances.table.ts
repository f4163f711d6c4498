import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowColumns, timestamptz } from '../../db/columns.js';

/** Monthly scores: one live record per person and month. */
export const performances = pgTable(
  'performances',
  {
    ...rowColumns(),
    month: text().notNull(),
    userId: uuid().notNull(),
    score: numeric({ precision: 5, scale: 2, mode: 'string' }).notNull(),
    note: text(),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(month || ' ' || coalesce(note, '')))`),
  },
  (t) => [
    index('performances_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    uniqueIndex('performances_user_month_key')
      .on(t.userId, t.month)
      .where(sql`archived_at is null`),
    index('performances_month_idx').on(t.month, t.id),
  ],
);
