import { getTableColumns, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { auditLog } from '../modules/audit/audit.table.js';
import { customers } from '../modules/customers/customers.table.js';
import { headcounts } from '../modules/headcounts/headcounts.table.js';
import { jobs } from '../modules/jobs/jobs.table.js';
import { leaveRequests } from '../modules/leave-requests/leave-requests.table.js';
import { projects } from '../modules/projects/projects.table.js';

type Row = Record<string, unknown> & { id: string; createdBy?: string | null; createdAt?: string };

// What History shows of a row is what the services wrote when it was made and changed: the
// demo's rows, inserted in bulk, get the same entries (made by who made them, when they did).
const OMIT = new Set(['search', 'updatedAt']);
const kept = (r: Row) => Object.fromEntries(Object.entries(r).filter(([k]) => !OMIT.has(k)));

async function rowsOf(db: Db, table: PgTable, where?: SQL): Promise<Row[]> {
  const query = db.select(getTableColumns(table)).from(table);
  return (await (where ? query.where(where) : query)) as Row[];
}

/** A row's "created" entry, then a change of its fields (`from` → the row as it is) a few days on. */
function entries(entity: string, r: Row, change?: { from: Record<string, unknown>; by?: string | null; after?: number }) {
  const at = r.createdAt ? new Date(r.createdAt) : new Date();
  const created = { ...kept(r), ...(change?.from ?? {}) };
  const out: Array<typeof auditLog.$inferInsert> = [
    { actorId: r.createdBy ?? null, entity, entityId: r.id, action: 'created', after: created, at: at.toISOString() },
  ];
  if (change)
    out.push({
      actorId: change.by ?? r.createdBy ?? null,
      entity,
      entityId: r.id,
      action: 'updated',
      before: created,
      after: kept(r),
      at: new Date(Math.min(at.getTime() + (change.after ?? 3) * 86_400_000, Date.now())).toISOString(),
    });
  return out;
}

/** `decider`: who decided the leave requests the demo has no approver on. */
export async function seedHistory(db: Db, decider: string | null) {
  const log: Array<typeof auditLog.$inferInsert> = [];
  for (const r of await rowsOf(db, customers)) log.push(...entries('customers', r));
  for (const r of await rowsOf(db, projects))
    log.push(...entries('projects', r, r.status === 'active' ? undefined : { from: { status: 'active', endDate: null } }));
  for (const r of await rowsOf(db, jobs))
    log.push(...entries('jobs', r, r.status === 'open' ? undefined : { from: { status: 'open', filled: 0 }, after: 20 }));
  for (const r of await rowsOf(db, headcounts)) log.push(...entries('headcounts', r));
  for (const r of await rowsOf(db, leaveRequests))
    log.push(
      ...entries(
        'leave-requests',
        r,
        r.status === 'pending'
          ? undefined
          : {
              from: { status: 'pending', decidedAt: null, decisionNote: null, approverId: null },
              by: (r.approverId as string | null) ?? decider,
              after: 2,
            },
      ),
    );
  for (let i = 0; i < log.length; i += 500) await db.insert(auditLog).values(log.slice(i, i + 500));
}
