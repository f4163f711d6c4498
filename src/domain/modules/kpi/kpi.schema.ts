import { z } from 'zod';
import { intNumber, optionalText, requiredText, rowShape, uuidRef } from '../../fields.js';
import { add, compare, decimalText } from '../../money.js';
import { addMonths, monthRange } from '../../months.js';

/**
 * A person's KPI targets for one quarter. Actuals of the first three kinds are the product's own
 * figures (kpi.actuals on the server); a custom metric's actual is entered, with a note.
 * - revenue: paid invoices of the customers whose sale the person is, net of tax, in the base currency;
 * - headcount: the person's customers' seats that started in the quarter;
 * - hires: candidates the person owns moved to Hired in the quarter;
 * - performance: the average of the person's monthly performance scores in the quarter.
 */
export const KPI_METRIC_KINDS = ['revenue', 'headcount', 'hires', 'performance', 'custom'] as const;
export type KpiMetricKind = (typeof KPI_METRIC_KINDS)[number];
export const KPI_QUARTERS = [1, 2, 3, 4] as const;
export const DEFAULT_KPI_CAP = '120';
export const MAX_KPI_METRICS = 12;

export const kpiMetricSchema = z
  .strictObject({
    kind: z.enum(KPI_METRIC_KINDS),
    label: requiredText(100),
    target: decimalText({ whole: 15, scale: 2, positive: true }),
    weight: decimalText({ whole: 3, scale: 2, max: '100', positive: true }),
    /** The most a metric counts for, in per cent of its target (at least 100). */
    cap: decimalText({ whole: 3, scale: 2, max: '500' }).default(DEFAULT_KPI_CAP),
    applicable: z.boolean().default(true),
    /** Why a metric is left out this quarter (required when it is). */
    naReason: optionalText(300),
    /** A custom metric's achieved figure; other kinds are computed. */
    actual: decimalText({ whole: 15, scale: 2 })
      .nullish()
      .transform((v) => v ?? null),
    note: optionalText(500),
  })
  .superRefine((m, ctx) => {
    if (compare(m.cap, '100') < 0) ctx.addIssue({ code: 'custom', path: ['cap'], message: 'cap_below_100' });
    if (!m.applicable && !m.naReason) ctx.addIssue({ code: 'custom', path: ['naReason'], message: 'na_reason_required' });
    if (m.kind !== 'custom' && m.actual !== null) ctx.addIssue({ code: 'custom', path: ['actual'], message: 'actual_computed' });
    if (m.kind === 'custom' && m.actual !== null && !m.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'actual_note_required' });
  });
export type KpiMetric = z.output<typeof kpiMetricSchema>;

/** Weights of the applicable metrics total exactly 100 (and there is at least one). */
function checkWeights(metrics: readonly KpiMetric[], ctx: z.RefinementCtx) {
  const applicable = metrics.filter((m) => m.applicable);
  if (!applicable.length) return ctx.addIssue({ code: 'custom', path: ['metrics'], message: 'no_applicable_metric' });
  if (compare(add('0', ...applicable.map((m) => m.weight)), '100') !== 0)
    ctx.addIssue({ code: 'custom', path: ['metrics'], message: 'weights_total' });
}

const metricList = z.array(kpiMetricSchema).min(1).max(MAX_KPI_METRICS);

export const kpiSchema = z.object({
  ...rowShape,
  userId: z.uuid(),
  period: z.string(),
  year: z.number().int(),
  quarter: z.number().int(),
  metrics: z.array(
    z.object({
      kind: z.enum(KPI_METRIC_KINDS),
      label: z.string(),
      target: z.string(),
      weight: z.string(),
      cap: z.string(),
      applicable: z.boolean(),
      naReason: z.string().nullable(),
      actual: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
  /** The person's quarter bonus at 100 % (the scale's reference), in the base currency; optional. */
  targetBonus: z.string().nullable(),
  /** The quarter's focus, in a line ("New customers in Đà Nẵng"). */
  note: z.string().nullable(),
});
export type Kpi = z.infer<typeof kpiSchema>;

const fields = {
  userId: uuidRef,
  year: intNumber.min(2000).max(2100),
  quarter: intNumber.min(1).max(4),
  metrics: metricList,
  targetBonus: decimalText({ whole: 15, scale: 2 })
    .nullish()
    .transform((v) => v ?? null),
  note: optionalText(300),
};
export const kpiCreateSchema = z.strictObject(fields).superRefine((v, ctx) => checkWeights(v.metrics, ctx));
export const kpiUpdateSchema = z
  .strictObject(fields)
  .partial()
  .superRefine((v, ctx) => v.metrics && checkWeights(v.metrics, ctx));

/** A quarter as statements name their period: '2026-Q3'. */
export const quarterPeriod = (year: number, quarter: number) => `${year}-Q${quarter}`;
export const QUARTER_PERIOD = /^(\d{4})-Q([1-4])$/;
export function parseQuarter(period: string): { year: number; quarter: number } | undefined {
  const m = QUARTER_PERIOD.exec(period);
  return m ? { year: Number(m[1]), quarter: Number(m[2]) } : undefined;
}
/** The quarter `n` quarters after (or before, negative) a period: '2026-Q1' − 1 → '2025-Q4'. */
export function addQuarters(period: string, n: number): string {
  const q = parseQuarter(period)!;
  const index = q.year * 4 + q.quarter - 1 + n;
  return quarterPeriod(Math.floor(index / 4), (index % 4) + 1);
}
/** The quarter's first and last day (ISO dates). */
export function quarterRange(year: number, quarter: number): { from: string; to: string } {
  const first = `${String(year).padStart(4, '0')}-${String((quarter - 1) * 3 + 1).padStart(2, '0')}`;
  return { from: monthRange(first).from, to: monthRange(addMonths(first, 2)).to };
}
/** The quarter a date (or a month) falls in. */
export const quarterOf = (date: string) => quarterPeriod(Number(date.slice(0, 4)), Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1);
