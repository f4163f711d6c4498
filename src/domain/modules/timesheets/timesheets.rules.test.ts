import { describe, expect, it } from 'vitest';
import {
  checkCells,
  dayTotalAfter,
  hoursIssue,
  isFutureDate,
  isLockedDate,
  needsNewSnapshot,
  rateSnapshot,
  seatOn,
  type CellChange,
  type DayEntry,
  type RateSeat,
} from './timesheets.rules.js';

describe('hoursIssue', () => {
  it.each<[number, string | undefined]>([
    [8, undefined],
    [0.25, undefined],
    [7.5, undefined],
    [7.75, undefined],
    [24, undefined],
    [0, 'hours_range'],
    [-1, 'hours_range'],
    [24.25, 'hours_range'],
    [25, 'hours_range'],
    [Number.NaN, 'hours_range'],
    [Number.POSITIVE_INFINITY, 'hours_range'],
    [0.1, 'hours_step'],
    [7.3, 'hours_step'],
    [1.125, 'hours_step'],
    [23.99, 'hours_step'],
  ])('%s h → %s', (hours, code) => {
    expect(hoursIssue(hours)?.code).toBe(code);
  });
});

describe('dates', () => {
  it.each<[string, string, boolean]>([
    ['2026-11-24', '2026-11-24', false],
    ['2026-11-23', '2026-11-24', false],
    ['2026-11-25', '2026-11-24', true],
    ['2027-01-01', '2026-12-31', true],
  ])('%s is future when today is %s: %s', (date, today, future) => {
    expect(isFutureDate(date, today)).toBe(future);
  });

  it.each<[string, string[], boolean]>([
    ['2026-09-30', ['2026-09'], true],
    ['2026-10-01', ['2026-09'], false],
    ['2026-09-01', [], false],
    ['2025-09-15', ['2026-09'], false],
  ])('%s locked by %j: %s', (date, months, locked) => {
    expect(isLockedDate(date, new Set(months))).toBe(locked);
  });
});

const e = (projectId: string, date: string, hours: number): DayEntry => ({ projectId, date, hours });

describe('dayTotalAfter', () => {
  it.each<[string, DayEntry[], DayEntry[], number]>([
    ['nothing stored', [], [e('a', '2026-11-02', 8)], 8],
    ['another project adds up', [e('b', '2026-11-02', 8)], [e('a', '2026-11-02', 8)], 16],
    ['the same cell is replaced, not added', [e('a', '2026-11-02', 8)], [e('a', '2026-11-02', 4)], 4],
    ['0 clears a cell', [e('a', '2026-11-02', 8), e('b', '2026-11-02', 2)], [e('a', '2026-11-02', 0)], 2],
    ['other days do not count', [e('a', '2026-11-03', 20)], [e('a', '2026-11-02', 8)], 8],
    ['several changes of the day add up', [], [e('a', '2026-11-02', 12), e('b', '2026-11-02', 12.25)], 24.25],
  ])('%s', (_, existing, changes, total) => {
    expect(dayTotalAfter('2026-11-02', existing, changes)).toBe(total);
  });
});

const cell = (i: number, projectId: string, date: string, hours: number): CellChange => ({ path: `cells.${i}`, projectId, date, hours });
const today = '2026-11-24';

