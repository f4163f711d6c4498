// Months as the app writes them, `YYYY-MM`, and their days, `YYYY-MM-DD`: calendar dates counted
// in UTC, so no time zone moves a day. The month arithmetic every module shares, client and server.

/** `YYYY-MM`, January to December. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month of a date: `2026-01-31` → `2026-01`. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The month `by` months after `month` (before it when `by` is negative). */
export function addMonths(month: string, by: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return new Date(Date.UTC(y, m - 1 + by, 1)).toISOString().slice(0, 7);
}

/** The first and last day of a month: `2024-02` → 2024-02-01 … 2024-02-29. */
export function monthRange(month: string): { from: string; to: string } {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The months from `from` to `to`, both included, oldest first (none when `from` is after `to`). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) out.push(m);
  return out;
}
