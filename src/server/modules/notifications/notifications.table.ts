import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { now, timestamptz } from '../../db/columns.js';
import { users } from '../users/users.table.js';
import type { NotificationParams } from '../../../domain/modules/notifications/notifications.schema.js';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    type: text().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    /** What the notification is about (names, dates, counts, ids): the client words it in the reader's language; title and message stay as an English fallback. */
    params: jsonb().$type<NotificationParams>(),
    isRead: boolean().notNull().default(false),
    jobId: uuid(),
    changedByUserId: uuid().references(() => users.id),
    createdAt: timestamptz().notNull().default(now),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt), index('notifications_unread_idx').on(t.userId, t.isRead)],
);
