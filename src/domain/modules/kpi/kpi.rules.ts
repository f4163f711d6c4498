import type { Role } from '../../auth/permissions.js';
import {
  add,
  compare,
  dec,
  divide,
  formatDecimal,
  largestRemainder,
  minorUnits,
  multiply,
  round,
  subtract,
  type Decimal,
} from '../../money.js';
import { totalOf, type StatementInput, type StatementLine } from '../../statements.js';
import type { KpiMetric } from './kpi.schema.js';

/**
 * KPI arithmetic, exact. Achievements are per cent with two decimals: each metric's line
 * w·min(a/t, cap) is rounded half up to 0.01 point, and so is the reweighting; the achievement is the
 * sum of the lines. A metric marked not applicable is left out and the rest reweighted — never
 * counted as zero. A custom metric without its actual makes the statement incomplete (`missing`),
 * so it cannot be approved, rather than counting the gap as zero.
 */
export const ACHIEVEMENT_SCALE = 2;

/** Who reads KPI records (a sale: their own) and who sets targets and evaluates. */
export const KPI_READERS: readonly Role[] = ['admin', 'hr_lead', 'sale_lead', 'sale'];
export const KPI_WRITERS: readonly Role[] = ['admin', 'hr_lead', 'sale_lead'];
/** Who approves an evaluation (it freezes). */
export const KPI_APPROVERS: readonly Role[] = ['admin', 'hr_lead'];
export const DEFAULT_WARNING_THRESHOLD = '70';

/** A figure as a formula prints it: digits grouped by thin spaces, no trailing zeros after the point. */
export function plain(value: string | Decimal): string {
  const text = formatDecimal(value);
  const [whole, fraction] = text.split('.');
  const sign = whole!.startsWith('-') ? '-' : '';
  const digits = whole!.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const rest = fraction?.replace(/0+$/, '');
  return `${sign}${digits}${rest ? `.${rest}` : ''}`;
}

export interface MetricActual {
  /** The achieved figure; null when a custom metric has none entered yet. */
  value: string | null;
  /** The rows it counts (invoices, seats, hires), each an input of the statement. */
  inputs: StatementInput[];
}

export interface AchievementResult {
  lines: StatementLine[];
  inputs: StatementInput[];
  total: string;
  /** Metrics whose actual is missing: the statement cannot be approved until they are entered. */
  missing: string[];
}

const at = (v: Decimal | string) => formatDecimal(v, ACHIEVEMENT_SCALE);

/** w × min(a / t, cap), to 0.01 point. */
function metricAmount(m: KpiMetric, actual: string): Decimal {
  const capped = compare(multiply(actual, '100'), multiply(m.target, m.cap)) >= 0;
  return capped
    ? round(divide(multiply(m.weight, m.cap), '100', 6), ACHIEVEMENT_SCALE)
    : divide(multiply(m.weight, actual), m.target, ACHIEVEMENT_SCALE);
}

/** The reweighting's line amount: the sum scaled back to 100 from the applicable weights short of it, less the sum; null at 100. */
function reweightAmount(sum: string, weights: Decimal): string | null {
  if (weights.units === 0n || compare(weights, '100') === 0) return null;
  return at(subtract(divide(multiply(sum, '100'), weights, ACHIEVEMENT_SCALE), sum));
}

/** One metric's line: w × min(a / t, cap). */
function metricLine(m: KpiMetric, index: number, actual: string): StatementLine {
  const key = `metric:${index}`;
  const amount = metricAmount(m, actual);
  return {
    key,
    kind: 'metric',
    label: m.label,
    formula: `min(${plain(actual)} / ${plain(m.target)}, ${plain(m.cap)} %) × ${plain(m.weight)} = ${at(amount)}`,
    amount: at(amount),
  };
}

