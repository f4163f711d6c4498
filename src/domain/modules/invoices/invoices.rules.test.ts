import { describe, expect, it } from 'vitest';
import {
  computeInvoice,
  dueDateFor,
  formatInvoiceNumber,
  invoiceSeries,
  isOverdue,
  lockedFields,
  netOfCredits,
  normalizeDecimal,
} from './invoices.rules.js';
import { stateAllows } from '../../state-actions.js';
import { invoicesResource } from './invoices.resource.js';
import { invoiceCreateSchema, invoiceMarkPaidSchema } from './invoices.schema.js';
import { issueOf } from '../../validation.js';

describe('numbers', () => {
  it.each([
    ['2026-03-31', 42, 'INV-2026-0042'],
    ['2027-01-01', 1, 'INV-2027-0001'],
    ['2026-12-31', 12345, 'INV-2026-12345'],
  ])('issued %s, sequence %i → %s', (date, n, expected) => expect(formatInvoiceNumber(invoiceSeries(date), n)).toBe(expected));
});

describe('due date: issue + payment terms', () => {
  it.each([
    ['2026-01-31', 30, '2026-03-02'],
    ['2026-02-15', 15, '2026-03-02'],
    ['2028-02-15', 15, '2028-03-01'], // leap year
    ['2026-12-15', 30, '2027-01-14'],
    ['2026-05-10', 0, '2026-05-10'],
    ['2026-05-10', null, '2026-06-09'], // no terms: 30 days
  ])('%s + %s days → %s', (issue, terms, expected) => expect(dueDateFor(issue, terms)).toBe(expected));
});

describe('status machine', () => {
  it.each([
    ['draft', 'send', true],
    ['sent', 'send', false],
    ['paid', 'send', false],
    ['cancelled', 'send', false],
    ['sent', 'backToDraft', true],
    ['draft', 'backToDraft', false],
    ['paid', 'backToDraft', false],
    ['sent', 'markPaid', true],
    ['draft', 'markPaid', false],
    ['paid', 'markPaid', false],
    ['draft', 'cancel', true],
    ['sent', 'cancel', true],
    ['paid', 'cancel', false],
    ['cancelled', 'cancel', false],
  ] as const)('%s --%s--> %s', (status, action, allowed) => expect(stateAllows(invoicesResource.states, action, { status })).toBe(allowed));

  it('a sent invoice moves only its due date and note; paid and cancelled nothing', () => {
    expect(lockedFields('draft', ['lines', 'taxRate'])).toEqual([]);
    expect(lockedFields('sent', ['dueDate', 'note'])).toEqual([]);
    expect(lockedFields('sent', ['dueDate', 'lines', 'currency'])).toEqual(['lines', 'currency']);
    expect(lockedFields('paid', ['note'])).toEqual(['note']);
    expect(lockedFields('cancelled', ['dueDate'])).toEqual(['dueDate']);
  });

  it('overdue: sent, past due, as of a day', () => {
    expect(isOverdue({ status: 'sent', dueDate: '2026-03-01' }, '2026-03-02')).toBe(true);
    expect(isOverdue({ status: 'sent', dueDate: '2026-03-01' }, '2026-03-01')).toBe(false);
    expect(isOverdue({ status: 'paid', dueDate: '2026-03-01' }, '2026-04-01')).toBe(false);
    expect(isOverdue({ status: 'draft', dueDate: '2026-03-01' }, '2026-04-01')).toBe(false);
    expect(isOverdue({ status: 'cancelled', dueDate: '2026-03-01' }, '2026-04-01')).toBe(false);
  });
});

describe('netOfCredits: what is left to credit', () => {
  it("is the total less what the issued notes gave back, in the currency's decimals", () => {
    expect(netOfCredits({ total: '5720.00', credited: '550.00', currency: 'USD' })).toBe('5170.00');
    expect(netOfCredits({ total: '5720.00', credited: '5720.00', currency: 'USD' })).toBe('0.00');
    expect(netOfCredits({ total: '120000', credited: '20000', currency: 'JPY' })).toBe('100000');
  });
});

