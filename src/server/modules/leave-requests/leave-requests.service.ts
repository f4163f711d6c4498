import { and, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isPrivileged, type Role } from '../../../domain/auth/permissions.js';
import {
  approvalsNeeded,
  leaveDays,
  leaveDaysByYear,
  mayApprove,
  overlapping,
  SECOND_LEVEL_ROLES,
  workingDates,
  type ExistingLeave,
  type LeaveRange,
} from '../../../domain/modules/leave/leave.rules.js';
import { leaveRequestSchema, type LeaveRequest } from '../../../domain/modules/leave-requests/leave-requests.schema.js';
import type { CurrentUser } from '../../http/access.js';
import type { WriteContext } from '../../http/resource/index.js';
import type { Db } from '../../db/client.js';
import { conflict, unprocessable } from '../../http/errors.js';
import { balanceFor, holidayDates } from '../leave-matrix/leave-balance.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import { users } from '../users/users.table.js';
import { leaveRequests } from './leave-requests.table.js';

// What the module's hooks and its routes share: who asks, who approves, who is placed, and a request's checks.

/** Approved leave that touches `from`–`to`, with the person's name (the dashboard and the calendar). */
export function approvedLeave(db: Db, from: string, to: string, scope?: SQL) {
  return db
    .select({
      id: leaveRequests.id,
      userId: leaveRequests.userId,
      fullName: users.fullName,
      type: leaveRequests.type,
      startDate: leaveRequests.startDate,
      endDate: leaveRequests.endDate,
      halfDay: leaveRequests.halfDay,
      days: leaveRequests.days,
    })
    .from(leaveRequests)
    .innerJoin(users, eq(users.id, leaveRequests.userId))
    .where(
      and(
        scope,
        eq(leaveRequests.status, 'approved'),
        isNull(leaveRequests.archivedAt),
        lte(leaveRequests.startDate, to),
        gte(leaveRequests.endDate, from),
      ),
    );
}

export type LeaveRow = typeof leaveRequests.$inferSelect;
export const asDb = (tx: unknown) => tx as Db;
export const entity = (r: LeaveRow) =>
  Object.fromEntries(Object.keys(leaveRequestSchema.shape).map((k) => [k, r[k as keyof LeaveRow] ?? null])) as LeaveRequest;
export type OnLeave = Pick<LeaveRequest, 'id' | 'userId' | 'type' | 'startDate' | 'endDate' | 'halfDay' | 'days'> & { fullName: string };
export const yearsOf = (...rows: Array<Pick<LeaveRow, 'startDate' | 'endDate' | 'type'> | undefined>) => {
  const out = new Set<number>();
  for (const r of rows)
    if (r?.type === 'annual') for (let y = Number(r.startDate.slice(0, 4)); y <= Number(r.endDate.slice(0, 4)); y++) out.add(y);
  return out;
};

export interface RequesterInfo {
  id: string;
  fullName: string;
  /** The manager when they are an active user; else null (the privileged roles approve). */
  managerId: string | null;
}

export async function requesterOf(db: Db, userId: string): Promise<RequesterInfo | undefined> {
  const manager = alias(users, 'manager');
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, managerId: manager.id })
    .from(users)
    .leftJoin(manager, and(eq(manager.id, users.managerId), eq(manager.status, 'active'), isNull(manager.archivedAt)))
    .where(eq(users.id, userId));
  return row;
}

/** Who is told of a request waiting at `level`: its manager, else the privileged roles; level 2: hr_lead and admin. */
export async function approversToTell(db: Db, requester: RequesterInfo, level: 1 | 2, firstApproverId?: string | null): Promise<string[]> {
  if (level === 1 && requester.managerId) return [requester.managerId];
  const roles: readonly Role[] = level === 2 ? SECOND_LEVEL_ROLES : ['admin', 'hr_lead', 'sale_lead'];
  const rows = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(inArray(users.role, [...roles]), eq(users.status, 'active'), isNull(users.archivedAt)));
  return rows.filter((u) => mayApprove({ id: u.id, role: u.role as Role }, requester, level, firstApproverId)).map((u) => u.id);
}

/** May the caller read this person's leave: privileged, themselves, or their manager. */
export function mayRead(user: CurrentUser, requester: { id: string; managerId: string | null }, rawManagerId: string | null) {
  return isPrivileged(user.role) || user.id === requester.id || user.id === rawManagerId;
}

