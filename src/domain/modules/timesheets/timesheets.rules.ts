import { monthOf } from '../../months.js';
import type { FieldIssue } from '../../validation.js';

/**
 * Logwork rules, pure. One entry is one cell of the week grid: a person's hours on one project on
 * one calendar day (`YYYY-MM-DD`, the firm's day: see `todayIn` in the leave rules).
 */

/** Hours are logged in quarter hours. */
export const HOURS_STEP = 0.25;
/** A day holds at most this many hours, all projects together. */
export const MAX_DAY_HOURS = 24;

/** What is wrong with one entry's hours: quarter-hour steps, more than 0 and at most 24. */
export function hoursIssue(hours: number): FieldIssue | undefined {
  if (!Number.isFinite(hours) || hours <= 0 || hours > MAX_DAY_HOURS) return { code: 'hours_range', params: { max: MAX_DAY_HOURS } };
  // Quarter hours are exact in binary floating point, so the remainder is exactly 0 when on a step.
  if ((hours * 100) % (HOURS_STEP * 100) !== 0) return { code: 'hours_step', params: { step: HOURS_STEP } };
  return undefined;
}

/** Logging is for today and the past: tomorrow's hours are not worked yet. */
export const isFutureDate = (date: string, today: string) => date > today;

export const isLockedDate = (date: string, lockedMonths: ReadonlySet<string>) => lockedMonths.has(monthOf(date));

/** An entry already stored, as the day-total rule reads it. */
export interface DayEntry {
  projectId: string;
  date: string;
  hours: number;
}

/**
 * The total of `date` once `changes` are applied over `existing` (all projects): a change replaces
 * the stored hours of its (project, date) cell; 0 clears it.
 */
export function dayTotalAfter(date: string, existing: readonly DayEntry[], changes: readonly DayEntry[]): number {
  const cells = new Map<string, number>();
  for (const e of existing) if (e.date === date) cells.set(e.projectId, e.hours);
  for (const c of changes) if (c.date === date) cells.set(c.projectId, c.hours);
  let total = 0;
  for (const h of cells.values()) total += h;
  return total;
}

/** One cell a write sets: hours 0 clears it. */
export interface CellChange extends DayEntry {
  /** Where the change came from in the request, for the field path of its refusal (`cells.3`, or ''). */
  path: string;
}

export interface CellCheck {
  /** The firm's today. */
  today: string;
  lockedMonths: ReadonlySet<string>;
  /** The person's stored entries on the days the changes touch (all projects). */
  existing: readonly DayEntry[];
}

export interface CellRefusal {
  /** The field path of the refusal: `cells.3.hours`, or `hours` for a single entry. */
  path: string;
  issue: FieldIssue;
  /** 409 for a clash with what is stored, 422 for a broken rule. */
  status: 409 | 422;
}

const at = (path: string, field: string) => (path ? `${path}.${field}` : field);

/**
 * Every refusal of a set of cell changes, in request order: hours (steps, bounds; 0 clears a
 * cell), no future day, no locked month (neither the new cell nor a stored one it changes),
 * the same cell twice, and each touched day's total ≤ 24 h.
 */
export function checkCells(changes: readonly CellChange[], ctx: CellCheck): CellRefusal[] {
  const out: CellRefusal[] = [];
  const seen = new Set<string>();
  for (const c of changes) {
    const key = `${c.projectId}|${c.date}`;
    if (seen.has(key)) out.push({ path: at(c.path, 'date'), issue: { code: 'cell_repeated' }, status: 422 });
    seen.add(key);
    if (c.hours !== 0) {
      const issue = hoursIssue(c.hours);
      if (issue) out.push({ path: at(c.path, 'hours'), issue, status: 422 });
    }
    if (isLockedDate(c.date, ctx.lockedMonths))
      out.push({ path: at(c.path, 'date'), issue: { code: 'month_closed', params: { month: monthOf(c.date) } }, status: 422 });
    else if (c.hours !== 0 && isFutureDate(c.date, ctx.today))
      out.push({ path: at(c.path, 'date'), issue: { code: 'future_date' }, status: 422 });
  }
  // A day's total is only meaningful once each cell is valid.
  if (out.length) return out;
  const reported = new Set<string>();
  for (const c of changes) {
    if (reported.has(c.date) || c.hours === 0) continue;
    const total = dayTotalAfter(c.date, ctx.existing, changes);
    if (total > MAX_DAY_HOURS) {
      reported.add(c.date);
      out.push({
        path: at(c.path, 'hours'),
        issue: { code: 'day_over_24h', params: { date: c.date, total, max: MAX_DAY_HOURS } },
        status: 422,
      });
    }
  }
  return out;
}

/** A placement, as the bill-rate snapshot reads it. */
export interface RateSeat {
  id: string;
  status: string;
  startDate: string;
  endDate: string | null;
  billingRate: number;
  rateUnit: string;
  currency: string;
}

/**
 * The seat whose rate an entry of `date` bills at: an active seat of the person on the project
 * covering that day (start ≤ date ≤ end, or no end); the latest started when several do.
 */
export function seatOn<T extends RateSeat>(seats: readonly T[], date: string): T | undefined {
  let best: T | undefined;
  for (const s of seats) {
    if (s.status !== 'active' || s.startDate > date || (s.endDate !== null && s.endDate < date)) continue;
    if (!best || s.startDate > best.startDate || (s.startDate === best.startDate && s.id > best.id)) best = s;
  }
  return best;
}

export interface RateSnapshot {
  headcountId: string | null;
  billRate: number | null;
  rateUnit: string | null;
  currency: string | null;
}

/** What an entry keeps of its seat when logged: later rate changes never rewrite it. Nothing when unplaced (internal work). */
export function rateSnapshot(seat: RateSeat | undefined): RateSnapshot {
  if (!seat) return { headcountId: null, billRate: null, rateUnit: null, currency: null };
  return { headcountId: seat.id, billRate: seat.billingRate, rateUnit: seat.rateUnit, currency: seat.currency };
}

/** Whether a changed entry takes a new snapshot: only when it moves to another project or day (hours alone keep the past rate). */
export const needsNewSnapshot = (before: { projectId: string; date: string }, after: { projectId: string; date: string }) =>
  before.projectId !== after.projectId || before.date !== after.date;
