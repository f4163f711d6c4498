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
  parseDecimal,
  percentOf,
  roundMoney,
  subtract,
} from '../../money.js';
import { monthOf } from '../../months.js';
import { totalOf, type StatementInput, type StatementLine } from '../../statements.js';
import { addDays } from '../invoices/invoices.analytics.js';
import { USER_LEVELS } from '../users/users.schema.js';

/**
 * HR commission: what a recruiter earns for a placement (a seat at a customer). The matrix version in
 * force in the seat's start month gives the placement's amount — a fixed amount per placed level, or
 * a per cent of the seat's first month's billing; the placement's split shares it between recruiters
 * to the cent. It is pending while the seat is in its probation (counting the start day), earned the
 * day after, and clawed back when the seat ends inside it. The month it is earned in is the statement
 * that pays it.
 */

/** Who reads HR commission (an hr: their own only) and who keeps its matrix and splits. */
export const HR_COMMISSION_READERS: readonly Role[] = ['admin', 'hr_lead', 'hr'];
export const HR_COMMISSION_LEADS: readonly Role[] = ['admin', 'hr_lead'];
export const DEFAULT_PROBATION_DAYS = 60;
/** The rule every HR commission statement follows; a new rule gets a new name, from the month it names. */
export const HR_COMMISSION_RULE = 'hr-commission-1';

export type PlacedLevel = (typeof USER_LEVELS)[number];
export const PLACED_LEVELS = USER_LEVELS;

/** The last day of a seat's probation: `days` days counting the start day (2025-03-03 + 90 days → 2025-05-31). */
export const probationEnd = (startDate: string, days: number): string => addDays(startDate, days - 1);

export const PLACEMENT_STATES = ['pending', 'earned', 'clawed_back'] as const;
export type PlacementState = (typeof PLACEMENT_STATES)[number];

/**
 * Where a seat stands on `today`: clawed back when it ends on or before its probation's last day
 * (leaving on that day claws back), pending until that day has passed, earned from the day after.
 */
export function placementState(
  seat: { startDate: string; endDate: string | null },
  days: number,
  today: string,
): { state: PlacementState; probationEnd: string; earnedOn: string | null } {
  const end = probationEnd(seat.startDate, days);
  if (seat.endDate !== null && seat.endDate <= end) return { state: 'clawed_back', probationEnd: end, earnedOn: null };
  if (today <= end) return { state: 'pending', probationEnd: end, earnedOn: null };
  return { state: 'earned', probationEnd: end, earnedOn: addDays(end, 1) };
}

export const MATRIX_BASIS_VALUES = ['level', 'billing_percent'] as const;
export type MatrixBasis = (typeof MATRIX_BASIS_VALUES)[number];

/** One version of the matrix, in force from its month until the next version's. Amounts in the base currency. */
export interface MatrixVersion {
  id: string;
  effectiveMonth: string;
  basis: MatrixBasis;
  amounts: Record<PlacedLevel, string | null>;
  billingPercent: string | null;
  probationDays: number;
}

/** The version in force in `month`: the latest one effective on or before it (a later version never reaches back). */
export function versionFor<V extends { effectiveMonth: string }>(versions: readonly V[], month: string): V | undefined {
  let found: V | undefined;
  for (const v of versions) if (v.effectiveMonth <= month && (!found || v.effectiveMonth > found.effectiveMonth)) found = v;
  return found;
}

export type MatrixFields = { basis: string } & Partial<Record<PlacedLevel, string | null>> & {
    billingPercent?: string | null;
    probationDays?: number | null;
  };

/**
 * What a matrix version lacks or gets wrong, by field (each a code the client translates): a level
 * matrix needs an amount for every level; a billing matrix a per cent above 0 and at most 100; the
 * probation is 1 to 365 days.
 */
export function matrixProblems(m: MatrixFields): Record<string, string> {
  const problems: Record<string, string> = {};
  if (m.basis === 'level') {
    for (const level of PLACED_LEVELS) if (m[level] === null || m[level] === undefined) problems[level] = 'matrix_amount_required';
  } else if (m.billingPercent === null || m.billingPercent === undefined) problems.billingPercent = 'matrix_percent_required';
  else if (compare(m.billingPercent, '0') <= 0 || compare(m.billingPercent, '100') > 0) problems.billingPercent = 'matrix_percent_range';
  if (m.probationDays !== null && m.probationDays !== undefined && (m.probationDays < 1 || m.probationDays > 365))
    problems.probationDays = 'matrix_probation_range';
  return problems;
}

/**
 * A recruiter's share of a placement, in per cent; `percent: null` is an equal part of what the
 * shares with a per cent leave (three recruiters without one: a third each, exactly).
 */
export interface SplitShare {
  userId: string;
  percent: string | null;
}

