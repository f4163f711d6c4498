import { boolean, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { now, timestamptz } from '../../db/columns.js';
import { users } from '../users/users.table.js';

/**
 * The firm's changes to the declared access: one row per role × resource × action that differs
 * from (or was set over) the declaration. No row: the declaration's default. A reset deletes rows.
 */
export const accessOverrides = pgTable(
  'access_overrides',
  {
    role: text().notNull(),
    resource: text().notNull(),
    action: text().notNull(),
    allowed: boolean().notNull(),
    note: text().notNull(),
    changedBy: uuid().references(() => users.id),
    changedAt: timestamptz().notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.role, t.resource, t.action] })],
);
