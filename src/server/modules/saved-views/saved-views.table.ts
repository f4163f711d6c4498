import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '../../../domain/auth/permissions.js';
import type { SavedViewState } from '../../../domain/modules/saved-views/saved-views.schema.js';
import { now, timestamptz } from '../../db/columns.js';
import { users } from '../users/users.table.js';

/** A person's named list states (docs: saved views); shared ones are read by the roles named. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text().notNull(),
    name: text().notNull(),
    state: jsonb().$type<SavedViewState>().notNull(),
    isDefault: boolean().notNull().default(false),
    sharedWithRoles: text()
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamptz().notNull().default(now),
    updatedAt: timestamptz().notNull().default(now),
  },
  (t) => [
    uniqueIndex('saved_views_owner_resource_name_key').on(t.ownerId, t.resource, t.name),
    // At most one default per person and list, whatever two requests do at once.
    uniqueIndex('saved_views_one_default_key')
      .on(t.ownerId, t.resource)
      .where(sql`${t.isDefault}`),
    index('saved_views_shared_idx').using('gin', t.sharedWithRoles),
  ],
);
