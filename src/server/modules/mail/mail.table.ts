import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { now, timestamptz } from '../../db/columns.js';

/** Every mail goes here first; a sender delivers it when SMTP is configured. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid().primaryKey().defaultRandom(),
  to: text().notNull(),
  subject: text().notNull(),
  body: text().notNull(),
  createdAt: timestamptz().notNull().default(now),
  sentAt: timestamptz(),
  error: text(),
});
