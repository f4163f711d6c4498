import { describe, expect, it } from 'vitest';
import { addMonths, mondayOf, monthRange, parseHours, weekDays } from './week-dates';

describe('parseHours', () => {
  it.each<[string, number]>([
    ['8', 8],
    ['7.5', 7.5],
    ['7,5', 7.5],
    ['7:30', 7.5],
    ['0:15', 0.25],
    [' 6 ', 6],
    ['', 0],
    ['  ', 0],
    ['0', 0],
  ])('%j → %s', (text, hours) => {
    expect(parseHours(text)).toBe(hours);
  });

  it.each(['eight', '7h', '-2', '1e2', '7:75', '7.5.1'])('%j is not a number', (text) => {
    expect(parseHours(text)).toBeNaN();
  });
});

describe('calendar helpers', () => {
  it.each<[string, string]>([
    ['2026-11-23', '2026-11-23'],
    ['2026-11-29', '2026-11-23'],
    ['2026-11-25', '2026-11-23'],
    ['2027-01-01', '2026-12-28'],
  ])('the Monday of %s is %s', (date, monday) => {
    expect(mondayOf(date)).toBe(monday);
  });

  it('a week is seven days from Monday, across months', () => {
    expect(weekDays('2026-11-30')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });

  it.each<[string, string, string]>([
    ['2026-02', '2026-02-01', '2026-02-28'],
    ['2028-02', '2028-02-01', '2028-02-29'],
    ['2026-12', '2026-12-01', '2026-12-31'],
  ])('%s runs from %s to %s', (month, from, to) => {
    expect(monthRange(month)).toEqual({ from, to });
  });

  it.each<[string, number, string]>([
    ['2026-11', 1, '2026-12'],
    ['2026-12', 1, '2027-01'],
    ['2026-01', -1, '2025-12'],
  ])('%s plus %i months is %s', (month, n, out) => {
    expect(addMonths(month, n)).toBe(out);
  });
});
