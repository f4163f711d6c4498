import { z } from 'zod';
import { uuidRef } from '../../fields.js';
import { datesBetween, isWeekend } from '../leave/leave.rules.js';
import { monthRange } from '../../months.js';
import { foldForSearch } from '../../text.js';
import { monthParamSchema } from './timesheets.schema.js';

/**
 * All developers' month, pure: what each person should have logged and what they did.
 *
 * Decisions (DOMAIN.md leaves them open):
 * - A working day is worth 8 hours; a half day of approved leave removes 4 of them, a full day all 8.
 *   Weekends, public holidays and days before the person's join date are worth nothing.
 * - Expected hours are NOT scaled by the person's seat allocation: a developer on a 50 % seat is
 *   still a full-time employee whose other half is bench or internal work, and must log it.
 *   Allocation shows up in utilisation instead (billable ÷ available).
 * - `expectedHours` is the whole month's target; `availableHours` counts the days up to and
 *   including today only, so that the current month's utilisation is not diluted by days still
 *   to come (a past month: both are equal; a future month: 0 available, utilisation null).
 * - Billable hours are the hours of entries logged against a headcount (a billed seat).
 * - A missing day is a working day before today (today is still in progress) on which the
 *   person was expected to work (not on full-day leave) and logged nothing at all. A day logged
 *   short of 8 h is not "missing": part days are legitimate (half-day leave, part-time work),
 *   and the expected vs logged columns show the shortfall.
 */

export const HOURS_PER_DAY = 8;
export const HALF_DAY_HOURS = 4;

// The month as a locked month's address reads it: one pattern, one code (`month`) the client translates.
export const monthSchema = monthParamSchema.shape.month;

export type DayKind = 'working' | 'weekend' | 'holiday';
export interface MonthDay {
  date: string;
  kind: DayKind;
  holidayName?: string;
}

/** The month's days with their kind; a holiday on a weekend stays a weekend. */
export function monthDays(month: string, holidays: ReadonlyMap<string, string>): MonthDay[] {
  const { from, to } = monthRange(month);
  return datesBetween(from, to).map((date) => {
    if (isWeekend(date)) return { date, kind: 'weekend' };
    const name = holidays.get(date);
    return name !== undefined ? { date, kind: 'holiday', holidayName: name } : { date, kind: 'working' };
  });
}

export interface LeaveSpan {
  type: string;
  startDate: string;
  endDate: string;
  halfDay?: 'am' | 'pm' | null;
}

export interface DayHours {
  hours: number;
  billable: number;
}

export interface PersonInput {
  /** Calendar dates with hours logged that day (all entries summed). */
  logged: ReadonlyMap<string, DayHours>;
  /** The person's approved leave touching the month. */
  leave: readonly LeaveSpan[];
  joinDate?: string | null;
}

export interface PersonDay {
  hours: number;
  leave?: string | null;
  halfDay?: 'am' | 'pm' | null;
}

export interface PersonMonth {
  expectedHours: number;
  availableHours: number;
  loggedHours: number;
  billableHours: number;
  utilisation: number | null;
  missingDays: string[];
  days: Record<string, PersonDay>;
}

