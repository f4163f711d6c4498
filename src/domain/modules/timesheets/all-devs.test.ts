import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueOf, type IssueLike } from '../../validation.js';
import {
  allDevsQuerySchema,
  allDevsResponseSchema,
  type AllDevsResponse,
  exportFileName,
  monthDays,
  personMonth,
  sortPeople,
  totalsOf,
  utilisationOf,
  type DayHours,
  type LeaveSpan,
} from './all-devs.js';

// March 2027: Mon 1st … Wed 31st; weekends 6–7, 13–14, 20–21, 27–28 → 23 weekdays.
const HOLIDAYS = new Map([['2027-03-10', 'Test day']]);
// Built inside each test, not when the file loads: a fault in building it then fails the tests that
// use it (the mutation run counts a file that cannot load as no test at all).
const march = () => monthDays('2027-03', HOLIDAYS);
const logged = (entries: Record<string, [number, number?]>) =>
  new Map<string, DayHours>(Object.entries(entries).map(([d, [h, b]]) => [d, { hours: h, billable: b ?? 0 }]));

describe('monthDays', () => {
  it('tells working days, weekends and holidays apart', () => {
    const days = march();
    expect(days).toHaveLength(31);
    expect(days.filter((d) => d.kind === 'working')).toHaveLength(22);
    expect(days.find((d) => d.date === '2027-03-06')?.kind).toBe('weekend');
    expect(days.find((d) => d.date === '2027-03-10')).toEqual({ date: '2027-03-10', kind: 'holiday', holidayName: 'Test day' });
  });

  it('keeps a holiday on a weekend a weekend', () => {
    expect(monthDays('2027-03', new Map([['2027-03-06', 'Saturday holiday']])).find((d) => d.date === '2027-03-06')?.kind).toBe('weekend');
  });
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
      'the same half twice is still a half day',
      {
        leave: [
          { type: 'annual', startDate: '2027-03-01', endDate: '2027-03-01', halfDay: 'am' },
          { type: 'sick', startDate: '2027-03-01', endDate: '2027-03-01', halfDay: 'am' },
        ],
      },
      { expectedHours: 172, missing: 22 },
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
      march(),
      { logged: logged(input.logged ?? {}), leave: input.leave ?? [], joinDate: input.joinDate },
      input.today ?? past,
    );
    const { missing, ...rest } = want;
    expect(r).toMatchObject(rest);
    if (missing !== undefined) expect(r.missingDays).toHaveLength(missing as number);
  });

  it('marks leave on the day cells, a half day with its half', () => {
    const r = personMonth(
      march(),
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

  it('two half days of one date show as a full day of the first one’s leave', () => {
    const r = personMonth(
      march(),
      {
        logged: logged({}),
        leave: [
          { type: 'sick', startDate: '2027-03-02', endDate: '2027-03-02', halfDay: 'am' },
          { type: 'annual', startDate: '2027-03-02', endDate: '2027-03-02', halfDay: 'pm' },
        ],
      },
      past,
    );
    expect(r.days['2027-03-02']).toEqual({ hours: 0, leave: 'sick' });
  });

  it('leave over a weekend and a holiday marks its working days only', () => {
    const r = personMonth(
      march(),
      { logged: logged({}), leave: [{ type: 'annual', startDate: '2027-03-05', endDate: '2027-03-11' }] },
      past,
    );
    expect(
      ['2027-03-05', '2027-03-06', '2027-03-07', '2027-03-08', '2027-03-10', '2027-03-11'].map((d) => r.days[d]!.leave ?? 'none'),
    ).toEqual(['annual', 'none', 'none', 'annual', 'none', 'annual']);
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

  const person = (fullName: string, loggedHours = 0, utilisation: number | null = null) => ({
    fullName,
    loggedHours,
    utilisation,
    missingDays: [],
  });
  const names = (list: ReturnType<typeof person>[], sort: Parameters<typeof sortPeople>[1], order: 'asc' | 'desc') =>
    sortPeople(list, sort, order).map((r) => r.fullName);

  it('breaks a tie by name, A to Z in either order, whatever order the people came in', () => {
    const tied = [person('Chi', 10), person('An', 20), person('Bình', 10)];
    expect(names(tied, 'logged', 'asc')).toEqual(['Bình', 'Chi', 'An']);
    expect(names(tied, 'logged', 'desc')).toEqual(['An', 'Bình', 'Chi']);
    expect(names([...tied].reverse(), 'logged', 'desc')).toEqual(['An', 'Bình', 'Chi']);
  });

  it('puts nobody-available last in either order, by name among themselves', () => {
    for (const list of [
      [person('Dung'), person('An'), person('Bình', 0, 0.5)],
      [person('An'), person('Bình', 0, 0.5), person('Dung')],
    ]) {
      expect(names(list, 'utilisation', 'asc')).toEqual(['Bình', 'An', 'Dung']);
      expect(names(list, 'utilisation', 'desc')).toEqual(['Bình', 'An', 'Dung']);
    }
  });

  it('orders names that differ only in case or accents one way, whatever order they came in', () => {
    for (const list of [
      [person('le'), person('Lê'), person('Le')],
      [person('Le'), person('le'), person('Lê')],
    ]) {
      expect(names(list, 'name', 'asc')).toEqual(['Le', 'Lê', 'le']);
      expect(names(list, 'name', 'desc')).toEqual(['le', 'Lê', 'Le']);
    }
  });

  it('keeps two people of the same name in the order they came in', () => {
    const twins = [
      { ...person('Nguyễn Văn An'), userId: 'first' },
      { ...person('Nguyễn Văn An'), userId: 'second' },
    ];
    for (const order of ['asc', 'desc'] as const)
      expect(sortPeople(twins, 'name', order).map((r) => r.userId)).toEqual(['first', 'second']);
  });
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

  // First issue as the server reports it: field path and code.
  const check = (query: Record<string, string>) => {
    const r = allDevsQuerySchema.safeParse({ month: '2027-03', ...query }, { reportInput: true });
    return r.success ? 'ok' : `${r.error.issues[0]!.path.join('.')}: ${issueOf(r.error.issues[0] as IssueLike).code}`;
  };
  it.each([
    [{ month: '2027-00' }, 'month: month'],
    [{ month: 'x2027-03' }, 'month: month'],
    [{ month: '2027-031' }, 'month: month'],
    [{ q: 'x'.repeat(200) }, 'ok'],
    [{ q: ` ${'x'.repeat(200)} ` }, 'ok'],
    [{ q: 'x'.repeat(201) }, 'q: too_long'],
    [{ userId: 'nope' }, 'userId: invalid_id'],
    [{ customerId: 'acme' }, 'customerId: invalid_id'],
    [{ projectId: 'p1' }, 'projectId: invalid_id'],
    [{ missing: 'false' }, 'ok'],
    [{ missing: 'yes' }, 'missing: choice'],
    [{ sort: 'utilisation', order: 'asc' }, 'ok'],
    [{ order: 'up' }, 'order: choice'],
    [{ page: '10000' }, 'ok'],
    [{ page: '10001' }, 'page: too_big'],
    [{ page: '0' }, 'page: too_small'],
    [{ limit: '500' }, 'ok'],
    [{ limit: '501' }, 'limit: too_big'],
    [{ limit: '2.5' }, 'limit: not_number'],
  ])('%j → %s', (query, expected) => expect(check(query)).toBe(expected));

  it('trims the search and reads numbers from the address', () => {
    expect(allDevsQuerySchema.parse({ month: '2027-03', q: ' lan ', page: '2', limit: '25' })).toEqual({
      month: '2027-03',
      q: 'lan',
      page: 2,
      limit: 25,
    });
  });
});

describe('the all-developers answer', () => {
  const answer: AllDevsResponse = {
    month: '2027-03',
    today: '2027-03-03',
    days: [
      { date: '2027-03-01', kind: 'working' },
      { date: '2027-03-06', kind: 'weekend' },
      { date: '2027-03-10', kind: 'holiday', holidayName: 'Test day' },
    ],
    data: [
      {
        userId: '00000000-0000-4000-8000-000000000001',
        fullName: 'Nguyễn Văn An',
        email: 'an@example.com',
        expectedHours: 172,
        loggedHours: 12,
        billableHours: 8,
        availableHours: 20,
        utilisation: 0.4,
        missingDays: ['2027-03-02'],
        days: {
          '2027-03-01': { hours: 8, leave: 'sick', halfDay: 'am' },
          '2027-03-02': { hours: 0 },
          '2027-03-03': { hours: 4, leave: 'annual', halfDay: 'pm' },
          '2027-03-04': { hours: 0, leave: null, halfDay: null },
        },
      },
    ],
    total: 1,
    totals: { expected: 172, logged: 12, billable: 8, utilisation: null },
  };

  it('keeps every figure of every person and day', () => {
    expect(allDevsResponseSchema.parse(answer)).toEqual(answer);
  });

  it.each<[string, (a: AllDevsResponse) => unknown]>([
    ['a day of an unknown kind', (a) => ({ ...a, days: [{ date: '2027-03-01', kind: 'leave' }] })],
    ['a person without their hours', (a) => ({ ...a, data: [{ ...a.data[0]!, loggedHours: undefined }] })],
    ['a cell without hours', (a) => ({ ...a, data: [{ ...a.data[0]!, days: { '2027-03-01': { leave: 'sick' } } }] })],
    ['a cell on a whole-day half', (a) => ({ ...a, data: [{ ...a.data[0]!, days: { '2027-03-01': { hours: 0, halfDay: 'day' } } }] })],
    ['a total that is not whole', (a) => ({ ...a, total: 1.5 })],
    ['totals without their utilisation', (a) => ({ ...a, totals: { expected: 0, logged: 0, billable: 0 } })],
  ])('refuses %s', (_, broken) => {
    expect((allDevsResponseSchema as z.ZodType).safeParse(broken(answer)).success).toBe(false);
  });
});

describe('exportFileName', () => {
  it.each([
    ['2027-03', 'Nguyễn Văn Đức', 'logwork-2027-03-nguyen-van-duc.xlsx'],
    ['2027-03', undefined, 'logwork-2027-03-all-developers.xlsx'],
    ['2027-03', 'أحمد', 'logwork-2027-03-person.xlsx'],
    ['2027-03', '../"evil"\r\n', 'logwork-2027-03-evil.xlsx'],
    ['2027-03', "O'Brien,  Anne (HR)", 'logwork-2027-03-o-brien-anne-hr.xlsx'],
  ])('%s %s → %s', (m, who, out) => expect(exportFileName(m, who)).toBe(out));
});