describe('checkCells', () => {
  it.each<[string, CellChange[], DayEntry[], string[], Array<[string, string]>]>([
    ['a normal week', [cell(0, 'a', '2026-11-23', 8), cell(1, 'a', '2026-11-24', 8)], [], [], []],
    ['a quarter-hour off-step', [cell(0, 'a', '2026-11-23', 7.3)], [], [], [['cells.0.hours', 'hours_step']]],
    ['over 24 in one cell', [cell(0, 'a', '2026-11-23', 25)], [], [], [['cells.0.hours', 'hours_range']]],
    ['negative hours', [cell(0, 'a', '2026-11-23', -2)], [], [], [['cells.0.hours', 'hours_range']]],
    ['0 clears, it is no refusal', [cell(0, 'a', '2026-11-23', 0)], [e('a', '2026-11-23', 8)], [], []],
    ['tomorrow', [cell(0, 'a', '2026-11-25', 8)], [], [], [['cells.0.date', 'future_date']]],
    ['clearing a future cell is harmless', [cell(0, 'a', '2026-11-25', 0)], [], [], []],
    ['a locked month', [cell(0, 'a', '2026-09-10', 8)], [], ['2026-09'], [['cells.0.date', 'month_closed']]],
    [
      'clearing in a locked month',
      [cell(0, 'a', '2026-09-10', 0)],
      [e('a', '2026-09-10', 8)],
      ['2026-09'],
      [['cells.0.date', 'month_closed']],
    ],
    ['the same cell twice', [cell(0, 'a', '2026-11-23', 4), cell(1, 'a', '2026-11-23', 4)], [], [], [['cells.1.date', 'cell_repeated']]],
    [
      'the day over 24 h with a stored entry',
      [cell(0, 'a', '2026-11-23', 8)],
      [e('b', '2026-11-23', 16.25)],
      [],
      [['cells.0.hours', 'day_over_24h']],
    ],
    ['exactly 24 h is fine', [cell(0, 'a', '2026-11-23', 8)], [e('b', '2026-11-23', 16)], [], []],
    [
      'the day over 24 h within the request, named once',
      [cell(0, 'a', '2026-11-23', 12), cell(1, 'b', '2026-11-23', 12.5), cell(2, 'c', '2026-11-23', 1)],
      [],
      [],
      [['cells.0.hours', 'day_over_24h']],
    ],
    [
      'replacing a stored cell is not adding to it',
      [cell(0, 'a', '2026-11-23', 16)],
      [e('a', '2026-11-23', 16), e('b', '2026-11-23', 8)],
      [],
      [],
    ],
    [
      'every broken cell is named',
      [cell(0, 'a', '2026-11-23', 7.1), cell(1, 'a', '2026-12-01', 8), cell(2, 'a', '2026-09-01', 8)],
      [],
      ['2026-09'],
      [
        ['cells.0.hours', 'hours_step'],
        ['cells.1.date', 'future_date'],
        ['cells.2.date', 'month_closed'],
      ],
    ],
    ['a single entry has plain paths', [{ path: '', projectId: 'a', date: '2026-11-25', hours: 8 }], [], [], [['date', 'future_date']]],
  ])('%s', (_, changes, existing, locked, refusals) => {
    const out = checkCells(changes, { today, lockedMonths: new Set(locked), existing });
    expect(out.map((r) => [r.path, r.issue.code])).toEqual(refusals);
  });

  it('the day total says how much the day would hold', () => {
    const [r] = checkCells([cell(0, 'a', '2026-11-23', 10)], { today, lockedMonths: new Set(), existing: [e('b', '2026-11-23', 15)] });
    expect(r?.issue.params).toEqual({ date: '2026-11-23', total: 25, max: 24 });
  });
});

const seat = (id: string, startDate: string, endDate: string | null, billingRate: number, status = 'active'): RateSeat => ({
  id,
  status,
  startDate,
  endDate,
  billingRate,
  rateUnit: 'month',
  currency: 'USD',
});

describe('seatOn (the bill-rate snapshot)', () => {
  it.each<[string, RateSeat[], string, string | undefined]>([
    ['no seat', [], '2026-11-02', undefined],
    ['an open-ended active seat', [seat('s', '2026-01-01', null, 5000)], '2026-11-02', 's'],
    ['on its first day', [seat('s', '2026-11-02', null, 5000)], '2026-11-02', 's'],
    ['before it starts', [seat('s', '2026-11-03', null, 5000)], '2026-11-02', undefined],
    ['on its last day', [seat('s', '2026-01-01', '2026-11-02', 5000)], '2026-11-02', 's'],
    ['after it ended', [seat('s', '2026-01-01', '2026-11-01', 5000)], '2026-11-02', undefined],
    ['a pending seat bills nothing', [seat('s', '2026-01-01', null, 5000, 'pending')], '2026-11-02', undefined],
    ['an ended seat bills nothing', [seat('s', '2026-01-01', null, 5000, 'ended')], '2026-11-02', undefined],
    [
      'a renewal: the seat covering the day',
      [seat('old', '2026-01-01', '2026-06-30', 4000), seat('new', '2026-07-01', null, 5000)],
      '2026-03-02',
      'old',
    ],
    [
      'a renewal: the later seat',
      [seat('old', '2026-01-01', '2026-06-30', 4000), seat('new', '2026-07-01', null, 5000)],
      '2026-07-01',
      'new',
    ],
    [
      'overlapping seats: the latest started',
      [seat('a', '2026-01-01', null, 4000), seat('b', '2026-05-01', null, 5000)],
      '2026-06-01',
      'b',
    ],
  ])('%s', (_, seats, date, id) => {
    expect(seatOn(seats, date)?.id).toBe(id);
  });

  it('copies the seat, or nothing for unplaced work', () => {
    expect(rateSnapshot(seat('s', '2026-01-01', null, 5200))).toEqual({
      headcountId: 's',
      billRate: 5200,
      rateUnit: 'month',
      currency: 'USD',
    });
    expect(rateSnapshot(undefined)).toEqual({ headcountId: null, billRate: null, rateUnit: null, currency: null });
  });

  it.each<[string, { projectId: string; date: string }, boolean]>([
    ['hours only', { projectId: 'a', date: '2026-11-02' }, false],
    ['another day', { projectId: 'a', date: '2026-11-03' }, true],
    ['another project', { projectId: 'b', date: '2026-11-02' }, true],
  ])('a new snapshot when the entry changes %s: %s', (_, after, renewed) => {
    expect(needsNewSnapshot({ projectId: 'a', date: '2026-11-02' }, after)).toBe(renewed);
  });
});
