import { describe, expect, it } from 'vitest';
import type { Role } from '../../auth/permissions.js';
import {
  approvalsNeeded,
  balanceOf,
  carryOver,
  entitlementFor,
  leaveDays,
  leaveDaysByYear,
  mayApprove,
  overlapping,
  pendingLevel,
  requesterMayCancel,
  todayIn,
  weekOf,
  workingDates,
  type ExistingLeave,
  type HalfDay,
} from './leave.rules.js';

// 2026-01-01 is a Thursday; 2027-01-01 a Friday.
const TET_2026 = ['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20'];

describe('leaveDays', () => {
  it.each<[string, string, string, HalfDay | null, string[], number]>([
    ['one weekday', '2026-01-05', '2026-01-05', null, [], 1],
    ['a Monday to Friday week', '2026-01-05', '2026-01-09', null, [], 5],
    ['a weekend alone', '2026-01-03', '2026-01-04', null, [], 0],
    ['Friday to Monday skips the weekend', '2026-01-09', '2026-01-12', null, [], 2],
    ['a public holiday is not counted', '2026-01-01', '2026-01-02', null, ['2026-01-01'], 1],
    ['Tết week costs nothing', '2026-02-16', '2026-02-20', null, TET_2026, 0],
    ['across a month end', '2026-02-26', '2026-03-03', null, [], 4],
    ['across the year end', '2026-12-30', '2027-01-04', null, ['2027-01-01'], 3],
    ['a morning', '2026-01-05', '2026-01-05', 'am', [], 0.5],
    ['an afternoon', '2026-01-05', '2026-01-05', 'pm', [], 0.5],
    ['a half day on a holiday costs nothing', '2026-01-01', '2026-01-01', 'am', ['2026-01-01'], 0],
    ['half day ignored on a longer request', '2026-01-05', '2026-01-06', 'am', [], 2],
    ['end before start has no days', '2026-01-09', '2026-01-05', null, [], 0],
    ['29 February of a leap year', '2028-02-28', '2028-03-01', null, [], 3],
  ])('%s', (_name, startDate, endDate, halfDay, holidays, days) => {
    expect(leaveDays({ startDate, endDate, halfDay }, holidays)).toBe(days);
  });

  it('splits a request over New Year by year', () => {
    const byYear = leaveDaysByYear({ startDate: '2026-12-28', endDate: '2027-01-05' }, new Set(['2027-01-01']));
    expect(Object.fromEntries(byYear)).toEqual({ 2026: 4, 2027: 2 });
  });

  it.each<[string, HalfDay | null, string, Record<number, number>]>([
    ['a morning costs half a day of its year', 'am', '2026-12-31', { 2026: 0.5 }],
    ['a half day flag on a request over New Year is ignored', 'pm', '2027-01-04', { 2026: 1, 2027: 1 }],
  ])('%s', (_name, halfDay, endDate, byYear) => {
    expect(Object.fromEntries(leaveDaysByYear({ startDate: '2026-12-31', endDate, halfDay }, new Set(['2027-01-01'])))).toEqual(byYear);
  });

  it('lists the working dates in order', () => {
    expect(workingDates('2026-01-01', '2026-01-06', ['2026-01-01'])).toEqual(['2026-01-02', '2026-01-05', '2026-01-06']);
  });
});

describe('entitlementFor', () => {
  it.each<[string, number, string | null, number]>([
    ['no join date: the base', 2026, null, 12],
    ['joined last year', 2026, '2025-03-10', 12],
    ['4 years 364 days at the year start', 2026, '2021-01-02', 12],
    ['exactly 5 years on 1 January', 2026, '2021-01-01', 13],
    ['9 years', 2026, '2016-06-01', 13],
    ['10 years', 2026, '2015-12-31', 14],
    ['joined on 1 January: a full base year', 2026, '2026-01-01', 12],
    ['joined 15 July: July counts (6 months)', 2026, '2026-07-15', 6],
    ['joined 16 July: from August (5 months)', 2026, '2026-07-16', 5],
    ['joined 10 February: 11 months', 2026, '2026-02-10', 11],
    ['joined 20 December: nothing this year', 2026, '2026-12-20', 0],
    ['joined 1 December: one month', 2026, '2026-12-01', 1],
    ['joined next year', 2026, '2027-01-01', 0],
  ])('%s', (_name, year, joinDate, days) => {
    expect(entitlementFor(year, joinDate)).toBe(days);
  });
});