/** A request as a notification's params: the reader's client words the type, dates and days in their language. */
export const leaveParams = (
  r: Pick<LeaveRow, 'id' | 'startDate' | 'endDate' | 'halfDay' | 'days' | 'type'>,
  more: Record<string, string | number | null> = {},
) => ({ leaveId: r.id, leaveType: r.type, startDate: r.startDate, endDate: r.endDate, halfDay: r.halfDay ?? null, days: r.days, ...more });

export const describeRange = (r: Pick<LeaveRow, 'startDate' | 'endDate' | 'halfDay' | 'days' | 'type'>) =>
  `${r.type} leave ${r.startDate === r.endDate ? r.startDate : `${r.startDate} – ${r.endDate}`}${r.halfDay ? ` (${r.halfDay})` : ''}, ${r.days} day(s)`;

/**
 * A placed person's leave costs billable days: the request's working days that fall in one of
 * their active seats, and the sale owners of those seats (told of the request).
 */
export async function placementOf(db: Db, r: Pick<LeaveRow, 'userId' | 'startDate' | 'endDate' | 'halfDay'>) {
  const seats = await db
    .select({ saleId: headcounts.saleId, startDate: headcounts.startDate, endDate: headcounts.endDate })
    .from(headcounts)
    .where(
      and(
        eq(headcounts.userId, r.userId),
        eq(headcounts.status, 'active'),
        isNull(headcounts.archivedAt),
        lte(headcounts.startDate, r.endDate),
        or(isNull(headcounts.endDate), gte(headcounts.endDate, r.startDate)),
      ),
    );
  if (!seats.length) return { billableDays: 0, saleIds: [] as string[] };
  const off = await holidayDates(db, r.startDate, r.endDate);
  const each = r.halfDay && r.startDate === r.endDate ? 0.5 : 1;
  const billable = workingDates(r.startDate, r.endDate, off).filter((d) =>
    seats.some((s) => s.startDate <= d && (!s.endDate || s.endDate >= d)),
  );
  return { billableDays: billable.length * each, saleIds: [...new Set(seats.flatMap((s) => (s.saleId ? [s.saleId] : [])))] };
}

/**
 * The request's rules on every write: days from working days, no overlap with one's own
 * pending or approved requests, annual days within the balance of each year they fall in.
 */

export async function checkRequest(ctx: WriteContext, next: LeaveRange & { type: string; userId: string; id?: string }) {
  const db = asDb(ctx.tx);
  // One writer per person at a time: two requests sent at once cannot both pass the checks.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`leave:${next.userId}`}))`);
  const off = await holidayDates(db, next.startDate, next.endDate);
  const days = leaveDays(next, off);
  if (days === 0)
    throw unprocessable('The request holds no working day', 'leave_no_working_days', { startDate: { code: 'leave_no_working_days' } });
  const mine = await db
    .select({
      id: leaveRequests.id,
      startDate: leaveRequests.startDate,
      endDate: leaveRequests.endDate,
      halfDay: leaveRequests.halfDay,
      status: leaveRequests.status,
    })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.userId, next.userId),
        isNull(leaveRequests.archivedAt),
        inArray(leaveRequests.status, ['pending', 'approved']),
        lte(leaveRequests.startDate, next.endDate),
        gte(leaveRequests.endDate, next.startDate),
      ),
    );
  const clash = overlapping(next, mine as ExistingLeave[]);
  if (clash.length) {
    const other = clash[0]!;
    throw conflict(`The request overlaps your request of ${other.startDate} – ${other.endDate}`, 'leave_overlap', {
      startDate: { code: 'leave_overlap', params: { start: other.startDate, end: other.endDate } },
    });
  }
  if (next.type === 'annual') {
    for (const [year, wanted] of leaveDaysByYear(next, off)) {
      const b = await balanceFor(db, next.userId, year, next.id);
      if (wanted > b.remaining)
        throw unprocessable(`${wanted} annual day(s) asked in ${year}; ${b.remaining} remain`, 'leave_balance', {
          endDate: { code: 'leave_balance', params: { days: wanted, remaining: b.remaining, year } },
        });
    }
  }
  return { days, approvalsRequired: approvalsNeeded(days, ctx.services.config.LEAVE_SECOND_APPROVAL_DAYS) };
}
