import { describe, expect, it } from 'vitest';
import { dashboardBlocks } from './dashboard.rules.js';

// Written from the spec's section table (section 6) and the leave approvers of DOMAIN.md, not
// read from the code: jobs → recruitment, everyone's own leave, approvers → team, headcount → workforce.
const EXPECTED: Record<string, string[]> = {
  admin: ['recruitment', 'leave', 'team', 'workforce'],
  hr_lead: ['recruitment', 'leave', 'team', 'workforce'],
  sale_lead: ['recruitment', 'leave', 'team', 'workforce'],
  developer: ['leave'],
  hr: ['recruitment', 'leave'],
  sale: ['recruitment', 'leave', 'workforce'],
  manager: ['recruitment', 'leave', 'team', 'workforce'],
};

describe('dashboardBlocks', () => {
  it.each(Object.entries(EXPECTED))('%s sees exactly its blocks', (role, blocks) => {
    expect(dashboardBlocks(role)).toEqual(blocks);
  });

  it('roles are compared in lower case; an unknown role sees nothing', () => {
    expect(dashboardBlocks('DEVELOPER')).toEqual(['leave']);
    expect(dashboardBlocks('intern')).toEqual([]);
    expect(dashboardBlocks(undefined)).toEqual([]);
  });
});
