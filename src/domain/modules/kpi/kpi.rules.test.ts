import { describe, expect, it } from 'vitest';
import { kpiCreateSchema, kpiMetricSchema, quarterRange, type KpiMetric } from './kpi.schema.js';
import { addQuarters } from './kpi.schema.js';
import {
  achievement,
  achievementTotal,
  bonusPercent,
  plain,
  quarterBonus,
  scaleFormula,
  splitFund,
  warningLevel,
  type MetricActual,
} from './kpi.rules.js';

const metric = (over: Partial<KpiMetric> & Pick<KpiMetric, 'label' | 'target' | 'weight'>): KpiMetric =>
  kpiMetricSchema.parse({ kind: 'custom', ...over });
const actual = (value: string | null): MetricActual => ({ value, inputs: [] });

describe('weighted achievement', () => {
  // Revenue w40 at 130 % (capped at 120 %), placements w30 at 80 %, a w20 metric not applicable,
  // training w10 at 100 %: (48 + 24 + 10) / 80 = 102.5 %. Counting the N/A metric as zero gives 82 %.
  const metrics = [
    metric({ label: 'Revenue', target: '100000', weight: '40', actual: '130000', note: 'n' }),
    metric({ label: 'Placements', target: '10', weight: '30', actual: '8', note: 'n' }),
    metric({ label: 'Certifications', target: '2', weight: '20', applicable: false, naReason: 'No budget this quarter' }),
    metric({ label: 'Training', target: '5', weight: '10', actual: '5', note: 'n' }),
  ];
  const actuals = [actual('130000'), actual('8'), actual(null), actual('5')];

  it('caps, leaves out the not-applicable metric and reweights the rest: 102.50', () => {
    const result = achievement(metrics, actuals);
    expect(result.lines.map((l) => [l.label, l.amount])).toEqual([
      ['Revenue', '48.00'],
      ['Placements', '24.00'],
      ['Certifications', '0.00'],
      ['Training', '10.00'],
      ['reweight', '20.50'],
    ]);
    expect(result.total).toBe('102.50');
    expect(result.missing).toEqual([]);
  });

  it('writes each formula with its numbers', () => {
    const lines = achievement(metrics, actuals).lines;
    expect(lines[0]!.formula).toBe('min(130 000 / 100 000, 120 %) × 40 = 48.00');
    expect(lines[2]!.formula).toBe('n/a: No budget this quarter');
    expect(lines[4]!.formula).toBe('82 × 100 / 80 − 82 = 20.50');
  });

  it('would give 82.00 if the metric counted as zero — the difference the rule exists for', () => {
    const asZero = metrics.map((m) => ({ ...m, applicable: true }));
    expect(achievement(asZero, [actuals[0]!, actuals[1]!, actual('0'), actuals[3]!]).total).toBe('82.00');
  });

  it('computes the issue example exactly: min(118 400 / 100 000, 120 %) × 40 = 47.36', () => {
    const m = [metric({ label: 'Revenue', target: '100000', weight: '100', cap: '120' })];
    const line = achievement(m, [actual('118400')]).lines[0]!;
    expect(line.formula).toBe('min(118 400 / 100 000, 120 %) × 100 = 118.40');
    const w40 = [metric({ label: 'Revenue', target: '100000', weight: '40' }), metric({ label: 'Other', target: '1', weight: '60' })];
    expect(achievement(w40, [actual('118400'), actual('0')]).lines[0]!.amount).toBe('47.36');
  });

  it('rounds a third half up to the hundredth, once per line', () => {
    const m = [metric({ label: 'A', target: '3', weight: '100', cap: '500' })];
    expect(achievement(m, [actual('1')]).total).toBe('33.33');
    expect(achievement(m, [actual('2')]).total).toBe('66.67');
  });

  it('counts exactly at the cap, and just under it', () => {
    const m = [metric({ label: 'A', target: '100', weight: '100', cap: '120' })];
    expect(achievement(m, [actual('120')]).total).toBe('120.00');
    expect(achievement(m, [actual('119.99')]).total).toBe('119.99');
    expect(achievement(m, [actual('500')]).total).toBe('120.00');
  });

  it('reports a custom metric without its actual as missing instead of counting it as zero', () => {
    const m = [metric({ label: 'Sales', target: '10', weight: '50' }), metric({ label: 'NPS', target: '50', weight: '50' })];
    const result = achievement(m, [actual('10'), actual(null)]);
    expect(result.missing).toEqual(['NPS']);
  });

  it('keeps each counted row as an input of its line', () => {
    const m = [metric({ label: 'Revenue', target: '100', weight: '100' })];
    const source = { resource: 'invoices', id: 'x', label: 'INV-1' };
    const result = achievement(m, [{ value: '50', inputs: [{ key: 'invoice:x', line: '', label: 'INV-1', value: '50', source }] }]);
    expect(result.inputs.find((i) => i.key === 'invoice:x')).toMatchObject({ line: 'metric:0', source });
  });

  it('gives the same total and missing metrics without its lines (the team dashboard) as with them', () => {
    // A fixed pseudo-random walk over caps, thirds, reweighting, left-out and missing metrics.
    let seed = 7;
    const next = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const pick = <T>(xs: readonly T[]) => xs[next(xs.length)]!;
    for (let run = 0; run < 300; run++) {
      const count = 1 + next(4);
      const metrics = Array.from({ length: count }, (_, i) =>
        metric({
          label: `M${i}`,
          target: pick(['3', '7', '100', '40000', '0.5']),
          weight: pick(['10', '20', '33', '40', '50']),
          cap: pick(['100', '120', '150']),
          ...(next(5) === 0 ? { applicable: false, naReason: 'n/a' } : {}),
        }),
      );
      const actuals = metrics.map(() => actual(next(6) === 0 ? null : pick(['0', '1', '2', '5', '119.99', '40000', '52001', '0.33'])));
      const full = achievement(metrics, actuals);
      expect(achievementTotal(metrics, actuals), JSON.stringify({ metrics, actuals })).toEqual({
        total: full.total,
        missing: full.missing,
      });
    }
  });
});

