import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  IMPORT_ACTIONS,
  importChangeSchema,
  importCountsSchema,
  importExecuteSchema,
  importIssueSchema,
  importPreviewSchema,
  importRecordSchema,
  importTotalsSchema,
  importValidationSchema,
  SALARY_AMOUNTS,
  SALARY_STATUS_VALUES,
  salaryAmountText,
  salaryCreateSchema,
  salaryImportQuerySchema,
  salarySchema,
  salaryUpdateSchema,
} from './salaries.schema.js';
import { firstIssue, id } from '../../../../tests/fixtures/schema-issues.js';

const salary = { userId: id(1), month: '2026-11', base: '2500.00' };

describe('a salary amount', () => {
  it.each([
    ['0', 'ok'],
    ['0.00', 'ok'],
    ['1234.5', 'ok'],
    [' 1234.56 ', 'ok'],
    // Twelve whole digits at most: an Excel cell keeps fifteen significant digits exactly.
    ['999999999999.99', 'ok'],
    ['000999999999999', 'ok'],
    ['1000000000000', ': decimal_too_big'],
    ['1234.567', ': decimal_places'],
    ['-0.01', ': negative'],
    ['12,50', ': decimal'],
    ['', ': required'],
    [' ', ': required'],
  ])('%j → %s', (value, expected) => {
    expect(firstIssue(salaryAmountText, value)).toBe(expected);
  });

  it('a number is read as its decimal text', () => {
    expect(salaryAmountText.parse(1234.5)).toBe('1234.5');
    expect(salaryAmountText.parse(' 12.00 ')).toBe('12.00');
  });
});

describe('salary create', () => {
  it('the other amounts are 0, the currency USD and the note null when left out', () => {
    expect(salaryCreateSchema.parse(salary)).toEqual({
      ...salary,
      allowance: '0',
      overtime: '0',
      bonus: '0',
      commission: '0',
      deductions: '0',
      currency: 'USD',
      note: null,
    });
  });

  it('an amount other than the base left blank in the form is 0', () => {
    const blank = { allowance: '', overtime: null, bonus: '', commission: null, deductions: '' };
    expect(salaryCreateSchema.parse({ ...salary, ...blank })).toMatchObject({
      allowance: '0',
      overtime: '0',
      bonus: '0',
      commission: '0',
      deductions: '0',
    });
  });

  it('keeps what is given, trimmed', () => {
    const given = {
      ...salary,
      allowance: '100',
      overtime: '12.5',
      bonus: 300,
      commission: ' 40.25 ',
      deductions: '99.99',
      currency: 'VND',
      note: ' November ',
    };
    expect(salaryCreateSchema.parse(given)).toEqual({ ...given, bonus: '300', commission: '40.25', note: 'November' });
  });

  it.each([
    [{}, 'ok'],
    [{ userId: undefined }, 'userId: required'],
    [{ userId: '' }, 'userId: required'],
    [{ userId: 'me' }, 'userId: invalid_id'],
    [{ month: undefined }, 'month: required'],
    [{ month: ' 2026-12 ' }, 'ok'],
    [{ month: '2026-13' }, 'month: month'],
    [{ month: '2026-11-01' }, 'month: month'],
    // The base is never blank: it is the salary.
    [{ base: '' }, 'base: required'],
    [{ base: '0' }, 'ok'],
    [{ base: '999999999999.99' }, 'ok'],
    [{ base: '1000000000000.00' }, 'base: decimal_too_big'],
    [{ base: '1.001' }, 'base: decimal_places'],
    [{ allowance: '999999999999.99' }, 'ok'],
    [{ allowance: '1000000000000' }, 'allowance: decimal_too_big'],
    [{ overtime: '0.005' }, 'overtime: decimal_places'],
    [{ bonus: 'ten' }, 'bonus: decimal'],
    [{ commission: '-5' }, 'commission: negative'],
    [{ deductions: '1000000000000' }, 'deductions: decimal_too_big'],
    [{ currency: 'EUR' }, 'ok'],
    [{ currency: 'usd' }, 'currency: choice'],
    [{ currency: '' }, 'currency: choice'],
    [{ note: 'x'.repeat(1000) }, 'ok'],
    [{ note: ` ${'x'.repeat(1000)} ` }, 'ok'],
    [{ note: 'x'.repeat(1001) }, 'note: too_long'],
    // Net, status and its dates are the server's.
    [{ net: '2500.00' }, ': unknown_field'],
    [{ status: 'approved' }, ': unknown_field'],
  ])('%j → %s', (patch, expected) => {
    expect(firstIssue(salaryCreateSchema, { ...salary, ...patch })).toBe(expected);
  });

  it.each([
    [undefined, 'base: required'],
    [null, 'base: required'],
    [true, 'base: invalid'],
  ])('a base of %j is refused: %s', (base, expected) => {
    expect(firstIssue(salaryCreateSchema, { ...salary, base })).toBe(expected);
  });

  it.each(SALARY_AMOUNTS)('%s is an amount: refused when negative or past two decimals', (amount) => {
    expect(firstIssue(salaryCreateSchema, { ...salary, [amount]: '-1' })).toBe(`${amount}: negative`);
    expect(firstIssue(salaryCreateSchema, { ...salary, [amount]: '1.234' })).toBe(`${amount}: decimal_places`);
  });

  it('names its amounts in the order of the form, the list and the import sheet', () => {
    expect(SALARY_AMOUNTS).toEqual(['base', 'allowance', 'overtime', 'bonus', 'commission', 'deductions']);
  });
});

