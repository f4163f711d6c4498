import { add, compare, formatDecimal } from '../../../domain/money';
import type { PnlRow } from '../../../domain/modules/pnl/pnl.schema';

/** Bars a chart of customers, projects or people draws before the rest become one "others" bar. */
export const CHART_TOP = 10;

export type ChartRow = { key: string; label: string; revenue: string; profit: string | null; others?: number };

/**
 * What the P&L chart draws: months in their order; any other grouping its largest revenues first,
 * the top ones each with a bar and the rest summed in one "others" bar (counting them), so that 55
 * projects read as 11 labelled bars and one outlier does not flatten a crowd of small ones.
 */
export function chartRows(rows: readonly PnlRow[], labelOf: (r: PnlRow) => string, chronological: boolean, top = CHART_TOP): ChartRow[] {
  const bars = rows.map((r) => ({ key: r.key, label: labelOf(r), revenue: r.revenue, profit: r.profit }));
  if (chronological) return bars;
  const sorted = [...bars].sort((a, b) => compare(b.revenue, a.revenue) || a.label.localeCompare(b.label));
  if (sorted.length <= top + 1) return sorted;
  const rest = sorted.slice(top);
  const profits = rest.map((r) => r.profit).filter((p): p is string => p !== null);
  return [
    ...sorted.slice(0, top),
    {
      key: 'others',
      label: '',
      revenue: formatDecimal(add(...rest.map((r) => r.revenue))),
      // A masked profit among them leaves the sum unknown rather than understated.
      profit: profits.length === rest.length ? formatDecimal(add(...profits)) : null,
      others: rest.length,
    },
  ];
}
