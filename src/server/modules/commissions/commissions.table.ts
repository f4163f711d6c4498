import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { statementColumns } from '../../http/statements/tables.js';

/** Sales commission statements (statementColumns): a sale's month, with the lead's notes. */
export const commissions = pgTable(
  'commissions',
  {
    ...statementColumns(),
    notes: text(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(period || ' ' || coalesce(notes, '')))`),
  },
  (t) => [
    index('commissions_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    uniqueIndex('commissions_user_period_key').on(t.userId, t.period),
    index('commissions_period_idx').on(t.period, t.id),
  ],
);
