import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isPrivileged } from '../../../domain/auth/permissions.js';
import { rateSnapshot, seatOn, type CellRefusal, type DayEntry } from '../../../domain/modules/timesheets/timesheets.rules.js';
import type { Db } from '../../db/client.js';
import type { CurrentUser } from '../../http/access.js';
import { conflict, forbidden, unprocessable } from '../../http/errors.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import { monthCloses } from '../month-close/month-close.table.js';
import { timesheets } from './timesheets.table.js';

export type TimesheetRow = typeof timesheets.$inferSelect;

/** One writer per person at a time: two saves sent at once cannot both pass the day's total. */
export async function lockPerson(db: Db, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`timesheet:${userId}`}))`);
}

/** The firm's closed months among `months`, as a read shows them (a write takes them under lock: `closedMonths`). */
export async function lockedMonths(db: Db, months: Iterable<string>): Promise<Set<string>> {
  const list = [...new Set(months)];
  if (!list.length) return new Set();
  const rows = await db.select({ month: monthCloses.month }).from(monthCloses).where(inArray(monthCloses.month, list));
  return new Set(rows.map((r) => r.month));
}

/** The person's stored entries on these days (all projects). */
export async function entriesOn(db: Db, userId: string, dates: Iterable<string>): Promise<TimesheetRow[]> {
  const list = [...new Set(dates)];
  if (!list.length) return [];
  return db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.userId, userId), inArray(timesheets.date, list)))
    .orderBy(asc(timesheets.date), asc(timesheets.projectId));
}

export const asDayEntries = (rows: readonly TimesheetRow[]): DayEntry[] =>
  rows.map((r) => ({ projectId: r.projectId, date: r.date, hours: r.hours }));

/** The bill rate an entry of (person, project, day) keeps: its active seat's that day, or none. */
export async function snapshotFor(db: Db, userId: string, projectId: string, date: string) {
  const seats = await db
    .select({
      id: headcounts.id,
      status: headcounts.status,
      startDate: headcounts.startDate,
      endDate: headcounts.endDate,
      billingRate: headcounts.billingRate,
      rateUnit: headcounts.rateUnit,
      currency: headcounts.currency,
    })
    .from(headcounts)
    .where(and(eq(headcounts.userId, userId), eq(headcounts.projectId, projectId), isNull(headcounts.archivedAt)));
  return rateSnapshot(seatOn(seats, date));
}

/** Only the privileged roles log for someone else. */
export function assertMayLogFor(user: CurrentUser, userId: string) {
  if (userId !== user.id && !isPrivileged(user.role)) throw forbidden('You can only log your own hours', 'not_owner');
}

/** The refusals as one error: every field named, the first refusal's code for the whole, 409 when any is a clash. */
export function refuse(refusals: readonly CellRefusal[]): never {
  const first = refusals[0]!;
  const issues = Object.fromEntries(refusals.map((r) => [r.path, r.issue]));
  const message = `The hours cannot be saved: ${refusals.map((r) => `${r.path} ${r.issue.code}`).join(', ')}`;
  if (refusals.some((r) => r.status === 409)) throw conflict(message, first.issue.code, issues);
  throw unprocessable(message, first.issue.code, issues);
}
