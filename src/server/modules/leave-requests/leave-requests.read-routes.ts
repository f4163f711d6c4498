import { and, asc, desc, eq, gte, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { isPrivileged } from '../../../domain/auth/permissions.js';
import { mayApprove, pendingLevel, todayIn, weekOf, workingDates } from '../../../domain/modules/leave/leave.rules.js';
import {
  calendarQuerySchema,
  calendarSchema,
  leaveDashboardSchema,
  myRequestsSchema,
  pendingApprovalSchema,
  type LeaveRequest,
} from '../../../domain/modules/leave-requests/leave-requests.schema.js';
import type { Api } from '../../http/api.js';
import type { CurrentUser } from '../../http/access.js';
import { rowVersion } from '../../http/precondition.js';
import type { Services } from '../../services.js';
import { balanceFor, holidayDates } from '../leave-matrix/leave-balance.js';
import { holidays } from '../holidays/holidays.table.js';
import { users } from '../users/users.table.js';
import { leaveRequests } from './leave-requests.table.js';
import { approvedLeave, entity, placementOf, type OnLeave } from './leave-requests.service.js';

// What leave reads beside its list: the caller's requests and the approvals waiting for them, the
// dashboard and the calendar. Nothing here writes.

const yearQuery = z.strictObject({ year: z.coerce.number().int().min(1900).max(2099).optional() });
const tags = ['leave-requests'];
const base = '/leave-requests';
const access = (action: string) => ({ access: { resource: 'leave-requests', action } });

/** The caller's scope over people's leave, as a condition on leave_requests.user_id. */
function scopeOf(user: CurrentUser): SQL | undefined {
  if (isPrivileged(user.role)) return undefined;
  return or(eq(leaveRequests.userId, user.id), sql`${leaveRequests.userId} in (select u.id from users u where u.manager_id = ${user.id})`);
}

/** The caller's own requests, and the requests waiting for the caller's approval. */
export function registerLeaveInbox(app: Api, s: Services) {
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
}

/** Who is on leave and how much leave a year holds (the dashboard), and the calendar. */
export function registerLeaveOverview(app: Api, s: Services) {
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
