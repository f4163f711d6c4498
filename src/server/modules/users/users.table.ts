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
    search: text().generatedAlwaysAs(
      sql`f_unaccent(lower(full_name || ' ' || email || ' ' || coalesce(phone, '') || ' ' || coalesce(title, '')))`,
    ),
  },
  (t) => [
    // One live account per e-mail; an archived account frees its address for a new one.
    uniqueIndex('users_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`archived_at is null`),
    index('users_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    // Lists only show live rows and break ties on id: sort indexes are (column, id) over
    // `archived_at is null`, so that a page's ids come from an index-only scan (deep offsets
    // skip index entries, not rows). A second name index carries `search`, so that a search
    // sorted by name filters inside the index; the narrow one stays for plain paging.
    index('users_full_name_idx')
      .on(t.fullName, t.id)
      .where(sql`archived_at is null`),
    index('users_name_search_idx')
      .on(t.fullName, t.id, t.search)
      .where(sql`archived_at is null`),
    index('users_email_idx')
      .on(t.email, t.id)
      .where(sql`archived_at is null`),
    index('users_join_date_idx')
      .on(t.joinDate, t.id)
      .where(sql`archived_at is null`),
    index('users_created_at_idx').on(t.createdAt, t.id),
    // "My team" lists filter on the manager; without an index every such list scans the table.
    index('users_manager_idx').on(t.managerId),
    index('users_role_idx').on(t.role, t.fullName),
    index('users_status_idx').on(t.status, t.fullName),
  ],
);
