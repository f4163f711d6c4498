import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  monthCloseBodySchema,
  monthCloseParamSchema,
  monthCloseSchema,
  monthClosesSchema,
  monthReopenBodySchema,
  type MonthClose,
} from './month-close.schema.js';
import { firstIssue } from '../../../../tests/fixtures/schema-issues.js';

describe('a month in the address', () => {
  it.each([
    ['2026-01', 'ok'],
    ['2026-12', 'ok'],
    ['2026-00', 'month: month'],
    ['2026-13', 'month: month'],
    ['2026-1', 'month: month'],
    ['2026-01-31', 'month: month'],
    ['', 'month: month'],
  ])('%j → %s', (month, expected) => {
    expect(firstIssue(monthCloseParamSchema, { month })).toBe(expected);
  });

  it('keeps the month', () => {
    expect(monthCloseParamSchema.parse({ month: '2026-03' })).toEqual({ month: '2026-03' });
  });
});

describe('closing a month', () => {
  // The close button sends no body at all: that is a close without a note.
  it.each<[unknown, { note: string | null }]>([
    [undefined, { note: null }],
    [null, { note: null }],
    [{}, { note: null }],
    [{ note: null }, { note: null }],
    [{ note: '   ' }, { note: null }],
    [{ note: ' Books checked ' }, { note: 'Books checked' }],
  ])('%j → %j', (body, expected) => {
    expect(monthCloseBodySchema.parse(body)).toEqual(expected);
  });

  it.each([
    [{ note: 'x'.repeat(1000) }, 'ok'],
    [{ note: 'x'.repeat(1001) }, 'note: too_long'],
    [{ note: 12 }, 'note: invalid'],
    [{ month: '2026-01' }, ': unknown_field'],
    ['close', ': invalid'],
  ])('%j → %s', (body, expected) => {
    expect(firstIssue(monthCloseBodySchema, body)).toBe(expected);
  });
});

describe('reopening a month', () => {
  it('takes the reason, trimmed', () => {
    expect(monthReopenBodySchema.parse({ note: ' Late invoice ' })).toEqual({ note: 'Late invoice' });
  });

  // Reopening is audited: it always says why.
  it.each([
    [{ note: 'x'.repeat(1000) }, 'ok'],
    [{ note: 'x'.repeat(1001) }, 'note: too_long'],
    [{ note: '   ' }, 'note: required'],
    [{ note: null }, 'note: required'],
    [{}, 'note: required'],
    [{ note: 'Late invoice', month: '2026-01' }, ': unknown_field'],
  ])('%j → %s', (body, expected) => {
    expect(firstIssue(monthReopenBodySchema, body)).toBe(expected);
  });
});

describe('the closed months as the API returns them', () => {
  const closed: MonthClose = {
    month: '2026-01',
    closedBy: '00000000-0000-4000-8000-000000000001',
    closedByName: 'Admin',
    closedAt: '2026-02-03T09:00:00.000Z',
    note: 'Books checked',
  };
  // Closed by a user since removed, without a note.
  const orphan: MonthClose = { ...closed, closedBy: null, closedByName: null, note: null };

  it.each([
    ['a closed month', monthCloseSchema, closed],
    ['a month closed by a removed user', monthCloseSchema, orphan],
    ['the list', monthClosesSchema, { data: [closed, orphan] }],
    ['an empty list', monthClosesSchema, { data: [] }],
  ])('%s keeps every field', (_, schema, body) => {
    expect((schema as z.ZodType).parse(body)).toEqual(body);
  });

  it.each([
    ['a month without its month', monthCloseSchema, { ...closed, month: undefined }],
    ['a closer who is not an id', monthCloseSchema, { ...closed, closedBy: 'admin' }],
    ['the list as a bare array', monthClosesSchema, [closed]],
    ['a list of malformed months', monthClosesSchema, { data: [{ ...closed, closedAt: null }] }],
  ])('refuses %s', (_, schema, body) => {
    expect((schema as z.ZodType).safeParse(body).success).toBe(false);
  });
});
