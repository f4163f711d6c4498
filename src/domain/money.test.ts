import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  decimalAmountText,
  moneyText,
  formatDecimal,
  formatDecimalLocale,
  formatMoney,
  formatMoneyLocale,
  invoiceTotals,
  largestRemainder,
  multiply,
  parseDecimal,
  percentOf,
  round,
  roundMoney,
  toBaseCurrency,
} from './money.js';

// Every expected figure below was computed by hand, not by the code under test.

describe('parseDecimal', () => {
  it.each([
    ['12.34', 1234n, 2],
    ['0.5', 5n, 1],
    ['7', 7n, 0],
    ['-0.25', -25n, 2],
    ['  003.100 ', 3100n, 3],
    ['123456789012345.6789', 1234567890123456789n, 4],
  ])('%s', (text, units, scale) => expect(parseDecimal(text)).toEqual({ units, scale }));

  it.each(['', '.5', '5.', '1e3', '1,5', 'abc', '--1', '+1', '0x10', 'NaN', '1.2.3'])('refuses %j', (text) =>
    expect(parseDecimal(text)).toBeUndefined(),
  );
});

describe('arithmetic is exact where floats are not', () => {
  it('0.1 + 0.2 = 0.3', () => expect(formatDecimal(add('0.1', '0.2'))).toBe('0.3'));
  it('1.005 × 1000 = 1005', () => expect(formatDecimal(multiply('1.005', '1000'))).toBe('1005.000'));
  it('multiplies without losing digits', () => expect(formatDecimal(multiply('123456789.99', '1000.0001'))).toBe('123456802335.678999'));
  it('takes a per cent exactly', () => expect(formatDecimal(percentOf('199.99', '8.5'))).toBe('16.99915'));
  it('compares across scales', () => {
    expect(compare('1.50', '1.5')).toBe(0);
    expect(compare('1.499', '1.5')).toBe(-1);
    expect(compare('10', '9.99')).toBe(1);
  });
});

describe('round half up, away from zero', () => {
  it.each([
    ['12.345', 2, '12.35'],
    ['12.3449', 2, '12.34'],
    ['12.344', 2, '12.34'],
    ['0.005', 2, '0.01'],
    ['0.0049999', 2, '0.00'],
    ['-0.005', 2, '-0.01'],
    ['-12.344', 2, '-12.34'],
    ['2.5', 0, '3'],
    ['3.5', 0, '4'],
    ['1499.4999', 0, '1499'],
    ['1499.5', 0, '1500'],
    ['7', 2, '7.00'],
  ])('%s to %i digits → %s', (value, scale, expected) => expect(formatDecimal(round(value, scale))).toBe(expected));
});

describe('per currency', () => {
  it.each([
    ['10.005', 'USD', '10.01'],
    ['10.004', 'USD', '10.00'],
    ['10.005', 'EUR', '10.01'],
    ['10.5', 'VND', '11'],
    ['10.49', 'VND', '10'],
    ['10', 'AED', '10.00'],
    ['99.995', 'GBP', '100.00'],
    ['1234.5', 'JPY', '1235'],
  ])('%s %s → %s', (value, currency, expected) => expect(formatMoney(roundMoney(value, currency), currency)).toBe(expected));

  it('refuses a currency it does not know', () => expect(() => formatMoney('1', 'XYZ')).toThrow());
});

