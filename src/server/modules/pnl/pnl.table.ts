import { index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { now, timestamptz } from '../../db/columns.js';

/**
 * The P&L of a closed month as it was closed (decision 019): a row per month closed since the P&L
 * exists, taken in the close's transaction and dropped by a reopen. A closed month with a snapshot
 * is read from its facts only; one without (closed before the P&L existed) is read live.
 */
export const pnlSnapshots = pgTable('pnl_snapshots', {
  month: text().primaryKey(),
  baseCurrency: text().notNull(),
  takenAt: timestamptz().notNull().default(now),
});

/**
 * The facts a month's P&L sums, frozen: an invoice line's revenue, a salary's share in a project
 * (or the bench's), an external cost — each in the base currency, with what the drill-down shows.
 */
export const pnlSnapshotFacts = pgTable(
  'pnl_snapshot_facts',
  {
    id: uuid().primaryKey().defaultRandom(),
    month: text().notNull(),
    measure: text().notNull(),
    customerId: uuid(),
    projectId: uuid(),
    personId: uuid(),
    amount: numeric({ precision: 18, scale: 2, mode: 'string' }).notNull(),
    sourceId: uuid().notNull(),
    ref: text(),
    description: text(),
    sourceAmount: text(),
    sourceCurrency: text(),
    rate: text(),
    basis: text(),
    weight: text(),
    weightTotal: text(),
    line: numeric({ precision: 6, scale: 0, mode: 'number' }),
  },
  (t) => [index('pnl_snapshot_facts_month_idx').on(t.month, t.measure)],
);
