import type { FastifyRequest } from 'fastify';
import { and, asc, desc, eq, gte, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { isPrivileged } from '../../../domain/auth/permissions.js';
import {
  mayApprove,
  pendingLevel,
  requesterMayCancel,
  SECOND_LEVEL_ROLES,
  todayIn,
  weekOf,
  workingDates,
  type ExistingLeave,
} from '../../../domain/modules/leave/leave.rules.js';
import {
  calendarQuerySchema,
  calendarSchema,
  leaveCancelSchema,
  leaveDashboardSchema,
  leaveDecisionSchema,
  leaveRequestSchema,
  myRequestsSchema,
  pendingApprovalSchema,
  type LeaveRequest,
} from '../../../domain/modules/leave-requests/leave-requests.schema.js';
import type { Api } from '../../http/api.js';
import type { CurrentUser } from '../../http/access.js';
import type { Db } from '../../db/client.js';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors.js';
import { assertCurrent, rowVersion, sendVersion } from '../../http/precondition.js';
import type { Services } from '../../services.js';
import { writeAudit } from '../audit/audit.service.js';
import { notify } from '../notifications/notifications.service.js';
import type { NotificationParams } from '../../../domain/modules/notifications/notifications.schema.js';
import { balanceFor, holidayDates, refreshMatrix } from '../leave-matrix/leave-balance.js';
import { holidays } from '../holidays/holidays.table.js';
import { users } from '../users/users.table.js';
import { leaveRequests } from './leave-requests.table.js';

import {
  approvedLeave,
  entity,
  mayRead,
  requesterOf,
  approversToTell,
  placementOf,
  describeRange,
  leaveParams,
  yearsOf,
  asDb,
  type LeaveRow,
  type OnLeave,
} from './leave-requests.service.js';

const idParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });
const yearQuery = z.strictObject({ year: z.coerce.number().int().min(1900).max(2099).optional() });

