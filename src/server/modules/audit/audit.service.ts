import type { Db } from '../../db/client.js';
import { auditLog } from './audit.table.js';

export interface AuditEntry {
  actorId: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  before?: unknown;
  after?: unknown;
  requestId?: string;
}

/** Every write that changes money, status or permissions is recorded: who, when, before, after. */
export async function writeAudit(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}
