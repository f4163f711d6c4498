import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, now, timestamptz } from '../../db/columns.js';

/** File bodies live in the database so that every instance serves them. */
export const files = pgTable('files', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  mime: text().notNull(),
  size: integer().notNull(),
  sha256: text().notNull(),
  content: bytea().notNull(),
  ownerId: uuid(),
  createdAt: timestamptz().notNull().default(now),
});
