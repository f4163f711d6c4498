import { describe, expect, it } from 'vitest';
import { adjustmentLines, totalOf } from '../../statements.js';
import { tierLines, type CommissionTier } from '../commission-plans/commission-plans.rules.js';
import { carryLine, payableOf, recoverableOf, type EarlierStatement } from './commissions.rules.js';

const TIERS: CommissionTier[] = [
  { from: '0', to: '10000', rate: '5' },
  { from: '10000', to: '25000', rate: '7' },
  { from: '25000', to: null, rate: '10' },
];
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

  it('a clawback bigger than the month carries its balance forward, never a negative payment', () => {
    // March paid 1 550.00 on 25 000; a cancelled 20 000 invoice leaves 5 000 → 250.00: April claws back 1 300.00.
    const april = [
      ...tierLines(TIERS, 'marginal', '4000', 2),
      ...adjustmentLines([{ id: 'mar', period: '2026-03', frozenTotal: '1550.00', totalNow: '250.00', carried: '0' }], 2),
    ];
    expect(april.map((l) => [l.kind, l.amount])).toEqual([
      ['metric', '200.00'],
      ['adjustment', '-1300.00'],
    ]);
    const total = totalOf(april, 2);
    expect([total, payableOf(total, 2), recoverableOf(total, 2)]).toEqual(['-1100.00', '0.00', '1100.00']);
    // May recovers it from its own 2 050.00.
    const may = [...tierLines(TIERS, 'marginal', '30000', 2), carryLine([s('apr', '2026-04', 'approved', total)], '2026-05', 2)!];
    expect(totalOf(may, 2)).toBe('950.00');
  });
});
