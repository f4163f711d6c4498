import { addMonths, monthRange } from '../../../domain/months';

// Dates are calendar dates ('2031-09-01') computed in UTC, so no time zone moves a day.

const DAY_MS = 86_400_000;
export const MONTH = /^\d{4}-\d{2}$/;

/** 'YYYY-MM-DD' of a UTC time. */
const isoOf = (t: number) => new Date(t).toISOString().slice(0, 10);
export const timeOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The weeks (Monday first) covering a month; days of the months around it are null. */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const { from, to } = monthRange(month);
  const lead = (new Date(timeOf(from)).getUTCDay() + 6) % 7;
  const days: Array<string | null> = Array.from({ length: lead }, () => null);
  for (let t = timeOf(from); t <= timeOf(to); t += DAY_MS) days.push(isoOf(t));
  while (days.length % 7) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
}

/** Saturday or Sunday. */
export const isWeekend = (date: string) => [0, 6].includes(new Date(timeOf(date)).getUTCDay());

export const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The same day of the month in another month, or its last day. */
function sameDayIn(month: string, date: string): string {
  const { to } = monthRange(month);
  const day = `${month}-${date.slice(8)}`;
  return day > to ? to : day;
}

/**
 * The day a key moves to from `date` in the month `shown`: arrows by day and week, Home/End the
 * week's ends, PageUp/PageDown the months; undefined for any other key.
 */
export function dayAfterKey(key: string, date: string, shown: string, rtl: boolean): string | undefined {
  const t0 = timeOf(date);
  const weekday = (new Date(t0).getUTCDay() + 6) % 7;
  // Left goes back in time in a left-to-right calendar and forward in a mirrored one.
  const side = rtl ? -1 : 1;
  const steps: Record<string, () => string> = {
    ArrowLeft: () => isoOf(t0 - side * DAY_MS),
    ArrowRight: () => isoOf(t0 + side * DAY_MS),
    ArrowUp: () => isoOf(t0 - 7 * DAY_MS),
    ArrowDown: () => isoOf(t0 + 7 * DAY_MS),
    Home: () => isoOf(t0 - weekday * DAY_MS),
    End: () => isoOf(t0 + (6 - weekday) * DAY_MS),
    PageUp: () => sameDayIn(addMonths(shown, -1), date),
    PageDown: () => sameDayIn(addMonths(shown, 1), date),
  };
  return steps[key]?.();
}
