import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SplitShare } from '../../../domain/modules/hr-commission/hr-commission.rules.js';
import { now, timestamptz } from '../../db/columns.js';
import { statementColumns } from '../../http/statements/tables.js';

/** The recruiters' months: HR commission statements (statementColumns) with the lead's notes. */
export const hrCommissions = pgTable(
  'hr_commissions',
  {
    ...statementColumns(),
    notes: text(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(period || ' ' || coalesce(notes, '')))`),
  },
  (t) => [
    index('hr_commissions_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    uniqueIndex('hr_commissions_user_period_key').on(t.userId, t.period),
    index('hr_commissions_period_idx').on(t.period, t.id),
  ],
);

/**
 * A placement's split between recruiters, set by a lead (without one, the seat's recruiter of record
 * takes 100 %). One row per seat; each change is audited.
 */
export const hrCommissionSplits = pgTable(
  'hr_commission_splits',
  {
    headcountId: uuid().primaryKey(),
    shares: jsonb().$type<SplitShare[]>().notNull(),
    updatedAt: timestamptz().notNull().default(now),
    updatedBy: uuid(),
  },
  (t) => [index('hr_commission_splits_shares_idx').using('gin', sql`${t.shares} jsonb_path_ops`)],
);
