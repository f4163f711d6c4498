import { describe, expect, it } from 'vitest';
import {
  allocateSalary,
  lineRevenue,
  marginOf,
  pnlDrillQuerySchema,
  pnlQuerySchema,
  pnlRow,
  rangeDates,
  salaryGross,
  sumMoney,
  type AllocationTarget,
} from './pnl.rules.js';

const P1: AllocationTarget = { customerId: 'c1', projectId: 'p1' };
const P2: AllocationTarget = { customerId: 'c1', projectId: 'p2' };
const P3: AllocationTarget = { customerId: 'c2', projectId: 'p3' };
const amounts = (shares: ReturnType<typeof allocateSalary>) => shares.map((s) => [s.target?.projectId ?? 'bench', s.amount]);
const sum = (shares: ReturnType<typeof allocateSalary>, base = 'USD') =>
  sumMoney(
    shares.map((s) => s.amount),
    base,
  );

describe('a salary allocated by logged hours', () => {
  it('splits the month by the hours on each project, the odd cent to the largest remainder', () => {
    const shares = allocateSalary(
      '1000.00',
      'USD',
      [
        { target: P1, hours: '10' },
        { target: P2, hours: '20' },
      ],
      [{ target: P3, allocation: 100 }],
    );
    expect(amounts(shares)).toEqual([
      ['p1', '333.33'],
      ['p2', '666.67'],
    ]);
    expect(shares.map((s) => [s.basis, s.weight, s.weightTotal])).toEqual([
      ['hours', '10', '30'],
      ['hours', '20', '30'],
    ]);
    expect(sum(shares)).toBe('1000.00');
  });

  it('three equal thirds: the first takes the left-over cent', () => {
    const shares = allocateSalary(
      '100.00',
      'USD',
      [P1, P2, P3].map((target) => ({ target, hours: '8' })),
      [],
    );
    expect(amounts(shares)).toEqual([
      ['p1', '33.34'],
      ['p2', '33.33'],
      ['p3', '33.33'],
    ]);
  });

  it('a month with leave: the hours worked share the whole month, nothing to the bench', () => {
    // 22 working days, 10 of them on leave: 80 h on p1, 16 h on p2.
    const shares = allocateSalary(
      '2400.00',
      'USD',
      [
        { target: P1, hours: '80' },
        { target: P2, hours: '16' },
      ],
      [{ target: P1, allocation: 100 }],
    );
    expect(amounts(shares)).toEqual([
      ['p1', '2000.00'],
      ['p2', '400.00'],
    ]);
  });

  it('quarter hours and a currency without cents', () => {
    const shares = allocateSalary(
      '1000',
      'JPY',
      [
        { target: P1, hours: '7.25' },
        { target: P2, hours: '7.25' },
        { target: P3, hours: '7.25' },
      ],
      [],
    );
    expect(amounts(shares)).toEqual([
      ['p1', '334'],
      ['p2', '333'],
      ['p3', '333'],
    ]);
  });
});

describe('a salary allocated by seats when no hours were logged', () => {
  it('a part-time seat: the rest is the bench', () => {
    const shares = allocateSalary('3000.00', 'USD', [{ target: P1, hours: '0' }], [{ target: P1, allocation: 50 }]);
    expect(amounts(shares)).toEqual([
      ['p1', '1500.00'],
      ['bench', '1500.00'],
    ]);
    expect(shares.map((s) => [s.basis, s.weight, s.weightTotal])).toEqual([
      ['seats', '50', '100'],
      ['seats', '50', '100'],
    ]);
  });

  it('two part-time seats and the bench, the odd cent to the largest remainder', () => {
    const shares = allocateSalary(
      '1000.01',
      'USD',
      [],
      [
        { target: P1, allocation: 30 },
        { target: P2, allocation: 40 },
      ],
    );
    expect(amounts(shares)).toEqual([
      ['p1', '300.00'],
      ['p2', '400.01'],
      ['bench', '300.00'],
    ]);
  });

  it('seats adding up beyond 100 % share the whole month', () => {
    const shares = allocateSalary(
      '1000.00',
      'USD',
      [],
      [
        { target: P1, allocation: 60 },
        { target: P3, allocation: 60 },
      ],
    );
    expect(amounts(shares)).toEqual([
      ['p1', '500.00'],
      ['p3', '500.00'],
    ]);
    expect(shares[0]!.weightTotal).toBe('120');
  });

  it('seats adding up to 100 % exactly leave the bench nothing, not a line of zero', () => {
    const shares = allocateSalary(
      '900.00',
      'USD',
      [],
      [
        { target: P1, allocation: 40 },
        { target: P2, allocation: 60 },
      ],
    );
    expect(amounts(shares)).toEqual([
      ['p1', '360.00'],
      ['p2', '540.00'],
    ]);
    expect(shares.map((s) => [s.weight, s.weightTotal])).toEqual([
      ['40', '100'],
      ['60', '100'],
    ]);
  });

  it('a seat at 0 % takes no share and no line: with no other seat, all of it is the bench', () => {
    const withOther = allocateSalary(
      '1000.00',
      'USD',
      [],
      [
        { target: P1, allocation: 0 },
        { target: P2, allocation: 50 },
      ],
    );
    expect(amounts(withOther)).toEqual([
      ['p2', '500.00'],
      ['bench', '500.00'],
    ]);
    expect(allocateSalary('1000.00', 'USD', [], [{ target: P1, allocation: 0 }])).toEqual([
      { target: null, amount: '1000.00', basis: 'none', weight: '0', weightTotal: '0' },
    ]);
  });

  it('no hours and no seat: all of it is the bench', () => {
    const shares = allocateSalary('2345.67', 'USD', [], []);
    expect(shares).toEqual([{ target: null, amount: '2345.67', basis: 'none', weight: '0', weightTotal: '0' }]);
  });
});

