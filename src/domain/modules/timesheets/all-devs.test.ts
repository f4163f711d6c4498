import { describe, expect, it } from 'vitest';
import {
  allDevsQuerySchema,
  exportFileName,
  monthDays,
  monthRange,
  personMonth,
  shiftMonth,
  sortPeople,
  totalsOf,
  utilisationOf,
  type DayHours,
  type LeaveSpan,
} from './all-devs.js';

// March 2027: Mon 1st … Wed 31st; weekends 6–7, 13–14, 20–21, 27–28 → 23 weekdays.
const HOLIDAYS = new Map([['2027-03-10', 'Test day']]);
const MARCH = monthDays('2027-03', HOLIDAYS);
const logged = (entries: Record<string, [number, number?]>) =>
  new Map<string, DayHours>(Object.entries(entries).map(([d, [h, b]]) => [d, { hours: h, billable: b ?? 0 }]));

describe('monthRange / monthDays / shiftMonth', () => {
  it.each([
    ['2027-02', '2027-02-01', '2027-02-28'],
    ['2028-02', '2028-02-01', '2028-02-29'],
    ['2027-12', '2027-12-01', '2027-12-31'],
    ['2027-04', '2027-04-01', '2027-04-30'],
  ])('%s spans %s to %s', (month, from, to) => expect(monthRange(month)).toEqual({ from, to }));

  it('tells working days, weekends and holidays apart', () => {
    expect(MARCH).toHaveLength(31);
    expect(MARCH.filter((d) => d.kind === 'working')).toHaveLength(22);
    expect(MARCH.find((d) => d.date === '2027-03-06')?.kind).toBe('weekend');
    expect(MARCH.find((d) => d.date === '2027-03-10')).toEqual({ date: '2027-03-10', kind: 'holiday', holidayName: 'Test day' });
  });

  it('keeps a holiday on a weekend a weekend', () => {
    expect(monthDays('2027-03', new Map([['2027-03-06', 'Saturday holiday']])).find((d) => d.date === '2027-03-06')?.kind).toBe('weekend');
  });

  it.each([
    ['2027-01', -1, '2026-12'],
    ['2027-12', 1, '2028-01'],
    ['2027-03', 0, '2027-03'],
    ['2027-03', 12, '2028-03'],
  ])('%s shifted by %i is %s', (m, by, out) => expect(shiftMonth(m, by)).toBe(out));
});

describe('personMonth', () => {
  const past = '2027-04-15';
  type Case = [
    string,
    { logged?: Record<string, [number, number?]>; leave?: LeaveSpan[]; joinDate?: string; today?: string },
    Record<string, unknown>,
  ];
  const cases: Case[] = [
    ['nothing logged in a past month', {}, { expectedHours: 176, availableHours: 176, loggedHours: 0, utilisation: 0, missing: 22 }],
    [
      'a full day of billable work on the 1st',
      { logged: { '2027-03-01': [8, 8] } },
      { expectedHours: 176, loggedHours: 8, billableHours: 8, utilisation: 0.0455, missing: 21 },
    ],
    ['a day logged short of 8 h is not missing', { logged: { '2027-03-01': [2] } }, { loggedHours: 2, billableHours: 0, missing: 21 }],
    [
      'a full day of leave is not expected nor missing',
      { leave: [{ type: 'annual', startDate: '2027-03-01', endDate: '2027-03-02' }] },
      { expectedHours: 160, availableHours: 160, missing: 20 },
    ],
    [
      'a half day of leave leaves 4 h expected and the day can still be missing',
      { leave: [{ type: 'sick', startDate: '2027-03-01', endDate: '2027-03-01', halfDay: 'am' }] },
      { expectedHours: 172, missing: 22 },
    ],
    [
      'a half day flag on a multi-day request is ignored',
      { leave: [{ type: 'annual', startDate: '2027-03-01', endDate: '2027-03-02', halfDay: 'pm' }] },
      { expectedHours: 160 },
    ],
    [
      'two half days of the same date make a full day off',
      {
        leave: [
          { type: 'annual', startDate: '2027-03-01', endDate: '2027-03-01', halfDay: 'am' },
          { type: 'annual', startDate: '2027-03-01', endDate: '2027-03-01', halfDay: 'pm' },
        ],
      },
      { expectedHours: 168, missing: 21 },
    ],
    [
      'leave over a weekend and a holiday costs only working days',
      { leave: [{ type: 'annual', startDate: '2027-03-05', endDate: '2027-03-10' }] },
      { expectedHours: 176 - 3 * 8 },
    ],
    [
      'hours on a weekend count as logged and billable but the weekend is never missing',
      { logged: { '2027-03-06': [4, 4] } },
      { loggedHours: 4, billableHours: 4, missing: 22, expectedHours: 176 },
    ],
    [
      'the current month: available up to today, missing before today only',
      { today: '2027-03-03', logged: { '2027-03-01': [8, 8] } },
      { expectedHours: 176, availableHours: 24, utilisation: 0.3333, missing: 1 },
    ],
    [
      'a future month has nothing available: utilisation null',
      { today: '2027-02-10' },
      { expectedHours: 176, availableHours: 0, utilisation: null, missing: 0 },
    ],
    ['days before joining are not expected', { joinDate: '2027-03-29' }, { expectedHours: 24, missing: 3 }],
  ];
  it.each(cases)('%s', (_name, input, want) => {
    const r = personMonth(
      MARCH,
      { logged: logged(input.logged ?? {}), leave: input.leave ?? [], joinDate: input.joinDate },
      input.today ?? past,
    );
    const { missing, ...rest } = want;
    expect(r).toMatchObject(rest);
    if (missing !== undefined) expect(r.missingDays).toHaveLength(missing as number);
  });

  it('marks leave on the day cells, a half day with its half', () => {
    const r = personMonth(
      MARCH,
      {
        logged: logged({ '2027-03-02': [4, 4] }),
        leave: [
          { type: 'sick', startDate: '2027-03-02', endDate: '2027-03-02', halfDay: 'pm' },
          { type: 'annual', startDate: '2027-03-03', endDate: '2027-03-03' },
        ],
      },
      past,
    );
    expect(r.days['2027-03-02']).toEqual({ hours: 4, leave: 'sick', halfDay: 'pm' });
    expect(r.days['2027-03-03']).toEqual({ hours: 0, leave: 'annual' });
    expect(r.days['2027-03-04']).toEqual({ hours: 0 });
    expect(r.missingDays).not.toContain('2027-03-02');
    expect(r.missingDays).not.toContain('2027-03-03');
    expect(r.missingDays).toContain('2027-03-04');
  });
});