/**
 * What is wrong with a placement's split, by field: shares of distinct recruiters, each above 0 and
 * at most 100 with two decimals, totalling exactly 100 % — those without a per cent share what the
 * others leave, so theirs must leave something.
 */
export function splitProblems(shares: readonly SplitShare[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!shares.length) return { shares: 'split_empty' };
  const seen = new Set<string>();
  shares.forEach((s, i) => {
    if (s.percent !== null) {
      const d = parseDecimal(s.percent);
      if (!d || d.scale > 2) problems[`shares.${i}.percent`] = 'decimal';
      else if (compare(d, '0') <= 0 || compare(d, '100') > 0) problems[`shares.${i}.percent`] = 'split_percent_range';
    }
    if (seen.has(s.userId)) problems[`shares.${i}.userId`] = 'split_duplicate';
    seen.add(s.userId);
  });
  if (Object.keys(problems).length) return problems;
  const given = add('0', ...shares.flatMap((s) => (s.percent === null ? [] : [s.percent])));
  const open = shares.some((s) => s.percent === null);
  if (open ? compare(given, '100') >= 0 : compare(given, '100') !== 0) problems.shares = 'split_total';
  return problems;
}

/** Each share's weight, exactly: shares without a per cent take equal parts of the rest (all weights × their count, to stay whole). */
function shareWeights(shares: readonly SplitShare[]): string[] {
  const open = shares.filter((s) => s.percent === null).length;
  if (!open) return shares.map((s) => s.percent!);
  const rest = subtract('100', add('0', ...shares.flatMap((s) => (s.percent === null ? [] : [s.percent]))));
  return shares.map((s) => formatDecimal(s.percent === null ? rest : multiply(s.percent, String(open))));
}

/** The per cent a share stands for, to two decimals (an equal part of the rest: 33.33 for a third). */
export function sharePercent(shares: readonly SplitShare[], share: SplitShare): string {
  if (share.percent !== null) return formatDecimal(share.percent, 2);
  const open = shares.filter((s) => s.percent === null).length;
  const rest = subtract('100', add('0', ...shares.flatMap((s) => (s.percent === null ? [] : [s.percent]))));
  return formatDecimal(divide(rest, String(open), 2), 2);
}

/** A placement's amount split by the shares to the currency's minor unit, largest remainder first: the parts add up to the amount. */
export function splitAmount(amount: string, currency: string, shares: readonly SplitShare[]): Array<SplitShare & { amount: string }> {
  const scale = minorUnits(currency);
  const parts = largestRemainder(roundMoney(amount, currency).units, shareWeights(shares));
  return shares.map((s, i) => ({ ...s, amount: formatDecimal({ units: parts[i]!, scale }) }));
}

/** The facts of one placement a calculation reads: its seat, its placed level, its first month's billing, its split. */
export interface PlacementFacts {
  id: string;
  label: string;
  startDate: string;
  endDate: string | null;
  /** The job's level when the seat came from one, else the person's; null when neither says. */
  level: PlacedLevel | null;
  /** Net of tax, in the base currency; null while the start month has not been invoiced. */
  firstMonthBilling: string | null;
  /** The split as recorded, or the default (the recruiter of record, 100 %). */
  shares: SplitShare[];
}

export interface PlacementView {
  state: PlacementState;
  probationEnd: string;
  earnedOn: string | null;
  version: MatrixVersion | undefined;
  /** The whole placement's amount, or null when a figure is missing. */
  amount: string | null;
  /** How the amount is found, written out ('senior: 1000.00', '10 % of 6500.00 = 650.00'). */
  formula: string;
  /** What the amount lacks ('matrix 2025-03', 'first month billing'). */
  missing: string | null;
  shares: Array<SplitShare & { amount: string | null }>;
}

type Priced = Pick<PlacementView, 'amount' | 'formula' | 'missing' | 'shares'>;

/** What a placement earns under a version: its amount, how it is found, what it lacks, each recruiter's part. */
function priced(p: PlacementFacts, version: MatrixVersion | undefined, currency: string): Priced {
  let amount: string | null = null;
  let formula = '';
  let missing: string | null = null;
  if (!version) missing = `matrix ${monthOf(p.startDate)}`;
  else if (version.basis === 'level') {
    const a = p.level && version.amounts[p.level];
    if (!p.level) missing = 'level';
    else if (a === null || a === undefined) missing = `matrix ${version.effectiveMonth}: ${p.level}`;
    else {
      amount = formatDecimal(roundMoney(a, currency), minorUnits(currency));
      formula = `${p.level}: ${amount}`;
    }
  } else if (p.firstMonthBilling === null) missing = `first month billing ${monthOf(p.startDate)}`;
  else {
    const pct = formatDecimal(dec(version.billingPercent ?? '0'));
    amount = formatDecimal(roundMoney(percentOf(p.firstMonthBilling, pct), currency), minorUnits(currency));
    formula = `${pct} % × ${formatDecimal(p.firstMonthBilling, minorUnits(currency))} = ${amount}`;
  }
  const shares = amount === null ? p.shares.map((s) => ({ ...s, amount: null })) : splitAmount(amount, currency, p.shares);
  return { amount, formula, missing, shares };
}

