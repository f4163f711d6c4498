import { desc, eq, inArray, sql } from 'drizzle-orm';
import { monthsTouched, type MonthCloseDecl } from '../../../domain/modules/month-close/month-close.rules.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/errors.js';
import type { WriteGuard } from '../../http/resource/hooks.js';
import { writeAudit } from '../audit/audit.service.js';
import { users } from '../users/users.table.js';
import { monthCloses } from './month-close.table.js';
import { dropSnapshot, hasSnapshot, snapshotMonth } from '../pnl/pnl.service.js';

type Reader = Pick<Db, 'select' | 'execute' | 'insert' | 'delete'>;

const lockKey = (month: string) => `month-close:${month}`;

/**
 * The closed months among `months`, read under a shared lock of each month held to the end of the
 * transaction: a close of one of them (which takes the lock exclusively) waits for this write to
 * commit, and a write that starts while a close is in flight waits for it and then sees the month
 * closed. Locks are taken in month order, so two writes never wait on each other.
 */
export async function closedMonths(db: Reader, months: Iterable<string>): Promise<Set<string>> {
  const list = [...new Set(months)].sort();
  if (!list.length) return new Set();
  for (const month of list) await db.execute(sql`select pg_advisory_xact_lock_shared(hashtext(${lockKey(month)}))`);
  const rows = await db.select({ month: monthCloses.month }).from(monthCloses).where(inArray(monthCloses.month, list));
  return new Set(rows.map((r) => r.month));
}

/** 422 `month_closed` naming the month, the issue on `path` (the field that puts the row in that month). */
export function monthClosedError(month: string, path: string) {
  return new AppError(422, `${month} is closed: its records can no longer change`, {
    code: 'month_closed',
    issues: { [path]: { code: 'month_closed', params: { month } } },
    details: { month },
  });
}

/**
 * Refuses a write that touches a closed month: the row as it was (nothing changes in a closed month,
 * not even to move out of it) and as it will be (nothing moves into one). In the write's transaction.
 */
export async function assertMonthsOpen(
  db: Reader,
  decl: MonthCloseDecl,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
) {
  const months = monthsTouched(decl.field, before, after);
  const closed = await closedMonths(db, months);
  const first = months.find((m) => closed.has(m));
  if (first) throw monthClosedError(first, decl.field);
}

/** The kit's write guard: a resource that closes with the month (`closesWithMonth`) changes in no closed month. */
export const monthCloseGuard: WriteGuard = async (db, decl, before, after) => {
  if (decl.closesWithMonth) await assertMonthsOpen(db, decl.closesWithMonth, before, after);
};

/** Every closed month, newest first, with who closed it. */
export async function listCloses(db: Db) {
  const rows = await db
    .select({
      month: monthCloses.month,
      closedBy: monthCloses.closedBy,
      closedByName: users.fullName,
      closedAt: monthCloses.closedAt,
      note: monthCloses.note,
    })
    .from(monthCloses)
    .leftJoin(users, eq(users.id, monthCloses.closedBy))
    .orderBy(desc(monthCloses.month));
  return rows.map((r) => ({ ...r, closedByName: r.closedByName ?? null }));
}

interface Actor {
  userId: string;
  requestId: string;
}

/**
 * Closes a month in the caller's transaction: waits for the writes in flight in it (their shared
 * locks), then no write lands in it until it is reopened. Closing a closed month keeps the first
 * close (and its note) — and its P&L as it was then closed (in `baseCurrency`, decision 019).
 */
export async function closeMonthIn(tx: Reader, month: string, note: string | null, actor: Actor, baseCurrency: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey(month)}))`);
  // Closed at the moment the close holds the month, not when its transaction began: a write that
  // got in before the lock may have begun after that.
  const [created] = await tx
    .insert(monthCloses)
    .values({ month, closedBy: actor.userId, note, closedAt: sql`clock_timestamp()` })
    .onConflictDoNothing()
    .returning();
  // A month closed before the P&L existed has no snapshot: closing it again takes one.
  if (created || !(await hasSnapshot(tx, month))) await snapshotMonth(tx, baseCurrency, month);
  if (created)
    await writeAudit(tx as Db, {
      actorId: actor.userId,
      entity: 'month-closes',
      entityId: month,
      action: 'closed',
      after: created,
      requestId: actor.requestId,
    });
  const [row] = await tx.select().from(monthCloses).where(eq(monthCloses.month, month));
  return row!;
}

/** `check` runs under the month's exclusive lock, before the close, told whether the month is closed already. */
export const closeMonth = (
  db: Db,
  month: string,
  note: string | null,
  actor: Actor,
  baseCurrency: string,
  check?: (tx: Db, alreadyClosed: boolean) => Promise<void>,
) =>
  db.transaction(async (tx) => {
    if (check) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey(month)}))`);
      const [existing] = await tx.select({ month: monthCloses.month }).from(monthCloses).where(eq(monthCloses.month, month));
      await check(tx as unknown as Db, !!existing);
    }
    return closeMonthIn(tx as unknown as Db, month, note, actor, baseCurrency);
  });

/** Reopens a month, with the reason in the audit entry, its P&L read live again; 404 when it is not closed. */
export async function reopenMonth(db: Db, month: string, note: string | null, actor: Actor) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey(month)}))`);
    const [removed] = await tx.delete(monthCloses).where(eq(monthCloses.month, month)).returning();
    if (!removed) throw notFound('Closed month');
    await dropSnapshot(tx, month);
    await writeAudit(tx, {
      actorId: actor.userId,
      entity: 'month-closes',
      entityId: month,
      action: 'reopened',
      before: removed,
      after: { month, reopenNote: note },
      requestId: actor.requestId,
    });
    return removed;
  });
}