describe('revenue by billing period across currencies', () => {
  it.each([
    // line amount, currency's rate to USD, revenue in USD (half away from zero, once per line)
    ['1234.50', '1.0850000000', '1339.43'], // EUR: 1339.4325
    ['150000000', '0.0000395000', '5925.00'], // VND
    ['98765', '0.0066000000', '651.85'], // JPY: 651.849
    ['0.01', '0.5000000000', '0.01'], // 0.005 → up
    ['-0.01', '0.5000000000', '-0.01'], // a credit line: away from zero
    ['2000.00', '1', '2000.00'], // the base currency itself
  ])('%s at %s → %s', (amount, rate, revenue) => {
    expect(lineRevenue(amount, rate, 'USD')).toBe(revenue);
  });

  it("a salary's cost is its pay before the person's deductions", () => {
    expect(salaryGross({ base: '32435.00', allowance: '1500000', overtime: '0', bonus: '0', commission: '0' }, 'VND')).toBe('1532435');
    expect(salaryGross({ base: '2331.51', allowance: '120.00', overtime: '27.50', bonus: '349.73', commission: '0' }, 'USD')).toBe(
      '2828.74',
    );
  });
});

describe('profit and margin', () => {
  it.each([
    // revenue, salary, external, profit, margin %
    ['1000.00', '600.00', '150.00', '250.00', '25.0'],
    ['1000.00', '1200.00', '300.00', '-500.00', '-50.0'],
    ['300.00', '200.00', '0', '100.00', '33.3'],
    ['300.00', '100.00', '0', '200.00', '66.7'],
    ['3.00', '4.00', '0', '-1.00', '-33.3'],
    ['3.00', '5.00', '0', '-2.00', '-66.7'],
    ['1000.00', '999.95', '0', '0.05', '0.0'],
    ['0', '500.00', '0', '-500.00', null],
    ['0', '0', '0', '0.00', null],
  ])('revenue %s, salaries %s, costs %s → profit %s, margin %s', (revenue, salaryCost, externalCost, profit, margin) => {
    expect(pnlRow({ revenue, salaryCost, bonuses: '0', commissions: '0', externalCost }, 'USD')).toEqual({
      revenue,
      salaryCost,
      bonuses: '0',
      commissions: '0',
      externalCost,
      profit,
      margin,
    });
  });

  it('takes bonuses and commissions off the profit like the salary cost they were part of', () => {
    const whole = pnlRow({ revenue: '1000.00', salaryCost: '600.00', bonuses: '0', commissions: '0', externalCost: '150.00' }, 'USD');
    const split = pnlRow(
      { revenue: '1000.00', salaryCost: '420.00', bonuses: '100.00', commissions: '80.00', externalCost: '150.00' },
      'USD',
    );
    expect([split.profit, split.margin]).toEqual([whole.profit, whole.margin]);
    expect(split.profit).toBe('250.00');
  });

  it('margin with zero revenue is null, never a division by zero', () => {
    expect(marginOf('-10.00', '0.00')).toBeNull();
  });

  it.each<[string, string, string]>([
    // profit, revenue, margin: tenths of a per cent, half away from zero, whatever the scales.
    ['1', '3', '33.3'],
    ['2', '3', '66.7'],
    ['0.5', '1.000', '50.0'],
    ['250.00', '1000', '25.0'],
    ['1.2345', '10.00', '12.3'],
    ['0.0005', '1', '0.1'],
    ['0.0004', '1', '0.0'],
    ['-0.0005', '1', '-0.1'],
    ['-1', '3', '-33.3'],
    ['-2', '3', '-66.7'],
    ['1', '-3', '-33.3'],
    ['-1', '-3', '33.3'],
    ['5', '-4', '-125.0'],
    ['0', '7', '0.0'],
    ['1', '8', '12.5'],
    ['1', '16', '6.3'],
    ['-1', '16', '-6.3'],
  ])('profit %s of revenue %s is a margin of %s %%', (profit, revenue, margin) => {
    expect(marginOf(profit, revenue)).toBe(margin);
  });
});

