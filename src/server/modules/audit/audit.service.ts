import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { AuditEntry, AuditTrail } from '../../http/resource/hooks.js';
import { users } from '../users/users.table.js';
import { auditLog } from './audit.table.js';

export type { AuditEntry } from '../../http/resource/hooks.js';

/** Every write that changes money, status or permissions is recorded: who, when, before, after. */
export async function writeAudit(db: Pick<Db, 'insert'>, entry: AuditEntry) {
  await db.insert(auditLog).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

/** The audit log as the kit writes and reads it (the kit's AuditTrail hook). */
export const auditTrail: AuditTrail = {
  write: writeAudit,
  async writeMany(db, entries) {
    // In statements of 500 rows: a statement's parameters are limited (65 535).
    for (let i = 0; i < entries.length; i += 500)
      await db.insert(auditLog).values(entries.slice(i, i + 500).map((e) => ({ ...e, before: e.before ?? null, after: e.after ?? null })));
  },
  async lastChange(db, entity, entityId) {
    const [last] = await db
      .select({ at: auditLog.at, actorId: auditLog.actorId, name: users.fullName })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.at))
      .limit(1);
    if (!last) return undefined;
    return { at: last.at, actor: last.actorId && last.name ? { id: last.actorId, name: last.name } : null };
  },
};
