import { PRIVILEGED_ROLES, type Role } from '../../auth/permissions.js';

/**
 * Leave rules, pure. The firm's days are calendar dates (`YYYY-MM-DD`), not instants: a date is
 * read as that day in UTC so that no server or browser time zone can move it.
 */

export const LEAVE_TYPES = ['annual', 'sick', 'unpaid', 'wedding', 'bereavement', 'maternity', 'compensatory'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];
export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
export const HALF_DAYS = ['am', 'pm'] as const;
export type HalfDay = (typeof HALF_DAYS)[number];

/** Entitlement: base days a year, one more per full block of years of service. */
export const BASE_ENTITLEMENT = 12;
export const SERVICE_YEARS_PER_EXTRA_DAY = 5;
/** At most this many of last year's remaining days carry into the next year. */
export const MAX_CARRY_OVER = 5;
/** Requests of more working days than this need a second approval (hr_lead or admin). */
export const SECOND_APPROVAL_OVER_DAYS = 5;

const DAY_MS = 86_400_000;
const toUtc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const fromUtc = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Every calendar date from start to end, both included (none when end is before start). */
export function datesBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = toUtc(start), last = toUtc(end); t <= last; t += DAY_MS) out.push(fromUtc(t));
  return out;
}

export const isWeekend = (date: string) => {
  const day = new Date(toUtc(date)).getUTCDay();
  return day === 0 || day === 6;
};

/** The working days of a range: weekends and the given public holidays left out. */
export function workingDates(start: string, end: string, holidays: ReadonlySet<string> | readonly string[]): string[] {
  const off = holidays instanceof Set ? holidays : new Set(holidays as readonly string[]);
  return datesBetween(start, end).filter((d) => !isWeekend(d) && !off.has(d));
}

export interface LeaveRange {
  startDate: string;
  endDate: string;
  halfDay?: HalfDay | null;
}

/** Days a request costs: its working days, or 0.5 for a half day (one-day requests only). */
export function leaveDays(r: LeaveRange, holidays: ReadonlySet<string> | readonly string[]): number {
  const n = workingDates(r.startDate, r.endDate, holidays).length;
  return r.halfDay && r.startDate === r.endDate ? n / 2 : n;
}

/** The same, split by calendar year: a request over New Year spends both years' balances. */
export function leaveDaysByYear(r: LeaveRange, holidays: ReadonlySet<string> | readonly string[]): Map<number, number> {
  const out = new Map<number, number>();
  const dates = workingDates(r.startDate, r.endDate, holidays);
  const each = r.halfDay && r.startDate === r.endDate ? 0.5 : 1;
  for (const d of dates) out.set(Number(d.slice(0, 4)), (out.get(Number(d.slice(0, 4))) ?? 0) + each);
  return out;
}

/** Full years from `from` to `to` (an anniversary on `to` counts). */
export function fullYearsBetween(from: string, to: string): number {
  let years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  if (to.slice(5) < from.slice(5)) years -= 1;
  return Math.max(0, years);
}

/**
 * A year's entitlement: 12 days + 1 per full 5 years of service at the year's start (1 January).
 * Someone who joins during the year gets the base pro rata by month: the month they join counts
 * when they join on or before its 15th; the result is rounded to the nearest half day. No join
 * date is read as a full year (people who predate the system); a join after the year gets 0.
 */
export function entitlementFor(year: number, joinDate: string | null | undefined): number {
  const yearStart = `${year}-01-01`;
  if (!joinDate || joinDate <= yearStart) {
    const service = joinDate ? fullYearsBetween(joinDate, yearStart) : 0;
    return BASE_ENTITLEMENT + Math.floor(service / SERVICE_YEARS_PER_EXTRA_DAY);
  }
  if (Number(joinDate.slice(0, 4)) > year) return 0;
  const month = Number(joinDate.slice(5, 7));
  const day = Number(joinDate.slice(8, 10));
  const months = 12 - month + (day <= 15 ? 1 : 0);
  return Math.round(((BASE_ENTITLEMENT * months) / 12) * 2) / 2;
}

