import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CandidateFile } from '../../../domain/modules/candidates/candidates.schema.js';
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
    hashtags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The CV as sent and its converted copy (the firm's template): metadata here, bytes in files. */
    cv: jsonb().$type<CandidateFile>(),
    cvConverted: jsonb().$type<CandidateFile>(),
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
    // A status filter (the recruiters' everyday "active candidates named …"): the page walks it in
    // name order, and a search within a status is counted inside the index, without the rows.
    index('candidates_status_name_idx')
      .on(t.status, t.fullName, t.id, t.search)
      .where(sql`archived_at is null`),
    index('candidates_owner_hr_id_idx').on(t.ownerHrId),
    index('candidates_tech_stack_ids_idx').using('gin', t.techStackIds),
    index('candidates_hashtags_idx').using('gin', t.hashtags),
    // Duplicates are found by the phone's digits, whatever its formatting.
    index('candidates_phone_digits_idx')
      .on(sql`regexp_replace(${t.phone}, '[^0-9]', '', 'g')`)
      .where(sql`archived_at is null`),
  ],
);
