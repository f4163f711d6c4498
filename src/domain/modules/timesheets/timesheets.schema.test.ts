import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueOf, type IssueLike } from '../../validation.js';
import {
  MAX_CELLS,
  monthParamSchema,
  timesheetCellSchema,
  timesheetCellsResponseSchema,
  timesheetCellsSchema,
  timesheetCreateSchema,
  timesheetLockSchema,
  timesheetLocksSchema,
  timesheetSchema,
  timesheetSheetQuerySchema,
  timesheetSheetSchema,
  timesheetUpdateSchema,
} from './timesheets.schema.js';
import { firstIssue, id } from '../../../../tests/fixtures/schema-issues.js';

const entry = { projectId: id(1), date: '2026-11-24', hours: 7.5 };

describe('logging hours', () => {
  it('logs for the caller unless a person is named; a note left out is blank', () => {
    expect(timesheetCreateSchema.parse(entry)).toEqual({ ...entry, note: '' });
    expect(timesheetCreateSchema.parse({ ...entry, note: null })).toEqual({ ...entry, note: '' });
    expect(timesheetCreateSchema.parse({ ...entry, note: ' Code review ', userId: id(2) })).toEqual({
      ...entry,
      note: 'Code review',
      userId: id(2),
    });
  });

  it.each([
    [{}, 'ok'],
    [{ note: 'x'.repeat(500) }, 'ok'],
    [{ note: ` ${'x'.repeat(500)} ` }, 'ok'],
    [{ note: 'x'.repeat(501) }, 'note: too_long'],
    [{ projectId: undefined }, 'projectId: required'],
    [{ projectId: 'acme' }, 'projectId: invalid_id'],
    [{ userId: 'me' }, 'userId: invalid_id'],
    [{ date: undefined }, 'date: required'],
    [{ date: '24/11/2026' }, 'date: date'],
    [{ date: '1899-12-31' }, 'date: date_range'],
    [{ hours: undefined }, 'hours: required'],
    [{ hours: '8' }, 'hours: not_number'],
    // Zero, negative and odd steps pass here: the rules refuse them with their own codes (hours_range, hours_step).
    [{ hours: 0 }, 'ok'],
    [{ hours: -1 }, 'ok'],
    [{ hours: 0.1 }, 'ok'],
    [{ hours: 1000 }, 'ok'],
    [{ hours: -1000 }, 'ok'],
    [{ hours: 1000.25 }, 'hours: too_big'],
    [{ hours: -1000.25 }, 'hours: too_small'],
    // The seat and its rate are the server's, snapshotted when logged.
    [{ headcountId: id(3) }, ': unknown_field'],
    [{ billRate: 50 }, ': unknown_field'],
  ])('create %j → %s', (patch, expected) => {
    expect(firstIssue(timesheetCreateSchema, { ...entry, ...patch })).toBe(expected);
  });

  it.each([
    [{}, 'ok'],
    [{ hours: 4 }, 'ok'],
    [{ date: '2026-11-23', note: 'Moved' }, 'ok'],
    [{ hours: 1001 }, 'hours: too_big'],
    [{ projectId: 'acme' }, 'projectId: invalid_id'],
    // An entry stays with the person who logged it.
    [{ userId: id(2) }, ': unknown_field'],
  ])('update %j → %s', (body, expected) => {
    expect(firstIssue(timesheetUpdateSchema, body)).toBe(expected);
  });

  it('an update changes only what it names: a note left out is not blanked', () => {
    expect(timesheetUpdateSchema.parse({ hours: 4 })).toEqual({ hours: 4 });
    expect(timesheetUpdateSchema.parse({ note: ' Pairing ' })).toEqual({ note: 'Pairing' });
  });
});

describe('the week grid', () => {
  const cell = { projectId: id(1), date: '2026-11-24', hours: 8 };

  it('a cell without a note keeps the stored one; null clears it', () => {
    expect(timesheetCellSchema.parse(cell)).toEqual(cell);
    expect(timesheetCellSchema.parse({ ...cell, note: null })).toEqual({ ...cell, note: null });
    expect(timesheetCellSchema.parse({ ...cell, note: ' Standup ' })).toEqual({ ...cell, note: 'Standup' });
  });

  it.each([
    [{ cells: [cell] }, 'ok'],
    [{ cells: [cell], userId: id(2) }, 'ok'],
    [{ cells: [{ ...cell, hours: 0 }] }, 'ok'],
    [{ cells: Array.from({ length: MAX_CELLS }, () => cell) }, 'ok'],
    [{ cells: Array.from({ length: MAX_CELLS + 1 }, () => cell) }, 'cells: too_many'],
    [{ cells: [] }, 'cells: too_few'],
    [{}, 'cells: required'],
    [{ cells: [cell], userId: 'me' }, 'userId: invalid_id'],
    [{ cells: [cell, { ...cell, projectId: 'acme' }] }, 'cells.1.projectId: invalid_id'],
    [{ cells: [{ ...cell, date: '2026-02-30' }] }, 'cells.0.date: date'],
    [{ cells: [{ ...cell, hours: 1000.5 }] }, 'cells.0.hours: too_big'],
    [{ cells: [{ ...cell, note: ` ${'x'.repeat(500)} ` }] }, 'ok'],
    [{ cells: [{ ...cell, note: 'x'.repeat(501) }] }, 'cells.0.note: too_long'],
    [{ cells: [{ ...cell, userId: id(2) }] }, 'cells.0: unknown_field'],
    [{ cells: [cell], month: '2026-11' }, ': unknown_field'],
  ])('%j → %s', (body, expected) => {
    expect(firstIssue(timesheetCellsSchema, body)).toBe(expected);
  });
});

