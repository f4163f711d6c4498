import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowColumns, timestamptz } from '../../db/columns.js';

export const users = pgTable(
  'users',
  {
    ...rowColumns(),
    email: text().notNull(),
    fullName: text().notNull(),
    role: text().notNull().default('developer'),
    status: text().notNull().default('pending'),
    phone: text(),
    title: text(),
    level: text(),
    managerId: uuid(),
    joinDate: date({ mode: 'string' }),
    passwordHash: text().notNull(),
    emailVerifiedAt: timestamptz(),
    avatarFileId: uuid(),
    archivedAt: timestamptz(),
    // Accent- and case-free text that search runs against (trigram-indexed).
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(full_name || ' ' || email || ' ' || coalesce(phone, '') || ' ' || coalesce(title, '')))`),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('users_full_name_idx').on(t.fullName, t.id),
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_role_idx').on(t.role, t.fullName),
    index('users_status_idx').on(t.status, t.fullName),
  ],
);
