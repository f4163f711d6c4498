import { describe, expect, it } from 'vitest';
import { afterHire, jobWrite, nextStage, stageMoveRefusal } from './jobs.rules.js';

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
  it.each([
    ['closed', 'job_closed'],
    ['on_hold', 'job_closed'],
    ['open', undefined],
  ])('a hire into a %s job: %s', (status, expected) => {
    expect(stageMoveRefusal('offered', 'hired', 'hr_lead', { openings: 2, filled: 0, status })).toBe(expected);
  });
  it('a job with every opening filled still moves candidates, and a lead still undoes a hire', () => {
    const full = { openings: 1, filled: 1, status: 'filled' };
    expect(stageMoveRefusal('sourced', 'screening', 'hr', full)).toBeUndefined();
    expect(stageMoveRefusal('interview', 'rejected', 'hr', full)).toBeUndefined();
    expect(stageMoveRefusal('hired', 'offered', 'hr_lead', full)).toBeUndefined();
  });
  it('a closed or on-hold job still moves candidates between other stages', () => {
    expect(stageMoveRefusal('sourced', 'screening', 'hr', { openings: 2, filled: 0, status: 'on_hold' })).toBeUndefined();
    expect(stageMoveRefusal('interview', 'rejected', 'hr', { openings: 2, filled: 0, status: 'closed' })).toBeUndefined();
  });
});

describe('jobWrite', () => {
  it('refuses fewer openings than hires, naming the hires', () => {
    expect(jobWrite({ openings: 1, status: 'filled' }, 2)).toEqual({ refusal: 'openings_below_hires', hires: 2 });
    expect(jobWrite({ openings: 1, status: 'closed' }, 2)).toEqual({ refusal: 'openings_below_hires', hires: 2 });
  });
  it.each([
    // [openings, filled, asked, status]
    [3, 2, 'filled', 'open'], // a filled job given one more opening is open again
    [2, 2, 'open', 'filled'], // openings down to the hires: filled
    [2, 0, 'filled', 'open'], // nobody hired: nothing is filled
    [2, 2, 'filled', 'filled'],
    [3, 1, 'open', 'open'],
    [2, 2, 'on_hold', 'on_hold'],
    [3, 2, 'closed', 'closed'],
  ])('%i openings, %i hired, asked %s: %s', (openings, filled, asked, status) => {
    expect(jobWrite({ openings, status: asked }, filled)).toEqual({ status });
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
    // An on-hold job whose openings are all taken stays on hold when someone else moves.
    expect(afterHire({ openings: 2, filled: 2, status: 'on_hold' }, 'sourced', 'screening')).toEqual({ filled: 2, status: 'on_hold' });
  });
  it('undoing a hire in an on-hold job frees the opening and keeps it on hold', () => {
    expect(afterHire({ openings: 2, filled: 2, status: 'on_hold' }, 'hired', 'offered')).toEqual({ filled: 1, status: 'on_hold' });
  });
});

describe('nextStage', () => {
  it.each([
    ['sourced', 'screening'],
    ['screening', 'submitted'],
    ['submitted', 'interview'],
    ['interview', 'offered'],
    ['offered', 'hired'],
    ['hired', 'sourced'],
    ['rejected', 'sourced'],
    ['withdrawn', 'sourced'],
  ] as const)('after %s comes %s', (from, to) => {
    expect(nextStage(from)).toBe(to);
  });
});
