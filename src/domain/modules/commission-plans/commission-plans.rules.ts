import type { FieldIssue } from '../../validation.js';
import { compare, formatDecimal, percentOf, round, subtract, type Decimal } from '../../money.js';
import type { StatementLine } from '../../statements.js';

/**
 * A sales commission plan's arithmetic (the matrix): tiers of a month's base, each `[from, to)`
 * with a rate in per cent, the last open-ended. Marginal (the default) pays each slice of the base
 * at its own tier's rate; flat pays the whole base at the rate of the tier it falls in. Each line is
 * rounded half up to the currency's minor units once, and the total is the sum of the lines.
 */
export const COMMISSION_BASES = ['invoiced', 'paid', 'margin'] as const;
export type CommissionBasis = (typeof COMMISSION_BASES)[number];
export const COMMISSION_MODES = ['marginal', 'flat'] as const;
export type CommissionMode = (typeof COMMISSION_MODES)[number];
/** Tiers a plan holds at most. */
export const MAX_COMMISSION_TIERS = 20;

export interface CommissionTier {
  from: string;
  /** null: open-ended (the last tier). */
  to: string | null;
  /** Per cent of the slice (marginal) or of the whole base (flat). */
  rate: string;
}

/**
 * What is wrong with a plan's tiers, by field (`tiers.1.from`), each code naming the tier (1-based):
 * the first starts at 0, each ends where the next starts (no gap, no overlap), only the last is
 * open-ended, each ends after it starts, no rate is negative nor above 100 %.
 */
export function tierProblems(tiers: readonly CommissionTier[]): Record<string, FieldIssue> {
  const out: Record<string, FieldIssue> = {};
  if (!tiers.length) return { tiers: { code: 'tiers_empty' } };
  tiers.forEach((t, i) => {
    const params = { tier: i + 1 };
    if (compare(t.rate, '0') < 0) out[`tiers.${i}.rate`] = { code: 'rate_negative', params };
    else if (compare(t.rate, '100') > 0) out[`tiers.${i}.rate`] = { code: 'rate_too_big', params };
    if (i === 0 && compare(t.from, '0') !== 0) out[`tiers.${i}.from`] = { code: 'tier_start', params };
    const last = i === tiers.length - 1;
    if (t.to === null) {
      if (!last) out[`tiers.${i}.to`] = { code: 'tier_open_before_last', params };
    } else if (compare(t.to, t.from) <= 0) out[`tiers.${i}.to`] = { code: 'tier_empty', params };
    else if (last) out[`tiers.${i}.to`] = { code: 'tier_closed_last', params };
    const next = tiers[i + 1];
    if (next && t.to !== null && !out[`tiers.${i}.to`]) {
      const gap = compare(next.from, t.to);
      if (gap > 0) out[`tiers.${i + 1}.from`] = { code: 'tier_gap', params: { tier: i + 2, previous: i + 1 } };
      if (gap < 0) out[`tiers.${i + 1}.from`] = { code: 'tier_overlap', params: { tier: i + 2, previous: i + 1 } };
    }
  });
  return out;
}

/** A figure as a formula prints it: digits grouped by spaces, `scale` decimals ("10 000.00"). */
export function grouped(value: string | Decimal, scale: number): string {
  const [whole, fraction] = formatDecimal(value, scale).split('.');
  const sign = whole!.startsWith('-') ? '-' : '';
  const digits = whole!.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${digits}${fraction ? `.${fraction}` : ''}`;
}

/** A rate as a formula prints it: no trailing zeros ("7", "2.5"). */
const rateText = (rate: string) =>
  formatDecimal(rate)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');

const tierLabel = (t: CommissionTier, scale: number) =>
  t.to === null ? `${grouped(t.from, scale)}+` : `${grouped(t.from, scale)} – ${grouped(t.to, scale)}`;

/**
 * The tier lines of a month's base: marginal, one line per tier the base reaches, each slice at its
 * rate ("5 % of 10 000.00 = 500.00"); flat, one line, the whole base at its tier's rate. A base of
 * zero or less earns nothing (one line saying so).
 */
export function tierLines(tiers: readonly CommissionTier[], mode: CommissionMode, base: string, scale: number): StatementLine[] {
  const line = (key: string, label: string, formula: string, amount: Decimal | string): StatementLine => ({
    key,
    kind: 'metric',
    label,
    formula,
    amount: formatDecimal(amount, scale),
  });
  if (compare(base, '0') <= 0) return [line('tier:none', '—', `${grouped(base, scale)} ≤ 0`, '0')];
  if (mode === 'flat') {
    const i = tiers.findIndex((t) => compare(base, t.from) >= 0 && (t.to === null || compare(base, t.to) < 0));
    const t = tiers[i]!;
    const amount = round(percentOf(base, t.rate), scale);
    return [line(`tier:${i}`, tierLabel(t, scale), `${rateText(t.rate)} % of ${grouped(base, scale)} = ${grouped(amount, scale)}`, amount)];
  }
  const lines: StatementLine[] = [];
  tiers.forEach((t, i) => {
    if (compare(base, t.from) <= 0) return;
    const top = t.to !== null && compare(base, t.to) > 0 ? t.to : base;
    const slice = subtract(top, t.from);
    const amount = round(percentOf(slice, t.rate), scale);
    lines.push(
      line(`tier:${i}`, tierLabel(t, scale), `${rateText(t.rate)} % of ${grouped(slice, scale)} = ${grouped(amount, scale)}`, amount),
    );
  });
  return lines;
}

/** The version of a sale's plan a month follows: the latest effective in or before it (none before the first). */
export function versionFor<T extends { effectiveFrom: string }>(versions: readonly T[], month: string): T | undefined {
  let found: T | undefined;
  for (const v of versions) if (v.effectiveFrom <= month && (!found || v.effectiveFrom > found.effectiveFrom)) found = v;
  return found;
}