describe('salary update', () => {
  it('is partial: nothing is required and no default is added', () => {
    expect(salaryUpdateSchema.parse({})).toEqual({});
    expect(salaryUpdateSchema.parse({ bonus: '50' })).toEqual({ bonus: '50' });
    expect(salaryUpdateSchema.parse({ note: ' ' })).toEqual({ note: null });
  });

  it('an amount other than the base cleared in the form becomes 0', () => {
    expect(salaryUpdateSchema.parse({ allowance: '', deductions: null })).toEqual({ allowance: '0', deductions: '0' });
  });

  it.each([
    [{ base: '' }, 'base: required'],
    [{ base: '-1' }, 'base: negative'],
    [{ overtime: '1000000000000' }, 'overtime: decimal_too_big'],
    [{ month: '11/2026' }, 'month: month'],
    [{ userId: 'someone' }, 'userId: invalid_id'],
    [{ currency: 'XBT' }, 'currency: choice'],
    [{ note: 'x'.repeat(1001) }, 'note: too_long'],
    [{ paidAt: '2026-11-30' }, ': unknown_field'],
  ])('%j → %s', (body, expected) => {
    expect(firstIssue(salaryUpdateSchema, body)).toBe(expected);
  });
});

describe('the import query', () => {
  it.each([
    [{ month: '2026-01' }, 'ok'],
    [{ month: '2026-1' }, 'month: month'],
    [{}, 'month: required'],
    [{ month: '2026-01', dryRun: 'true' }, ': unknown_field'],
  ])('%j → %s', (query, expected) => {
    expect(firstIssue(salaryImportQuerySchema, query)).toBe(expected);
  });
});

