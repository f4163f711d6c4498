import { sql, type SQL } from 'drizzle-orm';
import { todayIn } from '../../../domain/modules/leave/leave.rules.js';
import {
  monthDays,
  personMonth,
  sortPeople,
  totalsOf,
  type AllDevsPerson,
  type AllDevsQuery,
  type DayHours,
  type LeaveSpan,
  type MonthDay,
} from '../../../domain/modules/timesheets/all-devs.js';
import { monthRange } from '../../../domain/months.js';
import { queryRows, type Db } from '../../db/client.js';
import { searchCondition } from '../../http/paging.js';
import { users } from '../users/users.table.js';

/**
 * All developers' month, read in four set queries whatever the number of people (people, hours
 * grouped by person and day, approved leave, holidays), then computed by the domain's pure rules.
 * Sorting by logged hours, utilisation or missing days needs every matching person's figures, so
 * the page is cut after computing: 500 people × 31 days is a few thousand grouped rows.
 */

export interface AllDevsResult {
  month: string;
  today: string;
  days: MonthDay[];
  /** Every matching person, sorted; the route pages it, the export writes them all. */
  rows: AllDevsPerson[];
  totals: ReturnType<typeof totalsOf>;
}

/** Who is in the month: active developers, anyone seated at a customer, anyone who logged hours. */
function peopleWhere(q: AllDevsQuery, from: string, to: string, everyone: boolean): SQL {
  const seatedIn = (extra: SQL) =>
    sql`exists (select 1 from headcounts h where h.user_id = u.id and h.archived_at is null and h.status = 'active'
      and h.start_date <= ${to} and (h.end_date is null or h.end_date >= ${from}) ${extra})`;
  const loggedIn = (extra: SQL) =>
    sql`exists (select 1 from timesheets t where t.user_id = u.id
      and t.date between ${from} and ${to} ${extra})`;
  const parts: SQL[] = [sql`u.archived_at is null`];
  if (!everyone) parts.push(sql`((u.role = 'developer' and u.status = 'active') or ${seatedIn(sql``)} or ${loggedIn(sql``)})`);
  // `searchCondition` names the column through drizzle; the alias `u` is the same table.
  if (q.q) parts.push(sql`u.id in (select ${users.id} from ${users} where ${searchCondition(users.search, q.q)})`);
  if (q.userId) parts.push(sql`u.id = ${q.userId}`);
  // A customer or project filter keeps the people working for it that month (seated or logging);
  // their figures stay their whole month's, since expected hours and utilisation are a person's.
  if (q.customerId)
    parts.push(
      sql`(${seatedIn(sql`and h.customer_id = ${q.customerId}`)} or ${loggedIn(sql`and t.project_id in (select p.id from projects p where p.customer_id = ${q.customerId})`)})`,
    );
  if (q.projectId)
    parts.push(sql`(${seatedIn(sql`and h.project_id = ${q.projectId}`)} or ${loggedIn(sql`and t.project_id = ${q.projectId}`)})`);
  return sql.join(parts, sql` and `);
}

/** `everyone`: any live user matching the filters (one person's own export), not only the month's people. */
export async function loadAllDevs(db: Db, q: AllDevsQuery, today = todayIn(), everyone = false): Promise<AllDevsResult> {
  const { from, to } = monthRange(q.month);
  const where = peopleWhere(q, from, to, everyone);
  const people = sql`select u.id from users u where ${where}`;
  const [persons, hours, leave, holidays] = await Promise.all([
    queryRows<{ id: string; full_name: string; email: string; join_date: string | null }>(
      db,
      sql`select u.id, u.full_name, u.email, u.join_date::text as join_date from users u where ${where}`,
    ),
    // Entries, summed per day below: a person rarely logs two projects a day, so grouping in SQL
    // returned as many rows and cost a hash aggregate over numerics (two thirds of the query's time).
    queryRows<{ user_id: string; date: string; hours: number | string; billable: boolean }>(
      db,
      sql`select t.user_id, t.date::text as date, t.hours::float8 as hours, t.headcount_id is not null as billable
          from timesheets t
          where t.date between ${from} and ${to} and t.user_id in (${people})`,
    ),
    queryRows<{ user_id: string; type: string; start_date: string; end_date: string; half_day: 'am' | 'pm' | null }>(
      db,
      sql`select l.user_id, l.type, l.start_date::text as start_date, l.end_date::text as end_date, l.half_day
          from leave_requests l
          where l.archived_at is null and l.status = 'approved' and l.start_date <= ${to} and l.end_date >= ${from}
            and l.user_id in (${people})`,
    ),
    queryRows<{ date: string; name: string }>(
      db,
      sql`select date::text as date, name from holidays where archived_at is null and date between ${from} and ${to}`,
    ),
  ]);
  const days = monthDays(q.month, new Map(holidays.map((h) => [h.date, h.name])));
  const logged = new Map<string, Map<string, DayHours>>();
  for (const h of hours) {
    let m = logged.get(h.user_id);
    if (!m) logged.set(h.user_id, (m = new Map<string, DayHours>()));
    let day = m.get(h.date);
    if (!day) m.set(h.date, (day = { hours: 0, billable: 0 }));
    // Quarter hours add up exactly in binary floating point.
    const hours = Number(h.hours);
    day.hours += hours;
    if (h.billable) day.billable += hours;
  }
  const leaveOf = new Map<string, LeaveSpan[]>();
  for (const l of leave) {
    const list = leaveOf.get(l.user_id) ?? [];
    list.push({ type: l.type, startDate: l.start_date, endDate: l.end_date, halfDay: l.half_day });
    leaveOf.set(l.user_id, list);
  }
  let rows: AllDevsPerson[] = persons.map((p) => ({
    userId: p.id,
    fullName: p.full_name,
    email: p.email,
    ...personMonth(days, { logged: logged.get(p.id) ?? new Map(), leave: leaveOf.get(p.id) ?? [], joinDate: p.join_date }, today),
  }));
  if (q.missing === 'true') rows = rows.filter((r) => r.missingDays.length > 0);
  rows = sortPeople(rows, q.sort ?? 'name', q.order ?? 'asc');
  return { month: q.month, today, days, rows, totals: totalsOf(rows) };
}

export interface PersonEntry {
  date: string;
  hours: number;
  note: string;
  project: string;
  customer: string | null;
  billable: boolean;
}

/** One person's entries of a month, by date then project, for their Excel sheet. */
export function personEntries(db: Db, userId: string, month: string) {
  const { from, to } = monthRange(month);
  return queryRows<PersonEntry>(
    db,
    sql`select t.date::text as date, t.hours::float8 as hours, t.note, p.name as project, c.name as customer,
          (t.headcount_id is not null) as billable
        from timesheets t
        left join projects p on p.id = t.project_id
        left join customers c on c.id = p.customer_id
        where t.user_id = ${userId} and t.date between ${from} and ${to}
        order by t.date, p.name, t.id`,
  );
}
