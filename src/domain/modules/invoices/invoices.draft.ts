import { add, compare, formatDecimal, formatMoney, minorUnits, multiply } from '../../money.js';
import { monthRange } from '../../months.js';
import { workingDates } from '../leave/leave.rules.js';
import type { InvoiceLine } from './invoices.schema.js';
import { normalizeDecimal } from './invoices.rules.js';

/**
 * A month's draft built from a customer's seats (decision 013, "Draft from headcount"):
 * - a monthly seat bills its rate pro rata to the working days it covers in the month (weekdays,
 *   the calendar's holidays left out): one month at rate × seat days ÷ month days, rounded once to
 *   the currency — a full month is the rate itself;
 * - a daily seat bills the days logged on it: a day with any hours counts as one day;
 * - an hourly seat bills the hours logged on it;
 * daily and hourly lines at the rate each entry snapshotted when logged (one line per rate).
 * A seat with nothing to bill (no working day, no hours) gives no line.
 */

export interface DraftSeat {
  id: string;
  /** The person holding the seat and the seat's title: what the line is named by. */
  person: string;
  title: string;
  rateUnit: 'month' | 'day' | 'hour';
  /** The seat's current rate (decimal string): the monthly rate, and the fallback of an entry with no snapshot. */
  billingRate: string;
  startDate: string;
  endDate: string | null;
}

export interface DraftEntry {
  headcountId: string;
  date: string;
  /** Decimal string, e.g. "7.5". */
  hours: string;
  /** The rate the entry snapshotted when logged (decimal string), null for entries logged before snapshots. */
  billRate: string | null;
}

export type DraftLine = Pick<InvoiceLine, 'description' | 'headcountId' | 'quantity' | 'unit' | 'unitPrice'>;

/** Whether a seat covers at least one day of the month. */
export function seatInMonth(seat: Pick<DraftSeat, 'startDate' | 'endDate'>, period: string): boolean {
  const { from: first, to: last } = monthRange(period);
  return seat.startDate <= last && (seat.endDate === null || seat.endDate >= first);
}

const plural = (n: string, one: string, many: string) => `${n} ${compare(n, '1') === 0 ? one : many}`;

export function draftLines(input: {
  period: string;
  currency: string;
  seats: readonly DraftSeat[];
  holidays: readonly string[];
  entries: readonly DraftEntry[];
}): DraftLine[] {
  const { from: first, to: last } = monthRange(input.period);
  const monthDays = workingDates(first, last, input.holidays).length;
  const lines: DraftLine[] = [];
  const seats = [...input.seats].sort(
    (a, b) => a.person.localeCompare(b.person) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id),
  );
  for (const seat of seats) {
    if (!seatInMonth(seat, input.period)) continue;
    const name = `${seat.person} — ${seat.title}`;
    if (seat.rateUnit === 'month') {
      const from = seat.startDate > first ? seat.startDate : first;
      const to = seat.endDate !== null && seat.endDate < last ? seat.endDate : last;
      const days = workingDates(from, to, input.holidays).length;
      if (!days || !monthDays) continue;
      const rate = normalizeDecimal(seat.billingRate);
      const full = days === monthDays;
      // rate × days ÷ month days: exact up to the division, which is rounded once (half up) to the currency.
      const scaled = multiply(rate, String(days));
      const digits = minorUnits(input.currency);
      const prorated = {
        units: divideHalfUp(scaled.units * 10n ** BigInt(digits), BigInt(monthDays) * 10n ** BigInt(scaled.scale)),
        scale: digits,
      };
      lines.push({
        description: full
          ? `${name}, ${days} of ${monthDays} working days (full month at ${rate}/month)`
          : `${name}, ${days} of ${monthDays} working days (pro rata of ${rate}/month)`,
        headcountId: seat.id,
        quantity: '1',
        unit: 'month',
        unitPrice: full ? rate : normalizeDecimal(formatMoney(prorated, input.currency)),
      });
      continue;
    }
    const mine = input.entries.filter((e) => e.headcountId === seat.id && e.date >= first && e.date <= last && compare(e.hours, '0') > 0);
    const byRate = new Map<string, DraftEntry[]>();
    for (const e of mine) {
      const rate = normalizeDecimal(e.billRate ?? seat.billingRate);
      byRate.set(rate, [...(byRate.get(rate) ?? []), e]);
    }
    const rates = [...byRate.keys()].sort((a, b) => compare(a, b));
    for (const rate of rates) {
      const entries = byRate.get(rate)!;
      if (seat.rateUnit === 'day') {
        const days = String(new Set(entries.map((e) => e.date)).size);
        lines.push({
          description: `${name}, ${plural(days, 'day', 'days')} logged at ${rate}/day (a day with hours logged counts as one)`,
          headcountId: seat.id,
          quantity: days,
          unit: 'day',
          unitPrice: rate,
        });
      } else {
        const hours = normalizeDecimal(formatDecimal(add('0', ...entries.map((e) => e.hours))));
        lines.push({
          description: `${name}, ${plural(hours, 'hour', 'hours')} logged at ${rate}/hour`,
          headcountId: seat.id,
          quantity: hours,
          unit: 'hour',
          unitPrice: rate,
        });
      }
    }
  }
  return lines;
}

/** a ÷ b for non-negative integers, rounded half up (the house rule, money.ts). */
function divideHalfUp(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b) * 2n >= b ? q + 1n : q;
}
