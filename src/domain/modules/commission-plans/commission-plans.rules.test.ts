import { describe, expect, it } from 'vitest';
import { adjustmentLines, carryLine, payableOf, recoverableOf, totalOf, type EarlierStatement } from '../../statements.js';
import { tierLines, tierProblems, versionFor, type CommissionTier } from './commission-plans.rules.js';

// The plan: 0–10 000 at 5 %, 10 000–25 000 at 7 %, 25 000+ at 10 %.
const TIERS: CommissionTier[] = [
  { from: '0', to: '10000', rate: '5' },
  { from: '10000', to: '25000', rate: '7' },
  { from: '25000', to: null, rate: '10' },
];
const total = (mode: 'marginal' | 'flat', base: string) => totalOf(tierLines(TIERS, mode, base, 2), 2);

describe('tier lines, computed by hand', () => {
  it.each([
    // base, marginal, flat
    ['0', '0.00', '0.00'],
    ['0.01', '0.00', '0.00'],
    ['100', '5.00', '5.00'],
    ['9999.99', '500.00', '500.00'], // 499.9995 rounds half up
    ['10000', '500.00', '700.00'], // the boundary belongs to the upper tier: [from, to)
    ['10000.01', '500.00', '700.00'],
    ['10000.50', '500.04', '700.04'], // marginal 500 + 0.035 → 0.04; flat 700.035 → 700.04, never 0
    ['24999.99', '1550.00', '1750.00'], // 500 + 1 049.9993 → 1 050.00; flat 1 749.9993
    ['25000', '1550.00', '2500.00'],
    ['25000.01', '1550.00', '2500.00'],
    ['30000', '2050.00', '3000.00'],
    ['-1200', '0.00', '0.00'],
  ])('base %s → marginal %s, flat %s', (base, marginal, flat) => {
    expect(total('marginal', base)).toBe(marginal);
    expect(total('flat', base)).toBe(flat);
  });

  it('writes each tier out with its numbers, marginal', () => {
    expect(tierLines(TIERS, 'marginal', '30000', 2).map((l) => [l.key, l.label, l.formula, l.amount])).toEqual([
      ['tier:0', '0.00 – 10 000.00', '5 % of 10 000.00 = 500.00', '500.00'],
      ['tier:1', '10 000.00 – 25 000.00', '7 % of 15 000.00 = 1 050.00', '1050.00'],
      ['tier:2', '25 000.00+', '10 % of 5 000.00 = 500.00', '500.00'],
    ]);
  });

  it('writes the one flat line with the whole base', () => {
    expect(tierLines(TIERS, 'flat', '10000.50', 2)).toEqual([
      { key: 'tier:1', kind: 'metric', label: '10 000.00 – 25 000.00', formula: '7 % of 10 000.50 = 700.04', amount: '700.04' },
    ]);
  });

  it('a base at a boundary stops the marginal lines there', () => {
    expect(tierLines(TIERS, 'marginal', '10000', 2).map((l) => l.key)).toEqual(['tier:0']);
    expect(tierLines(TIERS, 'marginal', '25000', 2).map((l) => l.key)).toEqual(['tier:0', 'tier:1']);
  });

  it('a fractional rate prints without trailing zeros', () => {
    expect(tierLines([{ from: '0', to: null, rate: '2.50' }], 'marginal', '1000', 2)[0]!.formula).toBe('2.5 % of 1 000.00 = 25.00');
  });
});

describe('tier problems', () => {
  it('accepts contiguous half-open tiers', () => {
    expect(tierProblems(TIERS)).toEqual({});
    expect(tierProblems([{ from: '0', to: null, rate: '0' }])).toEqual({});
  });

  it.each<[string, CommissionTier[], Record<string, { code: string; params?: object }>]>([
    ['none', [], { tiers: { code: 'tiers_empty' } }],
    [
      'a gap',
      [
        { from: '0', to: '10000', rate: '5' },
        { from: '12000', to: null, rate: '7' },
      ],
      { 'tiers.1.from': { code: 'tier_gap', params: { tier: 2, previous: 1 } } },
    ],
    [
      'an overlap',
      [
        { from: '0', to: '10000', rate: '5' },
        { from: '9000', to: null, rate: '7' },
      ],
      { 'tiers.1.from': { code: 'tier_overlap', params: { tier: 2, previous: 1 } } },
    ],
    ['a negative rate', [{ from: '0', to: null, rate: '-1' }], { 'tiers.0.rate': { code: 'rate_negative', params: { tier: 1 } } }],
    ['a rate above 100 %', [{ from: '0', to: null, rate: '100.01' }], { 'tiers.0.rate': { code: 'rate_too_big', params: { tier: 1 } } }],
    ['a first tier above 0', [{ from: '1', to: null, rate: '5' }], { 'tiers.0.from': { code: 'tier_start', params: { tier: 1 } } }],
    ['a closed last tier', [{ from: '0', to: '100', rate: '5' }], { 'tiers.0.to': { code: 'tier_closed_last', params: { tier: 1 } } }],
    [
      'an open tier before the last',
      [
        { from: '0', to: null, rate: '5' },
        { from: '100', to: null, rate: '5' },
      ],
      { 'tiers.0.to': { code: 'tier_open_before_last', params: { tier: 1 } } },
    ],
    [
      'a tier ending where it starts',
      [
        { from: '0', to: '0', rate: '5' },
        { from: '0', to: null, rate: '5' },
      ],
      { 'tiers.0.to': { code: 'tier_empty', params: { tier: 1 } } },
    ],
  ])('refuses %s, naming the tier', (_, tiers, problems) => {
    expect(tierProblems(tiers)).toEqual(problems);
  });
});

describe('a plan version changing mid-year', () => {
  const versions = [
    { id: 'jan', effectiveFrom: '2026-01', tiers: TIERS },
    { id: 'jul', effectiveFrom: '2026-07', tiers: [{ from: '0', to: null, rate: '6' }] },
  ];
  it.each([
    ['2025-12', undefined],
    ['2026-01', 'jan'],
    ['2026-06', 'jan'],
    ['2026-07', 'jul'],
    ['2026-12', 'jul'],
  ])('%s follows %s', (month, id) => {
    expect(versionFor(versions, month)?.id).toBe(id);
  });
  it('the months before the change keep their tiers', () => {
    const june = versionFor(versions, '2026-06')!;
    const july = versionFor(versions, '2026-07')!;
    expect(totalOf(tierLines(june.tiers, 'marginal', '30000', 2), 2)).toBe('2050.00');
    expect(totalOf(tierLines(july.tiers, 'marginal', '30000', 2), 2)).toBe('1800.00');
  });
});

describe('a clawback bigger than a month', () => {
  const s = (id: string, period: string, state: string, total: string): EarlierStatement => ({ id, period, state, total, lines: [] });
  it('carries its balance forward, never a negative payment', () => {
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
