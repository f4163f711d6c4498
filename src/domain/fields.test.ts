import { describe, expect, it } from 'vitest';
import { codeText } from './fields.js';

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
