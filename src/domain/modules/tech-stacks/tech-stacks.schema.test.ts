import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueOf, type IssueLike } from '../../validation.js';
import { TECH_STACK_CATEGORIES, techStackCreateSchema, techStackUpdateSchema } from './tech-stacks.schema.js';

// First issue as the server and the form report it: field path and code.
const check = (schema: z.ZodType, body: unknown) => {
  const r = schema.safeParse(body, { reportInput: true });
  return r.success ? 'ok' : `${r.error.issues[0]!.path.join('.')}: ${issueOf(r.error.issues[0] as IssueLike).code}`;
};

describe('tech stack schemas', () => {
  it('create: category other by default, name trimmed', () => {
    expect(techStackCreateSchema.parse({ name: ' Go ' })).toEqual({ name: 'Go', category: 'other' });
  });

  it.each([
    [{}, 'name: required'],
    [{ name: ' ' }, 'name: required'],
    [{ name: 'x'.repeat(60) }, 'ok'],
    [{ name: 'x'.repeat(61) }, 'name: too_long'],
    ...TECH_STACK_CATEGORIES.map((category) => [{ name: 'Go', category }, 'ok'] as [object, string]),
    [{ name: 'Go', category: 'hardware' }, 'category: choice'],
    [{ name: 'Go', level: 1 }, ': unknown_field'],
  ])('create %j → %s', (body, expected) => {
    expect(check(techStackCreateSchema, body)).toBe(expected);
  });

  it('the categories', () => {
    expect(TECH_STACK_CATEGORIES).toEqual([
      'language',
      'framework',
      'database',
      'cloud',
      'devops',
      'mobile',
      'testing',
      'data',
      'design',
      'other',
    ]);
  });

  it.each([
    [{}, 'ok'],
    [{ category: 'cloud' }, 'ok'],
    [{ name: 'x'.repeat(61) }, 'name: too_long'],
    [{ id: 'x' }, ': unknown_field'],
  ])('update %j → %s', (body, expected) => {
    expect(check(techStackUpdateSchema, body)).toBe(expected);
  });
  it('update adds no default', () => {
    expect(techStackUpdateSchema.parse({ name: 'Rust' })).toEqual({ name: 'Rust' });
  });
});
