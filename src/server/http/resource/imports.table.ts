import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ImportCounts } from '../../../domain/imports.js';
import { now, timestamptz } from '../../db/columns.js';

/**
 * The imports executed through the kit (every resource that declares `import`): which resource, the
 * file's hash and the stored file, the counts, who and when. One file applies once per resource.
 */
export const resourceImports = pgTable(
  'resource_imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    resource: text().notNull(),
    fileName: text().notNull(),
    sha256: text().notNull(),
    fileId: uuid().notNull(),
    counts: jsonb().$type<ImportCounts>().notNull(),
    createdAt: timestamptz().notNull().default(now),
    createdBy: uuid(),
  },
  (t) => [
    uniqueIndex('resource_imports_file_key').on(t.resource, t.sha256),
    index('resource_imports_resource_idx').on(t.resource, t.createdAt),
  ],
);
