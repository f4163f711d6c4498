import { index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { now, timestamptz } from '../../db/columns.js';

/**
 * What a salary's bonus or commission column holds beyond what was typed or imported: each pay
 * figure the product computed and marked paid (a quarter bonus, a fund share, a project bonus, a
 * commission), in the salary's currency, with the figure and rate it came from and its source
 * record. One per source: paying the same figure twice adds it once.
 */
export const salaryPayItems = pgTable(
  'salary_pay_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    salaryId: uuid().notNull(),
    userId: uuid().notNull(),
    month: text().notNull(),
    /** 'bonus' or 'commission': the salary column it is part of. */
    column: text().notNull(),
    amount: numeric({ precision: 18, scale: 2, mode: 'string' }).notNull(),
    sourceAmount: numeric({ precision: 18, scale: 2, mode: 'string' }).notNull(),
    sourceCurrency: text().notNull(),
    /** The source currency's rate over the salary's (1 when they are the same). */
    rate: numeric({ precision: 24, scale: 10, mode: 'string' }).notNull(),
    /** The source record: its resource (as the client routes it) and id, and its label ('2026-Q3 bonus'). */
    resource: text().notNull(),
    sourceId: uuid().notNull(),
    label: text().notNull(),
    createdAt: timestamptz().notNull().default(now),
  },
  (t) => [
    uniqueIndex('salary_pay_items_source_key').on(t.resource, t.sourceId, t.userId),
    index('salary_pay_items_salary_idx').on(t.salaryId),
  ],
);
