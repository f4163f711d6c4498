import { describe, expect, it } from 'vitest';
import { TECH_STACK_CATEGORIES, techStackCreateSchema, techStackUpdateSchema } from './tech-stacks.schema.js';
import { firstIssue } from '../../../../tests/fixtures/schema-issues.js';

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
    expect(firstIssue(techStackCreateSchema, body)).toBe(expected);
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
    expect(firstIssue(techStackUpdateSchema, body)).toBe(expected);
  });
  it('update adds no default', () => {
    expect(techStackUpdateSchema.parse({ name: 'Rust' })).toEqual({ name: 'Rust' });
  });
});
