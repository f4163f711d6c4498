import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  costAmountText,
  EXTERNAL_COST_CATEGORY_VALUES,
  externalCostCreateSchema,
  externalCostSchema,
  externalCostUpdateSchema,
  vendorInvoiceMatchesSchema,
  vendorInvoiceQuerySchema,
} from './external-costs.schema.js';
import { firstIssue, id } from '../../../../tests/fixtures/schema-issues.js';

const cost = { description: 'Laptops', date: '2026-11-24', vendor: 'Dell', amount: '2400.00' };

describe('a cost amount', () => {
  it.each([
    ['0.01', 'ok'],
    [' 12.5 ', 'ok'],
    // Thirteen whole digits and the cents.
    ['9999999999999.99', 'ok'],
    ['10000000000000', ': decimal_too_big'],
    ['1.001', ': decimal_places'],
    // A cost is money paid: more than nothing.
    ['0', ': positive'],
    ['0.00', ': positive'],
    ['-1', ': negative'],
    ['1e3', ': decimal'],
    ['', ': required'],
  ])('%j → %s', (value, expected) => {
    expect(firstIssue(costAmountText, value)).toBe(expected);
  });
});

describe('external cost create', () => {
  it('a new cost is "other" until its category is chosen; absent optional fields are null', () => {
    expect(externalCostCreateSchema.parse(cost)).toEqual({
      ...cost,
      category: 'other',
      vendorInvoiceNumber: null,
      customerId: null,
      projectId: null,
      note: null,
    });
  });

  it('keeps what is given, trimmed', () => {
    const given = {
      description: ' Laptops ',
      date: '2026-11-24',
      category: 'equipment',
      vendor: ' Dell ',
      vendorInvoiceNumber: ' INV-7 ',
      amount: ' 2400.00 ',
      currency: 'EUR',
      exchangeRate: '1.0825',
      customerId: id(1),
      projectId: id(2),
      note: ' For the new team ',
    };
    expect(externalCostCreateSchema.parse(given)).toEqual({
      ...given,
      description: 'Laptops',
      vendor: 'Dell',
      vendorInvoiceNumber: 'INV-7',
      amount: '2400.00',
      note: 'For the new team',
    });
  });

  // The server then decides: the base currency, and its rate of 1.
  it.each(['', null, undefined])('a currency and a rate of %j are not given', (blank) => {
    const parsed = externalCostCreateSchema.parse({ ...cost, currency: blank, exchangeRate: blank });
    expect(parsed.currency).toBeUndefined();
    expect(parsed.exchangeRate).toBeUndefined();
  });

  it.each(EXTERNAL_COST_CATEGORY_VALUES)('takes the category %s', (category) => {
    expect(externalCostCreateSchema.parse({ ...cost, category }).category).toBe(category);
  });

  it('names its categories', () => {
    expect(EXTERNAL_COST_CATEGORY_VALUES).toEqual(['office', 'software', 'equipment', 'recruitment', 'marketing', 'other']);
  });

  it.each([
    [{}, 'ok'],
    [{ description: undefined }, 'description: required'],
    [{ description: '  ' }, 'description: required'],
    [{ description: 'x'.repeat(200) }, 'ok'],
    [{ description: 'x'.repeat(201) }, 'description: too_long'],
    [{ date: undefined }, 'date: required'],
    [{ date: '2026-02-30' }, 'date: date'],
    [{ date: '1899-12-31' }, 'date: date_range'],
    [{ category: 'travel' }, 'category: choice'],
    [{ vendor: '' }, 'vendor: required'],
    [{ vendor: 'x'.repeat(200) }, 'ok'],
    [{ vendor: 'x'.repeat(201) }, 'vendor: too_long'],
    [{ vendorInvoiceNumber: 'x'.repeat(100) }, 'ok'],
    [{ vendorInvoiceNumber: 'x'.repeat(101) }, 'vendorInvoiceNumber: too_long'],
    [{ amount: '' }, 'amount: required'],
    [{ amount: '0' }, 'amount: positive'],
    [{ amount: '9999999999999.99' }, 'ok'],
    [{ amount: '10000000000000.00' }, 'amount: decimal_too_big'],
    [{ amount: '0.001' }, 'amount: decimal_places'],
    [{ currency: 'VND' }, 'ok'],
    [{ currency: 'XBT' }, 'currency: choice'],
    [{ exchangeRate: '0.0000412345' }, 'ok'],
    [{ exchangeRate: '999999999' }, 'ok'],
    [{ exchangeRate: '1000000000' }, 'exchangeRate: decimal_too_big'],
    [{ exchangeRate: '0.00000000001' }, 'exchangeRate: decimal_places'],
    [{ exchangeRate: '0' }, 'exchangeRate: positive'],
    [{ exchangeRate: 'one' }, 'exchangeRate: decimal'],
    [{ customerId: id(1) }, 'ok'],
    [{ customerId: 'acme' }, 'customerId: invalid_id'],
    [{ customerId: id(1), projectId: 'portal' }, 'projectId: invalid_id'],
    [{ note: 'x'.repeat(5000) }, 'ok'],
    [{ note: 'x'.repeat(5001) }, 'note: too_long'],
    // The base amount is the server's, and the invoices are uploaded to their slot.
    [{ amountBase: '2400.00' }, ': unknown_field'],
    [{ invoices: [] }, ': unknown_field'],
  ])('%j → %s', (patch, expected) => {
    expect(firstIssue(externalCostCreateSchema, { ...cost, ...patch })).toBe(expected);
  });

  it.each([
    [{ customerId: id(1), projectId: id(2) }, 'ok'],
    [{ customerId: id(1), projectId: null }, 'ok'],
    [{ projectId: id(2) }, 'customerId: project_needs_customer'],
    [{ customerId: null, projectId: id(2) }, 'customerId: project_needs_customer'],
  ])('a project names its customer: %j → %s', (patch, expected) => {
    expect(firstIssue(externalCostCreateSchema, { ...cost, ...patch })).toBe(expected);
  });
});

