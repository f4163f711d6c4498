import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowColumns, timestamptz } from '../../db/columns.js';

export const projects = pgTable(
  'projects',
  {
    ...rowColumns(),
    name: text().notNull(),
    code: text().notNull(),
    customerId: uuid().notNull(),
    status: text().notNull().default('active'),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    techStackIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(name || ' ' || code))`),
  },
  (t) => [
    uniqueIndex('projects_code_key')
      .on(sql`lower(${t.code})`)
      .where(sql`archived_at is null`),
    index('projects_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
    index('projects_customer_idx').on(t.customerId, t.name),
    index('projects_tech_stacks_idx').using('gin', t.techStackIds),
  ],
);