describe('carryOver and balanceOf', () => {
  it.each([
    [3, 3],
    [5, 5],
    [8.5, 5],
    [0, 0],
    [-2, 0],
    [4.5, 4.5],
  ])('%s remaining carries %s', (remaining, carried) => {
    expect(carryOver(remaining)).toBe(carried);
  });

  it.each([
    [{ entitlement: 12, carried: 0, used: 0, pending: 0 }, 12],
    [{ entitlement: 12, carried: 3, used: 4, pending: 2 }, 9],
    [{ entitlement: 13, carried: 5, used: 10.5, pending: 0.5 }, 7],
    [{ entitlement: 6, carried: 0, used: 7, pending: 0 }, -1],
  ])('balance %j leaves %s', (b, remaining) => {
    expect(balanceOf(b)).toEqual({ ...b, remaining });
  });
});

describe('overlapping', () => {
  const mine = (id: string, startDate: string, endDate: string, status: ExistingLeave['status'], halfDay: HalfDay | null = null) => ({
    id,
    startDate,
    endDate,
    status,
    halfDay,
  });
  it.each<[string, { startDate: string; endDate: string; halfDay?: HalfDay | null; id?: string }, ExistingLeave[], string[]]>([
    ['none', { startDate: '2026-03-02', endDate: '2026-03-06' }, [], []],
    ['inside a pending one', { startDate: '2026-03-03', endDate: '2026-03-03' }, [mine('a', '2026-03-02', '2026-03-06', 'pending')], ['a']],
    [
      'sharing the last day',
      { startDate: '2026-03-06', endDate: '2026-03-10' },
      [mine('a', '2026-03-02', '2026-03-06', 'approved')],
      ['a'],
    ],
    ['the day after', { startDate: '2026-03-07', endDate: '2026-03-10' }, [mine('a', '2026-03-02', '2026-03-06', 'approved')], []],
    ['the day before', { startDate: '2026-02-27', endDate: '2026-03-01' }, [mine('a', '2026-03-02', '2026-03-06', 'approved')], []],
    [
      'a rejected one does not count',
      { startDate: '2026-03-02', endDate: '2026-03-02' },
      [mine('a', '2026-03-02', '2026-03-06', 'rejected')],
      [],
    ],
    [
      'a cancelled one does not count',
      { startDate: '2026-03-02', endDate: '2026-03-02' },
      [mine('a', '2026-03-02', '2026-03-06', 'cancelled')],
      [],
    ],
    ['covering', { startDate: '2026-03-01', endDate: '2026-03-31' }, [mine('a', '2026-03-02', '2026-03-06', 'pending')], ['a']],
    [
      'morning and afternoon of one day',
      { startDate: '2026-03-02', endDate: '2026-03-02', halfDay: 'pm' },
      [mine('a', '2026-03-02', '2026-03-02', 'pending', 'am')],
      [],
    ],
    [
      'two mornings of one day',
      { startDate: '2026-03-02', endDate: '2026-03-02', halfDay: 'am' },
      [mine('a', '2026-03-02', '2026-03-02', 'approved', 'am')],
      ['a'],
    ],
    // A half-day flag counts on one-day requests only: a longer one takes its whole days.
    [
      'a half day inside a longer request flagged with the other half',
      { startDate: '2026-03-03', endDate: '2026-03-03', halfDay: 'am' },
      [mine('a', '2026-03-02', '2026-03-04', 'approved', 'pm')],
      ['a'],
    ],
    [
      'a longer request flagged with a half over a half day',
      { startDate: '2026-03-02', endDate: '2026-03-04', halfDay: 'pm' },
      [mine('a', '2026-03-03', '2026-03-03', 'pending', 'am')],
      ['a'],
    ],
    [
      'a half day inside a full day',
      { startDate: '2026-03-02', endDate: '2026-03-02', halfDay: 'am' },
      [mine('a', '2026-03-02', '2026-03-02', 'approved')],
      ['a'],
    ],
    [
      'itself (an edit)',
      { id: 'a', startDate: '2026-03-02', endDate: '2026-03-02' },
      [mine('a', '2026-03-02', '2026-03-02', 'pending')],
      [],
    ],
  ])('%s', (_name, r, others, ids) => {
    expect(overlapping(r, others).map((o) => o.id)).toEqual(ids);
  });
});

