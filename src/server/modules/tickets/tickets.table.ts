import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { now, rowColumns, timestamptz } from '../../db/columns.js';

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
    // How the desk handled it: written when the ticket is resolved.
    resolution: text(),
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

/** A ticket's conversation: the requester's and the desk's replies, oldest first. */
export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ticketId: uuid()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid().notNull(),
    body: text().notNull(),
    createdAt: timestamptz().notNull().default(now),
  },
  (t) => [index('ticket_replies_ticket_idx').on(t.ticketId, t.createdAt)],
);
