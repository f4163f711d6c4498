import { describe, expect, it } from 'vitest';
import {
  matrixProblems,
  placementState,
  placementView,
  probationEnd,
  recruiterMonth,
  sharePercent,
  splitAmount,
  splitProblems,
  versionFor,
  type MatrixVersion,
  type PlacementFacts,
  type SplitShare,
} from './hr-commission.rules.js';

// Every expected figure below was computed by hand, not by the code under test.

const share = (userId: string, percent: string | null = null): SplitShare => ({ userId, percent });

describe('probation counts its start day', () => {
  it.each([
    ['2025-03-03', 90, '2025-05-31'], // 29 days of March, 30 of April, 31 of May
    ['2025-01-01', 60, '2025-03-01'], // 31 + 28 + 1
    ['2024-01-01', 60, '2024-02-29'], // a leap year: 31 + 29
    ['2025-12-15', 30, '2026-01-13'], // 17 days of December, 13 of January
    ['2025-06-10', 1, '2025-06-10'], // one day: the start day itself
  ])('%s with %i days ends on %s', (start, days, end) => {
    expect(probationEnd(start, days)).toBe(end);
  });

  it.each<[string | null, string, string, string | null]>([
    // end date, today → state, earned on (a seat starting 2025-03-03 with 90 days: probation until 2025-05-31)
    ['2025-05-30', '2025-07-01', 'clawed_back', null], // left the day before the end
    ['2025-05-31', '2025-07-01', 'clawed_back', null], // left on the last day: still inside
    ['2025-06-01', '2025-07-01', 'earned', '2025-06-01'], // left the day after: it lasted
    [null, '2025-05-30', 'pending', null],
    [null, '2025-05-31', 'pending', null], // the last day of probation is still probation
    [null, '2025-06-01', 'earned', '2025-06-01'],
    ['2025-04-10', '2025-04-01', 'clawed_back', null], // an end already known inside probation
  ])('ending %s, on %s: %s', (endDate, today, state, earnedOn) => {
    expect(placementState({ startDate: '2025-03-03', endDate }, 90, today)).toEqual({ state, probationEnd: '2025-05-31', earnedOn });
  });
});

describe('splits to the cent, largest remainder first', () => {
  it.each<[string, SplitShare[], string[]]>([
    ['1000.00', [share('a'), share('b'), share('c')], ['333.34', '333.33', '333.33']],
    ['100.00', [share('a'), share('b'), share('c')], ['33.34', '33.33', '33.33']],
    ['0.02', [share('a'), share('b'), share('c')], ['0.01', '0.01', '0.00']],
    ['1000.00', [share('a', '100')], ['1000.00']],
    ['1000.00', [share('a', '50'), share('b', '50')], ['500.00', '500.00']],
    ['999.99', [share('a', '50'), share('b', '50')], ['500.00', '499.99']], // 499.995 each: the tie to the first
    ['1000.00', [share('a', '33.34'), share('b', '33.33'), share('c', '33.33')], ['333.40', '333.30', '333.30']],
    ['100.00', [share('a', '12.5'), share('b', '87.5')], ['12.50', '87.50']],
    ['10.01', [share('a', '70'), share('b', '30')], ['7.01', '3.00']], // 7.007 and 3.003: the odd cent to 0.007
    ['500.00', [share('a', '40'), share('b'), share('c')], ['200.00', '150.00', '150.00']], // the rest, 60 %, in halves
    ['100.00', [share('a', '50'), share('b'), share('c'), share('d')], ['50.00', '16.67', '16.67', '16.66']],
  ])('%s by %j', (amount, shares, parts) => {
    const got = splitAmount(amount, 'USD', shares).map((s) => s.amount);
    expect(got).toEqual(parts);
  });

  it('in a currency without minor units', () => {
    expect(splitAmount('1000000', 'VND', [share('a'), share('b'), share('c')]).map((s) => s.amount)).toEqual([
      '333334',
      '333333',
      '333333',
    ]);
  });

  it.each<[SplitShare[], string, string]>([
    [[share('a'), share('b'), share('c')], 'a', '33.33'],
    [[share('a', '40'), share('b'), share('c')], 'b', '30.00'],
    [[share('a', '12.5'), share('b', '87.5')], 'a', '12.50'],
  ])('%j: %s stands for %s %', (shares, who, percent) => {
    expect(
      sharePercent(
        shares,
        shares.find((s) => s.userId === who)!,
      ),
    ).toBe(percent);
  });

  it.each<[SplitShare[], Record<string, string>]>([
    [[share('a', '50'), share('b', '50')], {}],
    [[share('a')], {}],
    [[share('a', '99.99'), share('b')], {}],
    [[], { shares: 'split_empty' }],
    [[share('a', '50'), share('b', '49.99')], { shares: 'split_total' }],
    [[share('a', '60'), share('b', '50')], { shares: 'split_total' }],
    [[share('a', '100'), share('b')], { shares: 'split_total' }], // nothing left for b
    [[share('a', '0'), share('b', '100')], { 'shares.0.percent': 'split_percent_range' }],
    [[share('a', '100.01')], { 'shares.0.percent': 'split_percent_range' }],
    [[share('a', '33.333'), share('b')], { 'shares.0.percent': 'decimal' }],
    [[share('a', '50'), share('a', '50')], { 'shares.1.userId': 'split_duplicate' }],
  ])('%j → %j', (shares, problems) => {
    expect(splitProblems(shares)).toEqual(problems);
  });
});

