import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, timestamptz } from '../../db/columns.js';

export const holidays = pgTable(
  'holidays',
  {
    ...rowColumns(),
    name: text().notNull(),
    date: date({ mode: 'string' }).notNull(),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(coalesce(name, '')))`),
  },
  (t) => [
    uniqueIndex('holidays_date_key')
      .on(t.date)
      .where(sql`archived_at is null`),
    index('holidays_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('holidays_name_idx')
      .on(t.name, t.id)
      .where(sql`archived_at is null`),
  ],
);