/** Billable ÷ available, to 4 decimals; null when no hour was available. */
export function utilisationOf(billable: number, available: number): number | null {
  return available > 0 ? Math.round((billable / available) * 10_000) / 10_000 : null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** One person's month against the month's days; `today` is the firm's calendar date. */
export function personMonth(days: readonly MonthDay[], person: PersonInput, today: string): PersonMonth {
  // A leave's half day only applies to a one-day request (as leave.rules counts it).
  const leaveOn = new Map<string, { type: string; halfDay: 'am' | 'pm' | null }>();
  for (const l of person.leave) {
    const half = l.halfDay && l.startDate === l.endDate ? l.halfDay : null;
    for (const d of datesBetween(l.startDate, l.endDate)) {
      const had = leaveOn.get(d);
      // Two half days of one date make a full day off.
      leaveOn.set(
        d,
        had && had.halfDay && half && had.halfDay !== half ? { type: had.type, halfDay: null } : (had ?? { type: l.type, halfDay: half }),
      );
    }
  }
  let expected = 0,
    available = 0,
    logged = 0,
    billable = 0;
  const missingDays: string[] = [];
  const out: Record<string, PersonDay> = {};
  for (const day of days) {
    const entry = person.logged.get(day.date);
    const hours = entry?.hours ?? 0;
    logged += hours;
    billable += entry?.billable ?? 0;
    const leave = day.kind === 'working' ? leaveOn.get(day.date) : undefined;
    const cell: PersonDay = { hours: round2(hours) };
    if (leave) {
      cell.leave = leave.type;
      if (leave.halfDay) cell.halfDay = leave.halfDay;
    }
    out[day.date] = cell;
    if (day.kind !== 'working' || (person.joinDate && day.date < person.joinDate)) continue;
    const worth = !leave ? HOURS_PER_DAY : leave.halfDay ? HOURS_PER_DAY - HALF_DAY_HOURS : 0;
    expected += worth;
    if (day.date <= today) available += worth;
    if (worth > 0 && day.date < today && hours === 0) missingDays.push(day.date);
  }
  return {
    expectedHours: expected,
    availableHours: available,
    loggedHours: round2(logged),
    billableHours: round2(billable),
    utilisation: utilisationOf(billable, available),
    missingDays,
    days: out,
  };
}

export const ALL_DEVS_SORTS = ['name', 'logged', 'utilisation', 'missing'] as const;
export type AllDevsSort = (typeof ALL_DEVS_SORTS)[number];

export interface Sortable {
  fullName: string;
  loggedHours: number;
  utilisation: number | null;
  missingDays: readonly string[];
}

/**
 * Orders people by the chosen column; ties (and null utilisation, always last) fall back to the
 * name, so that pages never overlap or skip someone.
 */
// One collator for every comparison: localeCompare with options builds one per call, which was half
// the month view's time for 500 people.
const NAMES = new Intl.Collator('en', { sensitivity: 'base' });

export function sortPeople<T extends Sortable>(rows: T[], sort: AllDevsSort, order: 'asc' | 'desc'): T[] {
  const dir = order === 'desc' ? -1 : 1;
  const byName = (a: T, b: T) => NAMES.compare(a.fullName, b.fullName) || (a.fullName < b.fullName ? -1 : a.fullName > b.fullName ? 1 : 0);
  const key = (r: T): number | null =>
    sort === 'logged' ? r.loggedHours : sort === 'utilisation' ? r.utilisation : sort === 'missing' ? r.missingDays.length : null;
  return [...rows].sort((a, b) => {
    if (sort === 'name') return dir * byName(a, b);
    const ka = key(a),
      kb = key(b);
    if (ka === null && kb !== null) return 1;
    if (kb === null && ka !== null) return -1;
    if (ka !== null && kb !== null && ka !== kb) return dir * (ka - kb);
    return byName(a, b);
  });
}

/** The filters the page, the API and the Excel export share (the export ignores page and limit). */
export const allDevsQuerySchema = z.strictObject({
  month: monthSchema,
  q: z.string().trim().max(200).optional(),
  userId: uuidRef.optional(),
  customerId: uuidRef.optional(),
  projectId: uuidRef.optional(),
  missing: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  sort: z.enum(ALL_DEVS_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type AllDevsQuery = z.infer<typeof allDevsQuerySchema>;

const dayCell = z.object({
  hours: z.number(),
  leave: z.string().nullable().optional(),
  halfDay: z.enum(['am', 'pm']).nullable().optional(),
});

export const allDevsPersonSchema = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  expectedHours: z.number(),
  loggedHours: z.number(),
  billableHours: z.number(),
  availableHours: z.number(),
  utilisation: z.number().nullable(),
  missingDays: z.array(z.string()),
  days: z.record(z.string(), dayCell),
});
export type AllDevsPerson = z.infer<typeof allDevsPersonSchema>;

export const allDevsResponseSchema = z.object({
  month: z.string(),
  today: z.string(),
  days: z.array(z.object({ date: z.string(), kind: z.enum(['working', 'weekend', 'holiday']), holidayName: z.string().optional() })),
  data: z.array(allDevsPersonSchema),
  total: z.number().int(),
  totals: z.object({ expected: z.number(), logged: z.number(), billable: z.number(), utilisation: z.number().nullable() }),
});
export type AllDevsResponse = z.infer<typeof allDevsResponseSchema>;

/** Totals over every matching person (all pages): utilisation of the group, not an average of ratios. */
export function totalsOf(rows: ReadonlyArray<Pick<PersonMonth, 'expectedHours' | 'loggedHours' | 'billableHours' | 'availableHours'>>) {
  let expected = 0,
    logged = 0,
    billable = 0,
    available = 0;
  for (const r of rows) {
    expected += r.expectedHours;
    logged += r.loggedHours;
    billable += r.billableHours;
    available += r.availableHours;
  }
  return {
    expected: round2(expected),
    logged: round2(logged),
    billable: round2(billable),
    utilisation: utilisationOf(billable, available),
  };
}

/** File name of an export, plain ASCII (Content-Disposition), e.g. `logwork-2026-03-nguyen-van-an.xlsx`. */
export function exportFileName(month: string, who?: string): string {
  const slug = foldForSearch(who ?? 'all-developers')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `logwork-${month}-${slug || 'person'}.xlsx`;
}