describe('invoice totals', () => {
  it('USD: lines rounded each, tax on the subtotal', () => {
    // 3 × 33.333 = 99.999 → 100.00; 0.5 × 0.01 = 0.005 → 0.01; 160 × 45.125 = 7220.000 → 7220.00
    // subtotal 7320.01; tax 10 % = 732.001 → 732.00; total 8052.01
    expect(
      invoiceTotals(
        [
          { quantity: '3', unitPrice: '33.333' },
          { quantity: '0.5', unitPrice: '0.01' },
          { quantity: '160', unitPrice: '45.125' },
        ],
        '10',
        'USD',
      ),
    ).toEqual({ amounts: ['100.00', '0.01', '7220.00'], subtotal: '7320.01', tax: '732.00', total: '8052.01' });
  });

  it('USD: a tax landing on a half cent rounds up', () => {
    // 1 × 0.10 = 0.10; 5 % of 0.10 = 0.005 → 0.01; total 0.11
    expect(invoiceTotals([{ quantity: '1', unitPrice: '0.10' }], '5', 'USD')).toEqual({
      amounts: ['0.10'],
      subtotal: '0.10',
      tax: '0.01',
      total: '0.11',
    });
    // 5 % of 0.09 = 0.0045 → 0.00
    expect(invoiceTotals([{ quantity: '1', unitPrice: '0.09' }], '5', 'USD').tax).toBe('0.00');
  });

  it('USD: hours at a rate with a half-cent product', () => {
    // 7.25 h × 12.34 = 89.465 → 89.47; 0.25 h × 12.34 = 3.085 → 3.09; subtotal 92.56; 8.5 % = 7.8676 → 7.87; total 100.43
    expect(
      invoiceTotals(
        [
          { quantity: '7.25', unitPrice: '12.34' },
          { quantity: '0.25', unitPrice: '12.34' },
        ],
        '8.5',
        'USD',
      ),
    ).toEqual({ amounts: ['89.47', '3.09'], subtotal: '92.56', tax: '7.87', total: '100.43' });
  });

  it('VND: no minor units', () => {
    // 22 days × 1 818 181.5 = 39 999 993 → 39999993; 0.5 × 3 = 1.5 → 2; subtotal 39 999 995; 10 % = 3 999 999.5 → 4 000 000
    expect(
      invoiceTotals(
        [
          { quantity: '22', unitPrice: '1818181.5' },
          { quantity: '0.5', unitPrice: '3' },
        ],
        '10',
        'VND',
      ),
    ).toEqual({ amounts: ['39999993', '2'], subtotal: '39999995', tax: '4000000', total: '43999995' });
  });

  it('no lines, no tax: zeros at the currency’s digits', () => {
    expect(invoiceTotals([], '0', 'EUR')).toEqual({ amounts: [], subtotal: '0.00', tax: '0.00', total: '0.00' });
    expect(invoiceTotals([], '10', 'VND')).toEqual({ amounts: [], subtotal: '0', tax: '0', total: '0' });
  });
});

describe('exchange to the base currency', () => {
  it.each([
    // 43 999 995 VND × 0.0000393 USD/VND = 1729.1998035 → 1729.20
    ['43999995', '0.0000393', 'USD', '1729.20'],
    // 1000.00 EUR × 1.0825 = 1082.5 → 1082.50
    ['1000.00', '1.0825', 'USD', '1082.50'],
    // 0.01 EUR × 1.5 = 0.015 → 0.02 (half up)
    ['0.01', '1.5', 'USD', '0.02'],
    // 100.00 USD × 25431.5 VND/USD = 2543150 VND
    ['100.00', '25431.5', 'VND', '2543150'],
    // same currency: rate 1
    ['8052.01', '1', 'USD', '8052.01'],
  ])('%s × %s in %s → %s', (amount, rate, base, expected) => expect(toBaseCurrency(amount, rate, base)).toBe(expected));
});

describe('formatMoneyLocale: grouped by the locale, never through a float', () => {
  it.each([
    ['1234567.89', 'USD', 'en-US', '$1,234,567.89'],
    ['12345678901234.57', 'USD', 'en-US', '$12,345,678,901,234.57'],
    ['1500000', 'VND', 'vi-VN', '1.500.000 ₫'],
    ['0.10', 'USD', 'en-US', '$0.10'],
    // A credit note's figures count negative, below one unit too (BigInt has no -0).
    ['-1234.5', 'USD', 'en-US', '-$1,234.50'],
    ['-0.50', 'USD', 'en-US', '-$0.50'],
    ['-0.05', 'EUR', 'fr-FR', '-0,05 €'],
    ['-500', 'VND', 'vi-VN', '-500 ₫'],
  ])('%s %s in %s', (value, currency, locale, expected) =>
    expect(formatMoneyLocale(value, currency, locale).replace(/\u00a0/g, ' ')).toBe(expected),
  );
  it('fr-FR keeps its own decimal comma', () => expect(formatMoneyLocale('1234.5', 'EUR', 'fr-FR')).toMatch(/^1\s234,50\s€$/u));
  it('shows the digits asked for, a unit price beyond the cents', () =>
    expect(formatMoneyLocale('-0.125', 'USD', 'en-US', false, 3)).toBe('-$0.125'));
  it('keeps the minus of an amount under one unit in Arabic, the currency isolated', () => {
    const text = formatMoneyLocale('-0.75', 'USD', 'ar', true);
    expect(text).toContain('-0.75');
    expect(text).toContain('\u2066US$\u2069');
  });
});

