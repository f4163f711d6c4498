import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowColumns, timestamptz } from '../../db/columns.js';

export const techStacks = pgTable(
  'tech_stacks',
  {
    ...rowColumns(),
    name: text().notNull(),
    category: text().notNull().default('other'),
    archivedAt: timestamptz(),
    search: text().generatedAlwaysAs(sql`f_unaccent(lower(name))`),
  },
  (t) => [
    // "React" and "react" are one skill.
    uniqueIndex('tech_stacks_name_key')
      .on(sql`lower(${t.name})`)
      .where(sql`archived_at is null`),
    index('tech_stacks_search_trgm').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);
