import { describe, expect, it } from 'vitest';
import { draftLines, type DraftEntry, type DraftSeat } from './invoices.draft.js';
import { computeInvoice } from './invoices.rules.js';

// October 2026 starts on a Thursday and has 22 weekdays: Thu 1, Fri 2, then four full weeks
// 5–9, 12–16, 19–23, 26–30; Saturday 31 is off.
const OCT = '2026-10';

const seat = (over: Partial<DraftSeat>): DraftSeat => ({
  id: 'seat-1',
  person: 'Nguyễn Văn An',
  title: 'React developer',
  rateUnit: 'month',
  billingRate: '5000',
  startDate: '2026-01-01',
  endDate: null,
  ...over,
});
const entry = (date: string, hours: string, billRate: string | null, headcountId = 'seat-1'): DraftEntry => ({
  headcountId,
  date,
  hours,
  billRate,
});

describe('a monthly seat, pro rata to its working days', () => {
  // [start, end, holidays, quantity line: unitPrice, words in the description]
  it.each([
    ['full month', '2026-01-01', null, [], '5000', '22 of 22 working days (full month at 5000/month)'],
    // 15th (Thu) to the 31st: 15, 16, 19–23, 26–30 = 12 of 22 → 5000 × 12 ÷ 22 = 2727.2727… → 2727.27
    ['starting the 15th', '2026-10-15', null, [], '2727.27', '12 of 22 working days (pro rata of 5000/month)'],
    // 1st to the 10th (Sat): 1, 2, 5–9 = 7 of 22 → 1590.9090… → 1590.91
    ['ending the 10th', '2025-06-01', '2026-10-10', [], '1590.91', '7 of 22 working days (pro rata of 5000/month)'],
    // Holidays Fri 2 and Tue 20: 20 working days; from the 15th 11 of them → 2750
    ['starting the 15th, two holidays', '2026-10-15', null, ['2026-10-02', '2026-10-20'], '2750', '11 of 20 working days'],
    // ... and up to the 10th: 6 of 20 → 1500
    ['ending the 10th, two holidays', '2026-09-01', '2026-10-10', ['2026-10-02', '2026-10-20'], '1500', '6 of 20 working days'],
    // A holiday on a weekend changes nothing: 12 of 22
    ['a holiday on a Saturday', '2026-10-15', null, ['2026-10-17'], '2727.27', '12 of 22 working days'],
    // Starting and ending inside the month: 12th to 14th = 3 of 22 → 681.8181… → 681.82
    ['inside the month', '2026-10-12', '2026-10-14', [], '681.82', '3 of 22 working days'],
  ])('%s', (_label, startDate, endDate, holidays, unitPrice, words) => {
    const lines = draftLines({ period: OCT, currency: 'USD', seats: [seat({ startDate, endDate })], holidays, entries: [] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ headcountId: 'seat-1', quantity: '1', unit: 'month', unitPrice });
    expect(lines[0]!.description).toContain('Nguyễn Văn An — React developer, ');
    expect(lines[0]!.description).toContain(words);
  });

  it('rounds half up to the currency: VND has no decimals', () => {
    // 50 000 000 × 12 ÷ 22 = 27 272 727.27… → 27 272 727
    const lines = draftLines({
      period: OCT,
      currency: 'VND',
      seats: [seat({ billingRate: '50000000', startDate: '2026-10-15' })],
      holidays: [],
      entries: [],
    });
    expect(lines[0]!.unitPrice).toBe('27272727');
    // From Fri 30 (1 of 22): 1100 ÷ 22 = 50 exactly; 1111 ÷ 22 = 50.5 → 51 (half up)
    const half = draftLines({
      period: OCT,
      currency: 'VND',
      seats: [
        seat({ id: 'a', billingRate: '1100', startDate: '2026-10-30' }),
        seat({ id: 'b', person: 'Zoe', billingRate: '1111', startDate: '2026-10-30' }),
      ],
      holidays: [],
      entries: [],
    });
    expect(half.map((l) => l.unitPrice)).toEqual(['50', '51']);
  });

  it('gives no line to a seat with no working day in the month, nor one outside it', () => {
    const seats = [
      seat({ id: 'weekend', startDate: '2026-10-31' }),
      seat({ id: 'ended', endDate: '2026-09-30' }),
      seat({ id: 'later', startDate: '2026-11-02' }),
    ];
    expect(draftLines({ period: OCT, currency: 'USD', seats, holidays: [], entries: [] })).toEqual([]);
  });
});

describe('an hourly seat, hours logged at the rate each entry snapshotted', () => {
  const hourly = seat({ rateUnit: 'hour', billingRate: '40' });
  it('one line per rate, hours summed exactly; other months and other seats left out', () => {
    const entries = [
      entry('2026-10-01', '8', '25'),
      entry('2026-10-02', '7.5', '25.00'),
      entry('2026-10-20', '4', '30'),
      entry('2026-10-21', '0.25', '30'),
      entry('2026-09-30', '8', '25'),
      entry('2026-11-02', '8', '30'),
      entry('2026-10-05', '6', '25', 'seat-2'),
    ];
    const lines = draftLines({ period: OCT, currency: 'USD', seats: [hourly], holidays: [], entries });
    expect(lines).toEqual([
      {
        headcountId: 'seat-1',
        quantity: '15.5',
        unit: 'hour',
        unitPrice: '25',
        description: 'Nguyễn Văn An — React developer, 15.5 hours logged at 25/hour',
      },
      {
        headcountId: 'seat-1',
        quantity: '4.25',
        unit: 'hour',
        unitPrice: '30',
        description: 'Nguyễn Văn An — React developer, 4.25 hours logged at 30/hour',
      },
    ]);
    // 15.5 × 25 = 387.50; 4.25 × 30 = 127.50; 515.00
    const c = computeInvoice({ lines, taxRate: '0', currency: 'USD', exchangeRate: '1' }, 'USD');
    expect(c.lines.map((l) => l.amount)).toEqual(['387.50', '127.50']);
    expect(c.total).toBe('515.00');
  });

  it('an entry without a snapshot bills at the seat rate; a seat with no hours gives no line', () => {
    const lines = draftLines({
      period: OCT,
      currency: 'USD',
      seats: [hourly, seat({ id: 'idle', person: 'Trần Bình', rateUnit: 'hour' })],
      holidays: [],
      entries: [entry('2026-10-01', '1', null), entry('2026-10-02', '0', '25')],
    });
    expect(lines.map((l) => [l.headcountId, l.quantity, l.unitPrice])).toEqual([['seat-1', '1', '40']]);
    expect(lines[0]!.description).toContain('1 hour logged at 40/hour');
  });
});

describe('a daily seat, days logged', () => {
  it('a day with any hours counts as one day, per snapshotted rate', () => {
    const daily = seat({ rateUnit: 'day', billingRate: '200' });
    const entries = [
      entry('2026-10-01', '8', '200'),
      entry('2026-10-02', '4', '200'),
      entry('2026-10-05', '0.25', '200'),
      entry('2026-10-06', '9', '220'),
      entry('2026-10-07', '0', '200'),
    ];
    const lines = draftLines({ period: OCT, currency: 'USD', seats: [daily], holidays: [], entries });
    expect(lines.map((l) => [l.quantity, l.unit, l.unitPrice])).toEqual([
      ['3', 'day', '200'],
      ['1', 'day', '220'],
    ]);
    expect(lines[0]!.description).toBe('Nguyễn Văn An — React developer, 3 days logged at 200/day (a day with hours logged counts as one)');
    expect(lines[1]!.description).toContain('1 day logged at 220/day');
  });
});
