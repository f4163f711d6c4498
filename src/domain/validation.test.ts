import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue, issueOf, VALIDATION_EN, type IssueLike } from './validation.js';

// Every branch of the issue → code mapping, as a table.
describe('issueOf', () => {
  it.each<[string, IssueLike, ReturnType<typeof issueOf>]>([
    ['own code as message', { code: 'custom', message: 'password_common' }, { code: 'password_common' }],
    ['prose message is not a code', { code: 'custom', message: 'Not a code' }, { code: 'invalid' }],
    ['message with a capital is not a code', { code: 'custom', message: 'Password_common' }, { code: 'invalid' }],
    // A lower-case sentence is not a code either: the whole message must be one.
    ['message that only starts like a code', { code: 'custom', message: 'too big: at most 5' }, { code: 'invalid' }],
    ['missing value', { code: 'invalid_type', input: undefined, expected: 'string' }, { code: 'required' }],
    ['null value', { code: 'invalid_type', input: null, expected: 'string' }, { code: 'required' }],
    ['not a number', { code: 'invalid_type', input: 'x', expected: 'number' }, { code: 'not_number' }],
    ['not an int', { code: 'invalid_type', input: 'x', expected: 'int' }, { code: 'not_number' }],
    ['wrong type', { code: 'invalid_type', input: 5, expected: 'string' }, { code: 'invalid' }],
    ['empty string', { code: 'too_small', origin: 'string', minimum: 1 }, { code: 'required' }],
    ['string minimum 0', { code: 'too_small', origin: 'string', minimum: 0 }, { code: 'required' }],
    ['short string', { code: 'too_small', origin: 'string', minimum: 2 }, { code: 'too_short', params: { min: 2 } }],
    ['bigint minimum', { code: 'too_small', origin: 'string', minimum: 8n }, { code: 'too_short', params: { min: 8 } }],
    ['few items', { code: 'too_small', origin: 'array', minimum: 1 }, { code: 'too_few', params: { min: 1 } }],
    ['few set items', { code: 'too_small', origin: 'set', minimum: 2 }, { code: 'too_few', params: { min: 2 } }],
    ['small number', { code: 'too_small', origin: 'number', minimum: 0 }, { code: 'too_small', params: { min: 0 } }],
    ['no minimum given', { code: 'too_small', origin: 'number' }, { code: 'too_small', params: { min: 0 } }],
    ['long string', { code: 'too_big', origin: 'string', maximum: 120 }, { code: 'too_long', params: { max: 120 } }],
    ['many items', { code: 'too_big', origin: 'array', maximum: 3 }, { code: 'too_many', params: { max: 3 } }],
    ['many set items', { code: 'too_big', origin: 'set', maximum: 4 }, { code: 'too_many', params: { max: 4 } }],
    ['big number', { code: 'too_big', origin: 'number', maximum: 100 }, { code: 'too_big', params: { max: 100 } }],
    ['no maximum given', { code: 'too_big', origin: 'number' }, { code: 'too_big', params: { max: 0 } }],
    ['email', { code: 'invalid_format', format: 'email' }, { code: 'email' }],
    ['uuid', { code: 'invalid_format', format: 'uuid' }, { code: 'invalid_id' }],
    ['guid', { code: 'invalid_format', format: 'guid' }, { code: 'invalid_id' }],
    ['date', { code: 'invalid_format', format: 'date' }, { code: 'date', params: { example: '2024-01-31' } }],
    ['datetime', { code: 'invalid_format', format: 'datetime' }, { code: 'datetime' }],
    ['other format', { code: 'invalid_format', format: 'regex' }, { code: 'invalid' }],
    ['enum', { code: 'invalid_value', values: ['a', 1] }, { code: 'choice', params: { allowed: 'a, 1' } }],
    ['enum without values', { code: 'invalid_value', values: [] }, { code: 'choice' }],
    ['enum values unknown', { code: 'invalid_value' }, { code: 'choice' }],
    ['step', { code: 'not_multiple_of' }, { code: 'step' }],
    ['unknown key', { code: 'unrecognized_keys', keys: ['x'] }, { code: 'unknown_field' }],
    ['a union given nothing', { code: 'invalid_union', input: undefined }, { code: 'required' }],
    ['a union given null', { code: 'invalid_union', input: null }, { code: 'required' }],
    ['a union given something else', { code: 'invalid_union', input: true }, { code: 'invalid' }],
    ['anything else', { code: 'invalid_key' }, { code: 'invalid' }],
  ])('%s', (_, issue, expected) => {
    expect(issueOf(issue)).toEqual(expected);
  });

  it('reads real zod issues', () => {
    const schema = z.object({ n: z.number().int().min(1), s: z.string().min(3), e: z.enum(['x', 'y']), m: z.number().multipleOf(0.25) });
    const r = schema.safeParse({ n: 0, s: 'ab', e: 'z', m: 0.3 });
    const codes = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), issueOf(i as IssueLike)]));
    expect(codes).toEqual({
      n: { code: 'too_small', params: { min: 1 } },
      s: { code: 'too_short', params: { min: 3 } },
      e: { code: 'choice', params: { allowed: 'x, y' } },
      m: { code: 'step' },
    });
  });
});

describe('describeIssue', () => {
  it.each([
    [{ code: 'required' }, 'Required'],
    [{ code: 'too_short', params: { min: 8 } }, 'At least 8 characters'],
    [{ code: 'too_long', params: { max: 120 } }, 'At most 120 characters'],
    [{ code: 'too_small', params: { min: 0 } }, 'At least 0'],
    [{ code: 'too_big', params: { max: 5 } }, 'At most 5'],
    [{ code: 'too_few', params: { min: 1 } }, 'Choose at least 1'],
    [{ code: 'too_many', params: { max: 3 } }, 'Choose at most 3'],
    [{ code: 'choice', params: { allowed: 'a, b' } }, 'Use one of: a, b'],
    [{ code: 'control_characters' }, 'Control characters are not allowed'],
    [{ code: 'file_too_large', params: { max: 2 } }, 'The file is too large'],
    [{ code: 'no_such_code' }, 'Invalid value'],
    [{ code: 'too_short' }, 'At least  characters'],
  ])('%j → %s', (issue, text) => {
    expect(describeIssue(issue)).toBe(text);
  });

  it('has an English text for every code, none empty and none left with a placeholder unfilled by its params', () => {
    for (const [code, text] of Object.entries(VALIDATION_EN)) {
      expect(text, code).toMatch(/\S{2,}/);
      const params = Object.fromEntries([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => [m[1]!, 7]));
      expect(describeIssue({ code, params })).not.toMatch(/\{\{|\}\}/);
    }
    expect(Object.keys(VALIDATION_EN)).toEqual(
      expect.arrayContaining(['required', 'invalid', 'email', 'invalid_id', 'control_characters', 'unknown_field', 'date_range']),
    );
  });
});