const LEVELS = { intern: '100.00', junior: '300.00', middle: '500.00', senior: '800.00', lead: '1200.00' };
const version = (id: string, effectiveMonth: string, over: Partial<MatrixVersion> = {}): MatrixVersion => ({
  id,
  effectiveMonth,
  basis: 'level',
  amounts: LEVELS,
  billingPercent: null,
  probationDays: 60,
  ...over,
});

describe('matrix versions', () => {
  const versions = [version('v1', '2025-01'), version('v2', '2025-07', { amounts: { ...LEVELS, senior: '1000.00' } })];

  it.each([
    ['2024-12', undefined],
    ['2025-01', 'v1'],
    ['2025-06', 'v1'],
    ['2025-07', 'v2'],
    ['2026-03', 'v2'],
  ])('in %s the version in force is %s', (month, id) => {
    expect(versionFor(versions, month)?.id).toBe(id);
  });

  it('a version from July leaves a seat that started in June at June’s amount, even when it is earned after July', () => {
    const seat = (id: string, startDate: string): PlacementFacts => ({
      id,
      label: id,
      startDate,
      endDate: null,
      level: 'senior',
      firstMonthBilling: null,
      shares: [share('r')],
    });
    // Started 2025-06-02: 60 days end 2025-07-31, earned 2025-08-01 — still under the June version.
    expect(placementView(seat('june', '2025-06-02'), versions, '2025-12-31', 'USD')).toMatchObject({
      state: 'earned',
      earnedOn: '2025-08-01',
      amount: '800.00',
      formula: 'senior: 800.00',
    });
    expect(placementView(seat('july', '2025-07-01'), versions, '2025-12-31', 'USD')).toMatchObject({ amount: '1000.00' });
    // Before any version: nothing is counted as zero, the figure is missing.
    expect(placementView(seat('early', '2024-11-01'), versions, '2025-12-31', 'USD')).toMatchObject({
      amount: null,
      missing: 'matrix 2024-11',
    });
  });

  it('a per cent of the first month’s billing, rounded to the cent; no billing yet is missing', () => {
    const v = [version('p', '2025-01', { basis: 'billing_percent', billingPercent: '12.5' })];
    const seat: PlacementFacts = {
      id: 's',
      label: 's',
      startDate: '2025-02-03',
      endDate: null,
      level: null,
      firstMonthBilling: '6543.21',
      shares: [share('r')],
    };
    // 12.5 % × 6543.21 = 817.90125 → 817.90
    expect(placementView(seat, v, '2025-12-31', 'USD')).toMatchObject({ amount: '817.90', formula: '12.5 % × 6543.21 = 817.90' });
    expect(placementView({ ...seat, firstMonthBilling: null }, v, '2025-12-31', 'USD')).toMatchObject({
      amount: null,
      missing: 'first month billing 2025-02',
    });
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ basis: 'level', ...LEVELS, probationDays: 60 }, {}],
    [{ basis: 'level', ...LEVELS, senior: null }, { senior: 'matrix_amount_required' }],
    [{ basis: 'level' }, Object.fromEntries(Object.keys(LEVELS).map((l) => [l, 'matrix_amount_required']))],
    [{ basis: 'billing_percent', billingPercent: '10' }, {}],
    [{ basis: 'billing_percent', billingPercent: null }, { billingPercent: 'matrix_percent_required' }],
    [{ basis: 'billing_percent', billingPercent: '0' }, { billingPercent: 'matrix_percent_range' }],
    [{ basis: 'billing_percent', billingPercent: '100.01' }, { billingPercent: 'matrix_percent_range' }],
    [{ basis: 'billing_percent', billingPercent: '100', probationDays: 0 }, { probationDays: 'matrix_probation_range' }],
    [{ basis: 'billing_percent', billingPercent: '100', probationDays: 366 }, { probationDays: 'matrix_probation_range' }],
  ])('%j → %j', (m, problems) => {
    expect(matrixProblems(m as never)).toEqual(problems);
  });
});