/** Last year's remaining days that carry over: none when negative, at most 5. */
export function carryOver(previousRemaining: number, max = MAX_CARRY_OVER): number {
  return Math.min(max, Math.max(0, previousRemaining));
}

export interface Balance {
  entitlement: number;
  carried: number;
  used: number;
  pending: number;
  remaining: number;
}

/** remaining = entitlement + carried − used − pending (pending days are held until decided). */
export function balanceOf(b: Omit<Balance, 'remaining'>): Balance {
  return { ...b, remaining: b.entitlement + b.carried - b.used - b.pending };
}

export interface ExistingLeave extends LeaveRange {
  id: string;
  status: LeaveStatus;
}

/**
 * One's own pending or approved requests that share a day with this one. Two half days of the
 * same date overlap only when they are the same half.
 */
export function overlapping(r: LeaveRange & { id?: string }, others: readonly ExistingLeave[]): ExistingLeave[] {
  return others.filter((o) => {
    if (o.id === r.id || (o.status !== 'pending' && o.status !== 'approved')) return false;
    if (o.startDate > r.endDate || o.endDate < r.startDate) return false;
    const bothHalves = r.halfDay && o.halfDay && r.startDate === r.endDate && o.startDate === o.endDate;
    return !bothHalves || r.halfDay === o.halfDay;
  });
}

/** How many approvals a request needs: two when it is longer than the configured days. */
export function approvalsNeeded(days: number, overDays = SECOND_APPROVAL_OVER_DAYS): 1 | 2 {
  return days > overDays ? 2 : 1;
}

export const SECOND_LEVEL_ROLES: readonly Role[] = ['admin', 'hr_lead'];

export interface Approver {
  id: string;
  role: Role;
}
export interface Requester {
  id: string;
  /** The requester's manager when that manager is an active user; else null. */
  managerId: string | null;
}

/**
 * Who may give a request's approval at `level`. Level 1: the requester's manager, or when they
 * have none, admin/hr_lead/sale_lead; admin may always (someone must be able to act when the
 * manager is away). Level 2: hr_lead or admin, not whoever gave level 1. Nobody approves their own.
 */
export function mayApprove(approver: Approver, requester: Requester, level: 1 | 2, firstApproverId?: string | null): boolean {
  if (approver.id === requester.id) return false;
  if (level === 2) return SECOND_LEVEL_ROLES.includes(approver.role) && approver.id !== firstApproverId;
  if (approver.role === 'admin') return true;
  if (requester.managerId) return approver.id === requester.managerId;
  return PRIVILEGED_ROLES.includes(approver.role);
}

/** The level a pending request waits for: 2 once its first approval is given on a two-level request. */
export function pendingLevel(r: { approvalsRequired: number; firstApproverId: string | null }): 1 | 2 {
  return r.approvalsRequired === 2 && r.firstApproverId ? 2 : 1;
}

/** The requester cancels a pending request, or an approved one that has not started (today is `today`). */
export function requesterMayCancel(r: { status: LeaveStatus; startDate: string }, today: string): boolean {
  return r.status === 'pending' || (r.status === 'approved' && r.startDate > today);
}

/** The firm's days are Vietnam's: "today" is the calendar date in Hà Nội, whatever the server's zone. */
export const FIRM_TIME_ZONE = 'Asia/Ho_Chi_Minh';
export function todayIn(timeZone = FIRM_TIME_ZONE, now = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Monday and Sunday of the week holding `date`. */
export function weekOf(date: string): { from: string; to: string } {
  const t = toUtc(date);
  const back = (new Date(t).getUTCDay() + 6) % 7;
  return { from: fromUtc(t - back * DAY_MS), to: fromUtc(t + (6 - back) * DAY_MS) };
}
