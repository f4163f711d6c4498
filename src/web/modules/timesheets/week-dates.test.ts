import { describe, expect, it } from 'vitest';
import { mondayOf, parseHours, weekDays } from './week-dates';

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
});