describe('computeInvoice', () => {
  it('EUR with a rate to USD', () => {
    // 160 h × 45.125 = 7220.00; 1 × 99.995 = 99.995 → 100.00; subtotal 7320.00; 19 % = 1390.80; total 8710.80
    // in USD at 1.0825: 9429.441 → 9429.44
    const c = computeInvoice(
      {
        lines: [
          { description: 'Backend', unit: 'hour', quantity: '160.00', unitPrice: '45.125' },
          { description: 'Licence', unit: 'item', quantity: '1', unitPrice: '099.9950', headcountId: null },
        ],
        taxRate: '19',
        currency: 'EUR',
        exchangeRate: '1.0825',
      },
      'USD',
    );
    expect(c).toEqual({
      lines: [
        { description: 'Backend', headcountId: null, unit: 'hour', quantity: '160', unitPrice: '45.125', amount: '7220.00' },
        { description: 'Licence', headcountId: null, unit: 'item', quantity: '1', unitPrice: '99.995', amount: '100.00' },
      ],
      subtotal: '7320.00',
      tax: '1390.80',
      total: '8710.80',
      totalBase: '9429.44',
    });
  });

  it('normalizes typed decimals', () => {
    expect(normalizeDecimal('007.50')).toBe('7.5');
    expect(normalizeDecimal('10.000')).toBe('10');
    expect(normalizeDecimal('0')).toBe('0');
  });
});

describe('schemas: bad input gets field codes', () => {
  const base = {
    subject: 'October',
    customerId: '00000000-0000-4000-8000-000000000001',
    period: '2026-10',
    issueDate: '2026-10-31',
    lines: [{ description: 'Work', quantity: '1', unitPrice: '10' }],
  };
  const codes = (body: unknown, schema = invoiceCreateSchema) => {
    const r = schema.safeParse(body);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), issueOf(i as never).code]));
  };
  it('accepts a valid body, numbers read as the text they print', () => {
    expect(codes(base)).toEqual({});
    const parsed = invoiceCreateSchema.parse({ ...base, lines: [{ description: 'x', quantity: 2.5, unitPrice: 10 }] });
    expect(parsed.lines[0]).toMatchObject({ quantity: '2.5', unitPrice: '10', unit: 'item' });
    expect(parsed.taxRate).toBe('0');
  });
  it.each([
    [{ lines: [{ description: 'x', quantity: '-1', unitPrice: '1' }] }, 'lines.0.quantity', 'negative'],
    [{ lines: [{ description: 'x', quantity: '1', unitPrice: '1e3' }] }, 'lines.0.unitPrice', 'decimal'],
    [{ lines: [{ description: 'x', quantity: '1.00001', unitPrice: '1' }] }, 'lines.0.quantity', 'decimal_places'],
    [{ lines: [{ description: 'x', quantity: '1', unitPrice: '1', unit: 'week' }] }, 'lines.0.unit', 'choice'],
    [{ lines: [{ description: ' ', quantity: '1', unitPrice: '1' }] }, 'lines.0.description', 'required'],
    [{ period: '2026-13' }, 'period', 'month'],
    [{ period: 'October' }, 'period', 'month'],
    [{ currency: 'XYZ' }, 'currency', 'choice'],
    [{ taxRate: '100.01' }, 'taxRate', 'decimal_too_big'],
    [{ exchangeRate: '0' }, 'exchangeRate', 'positive'],
    [{ dueDate: '2026-10-30' }, 'dueDate', 'due_before_issue'],
  ])('%j → %s: %s', (patch, path, code) => expect(codes({ ...base, ...patch })).toMatchObject({ [path]: code }));

  it('mark-paid needs a date and a positive amount', () => {
    expect(codes({ paidAt: '2026-11-05', amount: '0' }, invoiceMarkPaidSchema as never)).toEqual({ amount: 'positive' });
    expect(codes({ paidAt: '2026-02-30', amount: '10' }, invoiceMarkPaidSchema as never)).toEqual({ paidAt: 'date' });
  });
});
