import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  initializeResultSchema,
  initializeSchema,
  leaveMatrixCreateSchema,
  leaveMatrixSchema,
  leaveMatrixUpdateSchema,
  myMatrixRowSchema,
} from './leave-matrix.schema.js';
import { firstIssue } from '../../../../tests/fixtures/schema-issues.js';

const base = { userId: '00000000-0000-4000-8000-000000000001', year: 2026 };

describe('leave matrix create', () => {
  it('leaves the name, entitlement and carry-over to the server when blank', () => {
    expect(leaveMatrixCreateSchema.parse({ ...base, userName: null, entitlement: null, carried: null })).toEqual({
      ...base,
      userName: null,
      entitlement: null,
      carried: null,
    });
  });

  it.each([
    [{}, 'ok'],
    [{ userName: 'Trần Thị Lan', entitlement: 14, carried: 2.5 }, 'ok'],
    [{ userId: undefined }, 'userId: required'],
    [{ userId: 'lan' }, 'userId: invalid_id'],
    [{ year: undefined }, 'year: required'],
    [{ year: 1899 }, 'year: too_small'],
    [{ year: 2099 }, 'ok'],
    [{ year: 2100 }, 'year: too_big'],
    [{ year: 2026.5 }, 'year: not_number'],
    // Days in half-day steps, never below nothing nor beyond a year.
    [{ entitlement: 0 }, 'ok'],
    [{ entitlement: 12.5 }, 'ok'],
    [{ entitlement: 12.25 }, 'entitlement: step'],
    [{ entitlement: -1 }, 'entitlement: too_small'],
    [{ entitlement: 367 }, 'entitlement: too_big'],
    [{ carried: 0.5 }, 'ok'],
    [{ carried: 0.3 }, 'carried: step'],
    [{ userName: 'x'.repeat(201) }, 'userName: too_long'],
    // What the server counts is not written by hand.
    [{ used: 3 }, ': unknown_field'],
    [{ remaining: 20 }, ': unknown_field'],
  ])('%j → %s', (patch, expected) => {
    expect(firstIssue(leaveMatrixCreateSchema, { ...base, ...patch })).toBe(expected);
  });
});

describe('leave matrix update', () => {
  it.each([
    [{}, 'ok'],
    [{ entitlement: 15 }, 'ok'],
    [{ carried: 5 }, 'ok'],
    [{ entitlement: null }, 'entitlement: required'],
    [{ userName: '' }, 'userName: required'],
    // A row's person and year are what it is: they do not move.
    [{ userId: base.userId }, ': unknown_field'],
    [{ year: 2027 }, ': unknown_field'],
  ])('%j → %s', (body, expected) => {
    expect(firstIssue(leaveMatrixUpdateSchema, body)).toBe(expected);
  });
});

describe('initialize', () => {
  it.each([
    [{ year: 2027 }, 'ok'],
    [{}, 'year: required'],
    [{ year: '2027' }, 'year: not_number'],
    [{ year: 1800 }, 'year: too_small'],
    [{ year: 2027, force: true }, ': unknown_field'],
  ])('%j → %s', (body, expected) => {
    expect(firstIssue(initializeSchema, body)).toBe(expected);
  });
});

