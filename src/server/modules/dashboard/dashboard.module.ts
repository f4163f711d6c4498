import { and, asc, desc, eq, gte, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isPrivileged } from '../../../domain/auth/permissions.js';
import { dashboardBlocks, expectedHours, utilisationRate } from '../../../domain/modules/dashboard/dashboard.rules.js';
import { dashboardSchema, type Dashboard } from '../../../domain/modules/dashboard/dashboard.schema.js';
import { JOB_PRIORITY_VALUES, PIPELINE_STAGE_VALUES } from '../../../domain/modules/jobs/jobs.schema.js';
import { FIRM_TIME_ZONE, mayApprove, pendingLevel, todayIn, weekOf } from '../../../domain/modules/leave/leave.rules.js';
import type { Api } from '../../http/api.js';
import type { CurrentUser } from '../../http/access.js';
import type { Db } from '../../db/client.js';
import type { Services } from '../../services.js';
import type { ServerModule } from '../module.js';
import { candidates } from '../candidates/candidates.table.js';
import { customers } from '../customers/customers.table.js';
import { benchDay, benchOn, seatedOn } from '../headcounts/headcounts.routes.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import { jobCandidateEvents, jobCandidates, jobs } from '../jobs/jobs.table.js';
import { balanceFor, holidayDates } from '../leave-matrix/leave-balance.js';
import { leaveRequests } from '../leave-requests/leave-requests.table.js';
import { revenueSummary } from '../invoices/invoices.analytics.js';
import { profitSummary } from '../pnl/pnl.module.js';
import { timesheets } from '../timesheets/timesheets.table.js';
import { users } from '../users/users.table.js';

/** How many of my week's rows and of the team's coming leave the page lists (the counts are whole). */
const RECENT = 5;
const UPCOMING = 8;
/** The team's leave shown: what is on now and starts within this many days. */
const UPCOMING_DAYS = 30;

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const leaveColumns = {
  id: leaveRequests.id,
  type: leaveRequests.type,
  startDate: leaveRequests.startDate,
  endDate: leaveRequests.endDate,
  halfDay: leaveRequests.halfDay,
  days: leaveRequests.days,
};
type LeaveOut = NonNullable<Dashboard['leave']>['next'];

export const dashboardModule: ServerModule = { name: 'dashboard', routes: registerDashboardRoutes };

function registerDashboardRoutes(app: Api, s: Services) {
  app.get(
    '/dashboard',
    {
      // Every role has the dashboard; what each block holds follows the access of its data.
      config: { access: { section: 'dashboard' } },
      schema: {
        tags: ['dashboard'],
        summary: "The home page's figures: only the blocks the caller's role may see",
        response: { 200: dashboardSchema },
      },
    },
    async (req) => {
      const user = req.user!;
      const today = todayIn();
      const week = weekOf(today);
      const blocks = new Set(dashboardBlocks(user.role, s.access.snapshot()));
      const [recruitment, leave, team, workforce, hours, utilisation, revenue, profit] = await Promise.all([
        blocks.has('recruitment') ? recruitmentOf(s.db, user, week.from) : undefined,
        blocks.has('leave') ? leaveOf(s.db, user, today) : undefined,
        blocks.has('team') ? teamOf(s.db, user, today) : undefined,
        blocks.has('workforce') ? workforceOf(s.db) : undefined,
        blocks.has('hours') ? hoursOf(s.db, user, week) : undefined,
        blocks.has('utilisation') ? utilisationOf(s.db, today) : undefined,
        // Invoices count days in UTC, as their overdue flag does.
        blocks.has('revenue') ? revenueSummary(s, user) : undefined,
        blocks.has('profit') ? profitSummary(s, user, today) : undefined,
      ]);
      const out: Dashboard = { today, week };
      if (recruitment) out.recruitment = recruitment;
      if (leave) out.leave = leave;
      if (team) out.team = team;
      if (workforce) out.workforce = workforce;
      if (hours) out.hours = hours;
      if (utilisation) out.utilisation = utilisation;
      if (revenue) out.revenue = revenue;
      if (profit) out.profit = profit;
      return out;
    },
  );
}

/** Midnight starting the firm's calendar date `day`, as an instant (the week's rows are the firm's week). */
const startOfDay = (day: string) => sql`(${day}::date::timestamp at time zone ${FIRM_TIME_ZONE})`;