describe('month boundaries', () => {
  it('the dates of a range: from the first day, before the first day after', () => {
    expect(rangeDates('2024-02', '2024-02')).toEqual({ start: '2024-02-01', end: '2024-03-01' });
    expect(rangeDates('2025-02', '2025-12')).toEqual({ start: '2025-02-01', end: '2026-01-01' });
  });

  const firstOf = (schema: typeof pnlQuerySchema | typeof pnlDrillQuerySchema, v: unknown) =>
    schema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.code, i.message, (i as { params?: object }).params]) ?? [];

  it.each([pnlQuerySchema, pnlDrillQuerySchema])('a range holds 1 to 36 months, across year ends (%#)', (schema) => {
    const q = (from: string, to: string) => ({ from, to, ...(schema === pnlDrillQuerySchema ? { measure: 'revenue' } : {}) });
    expect(firstOf(schema, q('2026-03', '2026-03'))).toEqual([]);
    expect(firstOf(schema, q('2024-01', '2026-12'))).toEqual([]);
    expect(firstOf(schema, q('2024-01', '2027-01'))).toEqual([['to', 'custom', 'range_too_long', { max: 36 }]]);
    expect(firstOf(schema, q('2026-03', '2026-02'))).toEqual([['to', 'custom', 'before_from', undefined]]);
    expect(firstOf(schema, q('2026-01', '2025-12'))).toEqual([['to', 'custom', 'before_from', undefined]]);
  });

  it.each<[string, string | undefined, boolean]>([
    // groupBy, key, accepted: a month's row by its month, the others' by an id, the overhead's by its name.
    ['month', '2026-02', true],
    ['month', '2026-13', false],
    ['month', '00000000-0000-4000-8000-000000000001', false],
    ['customer', '00000000-0000-4000-8000-000000000001', true],
    ['customer', '2026-02', false],
    ['project', 'not-an-id', false],
    ['person', 'overhead', true],
    ['month', 'overhead', true],
    ['customer', undefined, true],
  ])('a drill-down of %s rows by the key %j: accepted %s', (groupBy, key, ok) => {
    const issues = firstOf(pnlDrillQuerySchema, { from: '2026-01', to: '2026-03', groupBy, key, measure: 'revenue' });
    expect(issues).toEqual(ok ? [] : [['key', 'custom', 'invalid', undefined]]);
  });

  it('checks its query', () => {
    expect(pnlQuerySchema.safeParse({ from: '2026-01', to: '2026-06' }).data).toEqual({
      from: '2026-01',
      to: '2026-06',
      groupBy: 'customer',
    });
    const issues = (v: unknown) => pnlQuerySchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues({ from: '2026-06', to: '2026-01' })).toEqual([['to', 'before_from']]);
    expect(issues({ from: '2023-01', to: '2026-01' })).toEqual([['to', 'range_too_long']]);
    expect(issues({ from: '2026-13', to: '2026-01', groupBy: 'year' })).toEqual([
      ['from', 'month'],
      ['groupBy', 'choice'],
    ]);
    const drill = (v: unknown) => pnlDrillQuerySchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(drill({ from: '2026-01', to: '2026-01', groupBy: 'customer', key: 'nope', measure: 'revenue' })).toEqual([['key', 'invalid']]);
    expect(drill({ from: '2026-01', to: '2026-01', groupBy: 'month', key: 'overhead', measure: 'profit' })).toEqual([
      ['measure', 'choice'],
    ]);
    expect(drill({ from: '2026-01', to: '2026-01', groupBy: 'month', key: 'overhead', measure: 'commissions' })).toEqual([]);
  });
});