describe('edges of a row’s days', () => {
  it.each([
    ['create', leaveMatrixCreateSchema, { ...base, year: 1900 }, 'ok'],
    ['create', leaveMatrixCreateSchema, { ...base, year: '2026' }, 'year: not_number'],
    ['create', leaveMatrixCreateSchema, { ...base, entitlement: 366 }, 'ok'],
    ['create', leaveMatrixCreateSchema, { ...base, carried: 366 }, 'ok'],
    ['create', leaveMatrixCreateSchema, { ...base, carried: 366.5 }, 'carried: too_big'],
    ['create', leaveMatrixCreateSchema, { ...base, carried: -0.5 }, 'carried: too_small'],
    ['create', leaveMatrixCreateSchema, { ...base, entitlement: '12' }, 'entitlement: not_number'],
    ['create', leaveMatrixCreateSchema, { ...base, userName: 'x'.repeat(200) }, 'ok'],
    ['update', leaveMatrixUpdateSchema, { entitlement: 0 }, 'ok'],
    ['update', leaveMatrixUpdateSchema, { entitlement: 366.5 }, 'entitlement: too_big'],
    ['update', leaveMatrixUpdateSchema, { entitlement: -0.5 }, 'entitlement: too_small'],
    ['update', leaveMatrixUpdateSchema, { entitlement: 12.25 }, 'entitlement: step'],
    ['update', leaveMatrixUpdateSchema, { carried: 0.3 }, 'carried: step'],
    ['update', leaveMatrixUpdateSchema, { carried: 367 }, 'carried: too_big'],
    ['update', leaveMatrixUpdateSchema, { carried: null }, 'carried: required'],
    ['update', leaveMatrixUpdateSchema, { userName: 'x'.repeat(201) }, 'userName: too_long'],
    ['update', leaveMatrixUpdateSchema, { used: 1 }, ': unknown_field'],
    ['initialize', initializeSchema, { year: 1900 }, 'ok'],
    ['initialize', initializeSchema, { year: 2099 }, 'ok'],
    ['initialize', initializeSchema, { year: 2100 }, 'year: too_big'],
    ['initialize', initializeSchema, { year: 2027.5 }, 'year: not_number'],
  ])('%s %j → %s', (_, schema, body, expected) => {
    expect(firstIssue(schema as z.ZodType, body)).toBe(expected);
  });

  it('trims names; a blank name on create is left to the server, but a row keeps one', () => {
    expect(leaveMatrixCreateSchema.parse({ ...base, userName: '  ', entitlement: 14 })).toEqual({
      ...base,
      userName: null,
      entitlement: 14,
      carried: null,
    });
    expect(leaveMatrixCreateSchema.parse({ ...base, userName: ' Lan ' }).userName).toBe('Lan');
    expect(leaveMatrixUpdateSchema.parse({ userName: ' Lan ', carried: 2.5 })).toEqual({ userName: 'Lan', carried: 2.5 });
    expect(firstIssue(leaveMatrixUpdateSchema, { userName: '   ' })).toBe('userName: required');
  });
});

describe('matrix answers', () => {
  const row = {
    id: '00000000-0000-4000-8000-000000000009',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-06-01T00:00:00.000Z',
    createdBy: null,
    userName: 'Trần Thị Lan',
    userId: base.userId,
    year: 2026,
    entitlement: 13,
    carried: 2.5,
    used: 4,
    pending: 0.5,
    remaining: 11,
  };

  it('a row and an initialize result keep every field', () => {
    expect(leaveMatrixSchema.parse(row)).toEqual(row);
    expect(initializeResultSchema.parse({ year: 2027, created: 3, existing: 40 })).toEqual({ year: 2027, created: 3, existing: 40 });
  });

  it.each([
    ['remaining', { ...row, remaining: undefined }],
    ['pending', { ...row, pending: '0.5' }],
    ['userId', { ...row, userId: 'lan' }],
    ['userName', { ...row, userName: null }],
  ])('refuses a row with a bad %s', (_, body) => {
    expect(leaveMatrixSchema.safeParse(body).success).toBe(false);
  });

  it("my matrix: this year's balance of someone without a stored row has no id nor dates; a stored row keeps them", () => {
    const computed = { ...row, id: null, createdAt: null, updatedAt: null, createdBy: null };
    expect(myMatrixRowSchema.parse(computed)).toEqual(computed);
    expect(myMatrixRowSchema.parse(row)).toEqual(row);
    // The stored row answers as the matrix answers it.
    expect(myMatrixRowSchema.safeParse({ ...row, remaining: undefined }).success).toBe(false);
    expect(leaveMatrixSchema.safeParse(computed).success).toBe(false);
  });

  it('refuses an initialize result without its counts', () => {
    expect(initializeResultSchema.safeParse({ year: 2027, created: 3 }).success).toBe(false);
    expect(initializeResultSchema.safeParse({ year: 2027, existing: 3 }).success).toBe(false);
  });
});