describe('targets as written', () => {
  const base = { userId: '00000000-0000-4000-8000-000000000001', year: 2026, quarter: 3 };
  const codes = (input: unknown) => {
    const r = kpiCreateSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };
  const m = (weight: string, extra: object = {}) => ({ kind: 'revenue', label: 'Revenue', target: '1000', weight, ...extra });

  it('accepts weights of the applicable metrics totalling 100', () => {
    expect(codes({ ...base, metrics: [m('60'), m('40'), m('30', { applicable: false, naReason: 'x' })] })).toEqual([]);
  });
  it('refuses weights that do not total 100, naming the metrics field', () => {
    expect(codes({ ...base, metrics: [m('60'), m('30')] })).toEqual(['metrics:weights_total']);
  });
  it('refuses negative targets, quarters out of range and a left-out metric without a reason', () => {
    expect(codes({ ...base, metrics: [m('100', { target: '-5' })] })).toEqual(['metrics.0.target:negative']);
    expect(codes({ ...base, quarter: 5, metrics: [m('100')] })).toContain('quarter:Too big: expected number to be <=4');
    expect(codes({ ...base, metrics: [m('100'), m('10', { applicable: false })] })).toEqual(['metrics.1.naReason:na_reason_required']);
  });
  it('refuses an entered actual on a computed metric, and a custom actual without its note', () => {
    expect(codes({ ...base, metrics: [m('100', { actual: '5' })] })).toEqual(['metrics.0.actual:actual_computed']);
    expect(codes({ ...base, metrics: [m('100', { kind: 'custom', actual: '5' })] })).toEqual(['metrics.0.note:actual_note_required']);
  });
});

describe('the bonus scale', () => {
  const scale = [
    { achievement: '80', percent: '50' },
    { achievement: '100', percent: '100' },
    { achievement: '120', percent: '150' },
  ];
  it.each([
    ['79.99', '0.00'],
    ['80', '50.00'],
    ['80.01', '50.03'],
    ['90', '75.00'],
    ['99.99', '99.98'],
    ['100', '100.00'],
    ['100.01', '100.03'],
    ['119.99', '149.98'],
    ['120', '150.00'],
    ['120.01', '150.00'],
    ['300', '150.00'],
  ])('at %s %% pays %s %% of the target bonus', (achieved, percent) => {
    expect(bonusPercent(scale, achieved)).toBe(percent);
  });
  it.each([
    ['79.99', '79.99 % < 80 % → 0 %'],
    ['80', '80 % = 80 % → 50 %'],
    ['90', '50 + (90 − 80) × (100 − 50) / (100 − 80) = 75 %'],
    ['120', '120 % ≥ 120 % → 150 %'],
  ])('writes out how %s %% reads on the scale', (achieved, formula) => {
    expect(scaleFormula(scale, achieved)).toBe(formula);
  });
  it('turns the per cent into money at the currency', () => {
    expect(quarterBonus('3000', '75.00', 'USD')).toBe('2250.00');
    expect(quarterBonus('10000000', '33.33', 'VND')).toBe('3333000');
    expect(quarterBonus('100.01', '50.00', 'USD')).toBe('50.01');
  });
});

