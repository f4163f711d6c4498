import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * A counter per cached read model, bumped by a statement trigger on every table it reads, in the
 * writing transaction (migration 0020): a cache keyed by the version is never stale on any server
 * instance, whatever wrote the rows (the kit, a module's action, a seed, plain SQL).
 */
export const dataVersions = pgTable('data_versions', {
  name: text().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
});
