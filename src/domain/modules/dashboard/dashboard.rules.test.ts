import { describe, expect, it } from 'vitest';
import { dashboardBlocks, expectedHours, utilisationRate } from './dashboard.rules.js';

// Written from the spec's section table (section 6) and the leave approvers of DOMAIN.md, not
// read from the code: jobs → recruitment, everyone's own leave, approvers → team, headcount → workforce,
// a developer's own hours, utilisation for who sees headcount and everyone's logwork, revenue for
// the leads and admin (the firm's) and a sale (their customers'), profit for the P&L's navigation list
// (admin, hr_lead, sale_lead, manager).
const EXPECTED: Record<string, string[]> = {
  admin: ['recruitment', 'leave', 'team', 'workforce', 'utilisation', 'revenue', 'profit'],
  hr_lead: ['recruitment', 'leave', 'team', 'workforce', 'utilisation', 'revenue', 'profit'],
  sale_lead: ['recruitment', 'leave', 'team', 'workforce', 'utilisation', 'revenue', 'profit'],
  developer: ['leave', 'hours'],
  hr: ['recruitment', 'leave'],
  sale: ['recruitment', 'leave', 'workforce', 'revenue'],
  manager: ['recruitment', 'leave', 'team', 'workforce', 'profit'],
};

describe('dashboardBlocks', () => {
  it.each(Object.entries(EXPECTED))('%s sees exactly its blocks', (role, blocks) => {
    expect(dashboardBlocks(role)).toEqual(blocks);
  });

  it('roles are compared in lower case; an unknown role sees nothing', () => {
    expect(dashboardBlocks('DEVELOPER')).toEqual(['leave', 'hours']);
    expect(dashboardBlocks('intern')).toEqual([]);
    expect(dashboardBlocks(undefined)).toEqual([]);
  });
});

// Monday 2031-03-03 to Sunday 2031-03-09.
const MON = '2031-03-03';
const SUN = '2031-03-09';
const none = new Set<string>();

describe('expectedHours', () => {
  it.each([
    ['a full week', none, [], 40],
    ['a public holiday on Wednesday', new Set(['2031-03-05']), [], 32],
    ['a holiday on Saturday changes nothing', new Set(['2031-03-08']), [], 40],
    ['two days of leave', none, [{ startDate: '2031-03-04', endDate: '2031-03-05', halfDay: null }], 24],
    ['a half day of leave', none, [{ startDate: '2031-03-07', endDate: '2031-03-07', halfDay: 'am' as const }], 36],
    ['leave over the weekend counts its working days only', none, [{ startDate: '2031-03-07', endDate: '2031-03-11', halfDay: null }], 32],
    [
      'leave on a holiday is not taken twice',
      new Set(['2031-03-05']),
      [{ startDate: '2031-03-05', endDate: '2031-03-05', halfDay: null }],
      32,
    ],
    [
      'two half days of one day leave nothing',
      none,
      [
        { startDate: MON, endDate: MON, halfDay: 'am' as const },
        { startDate: MON, endDate: MON, halfDay: 'pm' as const },
      ],
      32,
    ],
  ])('%s', (_, holidays, leave, hours) => {
    expect(expectedHours(MON, SUN, holidays, leave)).toBe(hours);
  });
});

describe('utilisationRate', () => {
  it('is billable over available, null when nobody was available', () => {
    expect(utilisationRate(120, 160)).toBe(0.75);
    expect(utilisationRate(0, 160)).toBe(0);
    expect(utilisationRate(10, 0)).toBeNull();
  });
});
