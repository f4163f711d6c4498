import { describe, expect, it } from 'vitest';
import { afterHire, stageMoveRefusal } from './jobs.rules.js';

describe('stageMoveRefusal', () => {
  const job = { openings: 2, filled: 0 };
  it.each([
    ['sourced', 'screening', 'hr', undefined],
    ['interview', 'screening', 'hr', undefined],
    ['offered', 'hired', 'sale', undefined],
    ['screening', 'rejected', 'hr', undefined],
    ['sourced', 'sourced', 'hr', 'stage_unchanged'],
    ['hired', 'offered', 'hr', 'stage_final'],
    ['rejected', 'screening', 'sale', 'stage_final'],
    ['withdrawn', 'sourced', 'hr', 'stage_final'],
    ['rejected', 'screening', 'hr_lead', undefined],
    ['hired', 'offered', 'sale_lead', undefined],
  ] as const)('%s → %s by %s: %s', (from, to, role, expected) => {
    expect(stageMoveRefusal(from, to, role, job)).toBe(expected);
  });
  it('refuses a hire when every opening is filled', () => {
    expect(stageMoveRefusal('offered', 'hired', 'hr', { openings: 1, filled: 1 })).toBe('no_opening_left');
  });
});

describe('afterHire', () => {
  it('a hire fills an opening; the last one fills the job', () => {
    expect(afterHire({ openings: 2, filled: 0, status: 'open' }, 'offered', 'hired')).toEqual({ filled: 1, status: 'open' });
    expect(afterHire({ openings: 2, filled: 1, status: 'open' }, 'offered', 'hired')).toEqual({ filled: 2, status: 'filled' });
  });
  it('undoing a hire frees the opening and reopens a filled job, not a closed one', () => {
    expect(afterHire({ openings: 2, filled: 2, status: 'filled' }, 'hired', 'offered')).toEqual({ filled: 1, status: 'open' });
    expect(afterHire({ openings: 2, filled: 2, status: 'closed' }, 'hired', null)).toEqual({ filled: 1, status: 'closed' });
  });
  it('other moves change nothing', () => {
    expect(afterHire({ openings: 3, filled: 1, status: 'on_hold' }, 'sourced', 'screening')).toEqual({ filled: 1, status: 'on_hold' });
  });
});