describe('salary answers', () => {
  const paid = {
    id: id(10),
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-30T08:00:00.000Z',
    createdBy: id(2),
    userId: id(1),
    month: '2026-11',
    base: '2500.00',
    allowance: '100.00',
    overtime: '0.00',
    bonus: '0.00',
    commission: '0.00',
    deductions: '50.00',
    net: '2550.00',
    currency: 'USD',
    status: 'paid',
    approvedAt: '2026-11-28T08:00:00.000Z',
    paidAt: '2026-11-30T08:00:00.000Z',
    note: 'November',
  };
  const draft = { ...paid, status: 'draft', approvedAt: null, paidAt: null, note: null, createdBy: null };
  const issue = { row: 3, column: 'Email', value: 'a@b.c', code: 'unknown_email' };
  const change = {
    row: 2,
    userId: id(1),
    email: 'an@example.com',
    name: 'An Nguyen',
    month: '2026-11',
    action: 'update',
    currency: 'USD',
    fields: [{ field: 'bonus', old: '0.00', new: '100.00' }],
  };
  const counts = { create: 1, update: 2, unchanged: 3 };
  const totals = { before: { USD: '5000.00' }, after: { USD: '5100.00', VND: '1000000' } };
  const record = {
    id: id(20),
    month: '2026-11',
    fileName: 'salaries-2026-11.xlsx',
    sha256: 'ab'.repeat(32),
    fileId: id(21),
    counts,
    totals,
    createdAt: '2026-11-30T09:00:00.000Z',
    createdBy: id(2),
    createdByName: 'Admin',
  };

  it.each([
    ['a salary', salarySchema, paid],
    ['a draft salary', salarySchema, draft],
    ['a cell issue', importIssueSchema, issue],
    [
      'a cell issue with its parameters',
      importIssueSchema,
      { ...issue, value: null, code: 'duplicate_person', params: { row: 2, email: 'a' } },
    ],
    ['a validation', importValidationSchema, { month: '2026-11', rows: 2, errors: [issue] }],
    ['a change', importChangeSchema, change],
    ['a new row', importChangeSchema, { ...change, action: 'create', fields: [{ field: 'base', old: null, new: '2500.00' }] }],
    ['the counts', importCountsSchema, counts],
    ['the totals', importTotalsSchema, totals],
    ['a preview', importPreviewSchema, { month: '2026-11', sha256: 'ab'.repeat(32), previewToken: 't', counts, totals, changes: [change] }],
    ['an import', importRecordSchema, record],
    ['an import by a removed user', importRecordSchema, { ...record, createdBy: null, createdByName: null }],
    ['an executed import', importExecuteSchema, { applied: true, import: record }],
    ['a file executed before', importExecuteSchema, { applied: false, import: record }],
  ])('%s keeps every field', (_, schema, body) => {
    expect((schema as z.ZodType).parse(body)).toEqual(body);
  });

  it.each(SALARY_STATUS_VALUES)('a salary may be %s', (status) => {
    expect(salarySchema.parse({ ...paid, status }).status).toBe(status);
  });

  it.each(IMPORT_ACTIONS)('an import row may %s', (action) => {
    expect(importChangeSchema.parse({ ...change, action }).action).toBe(action);
  });

  it('names the statuses and the import actions', () => {
    expect(SALARY_STATUS_VALUES).toEqual(['draft', 'approved', 'paid']);
    expect(IMPORT_ACTIONS).toEqual(['create', 'update', 'unchanged']);
  });

  it.each([
    ['a salary of another status', salarySchema, { ...paid, status: 'cancelled' }],
    ['a salary in an unknown currency', salarySchema, { ...paid, currency: 'XBT' }],
    ['a salary without its net', salarySchema, { ...paid, net: undefined }],
    ['a salary of nobody', salarySchema, { ...paid, userId: 'me' }],
    ['a cell issue with an object parameter', importIssueSchema, { ...issue, params: { row: { n: 1 } } }],
    ['a cell issue without its code', importIssueSchema, { ...issue, code: undefined }],
    ['a validation without its errors', importValidationSchema, { month: '2026-11', rows: 0 }],
    ['a change of another action', importChangeSchema, { ...change, action: 'delete' }],
    ['a change without its fields', importChangeSchema, { ...change, fields: undefined }],
    ['counts without the unchanged rows', importCountsSchema, { create: 1, update: 2 }],
    ['totals as numbers', importTotalsSchema, { before: { USD: 5000 }, after: {} }],
    ['a preview without its token', importPreviewSchema, { month: '2026-11', sha256: 'x', counts, totals, changes: [] }],
    ['an import without its file', importRecordSchema, { ...record, fileId: undefined }],
    ['an execution without its flag', importExecuteSchema, { import: record }],
  ])('refuses %s', (_, schema, body) => {
    expect((schema as z.ZodType).safeParse(body).success).toBe(false);
  });
});