describe("a recruiter's month", () => {
  const versions = [version('v1', '2025-01'), version('v2', '2025-07', { amounts: { ...LEVELS, middle: '600.00' } })];
  const placements: PlacementFacts[] = [
    // Earned 2025-03-02 (60 days from 2025-01-01 end 03-01): alone.
    {
      id: 'p1',
      label: 'Ana · Acme',
      startDate: '2025-01-01',
      endDate: null,
      level: 'senior',
      firstMonthBilling: null,
      shares: [share('r')],
    },
    // Earned in March too, split three ways: 500.00 → 166.67 / 166.67 / 166.66.
    {
      id: 'p2',
      label: 'Bao · Beta',
      startDate: '2025-01-15',
      endDate: null,
      level: 'middle',
      firstMonthBilling: null,
      shares: [share('x'), share('r'), share('y')],
    },
    // Left inside probation: clawed back, never a line.
    {
      id: 'p3',
      label: 'Chi · Acme',
      startDate: '2025-01-10',
      endDate: '2025-02-20',
      level: 'lead',
      firstMonthBilling: null,
      shares: [share('r')],
    },
    // Someone else's.
    { id: 'p4', label: 'Dan · Acme', startDate: '2025-01-02', endDate: null, level: 'lead', firstMonthBilling: null, shares: [share('z')] },
    // Under the July version (middle 600.00), earned in September.
    {
      id: 'p5',
      label: 'Em · Gamma',
      startDate: '2025-07-10',
      endDate: null,
      level: 'middle',
      firstMonthBilling: null,
      shares: [share('r')],
    },
  ];

  it('one line per placement earned in the month, its part of the amount of its start month’s version', () => {
    const march = recruiterMonth('r', '2025-03', placements, versions, '2025-12-31', 'USD');
    expect(march.lines.map((l) => [l.key, l.formula, l.amount])).toEqual([
      ['placement:p1', 'senior: 800.00', '800.00'],
      ['placement:p2', 'middle: 500.00 · 33.33 % → 166.67', '166.67'],
    ]);
    expect(march.total).toBe('966.67');
    expect(march.missing).toEqual([]);
    expect(march.ruleVersion).toBe('hr-commission-1 · matrix 2025-01');
    expect(march.inputs.find((i) => i.key === 'placement:p1:probation')).toMatchObject({
      label: 'Ana · Acme: probation days, 2025-01-01 – 2025-03-01',
      value: '60',
      source: { resource: 'headcounts', id: 'p1' },
    });
    expect(march.inputs.find((i) => i.key === 'placement:p1:matrix')).toMatchObject({
      value: '800.00',
      source: { resource: 'hr-commission-matrices', id: 'v1' },
    });
    // Every input is a figure: the statement shows them as numbers.
    expect(march.inputs.every((i) => /^-?\d+(\.\d+)?$/.test(i.value))).toBe(true);
    // The third recruiter's cent is the one the remainder did not reach.
    expect(recruiterMonth('y', '2025-03', placements, versions, '2025-12-31', 'USD').total).toBe('166.66');
    expect(recruiterMonth('r', '2025-02', placements, versions, '2025-12-31', 'USD').lines).toEqual([]);
    const september = recruiterMonth('r', '2025-09', placements, versions, '2025-12-31', 'USD');
    expect(september.lines.map((l) => l.amount)).toEqual(['600.00']);
    expect(september.ruleVersion).toBe('hr-commission-1 · matrix 2025-07');
  });

  it('a month whose probation has not passed yet waits for it', () => {
    // On 2025-09-05 p5's probation (until 2025-09-07) is still running: September cannot be settled.
    const early = recruiterMonth('r', '2025-09', placements, versions, '2025-09-05', 'USD');
    expect(early.lines).toEqual([]);
    expect(early.missing).toEqual(['Em · Gamma: probation until 2025-09-07']);
  });
});
