import { approvalsNeeded, leaveDays, todayIn } from '../../../domain/modules/leave/leave.rules.js';
import type { Db } from '../../db/client.js';
import { holidayDates, refreshMatrix } from '../leave-matrix/leave-balance.js';
import type { SeedContext } from '../module.js';
import { leaveRequests } from './leave-requests.table.js';

/** A few months of requests: approved past leave, pending ones waiting for approvers, a rejection. */
export async function seedLeave(db: Db, ctx: SeedContext) {
  const today = todayIn();
  const year = Number(today.slice(0, 4));
  const people = ctx.users.filter((u) => u.role === 'developer' || u.role === 'hr' || u.role === 'sale').slice(0, 12);
  const off = await holidayDates(db, `${year}-01-01`, `${year + 1}-12-31`);
  const REASONS = ['Family trip', 'Personal matters', 'Medical appointment', 'Rest after release', 'Visiting parents in Đà Nẵng'];
  const rows: Array<typeof leaveRequests.$inferInsert> = [];
  people.forEach((p, i) => {
    // Past approved leave in the year's first months, then one pending request in the weeks ahead.
    const month = String(1 + (i % 9)).padStart(2, '0');
    const past = {
      startDate: `${year}-${month}-0${2 + (i % 5)}`,
      endDate: `${year}-${month}-${String(3 + (i % 5) + (i % 3)).padStart(2, '0')}`,
    };
    const t = Date.parse(`${today}T00:00:00Z`) + (14 + i * 3) * 86_400_000;
    const start = new Date(t).toISOString().slice(0, 10);
    const future = { startDate: start, endDate: new Date(t + (i % 2) * 86_400_000).toISOString().slice(0, 10) };
    // A third of them also have approved leave around today, so this month's calendar is not empty.
    const around = Date.parse(`${today}T00:00:00Z`) + (3 * i - 5) * 86_400_000;
    const recent = {
      startDate: new Date(around).toISOString().slice(0, 10),
      endDate: new Date(around + (i % 2) * 86_400_000).toISOString().slice(0, 10),
      // One of them a morning off.
      halfDay: i === 10 ? ('am' as const) : null,
    };
    for (const [range, status, type] of [
      [past, i % 4 === 3 ? 'rejected' : 'approved', i % 3 === 2 ? 'sick' : 'annual'],
      [future, 'pending', 'annual'],
      ...(i % 3 === 1 ? ([[recent, 'approved', i === 4 ? 'sick' : 'annual']] as const) : []),
    ] as const) {
      const days = leaveDays(range, off);
      if (!days || (range === past && range.startDate > today)) continue;
      rows.push({
        ...range,
        type,
        status,
        days,
        reason: REASONS[(i + rows.length) % REASONS.length]!,
        userId: p.id,
        approvalsRequired: approvalsNeeded(days),
        // Leave still ahead was decided already (today at the latest).
        decidedAt: status === 'pending' ? null : `${range.startDate < today ? range.startDate : today}T02:00:00.000Z`,
        decisionNote: status === 'rejected' ? 'Release week: please pick other dates' : null,
        createdBy: p.id,
      });
    }
  });
  if (rows.length) await db.insert(leaveRequests).values(rows);
  for (const p of people) for (const y of [year, year + 1]) await refreshMatrix(db, p.id, y);
}