/** The achievement of a quarter's metrics given their actuals (same order), line by line. */
export function achievement(metrics: readonly KpiMetric[], actuals: readonly MetricActual[]): AchievementResult {
  const lines: StatementLine[] = [];
  const inputs: StatementInput[] = [];
  const missing: string[] = [];
  let weights: Decimal = dec('0');
  metrics.forEach((m, i) => {
    const actual = actuals[i] ?? { value: null, inputs: [] };
    if (!m.applicable) {
      lines.push({ key: `metric:${i}`, kind: 'metric', label: m.label, formula: `n/a: ${m.naReason ?? ''}`, amount: at('0') });
      return;
    }
    weights = add(weights, m.weight);
    inputs.push(...actual.inputs.map((input) => ({ ...input, line: `metric:${i}` })));
    if (actual.value === null) {
      missing.push(m.label);
      lines.push({ key: `metric:${i}`, kind: 'metric', label: m.label, formula: `? / ${plain(m.target)}`, amount: at('0') });
      return;
    }
    inputs.push({ key: `metric:${i}:actual`, line: `metric:${i}`, label: m.label, value: actual.value });
    lines.push(metricLine(m, i, actual.value));
  });
  const sum = totalOf(lines, ACHIEVEMENT_SCALE);
  // Weights of the applicable metrics short of 100: scale the sum back to 100 (the left-out metrics' share).
  const reweight = reweightAmount(sum, weights);
  if (reweight !== null)
    lines.push({
      key: 'reweight',
      kind: 'reweight',
      label: 'reweight',
      formula: `${plain(sum)} × 100 / ${plain(weights)} − ${plain(sum)} = ${reweight}`,
      amount: reweight,
    });
  return { lines, inputs, total: totalOf(lines, ACHIEVEMENT_SCALE), missing };
}

/**
 * The total and the missing metrics `achievement` gives, from the same amounts, without writing out
 * lines, formulas or inputs (the team dashboard computes a whole team's quarters at once).
 */
export function achievementTotal(
  metrics: readonly KpiMetric[],
  actuals: readonly Pick<MetricActual, 'value'>[],
): Pick<AchievementResult, 'total' | 'missing'> {
  const amounts: string[] = [];
  const missing: string[] = [];
  let weights: Decimal = dec('0');
  metrics.forEach((m, i) => {
    if (!m.applicable) return;
    weights = add(weights, m.weight);
    const value = actuals[i]?.value ?? null;
    if (value === null) missing.push(m.label);
    else amounts.push(at(metricAmount(m, value)));
  });
  const sum = totalOf(
    amounts.map((amount) => ({ amount })),
    ACHIEVEMENT_SCALE,
  );
  const reweight = reweightAmount(sum, weights);
  return { total: reweight === null ? sum : totalOf([{ amount: sum }, { amount: reweight }], ACHIEVEMENT_SCALE), missing };
}

/** A level of the bonus scale: at `achievement` % the person earns `percent` % of their target bonus. */
export interface ScaleLevel {
  achievement: string;
  percent: string;
}

/**
 * The per cent of the target bonus an achievement earns: nothing below the lowest level, the top
 * level's per cent at or above it, linear between two levels (rounded to 0.01).
 */
export function bonusPercent(levels: readonly ScaleLevel[], achieved: string): string {
  const sorted = [...levels].sort((a, b) => compare(a.achievement, b.achievement));
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last || compare(achieved, first.achievement) < 0) return at('0');
  if (compare(achieved, last.achievement) >= 0) return at(last.percent);
  const upper = sorted.findIndex((l) => compare(achieved, l.achievement) < 0);
  const [lo, hi] = [sorted[upper - 1]!, sorted[upper]!];
  const slope = multiply(subtract(achieved, lo.achievement), subtract(hi.percent, lo.percent));
  return at(add(lo.percent, divide(slope, subtract(hi.achievement, lo.achievement), 6)));
}

