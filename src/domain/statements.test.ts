import { describe, expect, it } from 'vitest';
import { divide, formatDecimal } from './money.js';
import {
  adjustmentLines,
  carryLine,
  changeSinceApproval,
  ownTotal,
  payableOf,
  recoverableOf,
  totalOf,
  type Computation,
  type EarlierStatement,
} from './statements.js';

const computation = (inputs: Array<[string, string]>, amounts: string[], adjustments: string[] = []): Computation => ({
  ruleVersion: 'v1',
  inputs: inputs.map(([key, value]) => ({ key, line: 'metric:0', label: key, value })),
  lines: [
    ...amounts.map((amount, i) => ({ key: `metric:${i}`, kind: 'metric' as const, label: `m${i}`, formula: '', amount })),
    ...adjustments.map((amount, i) => ({ key: `adjustment:${i}`, kind: 'adjustment' as const, label: 'p', formula: '', amount })),
  ],
  total: '0',
});

describe('changed since approval', () => {
  it('is nothing when the inputs and the total are as frozen', () => {
    const c = computation([['invoice:a', '100.00']], ['40.00']);
    expect(changeSinceApproval(c, computation([['invoice:a', '100']], ['40.00']), 2)).toBeUndefined();
  });
  it('names each input changed, added or gone, and the difference of the totals', () => {
    const frozen = computation(
      [
        ['invoice:a', '100.00'],
        ['invoice:b', '50.00'],
      ],
      ['40.00', '10.00'],
    );
    const now = computation(
      [
        ['invoice:a', '120.00'],
        ['invoice:c', '5.00'],
      ],
      ['44.50', '10.00'],
    );
    expect(changeSinceApproval(frozen, now, 2)).toEqual({
      totalBefore: '50.00',
      totalNow: '54.50',
      difference: '4.50',
      inputs: [
        { key: 'invoice:a', label: 'invoice:a', before: '100.00', now: '120.00' },
        { key: 'invoice:b', label: 'invoice:b', before: '50.00', now: null },
        { key: 'invoice:c', label: 'invoice:c', before: null, now: '5.00' },
      ],
    });
  });
  it('leaves the frozen statement’s own adjustment lines out of both sides', () => {
    const frozen = computation([], ['40.00'], ['3.00']);
    expect(changeSinceApproval(frozen, computation([], ['40.00']), 2)).toBeUndefined();
  });
});

describe('adjustment lines', () => {
  it('carries what an earlier frozen period changed by, positive or negative, once', () => {
    const lines = adjustmentLines(
      [
        { id: 'q2', period: '2026-Q2', frozenTotal: '90.00', totalNow: '87.50', carried: '0' },
        { id: 'q1', period: '2026-Q1', frozenTotal: '100.00', totalNow: '104.00', carried: '1.00' },
        { id: 'q0', period: '2025-Q4', frozenTotal: '80.00', totalNow: '81.00', carried: '1.00' },
      ],
      2,
    );
    expect(lines.map((l) => [l.label, l.amount, l.formula, l.of])).toEqual([
      ['2026-Q1', '3.00', '104.00 − 100.00 − 1.00 = 3.00', 'q1'],
      ['2026-Q2', '-2.50', '87.50 − 90.00 = -2.50', 'q2'],
    ]);
    expect(totalOf(lines, 2)).toBe('0.50');
  });
});

describe('exact division', () => {
  it.each([
    ['1', '3', 2, '0.33'],
    ['2', '3', 2, '0.67'],
    ['-2', '3', 2, '-0.67'],
    ['0.045', '1', 2, '0.05'],
    ['4736', '100', 2, '47.36'],
    ['1', '8', 2, '0.13'],
    ['10', '0.4', 0, '25'],
  ])('%s / %s at %i digits is %s', (a, b, scale, expected) => {
    expect(formatDecimal(divide(a, b, scale))).toBe(expected);
  });
  it('refuses a zero divisor', () => {
    expect(() => divide('1', '0', 2)).toThrow('Division by zero');
  });
});

const s = (id: string, period: string, state: string, total: string, lines: EarlierStatement['lines'] = []): EarlierStatement => ({
  id,
  period,
  state,
  total,
  lines,
});

describe('payable and recoverable', () => {
  it.each([
    ['1550.00', '1550.00', '0.00'],
    ['0', '0.00', '0.00'],
    ['-120.5', '0.00', '120.50'],
  ])('%s pays %s and owes %s', (total, payable, recoverable) => {
    expect(payableOf(total, 2)).toBe(payable);
    expect(recoverableOf(total, 2)).toBe(recoverable);
  });
});

describe('carry of a negative month', () => {
  it('carries the latest frozen negative month into the next', () => {
    expect(carryLine([s('a', '2026-03', 'paid', '-200.00')], '2026-04', 2)).toEqual({
      key: 'carry:a',
      kind: 'carry',
      label: '2026-03',
      formula: '2026-03: -200.00 < 0, recovered here = -200.00',
      amount: '-200.00',
      of: 'a',
    });
  });

  it.each<[string, EarlierStatement[], string]>([
    ['a positive month', [s('a', '2026-03', 'paid', '10.00')], '2026-04'],
    ['a draft (it may still move)', [s('a', '2026-03', 'draft', '-10.00')], '2026-04'],
    ['a statement between', [s('a', '2026-02', 'approved', '-10.00'), s('b', '2026-03', 'draft', '5.00')], '2026-04'],
    [
      'one already carried',
      [s('a', '2026-02', 'approved', '-10.00'), s('c', '2026-05', 'approved', '0', [{ kind: 'carry', of: 'a' }])],
      '2026-03',
    ],
    ['a later month only', [s('a', '2026-05', 'approved', '-10.00')], '2026-04'],
  ])('carries nothing after %s', (_, earlier, period) => {
    expect(carryLine(earlier, period, 2)).toBeUndefined();
  });
});

describe('own total', () => {
  it('leaves out what a period carries for others: adjustments and an earlier negative balance', () => {
    const line = (kind: 'metric' | 'adjustment' | 'carry', amount: string) => ({
      key: `${kind}${amount}`,
      kind,
      label: kind,
      formula: amount,
      amount,
    });
    const lines = [line('metric', '200.00'), line('adjustment', '-50.00'), line('carry', '-30.00')];
    expect([ownTotal(lines, 2), totalOf(lines, 2)]).toEqual(['200.00', '120.00']);
  });
});
