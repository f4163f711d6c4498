import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { now, timestamptz } from '../../db/columns.js';
import { users } from '../users/users.table.js';

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
    isRead: boolean().notNull().default(false),
    jobId: uuid(),
    changedByUserId: uuid().references(() => users.id),
    createdAt: timestamptz().notNull().default(now),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt), index('notifications_unread_idx').on(t.userId, t.isRead)],
);
