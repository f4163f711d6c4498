import { describe, expect, it } from 'vitest';
import { addMonths, MONTH_PATTERN, monthCount, monthOf, monthRange, monthsBetween } from './months.js';

describe('a month', () => {
  it.each(['2026-01', '2026-12', '0001-01', '9999-09'])('%s is a month', (m) => expect(MONTH_PATTERN.test(m)).toBe(true));
  it.each(['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01', ' 2026-01', ''])('%j is not', (m) =>
    expect(MONTH_PATTERN.test(m)).toBe(false),
  );

  it.each([
    ['2026-01-01', '2026-01'],
    ['2024-02-29', '2024-02'],
    ['2025-12-31', '2025-12'],
  ])('%s is in %s', (date, month) => expect(monthOf(date)).toBe(month));
});

describe('the days of a month', () => {
  it.each<[string, string, string]>([
    ['2026-01', '2026-01-01', '2026-01-31'],
    ['2026-02', '2026-02-01', '2026-02-28'],
    ['2027-02', '2027-02-01', '2027-02-28'],
    ['2024-02', '2024-02-01', '2024-02-29'],
    ['2028-02', '2028-02-01', '2028-02-29'],
    ['2032-02', '2032-02-01', '2032-02-29'],
    ['2100-02', '2100-02-01', '2100-02-28'],
    ['2000-02', '2000-02-01', '2000-02-29'],
    ['1900-02', '1900-02-01', '1900-02-28'],
    ['0004-02', '0004-02-01', '0004-02-29'],
    ['0000-02', '0000-02-01', '0000-02-29'],
    ['0100-02', '0100-02-01', '0100-02-28'],
    ['9999-12', '9999-12-01', '9999-12-31'],
    ['2026-06', '2026-06-01', '2026-06-30'],
    ['2026-09', '2026-09-01', '2026-09-30'],
    ['2026-11', '2026-11-01', '2026-11-30'],
    ['2026-03', '2026-03-01', '2026-03-31'],
    ['2026-04', '2026-04-01', '2026-04-30'],
    ['2026-10', '2026-10-01', '2026-10-31'],
    ['2026-12', '2026-12-01', '2026-12-31'],
  ])('%s runs from %s to %s', (month, from, to) => expect(monthRange(month)).toEqual({ from, to }));

  it('the day before the first and the day after the last are in the months around it', () => {
    for (const month of ['2024-02', '2026-02', '2026-12', '2027-01']) {
      const { from, to } = monthRange(month);
      const before = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const after = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(monthOf(before)).toBe(addMonths(month, -1));
      expect(monthOf(after)).toBe(addMonths(month, 1));
    }
  });
});

describe('months before and after', () => {
  it.each<[string, number, string]>([
    ['2026-01', 1, '2026-02'],
    ['2026-11', 1, '2026-12'],
    ['2026-12', 1, '2027-01'],
    ['2031-12', 1, '2032-01'],
    ['2026-01', -1, '2025-12'],
    ['2031-01', -1, '2030-12'],
    ['2027-03', -3, '2026-12'],
    ['2027-01', -1, '2026-12'],
    ['2027-12', 1, '2028-01'],
    ['2027-03', 0, '2027-03'],
    ['2027-03', 12, '2028-03'],
    ['2027-03', -24, '2025-03'],
    ['0050-12', 1, '0051-01'],
    ['0001-01', -1, '0000-12'],
    ['0000-01', 0, '0000-01'],
    ['0099-12', 1, '0100-01'],
    ['9999-11', 1, '9999-12'],
    ['9999-12', 1, '10000-01'],
    ['2026-05', -12 * 2026 - 4, '0000-01'],
  ])('%s plus %i months is %s', (month, by, out) => expect(addMonths(month, by)).toBe(out));

  it('lists the months of a range, across a year end', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-03')).toEqual(['2026-03']);
    expect(monthsBetween('2026-04', '2026-03')).toEqual([]);
    expect(monthsBetween('2024-01', '2025-12')).toHaveLength(24);
  });

  // The last month a query accepts once looped for ever here: the month after 9999-12 sorted before it.
  it('lists and counts the months at the ends of the calendar, and stops', () => {
    expect(monthsBetween('9999-11', '9999-12')).toEqual(['9999-11', '9999-12']);
    expect(monthsBetween('0099-11', '0100-02')).toEqual(['0099-11', '0099-12', '0100-01', '0100-02']);
    expect(monthsBetween('0000-01', '9999-12')).toHaveLength(120_000);
    expect(monthsBetween('9999-12', '0000-01')).toEqual([]);
  });

  it.each<[string, string, number]>([
    ['2026-03', '2026-03', 1],
    ['2025-11', '2026-02', 4],
    ['2026-04', '2026-03', 0],
    ['2026-03', '2025-03', 0],
    ['2024-01', '2025-12', 24],
    ['0000-01', '9999-12', 120_000],
    ['9999-12', '9999-12', 1],
  ])('%s to %s holds %i months', (from, to, n) => {
    expect(monthCount(from, to)).toBe(n);
    expect(monthsBetween(from, to)).toHaveLength(n);
  });
});
