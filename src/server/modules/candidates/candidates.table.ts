import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowColumns, timestamptz } from '../../db/columns.js';

export const candidates = pgTable(
  'candidates',
  {
    ...rowColumns(),
    fullName: text().notNull(),
    email: text(),
    phone: text(),
    location: text(),
    yearsOfExperience: integer(),
    level: text().notNull().default('intern'),
    status: text().notNull().default('new'),
    techStackIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    expectedSalary: numeric({ precision: 14, scale: 2, mode: 'number' }),
    noticePeriodDays: integer(),
    source: text().notNull().default('linkedin'),
    ownerHrId: uuid(),
    currency: text().notNull().default('USD'),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(
      sql`f_unaccent(lower(coalesce(full_name, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(location, '')))`,
    ),
  },
  (t) => [
    uniqueIndex('candidates_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`archived_at is null`),
    index('candidates_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('candidates_full_name_idx')
      .on(t.fullName, t.id)
      .where(sql`archived_at is null`),
    index('candidates_owner_hr_id_idx').on(t.ownerHrId),
    index('candidates_tech_stack_ids_idx').using('gin', t.techStackIds),
  ],
);
