import { and, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { balanceOf, carryOver, entitlementFor, leaveDaysByYear, type LeaveRange } from '../../../domain/modules/leave/leave.rules.js';
import type { LeaveBalance } from '../../../domain/modules/leave-requests/leave-requests.schema.js';
import type { Db } from '../../db/client.js';
import { holidays } from '../holidays/holidays.table.js';
import { leaveRequests } from '../leave-requests/leave-requests.table.js';
import { users } from '../users/users.table.js';
import { leaveMatrix } from './leave-matrix.table.js';

/** Public holidays (live rows) from `from` to `to`. */
export async function holidayDates(db: Db, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .select({ date: holidays.date })
    .from(holidays)
    .where(and(isNull(holidays.archivedAt), gte(holidays.date, from), lte(holidays.date, to)));
  return new Set(rows.map((r) => r.date));
}

/** Annual days a person has taken (approved) and holds (pending) in a year, a request over New Year split by year. */
export async function annualDaysIn(db: Db, userId: string, year: number, excludeId?: string) {
  const rows = await db
    .select({
      startDate: leaveRequests.startDate,
      endDate: leaveRequests.endDate,
      halfDay: leaveRequests.halfDay,
      status: leaveRequests.status,
    })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.userId, userId),
        eq(leaveRequests.type, 'annual'),
        inArray(leaveRequests.status, ['pending', 'approved']),
        isNull(leaveRequests.archivedAt),
        lte(leaveRequests.startDate, `${year}-12-31`),
        gte(leaveRequests.endDate, `${year}-01-01`),
        excludeId ? ne(leaveRequests.id, excludeId) : undefined,
      ),
    );
  let used = 0;
  let pending = 0;
  if (!rows.length) return { used, pending };
  const from = rows.reduce((m, r) => (r.startDate < m ? r.startDate : m), rows[0]!.startDate);
  const to = rows.reduce((m, r) => (r.endDate > m ? r.endDate : m), rows[0]!.endDate);
  const off = await holidayDates(db, from, to);
  for (const r of rows) {
    const days = leaveDaysByYear(r as LeaveRange, off).get(year) ?? 0;
    if (r.status === 'approved') used += days;
    else pending += days;
  }
  return { used, pending };
}

/** Entitlement and carry-over: the matrix row's when there is one, else the rules' from the join date and last year. */
async function allowanceOf(db: Db, userId: string, year: number): Promise<{ entitlement: number; carried: number } | undefined> {
  const [row] = await db
    .select({ entitlement: leaveMatrix.entitlement, carried: leaveMatrix.carried })
    .from(leaveMatrix)
    .where(and(eq(leaveMatrix.userId, userId), eq(leaveMatrix.year, year)));
  if (row) return row;
  return defaultAllowance(db, userId, year);
}

export async function defaultAllowance(db: Db, userId: string, year: number) {
  const [user] = await db.select({ joinDate: users.joinDate }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const [previous] = await db
    .select({ remaining: leaveMatrix.remaining })
    .from(leaveMatrix)
    .where(and(eq(leaveMatrix.userId, userId), eq(leaveMatrix.year, year - 1)));
  return { entitlement: entitlementFor(year, user.joinDate), carried: carryOver(previous?.remaining ?? 0) };
}

/** A person's annual-leave balance for a year; `excludeId` leaves one request out (the one being edited). */
export async function balanceFor(db: Db, userId: string, year: number, excludeId?: string): Promise<LeaveBalance> {
  const allowance = (await allowanceOf(db, userId, year)) ?? { entitlement: 0, carried: 0 };
  const days = await annualDaysIn(db, userId, year, excludeId);
  return { year, ...balanceOf({ ...allowance, ...days }) };
}

/** Brings a person's matrix row for a year in step with their requests (creating it on first use). */
export async function refreshMatrix(db: Db, userId: string, year: number) {
  // One writer per person and year, so that two writes cannot both create the row.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`leave-matrix:${userId}:${year}`}))`);
  const b = await balanceFor(db, userId, year);
  const [existing] = await db
    .select({ id: leaveMatrix.id })
    .from(leaveMatrix)
    .where(and(eq(leaveMatrix.userId, userId), eq(leaveMatrix.year, year)));
  if (existing) {
    await db
      .update(leaveMatrix)
      .set({ used: b.used, pending: b.pending, remaining: b.remaining, updatedAt: sql`now()` })
      .where(eq(leaveMatrix.id, existing.id));
    return;
  }
  const [user] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  if (!user) return;
  await db
    .insert(leaveMatrix)
    .values({ ...b, userId, userName: user.fullName })
    .onConflictDoNothing();
}