/** How the scale gives an achievement's per cent, written out with its numbers (a bonus line's formula). */
export function scaleFormula(levels: readonly ScaleLevel[], achieved: string): string {
  const sorted = [...levels].sort((a, b) => compare(a.achievement, b.achievement));
  const percent = bonusPercent(levels, achieved);
  const level = (l: ScaleLevel) => `${plain(l.achievement)} % → ${plain(l.percent)} %`;
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return `${plain(achieved)} % → 0 %`;
  if (compare(achieved, first.achievement) < 0) return `${plain(achieved)} % < ${plain(first.achievement)} % → 0 %`;
  if (compare(achieved, last.achievement) >= 0) return `${plain(achieved)} % ≥ ${level(last)}`;
  const upper = sorted.findIndex((l) => compare(achieved, l.achievement) < 0);
  const [lo, hi] = [sorted[upper - 1]!, sorted[upper]!];
  if (compare(achieved, lo.achievement) === 0) return `${plain(achieved)} % = ${level(lo)}`;
  return (
    `${plain(lo.percent)} + (${plain(achieved)} − ${plain(lo.achievement)}) × (${plain(hi.percent)} − ${plain(lo.percent)})` +
    ` / (${plain(hi.achievement)} − ${plain(lo.achievement)}) = ${plain(percent)} %`
  );
}

/** Problems of a scale as the form shows them: levels strictly increasing in achievement, per cents never falling. */
export function scaleProblems(levels: readonly ScaleLevel[]): string[] {
  const problems: string[] = [];
  if (!levels.length) problems.push('scale_empty');
  for (let i = 1; i < levels.length; i++) {
    if (compare(levels[i]!.achievement, levels[i - 1]!.achievement) <= 0) problems.push('scale_order');
    if (compare(levels[i]!.percent, levels[i - 1]!.percent) < 0) problems.push('scale_falls');
  }
  return [...new Set(problems)];
}

/** The quarter bonus: the target bonus × the scale's per cent, rounded to the currency. */
export function quarterBonus(targetBonus: string, percent: string, currency: string): string {
  return formatDecimal(divide(multiply(targetBonus, percent), '100', minorUnits(currency)), minorUnits(currency));
}

export interface FundShare {
  key: string;
  achievement: string;
  amount: string;
}

/**
 * A pool split among the people at or above the threshold in proportion to their achievement, in the
 * currency's smallest units, summing exactly to the pool: each gets the floor of their exact share,
 * and the units left go one each to the largest remainders (ties: the order given, which the caller
 * makes stable). People below the threshold get nothing and are left out.
 */
export function splitFund(
  pool: string,
  currency: string,
  people: readonly { key: string; achievement: string }[],
  threshold: string,
): FundShare[] {
  const scale = minorUnits(currency);
  const eligible = people.filter((p) => compare(p.achievement, threshold) >= 0 && compare(p.achievement, '0') > 0);
  if (!eligible.length) return [];
  const shares = largestRemainder(
    round(pool, scale).units,
    eligible.map((p) => p.achievement),
  );
  return eligible.map((p, i) => ({ key: p.key, achievement: p.achievement, amount: formatDecimal({ units: shares[i]!, scale }) }));
}

export interface QuarterAchievement {
  year: number;
  quarter: number;
  achievement: string;
}

export interface WarningLevel {
  /** 0 (none) to 3. */
  level: number;
  /** The quarters in a row below the threshold, latest first ('2026-Q1', '2025-Q4'). */
  quarters: string[];
  /** Points the latest quarter lacked to reach the threshold (0 when level 0). */
  gap: string;
  salaryReductionRisk: boolean;
}

const quarterIndex = (q: { year: number; quarter: number }) => q.year * 4 + (q.quarter - 1);

/**
 * The warning level at the latest evaluated quarter: the quarters in a row (across years) below the
 * threshold, up to 3. A quarter without an evaluation ends the run: a missing quarter is not counted
 * as below.
 */
export function warningLevel(history: readonly QuarterAchievement[], threshold: string = DEFAULT_WARNING_THRESHOLD): WarningLevel {
  const sorted = [...history].sort((a, b) => quarterIndex(b) - quarterIndex(a));
  const run: QuarterAchievement[] = [];
  for (const q of sorted) {
    const previous = run.at(-1);
    if (previous && quarterIndex(previous) - quarterIndex(q) !== 1) break;
    if (compare(q.achievement, threshold) >= 0) break;
    run.push(q);
  }
  const level = Math.min(run.length, 3);
  const latest = run[0];
  return {
    level,
    quarters: run.slice(0, level).map((q) => `${q.year}-Q${q.quarter}`),
    gap: latest ? at(subtract(threshold, latest.achievement)) : at('0'),
    salaryReductionRisk: level >= 2,
  };
}