/**
 * A placement as of `today` under the matrix versions: its state, amount and each recruiter's part.
 * `memo` keeps what equal placements earn (same version, level, billing and split) across many.
 */
export function placementView(
  p: PlacementFacts,
  versions: readonly MatrixVersion[],
  today: string,
  currency: string,
  memo?: Map<string, Priced>,
): PlacementView {
  const version = versionFor(versions, monthOf(p.startDate));
  const where = placementState(p, version?.probationDays ?? DEFAULT_PROBATION_DAYS, today);
  const key = memo && `${version?.id ?? monthOf(p.startDate)}|${p.level}|${p.firstMonthBilling}|${JSON.stringify(p.shares)}`;
  let price = key ? memo!.get(key) : undefined;
  if (!price) {
    price = priced(p, version, currency);
    if (key) memo!.set(key, price);
  }
  return { ...where, version, ...price };
}

export interface RecruiterMonth {
  ruleVersion: string;
  inputs: StatementInput[];
  lines: StatementLine[];
  missing: string[];
  total: string;
}

/**
 * A recruiter's month: one line per placement of theirs earned in it (its probation passed in that
 * month), their part of the amount the version of the seat's start month gives. A placement of the
 * month whose amount lacks a figure makes the month incomplete; one still in probation whose probation
 * ends in the month is not earned yet, so the month waits for it (`missing`).
 */
export function recruiterMonth(
  userId: string,
  month: string,
  placements: readonly PlacementFacts[],
  versions: readonly MatrixVersion[],
  today: string,
  currency: string,
): RecruiterMonth {
  const inputs: StatementInput[] = [];
  const lines: StatementLine[] = [];
  const missing: string[] = [];
  const used = new Set<string>();
  const scale = minorUnits(currency);
  for (const p of [...placements].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id))) {
    const share = p.shares.find((s) => s.userId === userId);
    if (!share) continue;
    const v = placementView(p, versions, today, currency);
    if (v.state === 'pending' && monthOf(addDays(v.probationEnd, 1)) === month) {
      missing.push(`${p.label}: probation until ${v.probationEnd}`);
      continue;
    }
    if (v.state !== 'earned' || monthOf(v.earnedOn!) !== month) continue;
    const key = `placement:${p.id}`;
    const source = { resource: 'headcounts', id: p.id, label: p.label };
    // Each a figure (the statement shows them as numbers); the dates and the level are in their labels.
    inputs.push(
      {
        key: `${key}:probation`,
        line: key,
        label: `${p.label}: probation days, ${p.startDate} – ${v.probationEnd}`,
        value: String(v.version?.probationDays ?? DEFAULT_PROBATION_DAYS),
        source,
      },
      { key: `${key}:share`, line: key, label: `${p.label}: share %`, value: sharePercent(p.shares, share), source },
    );
    if (v.version) {
      used.add(v.version.effectiveMonth);
      const level = v.version.basis === 'level';
      const figure = level ? p.level && v.version.amounts[p.level] : v.version.billingPercent;
      if (figure)
        inputs.push({
          key: `${key}:matrix`,
          line: key,
          label: level
            ? `${p.label}: ${p.level} (matrix ${v.version.effectiveMonth})`
            : `${p.label}: % of the first month's billing (matrix ${v.version.effectiveMonth})`,
          value: figure,
          source: { resource: 'hr-commission-matrices', id: v.version.id, label: v.version.effectiveMonth },
        });
    }
    if (p.firstMonthBilling !== null && v.version?.basis === 'billing_percent')
      inputs.push({ key: `${key}:billing`, line: key, label: `${p.label}: first month's billing`, value: p.firstMonthBilling, source });
    const part = v.shares.find((s) => s.userId === userId)!.amount;
    if (v.missing || part === null) missing.push(`${p.label}: ${v.missing}`);
    const shown = part ?? '?';
    lines.push({
      key,
      kind: 'metric',
      label: p.label,
      formula: p.shares.length > 1 ? `${v.formula || '?'} · ${sharePercent(p.shares, share)} % → ${shown}` : v.formula || '?',
      amount: part ?? formatDecimal('0', scale),
    });
  }
  const versionsUsed = [...used].sort();
  return {
    ruleVersion: versionsUsed.length ? `${HR_COMMISSION_RULE} · matrix ${versionsUsed.join(', ')}` : HR_COMMISSION_RULE,
    inputs,
    lines,
    missing,
    total: totalOf(lines, scale),
  };
}
