import { describe, expect, it } from 'vitest';
import { addMonths, monthRange } from '../../months.js';
import { ROLES } from '../../auth/permissions.js';
import { BLOCKING_CHECKS, canCloseMonths, closeRefusal, MONTH_CLOSE_ROLES, monthOfValue, monthsTouched } from './month-close.rules.js';

describe('who closes and reopens a month', () => {
  it('admin only', () => {
    expect(MONTH_CLOSE_ROLES).toEqual(['admin']);
  });

  it.each<[string | undefined, boolean]>([
    ...ROLES.map((role): [string, boolean] => [role, role === 'admin']),
    // Roles are stored in lower case; anything else, or nobody signed in, is not admin.
    ['ADMIN', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (role, allowed) => expect(canCloseMonths(role)).toBe(allowed));
});

describe('the month of a date field', () => {
  it.each<[unknown, string | undefined]>([
    ['2026-01-01', '2026-01'],
    ['2026-01-31', '2026-01'],
    ['2026-02-01', '2026-02'],
    ['2024-02-29', '2024-02'],
    ['2025-12-31', '2025-12'],
    ['2026-01', '2026-01'],
    ['2026-12', '2026-12'],
    ['2026-13', undefined],
    ['2026-00-10', undefined],
    // A timestamp is in the month of its date part.
    ['2026-01-31T23:30:00.000Z', '2026-01'],
    // The date starts the value: nothing before it.
    ['x2026-01-31', undefined],
    ['12026-01-01', undefined],
    [' 2026-01-01', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
    [20260101, undefined],
    // Only a string is read: a list holding a date is not a date, though it prints as one.
    [['2026-01-31'], undefined],
  ])('%s → %s', (value, month) => expect(monthOfValue(value)).toBe(month));
});

describe('the months a write touches', () => {
  it.each<[string, Record<string, unknown> | undefined, Record<string, unknown> | undefined, string[]]>([
    ['a create', undefined, { date: '2026-03-31' }, ['2026-03']],
    ['a delete', { date: '2026-03-01' }, undefined, ['2026-03']],
    ['an update within its month', { date: '2026-03-01' }, { date: '2026-03-31' }, ['2026-03']],
    ['a move across the year end', { date: '2026-01-01' }, { date: '2025-12-31' }, ['2025-12', '2026-01']],
    ['a move to the next month, the last day to the first', { date: '2026-02-28' }, { date: '2026-03-01' }, ['2026-02', '2026-03']],
    ['a billing period', { period: '2026-04' }, { period: '2026-05' }, []],
    ['a row without the field', { other: 1 }, undefined, []],
  ])('%s', (_what, before, after, months) => expect(monthsTouched('date', before, after)).toEqual(months));

  it('reads the declared field only', () => {
    expect(monthsTouched('period', { period: '2026-05', date: '2026-01-01' }, { period: '2026-04' })).toEqual(['2026-04', '2026-05']);
  });
});

describe('a date field and its month', () => {
  it('every day of a month is in it, and the days around it are not', () => {
    for (const month of ['2024-02', '2026-02', '2026-12', '2027-01']) {
      const { from, to } = monthRange(month);
      const before = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const after = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect(monthOfValue(from)).toBe(month);
      expect(monthOfValue(to)).toBe(month);
      expect(monthOfValue(before)).not.toBe(month);
      expect(monthOfValue(after)).toBe(addMonths(month, 1));
    }
  });
});

describe('what refuses a close', () => {
  const none = { draftInvoices: 0, salariesNotApproved: 0, salariesNotPaid: 0, logworkMissing: 0, costsWithoutVendorInvoice: 0 };
  it('nothing open: closes without a confirmation', () => expect(closeRefusal(none)).toBeNull());
  it('draft invoices: refused, whatever is confirmed', () => {
    const counts = { ...none, draftInvoices: 24 };
    expect(closeRefusal(counts, counts)).toEqual({ code: 'month_draft_invoices', count: 24 });
  });
  it('other open items: refused naming each count until each is confirmed with that count', () => {
    const counts = { ...none, salariesNotPaid: 3, costsWithoutVendorInvoice: 2 };
    const open = { salariesNotPaid: 3, costsWithoutVendorInvoice: 2 };
    expect(closeRefusal(counts)).toEqual({ code: 'month_open_items', open });
    expect(closeRefusal(counts, { salariesNotPaid: 3 })).toEqual({ code: 'month_open_items', open });
    // A count that moved since the checklist was read is not what the caller accepted.
    expect(closeRefusal(counts, { salariesNotPaid: 2, costsWithoutVendorInvoice: 2 })).toEqual({ code: 'month_open_items', open });
    expect(closeRefusal(counts, open)).toBeNull();
    // Confirming more than is open is harmless: a count of items already handled.
    expect(closeRefusal(counts, { ...open, logworkMissing: 0 })).toBeNull();
  });
  it('only drafts block', () => expect(BLOCKING_CHECKS).toEqual(['draftInvoices']));
});
