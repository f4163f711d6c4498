import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowColumns } from '../../db/columns.js';

const days = () => numeric({ precision: 6, scale: 1, mode: 'number' });

export const leaveMatrix = pgTable(
  'leave_matrix',
  {
    ...rowColumns(),
    userName: text().notNull(),
    userId: uuid().notNull(),
    year: integer().notNull(),
    entitlement: days().notNull(),
    carried: days().notNull().default(0),
    // Kept in step with the person's requests by every leave write (refreshMatrix).
    used: days().notNull().default(0),
    pending: days().notNull().default(0),
    remaining: days().notNull().default(0),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(coalesce(user_name, '')))`),
  },
  (t) => [
    // One row per person and year: initialize can run twice.
    uniqueIndex('leave_matrix_user_year_key').on(t.userId, t.year),
    index('leave_matrix_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('leave_matrix_user_name_idx').on(t.userName, t.id),
    index('leave_matrix_year_idx').on(t.year, t.id),
  ],
);
