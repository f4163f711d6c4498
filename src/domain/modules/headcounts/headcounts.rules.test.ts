import { describe, expect, it } from 'vitest';
import { allocationPeak, type Seat } from './headcounts.rules.js';

const seat = (
  id: string,
  allocation: number,
  startDate: string,
  endDate: string | null = null,
  status: Seat['status'] = 'active',
): Seat => ({
  id,
  allocation,
  startDate,
  endDate,
  status,
});

describe('allocationPeak', () => {
  it.each<[string, Seat, Seat[], number, string[]]>([
    ['a lone seat', seat('n', 100, '2026-01-01'), [], 100, []],
    ['two halves at once', seat('n', 50, '2026-01-01'), [seat('a', 50, '2026-01-01')], 100, ['a']],
    ['over by an open-ended seat', seat('n', 60, '2026-03-01'), [seat('a', 50, '2026-01-01')], 110, ['a']],
    ['a seat that ended before', seat('n', 100, '2026-03-01'), [seat('a', 100, '2026-01-01', '2026-02-28')], 100, []],
    ['a seat that starts after', seat('n', 100, '2026-01-01', '2026-02-28'), [seat('a', 100, '2026-03-01')], 100, []],
    ['touching on the last day counts', seat('n', 60, '2026-01-01', '2026-02-28'), [seat('a', 60, '2026-02-28')], 120, ['a']],
    // The other way round: a seat ending on the day this one starts shares that day.
    ['another ending on the first day counts', seat('n', 60, '2026-02-28'), [seat('a', 60, '2026-01-01', '2026-02-28')], 120, ['a']],
    ['an ended seat holds no time', seat('n', 100, '2026-01-01'), [seat('a', 100, '2026-01-01', null, 'ended')], 100, []],
    ['a pending seat holds time', seat('n', 60, '2026-01-01'), [seat('a', 60, '2026-06-01', null, 'pending')], 120, ['a']],
    [
      'two seats in turn under a long one never add up together',
      seat('n', 50, '2026-01-01', '2026-12-31'),
      [seat('a', 50, '2026-01-01', '2026-06-30'), seat('b', 50, '2026-07-01', '2026-12-31')],
      100,
      ['a', 'b'],
    ],
    [
      'three at once',
      seat('n', 40, '2026-01-01'),
      [seat('a', 30, '2026-01-01'), seat('b', 40, '2026-02-01', '2026-02-28')],
      110,
      ['a', 'b'],
    ],
    ['the seat itself is not counted twice (an edit)', seat('a', 80, '2026-01-01'), [seat('a', 50, '2026-01-01')], 80, []],
    ['an ended seat being edited is not checked', seat('n', 100, '2026-01-01', null, 'ended'), [seat('a', 100, '2026-01-01')], 100, []],
  ])('%s', (_name, candidate, others, peak, sharing) => {
    const result = allocationPeak(candidate, others);
    expect(result.peak).toBe(peak);
    expect(result.sharing.map((s) => s.id)).toEqual(sharing);
  });
});
