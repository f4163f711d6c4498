import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { rowColumns, timestamptz } from '../../db/columns.js';

export const projectBonuses = pgTable(
  'project_bonuses',
  {
    ...rowColumns(),
    reason: text().notNull(),
    projectId: uuid().notNull(),
    beneficiaryId: uuid().notNull(),
    amount: numeric({ precision: 14, scale: 2, mode: 'string' }).notNull(),
    currency: text().notNull().default('USD'),
    month: text().notNull(),
    status: text().notNull().default('unpaid'),
    paidAt: timestamptz(),
    note: text(),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(coalesce(reason, '') || ' ' || coalesce(month, '')))`),
  },
  (t) => [
    index('project_bonuses_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('project_bonuses_reason_idx')
      .on(t.reason, t.id)
      .where(sql`archived_at is null`),
    index('project_bonuses_project_id_idx').on(t.projectId),
    index('project_bonuses_beneficiary_id_idx').on(t.beneficiaryId),
    index('project_bonuses_month_idx').on(t.month, t.id),
  ],
);
