import { sql } from 'drizzle-orm';
import { date, index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowColumns } from '../../db/columns.js';

/**
 * Logged hours: one row is one cell of the week grid (a person, a project, a day). The bill rate,
 * its unit and currency are copied from the headcount active that day when the hours are logged,
 * so a later rate change never rewrites the past. Entries are deleted outright (hours 0 clears a
 * cell): the audit log keeps their history.
 */
export const timesheets = pgTable(
  'timesheets',
  {
    ...rowColumns(),
    // '' when none: the note names the entry in pickers and History.
    note: text().notNull().default(''),
    userId: uuid().notNull(),
    projectId: uuid().notNull(),
    headcountId: uuid(),
    date: date({ mode: 'string' }).notNull(),
    hours: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    billRate: numeric({ precision: 14, scale: 2, mode: 'number' }),
    rateUnit: text(),
    currency: text(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(coalesce(note, '')))`),
  },
  (t) => [
    // One entry per person, project and day.
    uniqueIndex('timesheets_user_project_date_key').on(t.userId, t.projectId, t.date),
    index('timesheets_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('timesheets_user_date_idx').on(t.userId, t.date),
    index('timesheets_date_idx').on(t.date),
    index('timesheets_project_id_idx').on(t.projectId),
    index('timesheets_headcount_id_idx').on(t.headcountId),
  ],
);
