import { sql } from 'drizzle-orm';
import { index, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StatementInput, StatementLine } from '../../../domain/statements.js';
import { now, rowColumns, timestamptz } from '../../db/columns.js';
import { statementColumns } from '../../http/statements/tables.js';

/** The quarters' bonuses: statements (statementColumns) in the base currency. */
export const kpiBonuses = pgTable(
  'kpi_bonuses',
  {
    ...statementColumns(),
    note: text(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(period || ' ' || coalesce(note, '')))`),
  },
  (t) => [
    index('kpi_bonuses_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    uniqueIndex('kpi_bonuses_user_period_key').on(t.userId, t.period),
    index('kpi_bonuses_period_idx').on(t.period, t.id),
  ],
);

const amount = () => numeric({ precision: 18, scale: 2, mode: 'string' });

/**
 * A quarter's bonus fund as it was allocated: the profit it was a share of, the rule's per cent and
 * threshold, the pool, and how it was split (inputs and lines, as a statement explains itself).
 * One per quarter: the unique period is what keeps two allocations at once from both happening.
 */
export const bonusFunds = pgTable('bonus_funds', {
  ...rowColumns(),
  period: text().notNull().unique(),
  currency: text().notNull(),
  profit: amount().notNull(),
  percent: numeric({ precision: 6, scale: 2, mode: 'string' }).notNull(),
  threshold: numeric({ precision: 6, scale: 2, mode: 'string' }).notNull(),
  pool: amount().notNull(),
  scaleId: uuid().notNull(),
  inputs: jsonb().$type<StatementInput[]>().notNull(),
  lines: jsonb().$type<StatementLine[]>().notNull(),
  allocatedAt: timestamptz().notNull().default(now),
});

/** One person's share of a fund, paid once. */
export const bonusFundShares = pgTable(
  'bonus_fund_shares',
  {
    id: uuid().primaryKey().defaultRandom(),
    fundId: uuid().notNull(),
    userId: uuid().notNull(),
    evaluationId: uuid().notNull(),
    achievement: numeric({ precision: 8, scale: 2, mode: 'string' }).notNull(),
    amount: amount().notNull(),
    paidAt: timestamptz(),
    paidBy: uuid(),
  },
  (t) => [uniqueIndex('bonus_fund_shares_fund_user_key').on(t.fundId, t.userId), index('bonus_fund_shares_user_idx').on(t.userId)],
);