describe('the bonus fund', () => {
  it('splits 10 000.00 over 102.5 and 82 into 5 555.56 and 4 444.44, summing exactly', () => {
    const shares = splitFund(
      '10000.00',
      'USD',
      [
        { key: 'a', achievement: '102.5' },
        { key: 'b', achievement: '82' },
      ],
      '70',
    );
    expect(shares.map((s) => s.amount)).toEqual(['5555.56', '4444.44']);
  });
  it('leaves out people below the threshold and still sums to the pool', () => {
    const shares = splitFund(
      '100.00',
      'USD',
      [
        { key: 'a', achievement: '90' },
        { key: 'b', achievement: '90' },
        { key: 'c', achievement: '90' },
        { key: 'd', achievement: '69.99' },
      ],
      '70',
    );
    expect(shares.map((s) => [s.key, s.amount])).toEqual([
      ['a', '33.34'],
      ['b', '33.33'],
      ['c', '33.33'],
    ]);
  });
  it('splits VND in whole dong', () => {
    const shares = splitFund(
      '1000000',
      'VND',
      [
        { key: 'a', achievement: '100' },
        { key: 'b', achievement: '100' },
        { key: 'c', achievement: '100' },
      ],
      '70',
    );
    expect(shares.map((s) => s.amount)).toEqual(['333334', '333333', '333333']);
  });
  it('gives nothing when nobody reaches the threshold', () => {
    expect(splitFund('100.00', 'USD', [{ key: 'a', achievement: '50' }], '70')).toEqual([]);
  });
});

describe('warning levels', () => {
  const q = (year: number, quarter: number, achievement: string) => ({ year, quarter, achievement });
  it('counts quarters in a row below the threshold across a year boundary', () => {
    const w = warningLevel([q(2025, 3, '65'), q(2025, 4, '60'), q(2026, 1, '55.5')]);
    expect(w).toEqual({ level: 3, quarters: ['2026-Q1', '2025-Q4', '2025-Q3'], gap: '14.50', salaryReductionRisk: true });
  });
  it('stops at a quarter at or above the threshold', () => {
    expect(warningLevel([q(2025, 4, '70'), q(2026, 1, '69.99')])).toMatchObject({ level: 1, salaryReductionRisk: false, gap: '0.01' });
  });
  it('stops at a quarter without an evaluation: a gap is not counted as below', () => {
    expect(warningLevel([q(2025, 2, '10'), q(2025, 4, '10'), q(2026, 1, '10')])).toMatchObject({
      level: 2,
      quarters: ['2026-Q1', '2025-Q4'],
    });
  });
  it('is level 0 when the latest quarter reached the threshold', () => {
    expect(warningLevel([q(2025, 4, '10'), q(2026, 1, '95')])).toMatchObject({ level: 0, quarters: [], gap: '0.00' });
  });
  it('caps at level 3', () => {
    expect(warningLevel([q(2025, 1, '1'), q(2025, 2, '1'), q(2025, 3, '1'), q(2025, 4, '1')]).level).toBe(3);
  });
});

describe('figures in formulas', () => {
  it('groups digits and drops trailing zeros', () => {
    expect(plain('118400.00')).toBe('118 400');
    expect(plain('-1234567.50')).toBe('-1 234 567.5');
    expect(plain('0.05')).toBe('0.05');
  });
  it('knows a quarter’s days', () => {
    expect(quarterRange(2024, 1)).toEqual({ from: '2024-01-01', to: '2024-03-31' });
    expect(quarterRange(2026, 4)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });
});

describe('quarters', () => {
  it.each([
    ['2026-Q1', -1, '2025-Q4'],
    ['2026-Q4', 1, '2027-Q1'],
    ['2026-Q2', -6, '2024-Q4'],
    ['2026-Q3', 0, '2026-Q3'],
  ] as const)('%s %i → %s', (period, n, expected) => {
    expect(addQuarters(period, n)).toBe(expected);
  });
});
