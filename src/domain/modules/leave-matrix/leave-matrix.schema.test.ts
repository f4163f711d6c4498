import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueOf, type IssueLike } from '../../validation.js';
import { initializeSchema, leaveMatrixCreateSchema, leaveMatrixUpdateSchema } from './leave-matrix.schema.js';

// First issue as the server and the form report it: field path and code.
const check = (schema: z.ZodType, body: unknown) => {
  const r = schema.safeParse(body, { reportInput: true });
  return r.success ? 'ok' : `${r.error.issues[0]!.path.join('.')}: ${issueOf(r.error.issues[0] as IssueLike).code}`;
};
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
    [{ userId: undefined }, 'userId: invalid_id'],
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
    expect(check(leaveMatrixCreateSchema, { ...base, ...patch })).toBe(expected);
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
    expect(check(leaveMatrixUpdateSchema, body)).toBe(expected);
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
    expect(check(initializeSchema, body)).toBe(expected);
  });
});
