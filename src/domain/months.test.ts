import { describe, expect, it } from 'vitest';
import { addMonths, MONTH_PATTERN, monthOf, monthRange, monthsBetween } from './months.js';

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
  ])('%s plus %i months is %s', (month, by, out) => expect(addMonths(month, by)).toBe(out));

  it('lists the months of a range, across a year end', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-03')).toEqual(['2026-03']);
    expect(monthsBetween('2026-04', '2026-03')).toEqual([]);
    expect(monthsBetween('2024-01', '2025-12')).toHaveLength(24);
  });
});