async function recruitmentOf(db: Db, user: CurrentUser, weekFrom: string): Promise<NonNullable<Dashboard['recruitment']>> {
  const since = startOfDay(weekFrom);
  // count(*) over () counts the week's rows before the limit: the list and its total in one query.
  const total = sql<number>`(count(*) over ())::int`;
  const [byPriority, byStage, added, moves] = await Promise.all([
    db
      .select({ priority: jobs.priority, count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(isNull(jobs.archivedAt), eq(jobs.status, 'open')))
      .groupBy(jobs.priority),
    db
      .select({ stage: jobCandidates.stage, count: sql<number>`count(*)::int` })
      .from(jobCandidates)
      .innerJoin(jobs, eq(jobs.id, jobCandidates.jobId))
      .where(and(isNull(jobCandidates.archivedAt), isNull(jobs.archivedAt), eq(jobs.status, 'open')))
      .groupBy(jobCandidates.stage),
    db
      .select({ id: candidates.id, fullName: candidates.fullName, createdAt: candidates.createdAt, total })
      .from(candidates)
      .where(and(eq(candidates.createdBy, user.id), isNull(candidates.archivedAt), sql`${candidates.createdAt} >= ${since}`))
      .orderBy(desc(candidates.createdAt), desc(candidates.id))
      .limit(RECENT),
    db
      .select({
        id: jobCandidateEvents.id,
        jobId: jobs.id,
        jobTitle: jobs.title,
        candidateId: candidates.id,
        candidateName: candidates.fullName,
        fromStage: jobCandidateEvents.fromStage,
        toStage: jobCandidateEvents.toStage,
        createdAt: jobCandidateEvents.createdAt,
        total,
      })
      .from(jobCandidateEvents)
      .innerJoin(jobCandidates, eq(jobCandidates.id, jobCandidateEvents.jobCandidateId))
      .innerJoin(jobs, and(eq(jobs.id, jobCandidates.jobId), isNull(jobs.archivedAt)))
      .innerJoin(candidates, and(eq(candidates.id, jobCandidates.candidateId), isNull(candidates.archivedAt)))
      .where(
        and(
          eq(jobCandidateEvents.byUserId, user.id),
          // A removal is no move forward; an addition is a move into the first stage.
          isNotNull(jobCandidateEvents.toStage),
          sql`${jobCandidateEvents.createdAt} >= ${since}`,
        ),
      )
      .orderBy(desc(jobCandidateEvents.createdAt), desc(jobCandidateEvents.id))
      .limit(RECENT),
  ]);
  const countOf = <K extends string>(rows: Array<Record<K, string> & { count: number }>, key: K, value: string) =>
    rows.find((r) => r[key] === value)?.count ?? 0;
  const strip = <T extends { total: number }>(rows: T[]) => rows.map(({ total: _t, ...r }) => r);
  return {
    openJobsByPriority: JOB_PRIORITY_VALUES.map((priority) => ({ priority, count: countOf(byPriority, 'priority', priority) })),
    pipelineByStage: PIPELINE_STAGE_VALUES.map((stage) => ({ stage, count: countOf(byStage, 'stage', stage) })),
    candidatesAdded: { count: added[0]?.total ?? 0, recent: strip(added) },
    moves: {
      count: moves[0]?.total ?? 0,
      recent: strip(moves) as NonNullable<Dashboard['recruitment']>['moves']['recent'],
    },
  };
}

async function leaveOf(db: Db, user: CurrentUser, today: string): Promise<NonNullable<Dashboard['leave']>> {
  const [balance, [next]] = await Promise.all([
    balanceFor(db, user.id, Number(today.slice(0, 4))),
    db
      .select(leaveColumns)
      .from(leaveRequests)
      .where(
        and(
          eq(leaveRequests.userId, user.id),
          eq(leaveRequests.status, 'approved'),
          isNull(leaveRequests.archivedAt),
          gte(leaveRequests.endDate, today),
        ),
      )
      .orderBy(asc(leaveRequests.startDate), asc(leaveRequests.id))
      .limit(1),
  ]);
  return { balance, next: (next as LeaveOut) ?? null };
}

async function teamOf(db: Db, user: CurrentUser, today: string): Promise<NonNullable<Dashboard['team']>> {
  // The people whose leave the caller reads: everyone for the privileged roles, else their reports.
  const scope: SQL | undefined = isPrivileged(user.role) ? undefined : eq(users.managerId, user.id);
  const manager = alias(users, 'manager');
  const [upcoming, pending] = await Promise.all([
    db
      .select({ ...leaveColumns, userId: leaveRequests.userId, fullName: users.fullName })
      .from(leaveRequests)
      .innerJoin(users, eq(users.id, leaveRequests.userId))
      .where(
        and(
          scope,
          ne(leaveRequests.userId, user.id),
          eq(leaveRequests.status, 'approved'),
          isNull(leaveRequests.archivedAt),
          gte(leaveRequests.endDate, today),
          lte(leaveRequests.startDate, addDays(today, UPCOMING_DAYS)),
        ),
      )
      .orderBy(asc(leaveRequests.startDate), asc(users.fullName))
      .limit(UPCOMING),
    // The same rows and rule as the approvals page: who may approve each request now.
    db
      .select({
        userId: leaveRequests.userId,
        approvalsRequired: leaveRequests.approvalsRequired,
        firstApproverId: leaveRequests.firstApproverId,
        managerId: manager.id,
      })
      .from(leaveRequests)
      .innerJoin(users, eq(users.id, leaveRequests.userId))
      .leftJoin(manager, and(eq(manager.id, users.managerId), eq(manager.status, 'active'), isNull(manager.archivedAt)))
      .where(and(eq(leaveRequests.status, 'pending'), isNull(leaveRequests.archivedAt), ne(leaveRequests.userId, user.id)))
      .limit(1000),
  ]);
  const pendingApprovals = pending.filter((r) =>
    mayApprove({ id: user.id, role: user.role }, { id: r.userId, managerId: r.managerId }, pendingLevel(r), r.firstApproverId),
  ).length;
  return { upcoming: upcoming as NonNullable<Dashboard['team']>['upcoming'], pendingApprovals };
}

async function workforceOf(db: Db): Promise<NonNullable<Dashboard['workforce']>> {
  const day = benchDay();
  const [byCustomer, [bench]] = await Promise.all([
    db
      .select({ customerId: customers.id, name: customers.name, count: sql<number>`count(*)::int` })
      .from(headcounts)
      .innerJoin(customers, eq(customers.id, headcounts.customerId))
      .where(seatedOn(day))
      .groupBy(customers.id, customers.name)
      .orderBy(desc(sql`count(*)`), asc(customers.name)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(benchOn(day)),
  ]);
  return { activeHeadcount: byCustomer.reduce((n, c) => n + c.count, 0), bench: bench?.n ?? 0, byCustomer };
}

const approvedLeaveIn = (from: string, to: string) =>
  and(
    eq(leaveRequests.status, 'approved'),
    isNull(leaveRequests.archivedAt),
    lte(leaveRequests.startDate, to),
    gte(leaveRequests.endDate, from),
  );
const leaveRange = { startDate: leaveRequests.startDate, endDate: leaveRequests.endDate, halfDay: leaveRequests.halfDay };
type Range = { startDate: string; endDate: string; halfDay: 'am' | 'pm' | null };

async function hoursOf(db: Db, user: CurrentUser, week: { from: string; to: string }): Promise<NonNullable<Dashboard['hours']>> {
  const [[logged], off, leave] = await Promise.all([
    db
      .select({ hours: sql<number>`coalesce(sum(${timesheets.hours}), 0)::float8` })
      .from(timesheets)
      .where(and(eq(timesheets.userId, user.id), gte(timesheets.date, week.from), lte(timesheets.date, week.to))),
    holidayDates(db, week.from, week.to),
    db
      .select(leaveRange)
      .from(leaveRequests)
      .where(and(eq(leaveRequests.userId, user.id), approvedLeaveIn(week.from, week.to))),
  ]);
  return { logged: logged?.hours ?? 0, expected: expectedHours(week.from, week.to, off, leave as Range[]) };
}

/** Active developers' billable hours this month so far over their working hours (holidays and approved leave off). */
async function utilisationOf(db: Db, today: string): Promise<NonNullable<Dashboard['utilisation']>> {
  const from = `${today.slice(0, 7)}-01`;
  const developers = and(isNull(users.archivedAt), eq(users.status, 'active'), eq(users.role, 'developer'));
  const [people, [billable], leave, off] = await Promise.all([
    db.select({ id: users.id }).from(users).where(developers),
    db
      .select({ hours: sql<number>`coalesce(sum(${timesheets.hours}), 0)::float8` })
      .from(timesheets)
      .innerJoin(users, eq(users.id, timesheets.userId))
      // An entry is billable when it was logged on a seat (its rate snapshot's headcount).
      .where(and(developers, isNotNull(timesheets.headcountId), gte(timesheets.date, from), lte(timesheets.date, today))),
    db
      .select({ userId: leaveRequests.userId, ...leaveRange })
      .from(leaveRequests)
      .innerJoin(users, eq(users.id, leaveRequests.userId))
      .where(and(developers, approvedLeaveIn(from, today))),
    holidayDates(db, from, today),
  ]);
  const leaveOf = new Map<string, Range[]>();
  for (const l of leave) leaveOf.set(l.userId, [...(leaveOf.get(l.userId) ?? []), l as Range]);
  const available = people.reduce((n, p) => n + expectedHours(from, today, off, leaveOf.get(p.id) ?? []), 0);
  const billableHours = billable?.hours ?? 0;
  return { from, to: today, billableHours, availableHours: available, rate: utilisationRate(billableHours, available) };
}
