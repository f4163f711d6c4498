// Calendar dates (`YYYY-MM-DD`) of the logwork screens, read in UTC so that no browser time zone moves them.

const DAY_MS = 86_400_000;
const toUtc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const fromUtc = (t: number) => new Date(t).toISOString().slice(0, 10);

export const addDays = (date: string, n: number) => fromUtc(toUtc(date) + n * DAY_MS);

/** Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  const back = (new Date(toUtc(date)).getUTCDay() + 6) % 7;
  return addDays(date, -back);
}

/** The seven days from Monday. */
export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

export const isWeekendDate = (date: string) => {
  const day = new Date(toUtc(date)).getUTCDay();
  return day === 0 || day === 6;
};

/**
 * Hours as typed: `7.5`, `7,5` or `7:30`; blank is 0 (clears the cell). NaN when it is not a
 * number; the server holds the rules (quarter hours, ≤ 24).
 */
export function parseHours(text: string): number {
  const s = text.trim();
  if (!s) return 0;
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(s);
  if (clock) return Number(clock[1]) + Number(clock[2]) / 60;
  if (!/^\d+([.,]\d+)?$/.test(s)) return Number.NaN;
  return Number(s.replace(',', '.'));
}
