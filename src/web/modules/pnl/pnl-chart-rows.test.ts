import { describe, expect, it } from 'vitest';
import type { PnlRow } from '../../../domain/modules/pnl/pnl.schema';
import { chartRows } from './pnl-chart-rows';

const row = (key: string, revenue: string, profit: string | null = '1.10'): PnlRow => ({
  key,
  label: `Project ${key}`,
  customerName: null,
  revenue,
  salaryCost: null,
  bonuses: null,
  commissions: null,
  externalCost: '0',
  profit,
  margin: null,
  masked: false,
});

describe('chartRows', () => {
  it('keeps months in their order', () => {
    const months = [row('2026-01', '5'), row('2026-02', '900'), row('2026-03', '1')];
    expect(chartRows(months, (r) => r.key, true).map((b) => b.key)).toEqual(['2026-01', '2026-02', '2026-03']);
  });

  it('draws the largest first, the top ten each with its bar and the other 45 as one, summed exactly', () => {
    const rows = Array.from({ length: 55 }, (_, i) => row(String(i), `${i}.10`));
    const bars = chartRows(rows, (r) => r.label, false);
    expect(bars).toHaveLength(11);
    expect(bars.slice(0, 10).map((b) => b.key)).toEqual(['54', '53', '52', '51', '50', '49', '48', '47', '46', '45']);
    // 0.10 + 1.10 + … + 44.10 = 990 + 4.5, in decimals; 45 profits of 1.10 = 49.50.
    expect(bars[10]).toEqual({ key: 'others', label: '', revenue: '994.50', profit: '49.50', others: 45 });
  });

  it('leaves the others’ profit unknown when one of them is masked, and draws eleven rows as eleven bars', () => {
    const rows = Array.from({ length: 12 }, (_, i) => row(String(i), String(100 - i), i === 11 ? null : '1'));
    expect(chartRows(rows, (r) => r.label, false)[10]).toMatchObject({ key: 'others', profit: null, others: 2 });
    expect(chartRows(rows.slice(0, 11), (r) => r.label, false).map((b) => b.key)).toHaveLength(11);
  });
});