export function registerLeaveRoutes(app: Api, s: Services) {
  const tags = ['leave-requests'];
  const base = '/leave-requests';
  const access = (action: string) => ({ access: { resource: 'leave-requests', action } });

  /** The caller's scope over people's leave, as a condition on leave_requests.user_id. */
  function scopeOf(user: CurrentUser): SQL | undefined {
    if (isPrivileged(user.role)) return undefined;
    return or(
      eq(leaveRequests.userId, user.id),
      sql`${leaveRequests.userId} in (select u.id from users u where u.manager_id = ${user.id})`,
    );
  }

  app.get(
    `${base}/my-requests`,
    {
      config: access('mine'),
      schema: {
        tags,
        summary: "The caller's requests, newest first, with their annual balance",
        querystring: yearQuery,
        response: { 200: myRequestsSchema },
      },
    },
    async (req) => {
      const { year = Number(todayIn().slice(0, 4)) } = req.query as z.infer<typeof yearQuery>;
      const rows = await s.db
        .select()
        .from(leaveRequests)
        .where(and(eq(leaveRequests.userId, req.user!.id), isNull(leaveRequests.archivedAt)))
        .orderBy(desc(leaveRequests.startDate), desc(leaveRequests.id))
        .limit(500);
      return { data: rows.map(entity), balance: await balanceFor(s.db, req.user!.id, year) };
    },
  );

  app.get(
    `${base}/pending-approvals`,
    {
      config: access('approve'),
      schema: { tags, summary: 'Pending requests the caller may approve now', response: { 200: z.array(pendingApprovalSchema) } },
    },
    async (req) => {
      const user = req.user!;
      const manager = alias(users, 'manager');
      const rows = await s.db
        .select({ request: leaveRequests, fullName: users.fullName, managerId: manager.id })
        .from(leaveRequests)
        .innerJoin(users, eq(users.id, leaveRequests.userId))
        .leftJoin(manager, and(eq(manager.id, users.managerId), eq(manager.status, 'active'), isNull(manager.archivedAt)))
        .where(and(eq(leaveRequests.status, 'pending'), isNull(leaveRequests.archivedAt), ne(leaveRequests.userId, user.id)))
        .orderBy(asc(leaveRequests.startDate), asc(leaveRequests.id))
        .limit(1000);
      const mine = rows
        .map(({ request, fullName, managerId }) => ({
          request,
          requester: { id: request.userId, fullName, managerId },
          level: pendingLevel(request),
        }))
        .filter(({ request, requester, level }) => mayApprove({ id: user.id, role: user.role }, requester, level, request.firstApproverId));
      const out = [];
      for (const { request, requester, level } of mine)
        out.push({
          ...entity(request),
          requester: { id: requester.id, fullName: requester.fullName },
          level,
          // What it costs the firm, for the approver to weigh.
          billableDays: (await placementOf(s.db, request)).billableDays,
          version: rowVersion(request),
        });
      return out;
    },
  );

  /** The request as its decider sees it: 404 when the caller may not read it (existence is not revealed). */
  async function lockRequest(db: Db, user: CurrentUser, id: string) {
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
  const assertSeen = (db: Db, req: FastifyRequest, request: LeaveRow) =>
    assertCurrent(db, req, { entity: 'leave-requests', label: 'Leave request', row: request, current: () => entity(request) });

  async function save(db: Db, user: CurrentUser, reqId: string, before: LeaveRow, changes: Partial<LeaveRow>) {
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

  function emitLive(row: LeaveRow) {
    const payload = { channel: 'resources/leave-requests', type: 'updated', payload: { ids: [row.id] }, date: new Date().toISOString() };
    s.realtime.toRoles(['admin', 'hr_lead', 'sale_lead'], 'live', payload);
    s.realtime.toUser(row.userId, 'live', payload);
  }

  app.post(
    `${base}/:id/approve`,
    {
      config: { ...access('approve'), precondition: true },
      schema: {
        tags,
        summary: 'Approve or reject a pending request; a long one needs a second approval by hr_lead or admin',
        params: idParams,
        body: leaveDecisionSchema,
        response: { 200: leaveRequestSchema },
      },
    },
    async (req, reply) => {
      const user = req.user!;
      const { id } = req.params as { id: string };
      const { decision, note } = req.body as z.infer<typeof leaveDecisionSchema>;
      const tell: Array<{ to: string[]; type: string; title: string; message: string; params: NotificationParams }> = [];
      const row = await s.db.transaction(async (tx) => {
        const db = asDb(tx);
        const { request, requester } = await lockRequest(db, user, id);
        if (request.userId === user.id) throw forbidden('Nobody decides their own leave', 'approve_own');
        await assertSeen(db, req, request);
        if (request.status !== 'pending')
          throw conflict(`The request is already ${request.status}`, 'leave_not_pending', { status: { code: 'leave_not_pending' } });
        const level = pendingLevel(request);
        if (!mayApprove({ id: user.id, role: user.role }, requester, level, request.firstApproverId))
          throw forbidden(
            level === 2 ? 'The second approval is for hr_lead or admin' : "You do not approve this person's leave",
            'not_approver',
          );
        const now = new Date().toISOString();
        if (decision === 'reject') {
          const after = await save(db, user, req.id, request, {
            status: 'rejected',
            approverId: user.id,
            decidedAt: now,
            decisionNote: note,
          });
          tell.push({
            to: [request.userId],
            type: 'leave_rejected',
            title: 'Leave request rejected',
            message: `${describeRange(request)}: ${note}`,
            params: leaveParams(request, { note: note ?? null }),
          });
          return after;
        }
        if (level === 1 && request.approvalsRequired === 2) {
          const after = await save(db, user, req.id, request, { firstApproverId: user.id, firstApprovedAt: now, firstNote: note });
          // The requester hears only the final answer; the second level hears it waits for them.
          tell.push({
            to: await approversToTell(db, requester, 2, user.id),
            type: 'leave_second_approval',
            title: 'Leave request to approve (second approval)',
            message: `${requester.fullName} asks for ${describeRange(request)}; first approved`,
            params: leaveParams(request, { requester: requester.fullName }),
          });
          return after;
        }
        const after = await save(db, user, req.id, request, {
          status: 'approved',
          approverId: user.id,
          decidedAt: now,
          decisionNote: note,
        });
        tell.push({
          to: [request.userId],
          type: 'leave_approved',
          title: 'Leave request approved',
          message: describeRange(request),
          params: leaveParams(request),
        });
        return after;
      });
      for (const { to, ...n } of tell) await notify(s, to, { ...n, changedByUserId: user.id });
      emitLive(row);
      sendVersion(reply, row);
      return entity(row);
    },
  );

  app.post(
    `${base}/:id/cancel`,
    {
      config: { ...access('cancel'), precondition: true },
      schema: {
        tags,
        summary: 'The requester cancels a pending or not yet started approved request; an approver cancels approved leave with a note',
        params: idParams,
        body: leaveCancelSchema,
        response: { 200: leaveRequestSchema },
      },
    },
    async (req, reply) => {
      const user = req.user!;
      const { id } = req.params as { id: string };
      const { note } = req.body as z.infer<typeof leaveCancelSchema>;
      let tellTo: string[] = [];
      const row = await s.db.transaction(async (tx) => {
        const db = asDb(tx);
        const { request, requester } = await lockRequest(db, user, id);
        await assertSeen(db, req, request);
        const notCancellable = () =>
          conflict(`A ${request.status} request cannot be cancelled`, 'leave_not_cancellable', {
            status: { code: 'leave_not_cancellable' },
          });
        if (request.userId === user.id) {
          if (!requesterMayCancel(request as ExistingLeave, todayIn())) throw notCancellable();
          tellTo =
            request.status === 'approved' && request.approverId
              ? [request.approverId]
              : await approversToTell(db, requester, pendingLevel(request), request.firstApproverId);
        } else {
          // An approver takes back approved leave (plans change); a pending one is rejected instead.
          if (!mayApprove({ id: user.id, role: user.role }, requester, 1) && !SECOND_LEVEL_ROLES.includes(user.role))
            throw forbidden("You do not approve this person's leave", 'not_approver');
          if (request.status !== 'approved') throw notCancellable();
          if (!note) throw unprocessable('Say why the leave is cancelled', 'note_required', { note: { code: 'note_required' } });
          tellTo = [request.userId];
        }
        return save(db, user, req.id, request, {
          status: 'cancelled',
          decisionNote: note ?? request.decisionNote,
          decidedAt: new Date().toISOString(),
        });
      });
      await notify(s, tellTo, {
        type: 'leave_cancelled',
        title: 'Leave cancelled',
        message: `${describeRange(row)}${note ? `: ${note}` : ''}`,
        params: leaveParams(row, { note: note ?? null }),
        changedByUserId: user.id,
      });
      emitLive(row);
      sendVersion(reply, row);
      return entity(row);
    },
  );

  app.get(
    `${base}/dashboard`,
    {
      config: access('dashboard'),
      schema: {
        tags,
        summary: 'On leave today and this week, pending count, a year’s days by type and month',
        querystring: yearQuery,
        response: { 200: leaveDashboardSchema },
      },
    },
    async (req) => {
      const today = todayIn();
      const { year = Number(today.slice(0, 4)) } = req.query as z.infer<typeof yearQuery>;
      const week = weekOf(today);
      const onLeave = (from: string, to: string) =>
        approvedLeave(s.db, from, to).orderBy(asc(users.fullName), asc(leaveRequests.startDate)).limit(1000);
      const [todayRows, weekRows, [pending], approved] = await Promise.all([
        onLeave(today, today),
        onLeave(week.from, week.to),
        s.db
          .select({ n: sql<number>`count(*)::int` })
          .from(leaveRequests)
          .where(and(eq(leaveRequests.status, 'pending'), isNull(leaveRequests.archivedAt))),
        s.db
          .select({
            type: leaveRequests.type,
            startDate: leaveRequests.startDate,
            endDate: leaveRequests.endDate,
            halfDay: leaveRequests.halfDay,
          })
          .from(leaveRequests)
          .where(
            and(
              eq(leaveRequests.status, 'approved'),
              isNull(leaveRequests.archivedAt),
              lte(leaveRequests.startDate, `${year}-12-31`),
              gte(leaveRequests.endDate, `${year}-01-01`),
            ),
          ),
      ]);
      const off = await holidayDates(s.db, `${year - 1}-12-01`, `${year + 1}-01-31`);
      const byType = new Map<string, number>();
      const byMonth = new Map<string, number>(Array.from({ length: 12 }, (_, i) => [`${year}-${String(i + 1).padStart(2, '0')}`, 0]));
      for (const r of approved) {
        const each = r.halfDay && r.startDate === r.endDate ? 0.5 : 1;
        for (const d of workingDates(r.startDate, r.endDate, off)) {
          if (!d.startsWith(`${year}-`)) continue;
          byType.set(r.type, (byType.get(r.type) ?? 0) + each);
          byMonth.set(d.slice(0, 7), (byMonth.get(d.slice(0, 7)) ?? 0) + each);
        }
      }
      return {
        today,
        onLeaveToday: todayRows as OnLeave[],
        onLeaveThisWeek: weekRows as OnLeave[],
        pendingCount: pending?.n ?? 0,
        year,
        daysByType: [...byType].map(([type, days]) => ({ type: type as LeaveRequest['type'], days })),
        daysByMonth: [...byMonth].map(([month, days]) => ({ month, days })),
      };
    },
  );

  // `/api/calendar`: public holidays and the approved leave the caller may see, in a date range.
  app.get(
    '/calendar',
    {
      config: access('calendar'),
      schema: {
        tags: ['calendar'],
        summary: 'Public holidays and approved leave from `from` to `to` (calendar dates)',
        querystring: calendarQuerySchema,
        response: { 200: calendarSchema },
      },
    },
    async (req) => {
      const { from, to } = req.query as z.infer<typeof calendarQuerySchema>;
      const [days, leave] = await Promise.all([
        s.db
          .select({ id: holidays.id, date: holidays.date, name: holidays.name })
          .from(holidays)
          .where(and(isNull(holidays.archivedAt), gte(holidays.date, from), lte(holidays.date, to)))
          .orderBy(asc(holidays.date)),
        approvedLeave(s.db, from, to, scopeOf(req.user!)).orderBy(asc(leaveRequests.startDate), asc(users.fullName)).limit(2000),
      ]);
      return { holidays: days, leave: leave as OnLeave[] };
    },
  );
}
