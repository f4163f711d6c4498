import { describe, expect, it } from 'vitest';
import {
  ageingBucket,
  analyticsFilters,
  bucketDueRange,
  daysPastDue,
  filtersQuery,
  invoiceAnalyticsQuerySchema,
  invoiceTotalBase,
  sumBase,
  windowMonths,
} from './invoices.analytics.js';

// Hand-computed: as of 2026-11-27, a due date N days before it.
const AS_OF = '2026-11-27';

describe('ageing buckets at their boundaries', () => {
  it.each([
    // due date, days past due, bucket
    ['2026-11-28', -1, 'notDue'],
    ['2026-12-31', -34, 'notDue'],
    ['2026-11-27', 0, 'd0_30'],
    ['2026-11-26', 1, 'd0_30'],
    ['2026-10-28', 30, 'd0_30'],
    ['2026-10-27', 31, 'd31_60'],
    ['2026-09-28', 60, 'd31_60'],
    ['2026-09-27', 61, 'd61_90'],
    ['2026-08-29', 90, 'd61_90'],
    ['2026-08-28', 91, 'd90plus'],
    ['2025-11-27', 365, 'd90plus'],
  ])('due %s is %i days past due: %s', (due, days, bucket) => {
    expect(daysPastDue(due, AS_OF)).toBe(days);
    expect(ageingBucket(due, AS_OF)).toBe(bucket);
  });

  it('across a leap day and a year end', () => {
    expect(daysPastDue('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysPastDue('2026-12-31', '2027-01-30')).toBe(30);
    expect(ageingBucket('2026-12-31', '2027-01-30')).toBe('d0_30');
    expect(ageingBucket('2026-12-30', '2027-01-30')).toBe('d31_60');
  });

  it("each bucket's due-date range holds exactly its days (what the list filters on)", () => {
    expect(bucketDueRange('notDue', AS_OF)).toEqual({ dueDate_gte: '2026-11-28' });
    expect(bucketDueRange('d0_30', AS_OF)).toEqual({ dueDate_gte: '2026-10-28', dueDate_lte: '2026-11-27' });
    expect(bucketDueRange('d31_60', AS_OF)).toEqual({ dueDate_gte: '2026-09-28', dueDate_lte: '2026-10-27' });
    expect(bucketDueRange('d61_90', AS_OF)).toEqual({ dueDate_gte: '2026-08-29', dueDate_lte: '2026-09-27' });
    expect(bucketDueRange('d90plus', AS_OF)).toEqual({ dueDate_lte: '2026-08-28' });
    // Every day from a year before to a month after falls in the one bucket whose range holds it.
    for (let n = -40; n <= 400; n++) {
      const due = new Date(Date.parse(`${AS_OF}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
      const bucket = ageingBucket(due, AS_OF);
      const r = bucketDueRange(bucket, AS_OF);
      expect((r.dueDate_gte ?? '0000') <= due && due <= (r.dueDate_lte ?? '9999'), `${due} in ${bucket}`).toBe(true);
    }
  });
});

describe('the revenue window', () => {
  it.each([
    ['2026-11-27', 12, '2025-12', '2026-11'],
    ['2026-01-01', 3, '2025-11', '2026-01'],
    ['2026-03-31', 1, '2026-03', '2026-03'],
    ['2024-02-29', 24, '2022-03', '2024-02'],
  ])('as of %s, %i months: %s … %s', (asOf, months, from, to) => {
    const w = windowMonths(asOf, months);
    expect(w).toHaveLength(months);
    expect(w[0]).toBe(from);
    expect(w[w.length - 1]).toBe(to);
    expect([...w].sort()).toEqual(w);
  });
});

describe('exchange to the base currency, rounded once per invoice, half up', () => {
  it.each([
    // total, rate, base, hand-computed
    ['1000.00', '1', 'USD', '1000.00'],
    ['1000.00', '1.0850000000', 'USD', '1085.00'],
    ['123.45', '1.1', 'USD', '135.80'], // 135.795 → 135.80 (half up)
    ['10.01', '0.5', 'USD', '5.01'], // 5.005 → 5.01
    ['43999995', '0.0000393000', 'USD', '1729.20'], // 1729.1998035 → 1729.20
    ['127000', '0.0000393', 'USD', '4.99'], // 4.9911 → 4.99
    ['1000.00', '25450', 'VND', '25450000'],
    ['0.03', '25450.5', 'VND', '764'], // 763.515 → 764
  ])('%s × %s = %s %s', (total, rate, base, expected) => {
    expect(invoiceTotalBase(total, rate, base)).toBe(expected);
  });

  it('figures are exact sums of the rounded totals, never floats', () => {
    expect(sumBase(['0.10', '0.20'], 'USD')).toBe('0.30');
    expect(sumBase(['135.80', '5.01', '1729.20'], 'USD')).toBe('1870.01');
    expect(sumBase([], 'USD')).toBe('0.00');
    expect(sumBase(['25450000', '764'], 'VND')).toBe('25450764');
    // A million cents adds up to the cent.
    expect(
      sumBase(
        Array.from({ length: 1000 }, () => '0.01'),
        'USD',
      ),
    ).toBe('10.00');
  });
});

describe('the list queries of the figures', () => {
  it('say exactly what each figure sums', () => {
    expect(analyticsFilters.month('2026-10')).toEqual({ period: '2026-10', status_ne: 'cancelled' });
    expect(analyticsFilters.month('2026-10', 'paid')).toEqual({ period: '2026-10', status: 'paid' });
    expect(analyticsFilters.overdue(AS_OF)).toEqual({ status: 'sent', kind: 'invoice', dueDate_lte: '2026-11-26' });
    expect(analyticsFilters.bucket('d31_60', AS_OF)).toEqual({ status: 'sent', dueDate_gte: '2026-09-28', dueDate_lte: '2026-10-27' });
    expect(filtersQuery(analyticsFilters.customerRevenue('c1', '2025-12', '2026-11'))).toBe(
      'customerId=c1&period_gte=2025-12&period_lte=2026-11&status_ne=cancelled',
    );
  });

  it('the query: 12 months by default, 1 to 24, a real date', () => {
    expect(invoiceAnalyticsQuerySchema.parse({})).toEqual({ months: 12 });
    expect(invoiceAnalyticsQuerySchema.parse({ months: '24', asOf: '2026-02-28' })).toEqual({ months: 24, asOf: '2026-02-28' });
    for (const bad of [{ months: '0' }, { months: '25' }, { months: '2.5' }, { asOf: '2026-02-30' }, { other: '1' }])
      expect(invoiceAnalyticsQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