describe('external cost update', () => {
  it('is partial: nothing is required and no default is added', () => {
    expect(externalCostUpdateSchema.parse({})).toEqual({});
    expect(externalCostUpdateSchema.parse({ amount: '10' })).toEqual({ amount: '10' });
  });

  it('a blank currency or rate is not given', () => {
    const parsed = externalCostUpdateSchema.parse({ currency: '', exchangeRate: null });
    expect(parsed.currency).toBeUndefined();
    expect(parsed.exchangeRate).toBeUndefined();
  });

  it.each([
    [{ category: 'marketing' }, 'ok'],
    [{ category: 'travel' }, 'category: choice'],
    [{ description: '' }, 'description: required'],
    [{ amount: '0' }, 'amount: positive'],
    [{ exchangeRate: '0' }, 'exchangeRate: positive'],
    [{ currency: 'usd' }, 'currency: choice'],
    // Without the stored customer the project is checked by the server, not here.
    [{ projectId: id(2) }, 'ok'],
    [{ id: id(3) }, ': unknown_field'],
  ])('%j → %s', (body, expected) => {
    expect(firstIssue(externalCostUpdateSchema, body)).toBe(expected);
  });
});

describe('the vendor invoice check', () => {
  const q = { vendor: 'Dell', vendorInvoiceNumber: 'INV-7' };

  it.each([
    [q, 'ok'],
    [{ ...q, exceptId: id(5) }, 'ok'],
    [{ ...q, exceptId: 'new' }, 'exceptId: invalid_id'],
    [{ ...q, vendor: ' ' }, 'vendor: required'],
    [{ ...q, vendor: 'x'.repeat(201) }, 'vendor: too_long'],
    [{ vendor: 'Dell' }, 'vendorInvoiceNumber: required'],
    [{ ...q, vendorInvoiceNumber: 'x'.repeat(100) }, 'ok'],
    [{ ...q, vendorInvoiceNumber: 'x'.repeat(101) }, 'vendorInvoiceNumber: too_long'],
    [{ ...q, date: '2026-11-24' }, ': unknown_field'],
  ])('%j → %s', (query, expected) => {
    expect(firstIssue(vendorInvoiceQuerySchema, query)).toBe(expected);
  });

  it('trims what it compares', () => {
    expect(vendorInvoiceQuerySchema.parse({ vendor: ' Dell ', vendorInvoiceNumber: ' INV-7 ' })).toEqual(q);
  });
});

describe('external cost answers', () => {
  const file = {
    fileId: id(30),
    name: 'inv-7.pdf',
    mime: 'application/pdf',
    size: 1024,
    uploadedAt: '2026-11-24T10:00:00.000Z',
    sha256: 'ab'.repeat(32),
  };
  const stored = {
    id: id(10),
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
    createdBy: id(4),
    description: 'Laptops',
    date: '2026-11-24',
    category: 'equipment',
    vendor: 'Dell',
    vendorInvoiceNumber: 'INV-7',
    amount: '2400.00',
    currency: 'EUR',
    exchangeRate: '1.0825',
    amountBase: '2598.00',
    customerId: id(1),
    projectId: id(2),
    note: 'For the new team',
    invoices: [file],
    vendorInvoiced: true,
  };
  const overhead = {
    ...stored,
    vendorInvoiceNumber: null,
    customerId: null,
    projectId: null,
    note: null,
    invoices: [],
    vendorInvoiced: false,
  };
  const match = { id: id(11), description: 'Laptops', date: '2026-10-02', amount: '2400.00', currency: 'EUR' };

  it.each([
    ['a cost', externalCostSchema, stored],
    ['an overhead cost without invoices', externalCostSchema, overhead],
    ['the vendor invoice matches', vendorInvoiceMatchesSchema, { data: [match] }],
    ['no vendor invoice match', vendorInvoiceMatchesSchema, { data: [] }],
  ])('%s keeps every field', (_, schema, body) => {
    expect((schema as z.ZodType).parse(body)).toEqual(body);
  });

  it.each([
    ['a cost of another category', externalCostSchema, { ...stored, category: 'travel' }],
    ['a cost without its base amount', externalCostSchema, { ...stored, amountBase: undefined }],
    ['a cost in an unknown currency', externalCostSchema, { ...stored, currency: 'XBT' }],
    ['an invoice without its hash', externalCostSchema, { ...stored, invoices: [{ ...file, sha256: undefined }] }],
    ['a customer that is no id', externalCostSchema, { ...stored, customerId: 'acme' }],
    ['a match without its currency', vendorInvoiceMatchesSchema, { data: [{ ...match, currency: undefined }] }],
    ['the matches as a bare list', vendorInvoiceMatchesSchema, [match]],
  ])('refuses %s', (_, schema, body) => {
    expect((schema as z.ZodType).safeParse(body).success).toBe(false);
  });
});
