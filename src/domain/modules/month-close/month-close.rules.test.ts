import { describe, expect, it } from 'vitest';
import { addMonths, monthRange } from '../../months.js';
import { monthOfValue, monthsTouched } from './month-close.rules.js';

describe('the month of a date field', () => {
  it.each<[unknown, string | undefined]>([
    ['2026-01-01', '2026-01'],
    ['2026-01-31', '2026-01'],
    ['2026-02-01', '2026-02'],
    ['2024-02-29', '2024-02'],
    ['2025-12-31', '2025-12'],
    ['2026-01', '2026-01'],
    ['2026-12', '2026-12'],
    ['2026-13', undefined],
    ['2026-00-10', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
    [20260101, undefined],
  ])('%s → %s', (value, month) => expect(monthOfValue(value)).toBe(month));
});

describe('the months a write touches', () => {
  it.each<[string, Record<string, unknown> | undefined, Record<string, unknown> | undefined, string[]]>([
    ['a create', undefined, { date: '2026-03-31' }, ['2026-03']],
    ['a delete', { date: '2026-03-01' }, undefined, ['2026-03']],
    ['an update within its month', { date: '2026-03-01' }, { date: '2026-03-31' }, ['2026-03']],
    ['a move across the year end', { date: '2026-01-01' }, { date: '2025-12-31' }, ['2025-12', '2026-01']],
    ['a move to the next month, the last day to the first', { date: '2026-02-28' }, { date: '2026-03-01' }, ['2026-02', '2026-03']],
    ['a billing period', { period: '2026-04' }, { period: '2026-05' }, []],
    ['a row without the field', { other: 1 }, undefined, []],
  ])('%s', (_what, before, after, months) => expect(monthsTouched('date', before, after)).toEqual(months));

  it('reads the declared field only', () => {
    expect(monthsTouched('period', { period: '2026-05', date: '2026-01-01' }, { period: '2026-04' })).toEqual(['2026-04', '2026-05']);
  });
});

describe('a date field and its month', () => {
  it('every day of a month is in it, and the days around it are not', () => {
    for (const month of ['2024-02', '2026-02', '2026-12', '2027-01']) {
      const { from, to } = monthRange(month);
      const before = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const after = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(monthOfValue(from)).toBe(month);
      expect(monthOfValue(to)).toBe(month);
      expect(monthOfValue(before)).not.toBe(month);
      expect(monthOfValue(after)).toBe(addMonths(month, 1));
    }
  });
});
