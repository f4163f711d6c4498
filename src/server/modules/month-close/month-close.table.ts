import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { now, timestamptz } from '../../db/columns.js';

/**
 * The firm's closed months (`YYYY-MM`, decision 017): a row is a closed month. Its invoices (by
 * billing period), salaries, external costs and logwork are read-only while it stands; reopening
 * deletes the row, and the audit log keeps who closed and reopened it, when, and why.
 */
export const monthCloses = pgTable('month_closes', {
  month: text().primaryKey(),
  closedBy: uuid(),
  closedAt: timestamptz().notNull().default(now),
  note: text(),
});
