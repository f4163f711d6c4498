import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CommissionTier } from '../../../domain/modules/commission-plans/commission-plans.rules.js';
import { rowColumns, timestamptz } from '../../db/columns.js';

/** The sales commission matrix: a version of a sale's plan per row, from its effective month on. */
export const commissionPlans = pgTable(
  'commission_plans',
  {
    ...rowColumns(),
    name: text().notNull(),
    userId: uuid().notNull(),
    effectiveFrom: text().notNull(),
    basis: text().notNull(),
    mode: text().notNull(),
    tiers: jsonb().$type<CommissionTier[]>().notNull(),
    note: text(),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(coalesce(name, '') || ' ' || coalesce(effective_from, '')))`),
  },
  (t) => [
    index('commission_plans_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    // One live version per sale and month: the month's plan is never ambiguous.
    uniqueIndex('commission_plans_user_month_key')
      .on(t.userId, t.effectiveFrom)
      .where(sql`archived_at is null`),
    index('commission_plans_effective_idx').on(t.effectiveFrom, t.id),
  ],
);
