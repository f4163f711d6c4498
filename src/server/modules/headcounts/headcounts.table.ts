import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { now, rowColumns, timestamptz } from '../../db/columns.js';

export const headcounts = pgTable(
  'headcounts',
  {
    ...rowColumns(),
    title: text().notNull(),
    userId: uuid().notNull(),
    customerId: uuid().notNull(),
    projectId: uuid(),
    billingRate: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull(),
    rateUnit: text().notNull().default('month'),
    allocation: integer().notNull().default(100),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    status: text().notNull().default('pending'),
    saleId: uuid(),
    hrId: uuid(),
    jobId: uuid(),
    currency: text().notNull().default('USD'),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(coalesce(title, '')))`),
  },
  (t) => [
    index('headcounts_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('headcounts_title_idx')
      .on(t.title, t.id)
      .where(sql`archived_at is null`),
    index('headcounts_user_id_idx').on(t.userId),
    index('headcounts_customer_id_idx').on(t.customerId),
    index('headcounts_project_id_idx').on(t.projectId),
    index('headcounts_sale_id_idx').on(t.saleId),
    index('headcounts_hr_id_idx').on(t.hrId),
    index('headcounts_job_id_idx').on(t.jobId),
  ],
);

/**
 * Read-only links that show one customer its active headcount without signing in. The token
 * itself is never stored: only its SHA-256, so a leaked database gives no working link.
 */
export const headcountShareLinks = pgTable(
  'headcount_share_links',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
    createdBy: uuid(),
    createdAt: timestamptz().notNull().default(now),
  },
  (t) => [uniqueIndex('headcount_share_links_token_key').on(t.tokenHash), index('headcount_share_links_customer_idx').on(t.customerId)],
);
