import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { codeText, decimalNumber, intNumber, isoDateTime, moneyAmount, orNull } from './fields.js';
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
    [decimalNumber, 1.2345, 'ok'],
    [decimalNumber, 1.23456, 'step'],
    [decimalNumber, 1e10, 'too_big'],
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