describe('a locked month in the address', () => {
  it.each([
    ['2026-01', 'ok'],
    ['2026-09', 'ok'],
    ['2026-10', 'ok'],
    ['2026-12', 'ok'],
    ['2026-00', 'month: month'],
    ['2026-13', 'month: month'],
    ['2026-1', 'month: month'],
    ['26-01', 'month: month'],
    ['abcd-01', 'month: month'],
    ['x2026-01', 'month: month'],
    ['2026-011', 'month: month'],
    ['2026-01-01', 'month: month'],
  ])('%s → %s', (month, expected) => {
    expect(firstIssue(monthParamSchema, { month })).toBe(expected);
  });
});

describe("a person's stretch of logwork", () => {
  const q = { from: '2026-01-01', to: '2026-01-31' };

  it('reads the caller unless a person is named', () => {
    expect(timesheetSheetQuerySchema.parse(q)).toEqual(q);
    expect(timesheetSheetQuerySchema.parse({ ...q, userId: id(2) })).toEqual({ ...q, userId: id(2) });
  });

  it.each([
    [q, 'ok'],
    [{ from: '2026-01-05', to: '2026-01-05' }, 'ok'],
    [{ from: '2026-01-05', to: '2026-01-04' }, 'to: end_before_start'],
    // 62 days: a month and the calendar's edges around it.
    [{ from: '2026-01-01', to: '2026-03-04' }, 'ok'],
    [{ from: '2026-01-01', to: '2026-03-05' }, 'to: range_too_long'],
    [{ ...q, from: undefined }, 'from: required'],
    [{ ...q, to: '2026-01-32' }, 'to: date'],
    [{ ...q, userId: 'me' }, 'userId: invalid_id'],
    [{ ...q, project: id(1) }, ': unknown_field'],
  ])('%j → %s', (query, expected) => {
    expect(firstIssue(timesheetSheetQuerySchema, query)).toBe(expected);
  });

  it('a reversed stretch is refused for its order only, not as too long', () => {
    const r = timesheetSheetQuerySchema.safeParse({ from: '2026-03-01', to: '2026-01-01' });
    expect(r.error?.issues.map((i) => `${i.path.join('.')}: ${issueOf(i as IssueLike).code}`)).toEqual(['to: end_before_start']);
  });
});

describe('logwork answers', () => {
  const logged = {
    id: id(10),
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
    createdBy: id(2),
    note: 'Code review',
    projectId: id(1),
    userId: id(2),
    headcountId: id(3),
    date: '2026-11-24',
    hours: 7.5,
    billRate: 5000,
    rateUnit: 'month',
    currency: 'EUR',
  };
  // Logged on a project without a seat: no rate to snapshot.
  const unbilled = { ...logged, headcountId: null, billRate: null, rateUnit: null, currency: null };
  const lock = { month: '2026-10', lockedBy: id(4), lockedAt: '2026-11-02T08:00:00.000Z' };
  const project = { id: id(1), name: 'Portal', code: 'PRT', customerName: 'Acme', seat: true };

  it.each([
    ['an entry', timesheetSchema, logged],
    ['an entry off any seat', timesheetSchema, unbilled],
    ['the saved cells', timesheetCellsResponseSchema, { data: [logged, unbilled] }],
    ['a lock', timesheetLockSchema, lock],
    ['a lock by a removed user', timesheetLockSchema, { ...lock, lockedBy: null }],
    ['the locks', timesheetLocksSchema, { data: [lock] }],
    ['a sheet', timesheetSheetSchema, { entries: [logged], projects: [project, { ...project, seat: false }], lockedMonths: ['2026-10'] }],
  ])('%s keeps every field', (_, schema, body) => {
    expect((schema as z.ZodType).parse(body)).toEqual(body);
  });

  it.each([
    ['an entry at an unknown rate unit', timesheetSchema, { ...logged, rateUnit: 'week' }],
    ['an entry in an unknown currency', timesheetSchema, { ...logged, currency: 'XBT' }],
    ['an entry without its hours', timesheetSchema, { ...logged, hours: undefined }],
    ['saved cells without their rows', timesheetCellsResponseSchema, {}],
    ['a lock without its month', timesheetLockSchema, { ...lock, month: undefined }],
    ['the locks as a bare list', timesheetLocksSchema, [lock]],
    ['a sheet without its projects', timesheetSheetSchema, { entries: [], lockedMonths: [] }],
    [
      'a sheet project without its seat flag',
      timesheetSheetSchema,
      { entries: [], projects: [{ ...project, seat: undefined }], lockedMonths: [] },
    ],
    ['a sheet without its locked months', timesheetSheetSchema, { entries: [], projects: [] }],
  ])('refuses %s', (_, schema, body) => {
    expect((schema as z.ZodType).safeParse(body).success).toBe(false);
  });
});