describe('formatDecimalLocale', () => {
  it.each([
    ['45.125', 'en', '45.125'],
    ['1234567.8901', 'en', '1,234,567.8901'],
    ['160', 'en', '160'],
    ['-0.5', 'en', '-0.5'],
    ['12345678901234567.25', 'en', '12,345,678,901,234,567.25'],
    ['1234.5', 'vi', '1.234,5'],
  ])('%s in %s → %s', (value, locale, text) => expect(formatDecimalLocale(value, locale)).toBe(text));
});

describe('largest remainder: the shares add up to the whole', () => {
  it.each<[bigint, string[], bigint[]]>([
    // units, weights, shares (hand-computed: floors, then the left-over units to the largest remainders)
    [100000n, ['10', '20'], [33333n, 66667n]],
    [10000n, ['8', '8', '8'], [3334n, 3333n, 3333n]],
    [100001n, ['30', '40', '30'], [30000n, 40001n, 30000n]],
    [5n, ['1', '1', '1', '1', '1', '1', '1'], [1n, 1n, 1n, 1n, 1n, 0n, 0n]],
    [7n, ['0.25', '0.75'], [2n, 5n]],
    [0n, ['3', '4'], [0n, 0n]],
    [-100n, ['1', '2'], [-33n, -67n]],
  ])('%s by %s', (units, weights, shares) => {
    const got = largestRemainder(units as bigint, weights);
    expect(got).toEqual(shares);
    expect(got.reduce((a, b) => a + b, 0n)).toBe(units);
  });

  it.each<[bigint, string[], bigint[]]>([
    // Weights of different scales are brought to one: 0.5 is half of 1, 1.25 more than 1.2.
    [30n, ['0.5', '1'], [10n, 20n]],
    [30n, ['1', '0.5'], [20n, 10n]],
    [245n, ['1.25', '1.2'], [125n, 120n]],
    [3n, ['1.5', '1.50', '1.500'], [1n, 1n, 1n]],
    // A zero weight takes nothing, and a weight alone takes all.
    [10n, ['0', '1'], [0n, 10n]],
    [10n, ['2'], [10n]],
    // Ties of remainders go to the earlier weight; a larger remainder first, wherever it stands.
    [2n, ['1', '1', '1'], [1n, 1n, 0n]],
    [1n, ['1', '2'], [0n, 1n]],
    [2n, ['2', '1', '2'], [1n, 0n, 1n]],
    [2n, ['1', '1', '3'], [1n, 0n, 1n]],
    [2n, ['3', '1', '1'], [1n, 1n, 0n]],
    [-1n, ['1', '1'], [-1n, 0n]],
    [-2n, ['1', '1'], [-1n, -1n]],
  ])('%s by %s, at one scale', (units, weights, shares) => {
    const got = largestRemainder(units as bigint, weights);
    expect(got).toEqual(shares);
    expect(got.reduce((a, b) => a + b, 0n)).toBe(units);
  });

  it.each<[string[], string]>([
    [['0', '0'], 'no weight'],
    [[], 'no weight'],
    [['1', '-1'], 'negative weight'],
    [['-1', '-1'], 'negative weight'],
    [['5', '-0.01'], 'negative weight'],
  ])('refuses %j: %s', (weights, message) => {
    expect(() => largestRemainder(100n, weights)).toThrow(new Error(message));
  });
});

describe("decimals typed as text: what a new resource's decimal and money fields accept", () => {
  const outcome = (schema: typeof moneyText, value: unknown) => {
    const r = schema.safeParse(value);
    return r.success ? `ok ${r.data}` : r.error.issues[0]!.message;
  };
  it.each([
    [decimalAmountText, '1.2345', 'ok 1.2345'],
    [decimalAmountText, '-1.2345', 'ok -1.2345'],
    [decimalAmountText, '-9999999999.9999', 'ok -9999999999.9999'],
    [decimalAmountText, '-10000000000', 'decimal_too_big'],
    [decimalAmountText, '1.23456', 'decimal_places'],
    [decimalAmountText, '0.1', 'ok 0.1'],
    [moneyText, '19.99', 'ok 19.99'],
    [moneyText, 19.99, 'ok 19.99'],
    [moneyText, '999999999999.99', 'ok 999999999999.99'],
    [moneyText, '1000000000000', 'decimal_too_big'],
    [moneyText, '0.105', 'decimal_places'],
    [moneyText, '-1', 'negative'],
    [moneyText, 'ten', 'decimal'],
    [moneyText, ' ', 'required'],
  ])('%#: %s', (schema, value, expected) => {
    expect(outcome(schema, value)).toBe(expected);
  });
});