describe('approvals', () => {
  it.each([
    [1, 1],
    [5, 1],
    [5.5, 2],
    [10, 2],
  ])('%s days need %s approval(s)', (days, n) => {
    expect(approvalsNeeded(days)).toBe(n);
  });
  it('follows a configured threshold', () => {
    expect(approvalsNeeded(3, 2)).toBe(2);
    expect(approvalsNeeded(2, 2)).toBe(1);
  });

  const dev = { id: 'dev', managerId: 'mgr' };
  const orphan = { id: 'dev', managerId: null };
  const who = (id: string, role: Role) => ({ id, role });
  it.each<[string, { id: string; role: Role }, { id: string; managerId: string | null }, 1 | 2, string | null, boolean]>([
    ['the manager', who('mgr', 'manager'), dev, 1, null, true],
    ['another manager', who('mgr2', 'manager'), dev, 1, null, false],
    ['hr_lead when there is a manager', who('hrl', 'hr_lead'), dev, 1, null, false],
    ['admin always', who('adm', 'admin'), dev, 1, null, true],
    ['hr_lead when there is no manager', who('hrl', 'hr_lead'), orphan, 1, null, true],
    ['sale_lead when there is no manager', who('sl', 'sale_lead'), orphan, 1, null, true],
    ['a manager when there is no manager', who('mgr', 'manager'), orphan, 1, null, false],
    ['a developer never', who('dev2', 'developer'), orphan, 1, null, false],
    ['never oneself, even admin', who('dev', 'admin'), { id: 'dev', managerId: null }, 1, null, false],
    ['never oneself as manager', who('mgr', 'manager'), { id: 'mgr', managerId: 'mgr' }, 1, null, false],
    ['second level: hr_lead', who('hrl', 'hr_lead'), dev, 2, 'mgr', true],
    ['second level: admin', who('adm', 'admin'), dev, 2, 'mgr', true],
    ['second level: not sale_lead', who('sl', 'sale_lead'), dev, 2, 'mgr', false],
    ['second level: not the manager', who('mgr', 'manager'), dev, 2, 'adm', false],
    ['second level: not who gave the first', who('adm', 'admin'), dev, 2, 'adm', false],
    ['second level: never oneself', who('hrl', 'hr_lead'), { id: 'hrl', managerId: null }, 2, 'adm', false],
  ])('%s', (_name, approver, requester, level, first, allowed) => {
    expect(mayApprove(approver, requester, level, first)).toBe(allowed);
  });

  it.each([
    [{ approvalsRequired: 1, firstApproverId: null }, 1],
    [{ approvalsRequired: 2, firstApproverId: null }, 1],
    [{ approvalsRequired: 2, firstApproverId: 'mgr' }, 2],
  ])('%j waits for level %s', (r, level) => {
    expect(pendingLevel(r)).toBe(level);
  });
});

describe('requesterMayCancel', () => {
  it.each<[ExistingLeave['status'], string, boolean]>([
    ['pending', '2026-01-01', true],
    ['pending', '2030-01-01', true],
    ['approved', '2026-06-02', true],
    ['approved', '2026-06-01', false],
    ['approved', '2026-05-01', false],
    ['rejected', '2026-07-01', false],
    ['cancelled', '2026-07-01', false],
  ])('%s starting %s (today 2026-06-01): %s', (status, startDate, allowed) => {
    expect(requesterMayCancel({ status, startDate }, '2026-06-01')).toBe(allowed);
  });
});

describe('todayIn and weekOf', () => {
  it.each([
    ['2026-06-01T16:59:59Z', '2026-06-01'],
    ['2026-06-01T17:00:00Z', '2026-06-02'],
    ['2026-12-31T18:00:00Z', '2027-01-01'],
  ])('%s is %s in Hà Nội', (instant, date) => {
    expect(todayIn(undefined, new Date(instant))).toBe(date);
  });
  it.each([
    ['2026-01-05', '2026-01-05', '2026-01-11'],
    ['2026-01-11', '2026-01-05', '2026-01-11'],
    ['2026-12-31', '2026-12-28', '2027-01-03'],
  ])('the week of %s runs %s to %s', (date, from, to) => {
    expect(weekOf(date)).toEqual({ from, to });
  });
});
