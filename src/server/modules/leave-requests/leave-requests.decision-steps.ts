import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../http/access.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { assertCurrent } from '../../http/precondition.js';
import type { Services } from '../../services.js';
import { auditTrail, writeAudit } from '../audit/audit.service.js';
import { refreshMatrix } from '../leave-matrix/leave-balance.js';
import { users } from '../users/users.table.js';
import { leaveRequests } from './leave-requests.table.js';
import { entity, mayRead, requesterOf, yearsOf, type LeaveRow } from './leave-requests.service.js';

// The steps every decision on a request takes: lock it as the decider may see it, check it is the
// version they saw, save it with its audit entry and the balances it moves, and tell the screens.

/** The request as its decider sees it: 404 when the caller may not read it (existence is not revealed). */
export async function lockRequest(db: Db, user: CurrentUser, id: string) {
  const [row] = await db
    .select({ request: leaveRequests, rawManagerId: users.managerId })
    .from(leaveRequests)
    .innerJoin(users, eq(users.id, leaveRequests.userId))
    .where(and(eq(leaveRequests.id, id), isNull(leaveRequests.archivedAt)))
    .for('update', { of: leaveRequests });
  if (!row) throw notFound('Leave request');
  const requester = await requesterOf(db, row.request.userId);
  if (!requester || !mayRead(user, requester, row.rawManagerId)) throw notFound('Leave request');
  return { request: row.request, requester };
}

/** A decision taken on the request as the caller last saw it: 412 when someone decided or changed it since. */
export const assertSeen = (db: Db, req: FastifyRequest, request: LeaveRow) =>
  assertCurrent(auditTrail, db, req, { entity: 'leave-requests', label: 'Leave request', row: request, current: () => entity(request) });

/** The decision written with its audit entry, and the leave balances of the years it touches refreshed. */
export async function saveDecision(db: Db, user: CurrentUser, reqId: string, before: LeaveRow, changes: Partial<LeaveRow>) {
  const [after] = await db
    .update(leaveRequests)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(leaveRequests.id, before.id))
    .returning();
  const { search: _s1, updatedAt: _u1, ...b } = before;
  const { search: _s2, updatedAt: _u2, ...a } = after!;
  await writeAudit(db, {
    actorId: user.id,
    entity: 'leave-requests',
    entityId: before.id,
    action: 'updated',
    before: b,
    after: a,
    requestId: reqId,
  });
  for (const year of yearsOf(after)) await refreshMatrix(db, after!.userId, year);
  return after!;
}

/** The request changed: its readers (the leads and its requester) refresh it. */
export function emitLive(s: Services, row: LeaveRow) {
  const payload = { channel: 'resources/leave-requests', type: 'updated', payload: { ids: [row.id] }, date: new Date().toISOString() };
  s.realtime.toRoles(['admin', 'hr_lead', 'sale_lead'], 'live', payload);
  s.realtime.toUser(row.userId, 'live', payload);
}
