import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import { datesBetween, isWeekend, todayIn } from '../../../domain/modules/leave/leave.rules.js';
import { rateSnapshot, seatOn } from '../../../domain/modules/timesheets/timesheets.rules.js';
import { addMonths, monthOf } from '../../../domain/months.js';
import type { Db } from '../../db/client.js';
import type { SeedContext } from '../module.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import { holidayDates } from '../leave-matrix/leave-balance.js';
import { leaveRequests } from '../leave-requests/leave-requests.table.js';
import { projects } from '../projects/projects.table.js';
import { timesheets } from './timesheets.table.js';
import { monthCloses } from '../month-close/month-close.table.js';

const NOTES = [
  'Sprint planning and refinement',
  'Code review',
  'Bug fixing after QA round',
  'Release preparation',
  'Pairing on the payment module',
  'Customer demo',
  'Performance tuning',
  'Writing integration tests',
];
const OTHER_NOTES = ['Pre-sales PoC', 'Internal training', 'Interviewing candidates', 'Estimating a proposal'];

/** A steady pseudo-random number in [0, 1) for a person and a day: the same demo firm on every start. */
function chance(a: number, b: number): number {
  let h = (a * 374_761_393 + b * 668_265_263) | 0;
  h = Math.imul(h ^ (h >>> 13), 1_274_126_177);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}

/**
 * Three months and this one of logged hours for the placed developers: mostly 8 h on working
 * days, a few missing days (more in the last fortnight, not logged yet), some overtime, now and
 * then a few non-billable hours on a project without a seat; weekends, public holidays and
 * approved leave stay empty (a half day of leave holds 4 h). The months before last are locked
 * (invoiced).
 */
export async function seedTimesheets(db: Db, ctx: SeedContext) {
  const today = todayIn();
  const from = `${addMonths(monthOf(today), -3)}-01`;
  const developers = new Set(ctx.users.filter((u) => u.role === 'developer').map((u) => u.id));
  const seats = (
    await db
      .select({
        id: headcounts.id,
        userId: headcounts.userId,
        projectId: headcounts.projectId,
        status: headcounts.status,
        startDate: headcounts.startDate,
        endDate: headcounts.endDate,
        billingRate: headcounts.billingRate,
        rateUnit: headcounts.rateUnit,
        currency: headcounts.currency,
        allocation: headcounts.allocation,
      })
      .from(headcounts)
      .where(
        and(
          eq(headcounts.status, 'active'),
          isNull(headcounts.archivedAt),
          isNotNull(headcounts.projectId),
          lte(headcounts.startDate, today),
        ),
      )
      .orderBy(asc(headcounts.userId), asc(headcounts.startDate))
  ).filter((s) => developers.has(s.userId));
  if (!seats.length) return;
  const people = [...new Set(seats.map((s) => s.userId))];
  const off = await holidayDates(db, from, today);
  const leave = await db
    .select({
      userId: leaveRequests.userId,
      startDate: leaveRequests.startDate,
      endDate: leaveRequests.endDate,
      halfDay: leaveRequests.halfDay,
    })
    .from(leaveRequests)
    .where(
      and(
        inArray(leaveRequests.userId, people),
        eq(leaveRequests.status, 'approved'),
        isNull(leaveRequests.archivedAt),
        lte(leaveRequests.startDate, today),
        gte(leaveRequests.endDate, from),
      ),
    );
  const onLeave = new Map<string, number>();
  for (const l of leave)
    for (const d of datesBetween(l.startDate, l.endDate)) onLeave.set(`${l.userId}|${d}`, l.halfDay && l.startDate === l.endDate ? 0.5 : 1);
  const side = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(ne(projects.status, 'closed'), isNull(projects.archivedAt)))
    .orderBy(asc(projects.code));
  const days = datesBetween(from, today).filter((d) => !isWeekend(d) && !off.has(d));
  const recent = datesBetween(from, today).at(-14) ?? from;
  const rows: Array<typeof timesheets.$inferInsert> = [];

  people.forEach((userId, p) => {
    const mine = seats.filter((s) => s.userId === userId);
    days.forEach((date, d) => {
      const leaveShare = onLeave.get(`${userId}|${date}`) ?? 0;
      if (leaveShare === 1) return;
      const r = chance(p + 1, d + 1);
      // Days not logged: a few in the past, more in the last fortnight (people log late).
      if (r < (date >= recent ? 0.12 : 0.03)) return;
      if (date === today && r < 0.6) return;
      const active = mine.filter((s) => seatOn([s], date));
      if (!active.length) return;
      let day = leaveShare === 0.5 ? 4 : 8;
      // Overtime around releases.
      if (r > 0.93 && leaveShare === 0) day += r > 0.97 ? 2 : 1.5;
      // Now and then a couple of non-billable hours on another project.
      const sideHours = leaveShare === 0 && chance(p + 101, d + 7) < 0.07 ? 2 : 0;
      let billable = day - sideHours;
      const total = active.reduce((n, s) => n + s.allocation, 0) || 100;
      active.forEach((s, k) => {
        // Split seats log by their share, in quarter hours; the last seat takes what remains.
        const hours = k === active.length - 1 ? billable : Math.round(((day - sideHours) * s.allocation * 4) / total) / 4;
        billable -= hours;
        if (hours <= 0) return;
        rows.push({
          userId,
          projectId: s.projectId!,
          date,
          hours,
          note: chance(p + 31, d + k) < 0.25 ? NOTES[(p + d + k) % NOTES.length]! : '',
          ...rateSnapshot(s),
          createdBy: userId,
        });
      });
      if (sideHours) {
        const other = side.find((x, i) => i >= (p * 3 + d) % side.length && !active.some((s) => s.projectId === x.id));
        if (other)
          rows.push({
            userId,
            projectId: other.id,
            date,
            hours: sideHours,
            note: OTHER_NOTES[(p + d) % OTHER_NOTES.length]!,
            ...rateSnapshot(undefined),
            createdBy: userId,
          });
      }
    });
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(timesheets).values(rows.slice(i, i + 1000));

  // Months before last are invoiced, hence closed (decision 017); last month stays open for late corrections.
  const admin = ctx.users.find((u) => u.role === 'admin');
  const closes: Array<typeof monthCloses.$inferInsert> = [];
  for (let m = monthOf(from); m < addMonths(monthOf(today), -1); m = addMonths(m, 1))
    closes.push({ month: m, closedBy: admin?.id ?? null, closedAt: `${addMonths(m, 1)}-05T03:00:00.000Z`, note: 'Invoiced and paid out' });
  if (closes.length) await db.insert(monthCloses).values(closes).onConflictDoNothing();
}
