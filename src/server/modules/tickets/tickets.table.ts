import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { rowColumns, timestamptz } from '../../db/columns.js';

export const tickets = pgTable(
  'tickets',
  {
    ...rowColumns(),
    title: text().notNull(),
    description: text(),
    category: text().notNull(),
    priority: text().notNull().default('normal'),
    status: text().notNull().default('open'),
    requesterId: uuid().notNull(),
    assigneeId: uuid(),
    customerId: uuid(),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(coalesce(title, '')))`),
  },
  (t) => [
    index('tickets_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('tickets_title_idx')
      .on(t.title, t.id)
      .where(sql`archived_at is null`),
    // The list's default order, newest first.
    index('tickets_created_at_idx')
      .on(t.createdAt, t.id)
      .where(sql`archived_at is null`),
    index('tickets_requester_id_idx').on(t.requesterId),
    index('tickets_assignee_id_idx').on(t.assigneeId),
    index('tickets_customer_id_idx').on(t.customerId),
  ],
);
