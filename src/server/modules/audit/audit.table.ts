import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { now, timestamptz } from '../../db/columns.js';

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    at: timestamptz().notNull().default(now),
    actorId: uuid(),
    entity: text().notNull(),
    entityId: text(),
    action: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    requestId: text(),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entityId, t.at)],
);
