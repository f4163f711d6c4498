// Months as the app writes them, `YYYY-MM`, and their days, `YYYY-MM-DD`: calendar dates of the
// proleptic Gregorian calendar, counted in whole numbers rather than through `Date`, so no time zone
// moves a day and every year from 0000 to 9999 behaves alike (`Date.UTC` reads years 0–99 as 1900–1999,
// and a month after 9999-12 would no longer sort after it). The month arithmetic every module shares.

/** `YYYY-MM`, January to December. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month of a date: `2026-01-31` → `2026-01`. */
export const monthOf = (date: string) => date.slice(0, 7);

/** Months since January of year 0: `0000-01` → 0, `0001-01` → 12. */
const indexOf = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

const monthAt = (index: number) => {
  const m = ((index % 12) + 12) % 12;
  return `${String((index - m) / 12).padStart(4, '0')}-${String(m + 1).padStart(2, '0')}`;
};

/** The month `by` months after `month` (before it when `by` is negative). */
export const addMonths = (month: string, by: number): string => monthAt(indexOf(month) + by);

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The first and last day of a month: `2024-02` → 2024-02-01 … 2024-02-29. */
export function monthRange(month: string): { from: string; to: string } {
  const m = Number(month.slice(5, 7));
  const last = m === 2 ? (isLeap(Number(month.slice(0, 4))) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;
  return { from: `${month}-01`, to: `${month}-${last}` };
}

/** How many months `from` to `to` holds, both included: 0 when `from` is after `to`. */
export const monthCount = (from: string, to: string): number => Math.max(0, indexOf(to) - indexOf(from) + 1);

/** The months from `from` to `to`, both included, oldest first (none when `from` is after `to`). */
export function monthsBetween(from: string, to: string): string[] {
  const start = indexOf(from);
  return Array.from({ length: monthCount(from, to) }, (_, k) => monthAt(start + k));
}
