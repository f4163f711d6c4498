import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { codeText, intNumber, isoDate, isoDateTime, moneyAmount, optionalText, orNull, requiredText, uuidRef } from './fields.js';
import { issueOf, type IssueLike } from './validation.js';

describe('codeText', () => {
  const code = codeText(10);
  it.each([
    ['acme', 'ACME'],
    ['vng-01', 'VNG-01'],
    ['  a_b ', 'A_B'],
  ])('%j becomes %j', (input, output) => {
    expect(code.parse(input)).toBe(output);
  });
  it.each([
    ['', 'required'],
    ['a b', 'code_chars'],
    ['-ab', 'code_chars'],
    ['é', 'code_chars'],
  ])('%j is refused with %s', (input, message) => {
    const result = code.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });
  it('refuses more than its length', () => {
    expect(code.safeParse('A'.repeat(11)).success).toBe(false);
  });
});

describe('number, instant and optional builders', () => {
  // As the server and the form read them: with the input on the issue.
  const code = (schema: z.ZodType, v: unknown) => {
    const r = schema.safeParse(v, { reportInput: true });
    return r.success ? 'ok' : issueOf(r.error.issues[0] as IssueLike).code;
  };
  it.each([
    [intNumber, 42, 'ok'],
    [intNumber, -2_147_483_648, 'ok'],
    [intNumber, 2_147_483_647, 'ok'],
    [intNumber, 2_147_483_648, 'too_big'],
    [intNumber, -2_147_483_649, 'too_small'],
    [intNumber, 1.5, 'not_number'],
    [intNumber, '3', 'not_number'],
    [moneyAmount, 19.99, 'ok'],
    [moneyAmount, 0, 'ok'],
    [moneyAmount, 999_999_999_999.99, 'ok'],
    [moneyAmount, 1_000_000_000_000, 'too_big'],
    [moneyAmount, 0.105, 'step'],
    [moneyAmount, -1, 'too_small'],
    [isoDateTime, '2026-01-31T09:00:00Z', 'ok'],
    [isoDateTime, '2026-01-31T09:00:00.000+07:00', 'ok'],
    [isoDateTime, '2026-01-31', 'datetime'],
    [isoDateTime, '2100-01-01T00:00:00Z', 'date_range'],
    [isoDateTime, '1899-12-31T23:59:59Z', 'date_range'],
    // The bounds are whole days: the first and the last instant of the range are in it.
    [isoDateTime, '1900-01-01T00:00:00Z', 'ok'],
    [isoDateTime, '2099-12-31T23:59:59Z', 'ok'],
    [isoDate, '1900-01-01', 'ok'],
    [isoDate, '2099-12-31', 'ok'],
    [isoDate, '1899-12-31', 'date_range'],
    [isoDate, '2100-01-01', 'date_range'],
    [isoDate, '2024-02-30', 'date'],
    [uuidRef, 'abc', 'invalid_id'],
    // An empty picker is missing, not malformed.
    [uuidRef, '', 'required'],
    [uuidRef, null, 'required'],
    [uuidRef, undefined, 'required'],
    [isoDate, '', 'required'],
    [isoDate, null, 'required'],
  ])('%#: %j → %s', (schema, value, expected) => {
    expect(code(schema, value)).toBe(expected);
  });
  it('orNull stores absent and null as null and keeps a value', () => {
    const s = orNull(intNumber);
    expect(s.parse(undefined)).toBeNull();
    expect(s.parse(null)).toBeNull();
    expect(s.parse(7)).toBe(7);
    expect(s.safeParse(1.5).success).toBe(false);
  });
});

describe('text builders', () => {
  it('requiredText trims and holds its bounds', () => {
    const t = requiredText(5, 2);
    expect(t.parse('  ab  ')).toBe('ab');
    expect(t.parse('abcde')).toBe('abcde');
    expect(t.safeParse('abcdef').success).toBe(false);
    expect(t.safeParse(' a ').error!.issues[0]!.message).toBe('required');
    expect(requiredText(5).parse('a')).toBe('a');
  });

  it('optionalText trims, holds its maximum and stores blank as null', () => {
    const t = optionalText(5);
    expect(t.parse('  ab  ')).toBe('ab');
    expect(t.parse('     abcde ')).toBe('abcde');
    expect(t.safeParse('abcdef').success).toBe(false);
    expect(t.parse('   ')).toBeNull();
    expect(t.parse('')).toBeNull();
    expect(t.parse(undefined)).toBeNull();
    expect(t.parse(null)).toBeNull();
  });
});

describe('issue codes stated as messages', () => {
  // The form and the server read a schema's own message as the code before the issue's kind.
  it.each([
    [isoDate, '2024-13-01', 'date'],
    [isoDate, '2100-01-01', 'date_range'],
    [isoDateTime, 'today', 'datetime'],
    [uuidRef, 'abc', 'invalid_id'],
  ] as Array<[z.ZodType, string, string]>)('%#: %j → %s', (schema, value, message) => {
    expect(schema.safeParse(value).error!.issues[0]!.message).toBe(message);
  });
});
