import { approvalsNeeded, leaveDays, todayIn } from '../../../domain/modules/leave/leave.rules.js';
import type { Db } from '../../db/client.js';
import { holidayDates, refreshMatrix } from '../leave-matrix/leave-balance.js';
import type { SeedContext } from '../module.js';
import { leaveRequests } from './leave-requests.table.js';

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const at = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The `nth` (0-based) given weekday (0 Sunday … 6 Saturday) of a month. */
function weekdayOf(year: number, month: number, nth: number, weekday: number): string {
  const first = at(`${year}-${String(month).padStart(2, '0')}-01`);
  const shift = (weekday - new Date(first).getUTCDay() + 7) % 7;
  return iso(first + (shift + 7 * nth) * DAY);
}

type Block = {
  startDate: string;
  endDate: string;
  type: 'annual' | 'sick';
  halfDay?: 'am' | 'pm' | null;
  reason: string;
  refused?: boolean;
};

/**
 * A year of everyone's leave, about ten days a person: a long weekend in winter, two days in
 * spring, four days in summer, a sick day or two in autumn, and a request or two ahead waiting
 * for approvers (some were refused two days in November); a third of the firm is off around today, so this month's calendar is not empty.
 * Each person keeps a few annual days for the rest of the year.
 */
export async function seedLeave(db: Db, ctx: SeedContext) {
  const today = todayIn();
  const year = Number(today.slice(0, 4));
  const off = await holidayDates(db, `${year}-01-01`, `${year + 1}-12-31`);
  const rows: Array<typeof leaveRequests.$inferInsert> = [];
  ctx.users.forEach((p, i) => {
    const blocks: Block[] = [];
    const span = (start: string, days: number) => iso(at(start) + (days - 1) * DAY);
    // Winter: a Friday off (or, for a third of the firm, a day off around today instead).
    if (i % 3 === 1) {
      const around = iso(at(today) + (((3 * i) % 11) - 5) * DAY);
      blocks.push({ startDate: around, endDate: around, type: 'annual', halfDay: i % 7 === 4 ? 'am' : null, reason: 'Personal matters' });
    } else
      blocks.push({
        startDate: weekdayOf(year, 2, 1 + (i % 3), 5),
        endDate: weekdayOf(year, 2, 1 + (i % 3), 5),
        type: 'annual',
        reason: 'Long weekend',
      });
    const spring = weekdayOf(year, 3 + (i % 3), 1 + (i % 3), 4);
    blocks.push({ startDate: spring, endDate: span(spring, 2), type: 'annual', reason: 'Family wedding' });
    const summer = weekdayOf(year, 6 + (i % 3), i % 4, 1);
    blocks.push({
      startDate: summer,
      endDate: span(summer, 4),
      type: 'annual',
      reason: i % 2 ? 'Summer holiday in Phú Quốc' : 'Visiting parents in Đà Nẵng',
    });
    const sick = weekdayOf(year, 9 + (i % 2), 1 + (i % 3), 2);
    blocks.push({ startDate: sick, endDate: span(sick, 1 + (i % 4 === 0 ? 1 : 0)), type: 'sick', reason: 'Flu' });
    // Some asked for a busy week and were told no.
    if (i % 8 === 3) {
      const busy = weekdayOf(year, 11, 0, 1);
      blocks.push({ startDate: busy, endDate: span(busy, 2), type: 'annual', reason: 'Short break', refused: true });
    }
    // Ahead: a day or two waiting for the approvers.
    const ahead = at(today) + (14 + ((i * 3) % 20)) * DAY;
    blocks.push({ startDate: iso(ahead), endDate: iso(ahead + (i % 2) * DAY), type: 'annual', reason: 'Rest after release' });

    const taken: Array<[string, string]> = [];
    for (const [k, b] of blocks.entries()) {
      const days = leaveDays(b, off);
      // A block on holidays only, or over another of the person's, is left out.
      if (!days || taken.some(([s, e]) => b.startDate <= e && s <= b.endDate)) continue;
      taken.push([b.startDate, b.endDate]);
      const status: 'approved' | 'rejected' | 'pending' = b.refused
        ? 'rejected'
        : b.startDate > today
          ? k === blocks.length - 1 || i % 2
            ? 'pending'
            : 'approved'
          : 'approved';
      rows.push({
        startDate: b.startDate,
        endDate: b.endDate,
        halfDay: b.halfDay ?? null,
        type: b.type,
        status,
        days,
        reason: b.reason,
        userId: p.id,
        approvalsRequired: approvalsNeeded(days),
        // Leave still ahead was decided already (today at the latest).
        decidedAt: status === 'pending' ? null : `${b.startDate < today ? b.startDate : today}T02:00:00.000Z`,
        decisionNote: status === 'rejected' ? 'Release week: please pick other dates' : null,
        createdBy: p.id,
        // Asked three weeks ahead, or today for what is sooner than that.
        createdAt: new Date(Math.min(at(b.startDate) - 21 * DAY, Date.now())).toISOString(),
      });
    }
  });
  if (rows.length) await db.insert(leaveRequests).values(rows);
  for (const p of ctx.users) for (const y of [year, year + 1]) await refreshMatrix(db, p.id, y);
}
