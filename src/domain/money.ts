import { z } from 'zod';
import { CURRENCIES } from './fields.js';

/**
 * Exact decimal money. A value is an integer count of 10^-scale (`{ units: 1234n, scale: 2 }` is
 * 12.34): sums and products are exact on BigInt, and rounding happens once, where this module
 * says, to the currency's minor units. Binary floats never hold an amount (0.1 + 0.2 ≠ 0.3).
 *
 * Rounding rule: half up, away from zero (12.345 → 12.35, 12.344 → 12.34, −0.5 → −1), applied to
 * each line's amount, to the tax, and to an amount exchanged into the base currency (decision 013).
 */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

export type CurrencyCode = (typeof CURRENCIES)[number];

/** Digits after the point of each currency's smallest unit (ISO 4217): the one table of them. */
export const MINOR_UNITS: Record<CurrencyCode, number> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  VND: 0,
  CNY: 2,
  AED: 2,
  SGD: 2,
  JPY: 0,
  AUD: 2,
};

export function minorUnits(currency: string): number {
  const digits = (MINOR_UNITS as Record<string, number | undefined>)[currency];
  if (digits === undefined) throw new Error(`Unknown currency ${currency}`);
  return digits;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

// The same few texts come back by the thousand (a target, a weight, "100", a stored rate): each is
// read once. Values are never changed in place, so one object serves every reader.
const parsed = new Map<string, Decimal>();
const PARSED_KEPT = 10_000;

/** A decimal string ("1234.5", "-0.25", "7") read exactly; undefined when it is not one. */
export function parseDecimal(text: string): Decimal | undefined {
  const known = parsed.get(text);
  if (known) return known;
  const m = DECIMAL.exec(text.trim());
  if (!m) return undefined;
  const fraction = m[3] ?? '';
  const units = BigInt(m[2]! + fraction);
  const d = { units: m[1] ? -units : units, scale: fraction.length };
  if (parsed.size >= PARSED_KEPT) parsed.clear();
  parsed.set(text, d);
  return d;
}

/** Like parseDecimal, for values already checked (the API's schemas, stored columns). */
export function dec(value: string | bigint | Decimal): Decimal {
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  if (typeof value !== 'string') return value;
  const d = parseDecimal(value);
  if (!d) throw new Error(`Not a decimal: ${value}`);
  return d;
}

const POWERS = Array.from({ length: 40 }, (_, n) => 10n ** BigInt(n));
const pow10 = (n: number) => POWERS[n] ?? 10n ** BigInt(n);

/** The same value at a larger scale (no rounding: only ever widens). */
function widen(a: Decimal, scale: number): bigint {
  return a.units * pow10(scale - a.scale);
}

export function add(...values: Array<string | Decimal>): Decimal {
  const ds = values.map(dec);
  let scale = 0;
  for (const d of ds) if (d.scale > scale) scale = d.scale;
  let units = 0n;
  for (const d of ds) units += d.scale === scale ? d.units : widen(d, scale);
  return { units, scale };
}

export function subtract(a: string | Decimal, b: string | Decimal): Decimal {
  const [x, y] = [dec(a), dec(b)];
  return add(x, { units: -y.units, scale: y.scale });
}

/** The exact product: its scale is the sum of the factors' scales. */
export function multiply(a: string | Decimal, b: string | Decimal): Decimal {
  const [x, y] = [dec(a), dec(b)];
  return { units: x.units * y.units, scale: x.scale + y.scale };
}

/** A per cent of a value, exactly (dividing by 100 moves the point). */
export function percentOf(value: string | Decimal, percent: string | Decimal): Decimal {
  const p = multiply(value, percent);
  return { units: p.units, scale: p.scale + 2 };
}

/** Rounded half up (away from zero) to `scale` digits after the point. */
export function round(value: string | Decimal, scale: number): Decimal {
  const d = dec(value);
  if (d.scale <= scale) return { units: widen(d, scale), scale };
  const divisor = pow10(d.scale - scale);
  const negative = d.units < 0n;
  const abs = negative ? -d.units : d.units;
  let q = abs / divisor;
  if ((abs % divisor) * 2n >= divisor) q += 1n;
  return { units: negative ? -q : q, scale };
}

/** a ÷ b rounded half up (away from zero) to `scale` digits after the point; b must not be zero. */
export function divide(a: string | Decimal, b: string | Decimal, scale: number): Decimal {
  const [x, y] = [dec(a), dec(b)];
  if (y.units === 0n) throw new Error('Division by zero');
  // x/y = (x.units / y.units) × 10^(y.scale − x.scale); one digit more than asked, then rounded.
  const shift = scale + 1 + y.scale - x.scale;
  const numerator = shift >= 0 ? x.units * pow10(shift) : x.units;
  const denominator = shift >= 0 ? y.units : y.units * pow10(-shift);
  return round({ units: numerator / denominator, scale: scale + 1 }, scale);
}

/** Rounded to the currency's minor units. */
export function roundMoney(value: string | Decimal, currency: string): Decimal {
  return round(value, minorUnits(currency));
}

export function compare(a: string | Decimal, b: string | Decimal): -1 | 0 | 1 {
  const [x, y] = [dec(a), dec(b)];
  const scale = Math.max(x.scale, y.scale);
  const [u, v] = [widen(x, scale), widen(y, scale)];
  return u < v ? -1 : u > v ? 1 : 0;
}

/** The decimal string with exactly `scale` digits after the point (the value is rounded if it had more). */
export function formatDecimal(value: string | Decimal, scale?: number): string {
  const d = scale === undefined ? dec(value) : round(value, scale);
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = d.scale ? `.${digits.slice(digits.length - d.scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** An amount as the API and the database carry it: a decimal string at the currency's minor units ("1234.50", VND "1500000"). */
export function formatMoney(value: string | Decimal, currency: string): string {
  return formatDecimal(value, minorUnits(currency));
}

/** An amount in the currency exchanged to the base currency at `rate` (base units per one unit), rounded to the base's minor units. */
export function toBaseCurrency(amount: string | Decimal, rate: string | Decimal, baseCurrency: string): string {
  return formatMoney(multiply(amount, rate), baseCurrency);
}

export interface LineInput {
  quantity: string;
  unitPrice: string;
}

export interface Totals {
  /** Each line's amount: quantity × unit price, rounded to the currency. */
  amounts: string[];
  /** The sum of the rounded line amounts. */
  subtotal: string;
  /** The tax rate's per cent of the subtotal, rounded to the currency. */
  tax: string;
  total: string;
}

/**
 * An invoice's figures: each line rounded on its own (what the customer reads on the line is what
 * adds up), the subtotal their exact sum, the tax rounded once on the subtotal, the total their sum.
 */
export function invoiceTotals(lines: readonly LineInput[], taxRate: string, currency: string): Totals {
  const amounts = lines.map((l) => roundMoney(multiply(l.quantity, l.unitPrice), currency));
  const subtotal = roundMoney(add('0', ...amounts), currency);
  const tax = roundMoney(percentOf(subtotal, taxRate), currency);
  const total = add(subtotal, tax);
  return {
    amounts: amounts.map((a) => formatMoney(a, currency)),
    subtotal: formatMoney(subtotal, currency),
    tax: formatMoney(tax, currency),
    total: formatMoney(total, currency),
  };
}

/**
 * For display only: the decimal string split into a sign, whole digits and fraction digits, so that
 * Intl can group it without ever reading it as a float (`formatToParts` on the integer part).
 * `isolateCurrency` wraps the currency in a left-to-right isolate, for right-to-left text: there a
 * Latin code's trailing sign ("US$") would otherwise be moved to the far end ("$-96,870.23 US").
 * `digits`: the fraction digits shown (the currency's by default; a unit price may carry more).
 */
export function formatMoneyLocale(
  value: string,
  currency: string,
  locale: string,
  isolateCurrency = false,
  digits = minorUnits(currency),
): string {
  const text = formatDecimal(value, digits);
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const nf = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
  // BigInt formats exactly whatever its size; the fraction is put back in the locale's own decimal sign.
  // It has no negative zero: -0.50 is formatted as -1, its integer digit then written as the locale writes 0.
  const units = BigInt(whole!);
  const negativeZero = negative && units === 0n;
  const parts = nf.formatToParts(negative ? -(negativeZero ? 1n : units) : units);
  const zero = negativeZero ? nf.formatToParts(0n).find((p) => p.type === 'integer')!.value : undefined;
  return parts
    .map((p) => {
      if (p.type === 'fraction') return fraction;
      if (p.type === 'integer' && zero !== undefined) return zero;
      if (p.type === 'currency' && isolateCurrency) return `\u2066${p.value}\u2069`;
      return p.value;
    })
    .join('');
}

/** For display only: a decimal (a quantity, a unit price) with the locale's grouping and decimal sign, its digits as given. */
export function formatDecimalLocale(value: string, locale: string): string {
  const text = formatDecimal(value);
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const grouped = new Intl.NumberFormat(locale).format(BigInt(whole!));
  const point = new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return `${negative ? '-' : ''}${grouped}${fraction ? `${point ?? '.'}${fraction}` : ''}`;
}

/**
 * Splits `units` (whole minor units) in proportion to `weights` without losing or creating one:
 * each share is rounded down, then the units left over go one each to the largest remainders (ties
 * to the earlier weight). The shares add up to `units`, exactly. Weights are ≥ 0 and not all zero.
 */
export function largestRemainder(units: bigint, weights: ReadonlyArray<string | Decimal>): bigint[] {
  const ws = weights.map(dec);
  const scale = Math.max(0, ...ws.map((w) => w.scale));
  const ints = ws.map((w) => w.units * 10n ** BigInt(scale - w.scale));
  if (ints.some((w) => w < 0n)) throw new Error('negative weight');
  const total = ints.reduce((a, b) => a + b, 0n);
  if (total === 0n) throw new Error('no weight');
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const floors = ints.map((w) => (abs * w) / total);
  const rems = ints.map((w) => (abs * w) % total);
  let left = abs - floors.reduce((a, b) => a + b, 0n);
  const order = rems.map((r, i) => ({ r, i })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    floors[i]! += 1n;
    left -= 1n;
  }
  return negative ? floors.map((f) => -f) : floors;
}

/**
 * A decimal typed as text (a JSON number is read as the text it prints as): at most `whole` digits
 * before the point and `scale` after, at most `max`; negative only when `signed`. Never parsed into a float.
 */
export const decimalText = (opts: { whole: number; scale: number; max?: string; positive?: boolean; signed?: boolean }) =>
  z
    .union([z.string(), z.number().refine(Number.isFinite).transform(String)])
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      const d = parseDecimal(v);
      const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (v === '') return issue('required');
      if (!d) return issue('decimal');
      if (d.units < 0n && !opts.signed) return issue('negative');
      if (d.scale > opts.scale) return issue('decimal_places');
      const whole = v.split('.')[0]!.replace(/^[-+]?0*(?=\d)/, '');
      if (whole.length > opts.whole || (opts.max !== undefined && compare(d, opts.max) > 0)) return issue('decimal_too_big');
      if (opts.positive && d.units === 0n) return issue('positive');
    });

/** A signed decimal to four places that fits numeric(14, 4): a new resource's `decimal` field. */
export const decimalAmountText = decimalText({ whole: 10, scale: 4, signed: true });
/** An amount in its record's currency, to the cent, that fits numeric(14, 2): a new resource's `money` field. */
export const moneyText = decimalText({ whole: 12, scale: 2 });