describe('utilisation and totals', () => {
  it.each([
    [8, 8, 1],
    [0, 8, 0],
    [4, 0, null],
    [1, 3, 0.3333],
  ])('%d billable of %d available is %s', (b, a, u) => expect(utilisationOf(b, a)).toBe(u));

  it('totals the group, not an average of ratios', () => {
    expect(
      totalsOf([
        { expectedHours: 160, loggedHours: 160, billableHours: 160, availableHours: 160 },
        { expectedHours: 40, loggedHours: 0, billableHours: 0, availableHours: 40 },
      ]),
    ).toEqual({ expected: 200, logged: 160, billable: 160, utilisation: 0.8 });
    expect(totalsOf([])).toEqual({ expected: 0, logged: 0, billable: 0, utilisation: null });
  });
});

describe('sortPeople', () => {
  const rows = [
    { fullName: 'Bình', loggedHours: 10, utilisation: 0.5, missingDays: ['a'] },
    { fullName: 'An', loggedHours: 20, utilisation: null, missingDays: [] },
    { fullName: 'Chi', loggedHours: 10, utilisation: 0.9, missingDays: ['a', 'b'] },
  ];
  it.each([
    ['name', 'asc', ['An', 'Bình', 'Chi']],
    ['name', 'desc', ['Chi', 'Bình', 'An']],
    ['logged', 'asc', ['Bình', 'Chi', 'An']],
    ['logged', 'desc', ['An', 'Bình', 'Chi']],
    ['utilisation', 'asc', ['Bình', 'Chi', 'An']],
    ['utilisation', 'desc', ['Chi', 'Bình', 'An']],
    ['missing', 'desc', ['Chi', 'Bình', 'An']],
    ['missing', 'asc', ['An', 'Bình', 'Chi']],
  ] as const)('by %s %s', (sort, order, names) => expect(sortPeople(rows, sort, order).map((r) => r.fullName)).toEqual(names));
});

describe('allDevsQuerySchema', () => {
  it.each([
    [{ month: '2027-03' }, true],
    [{ month: '2027-13' }, false],
    [{ month: '2027-3' }, false],
    [{ month: '2027-03', userId: 'nope' }, false],
    [{ month: '2027-03', sort: 'salary' }, false],
    [{ month: '2027-03', limit: '0' }, false],
    [{ month: '2027-03', page: '2', limit: '25', missing: 'true', sort: 'missing', order: 'desc' }, true],
    [{ month: '2027-03', extra: '1' }, false],
    [{}, false],
  ])('%j valid: %s', (q, ok) => expect(allDevsQuerySchema.safeParse(q).success).toBe(ok));
});

describe('exportFileName', () => {
  it.each([
    ['2027-03', 'Nguyễn Văn Đức', 'logwork-2027-03-nguyen-van-duc.xlsx'],
    ['2027-03', undefined, 'logwork-2027-03-all-developers.xlsx'],
    ['2027-03', 'أحمد', 'logwork-2027-03-person.xlsx'],
    ['2027-03', '../"evil"\r\n', 'logwork-2027-03-evil.xlsx'],
  ])('%s %s → %s', (m, who, out) => expect(exportFileName(m, who)).toBe(out));
});
