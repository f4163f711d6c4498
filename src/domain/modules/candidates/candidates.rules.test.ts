import { describe, expect, it } from 'vitest';
import { candidateCreateSchema } from './candidates.schema.js';
import { phoneDigits } from './candidates.rules.js';

describe('phoneDigits', () => {
  it.each([
    ['+84 912-345-678', '84912345678'],
    ['(+84) 912.345.678', '84912345678'],
    ['0912 345 678', '0912345678'],
    ['12345', undefined],
    ['ext. 12', undefined],
    ['', undefined],
  ])('%s → %s', (phone, digits) => expect(phoneDigits(phone)).toBe(digits));
});

describe('hashtags', () => {
  const parse = (hashtags: unknown) => candidateCreateSchema.safeParse({ fullName: 'Lê Văn Tám', hashtags });

  it('are trimmed, lower-cased, without blanks, each kept once in the order given', () => {
    expect(parse([' Java', 'REMOTE ', 'java', '', '  ', 'Remote', 'tiếng việt']).data?.hashtags).toEqual(['java', 'remote', 'tiếng việt']);
  });

  it('keep the characters of technologies and single spaces', () => {
    expect(parse(['C++', 'C#', '.NET', 'Node.js', 'CI/CD', 'Tiếng   Việt']).data?.hashtags).toEqual([
      'c++',
      'c#',
      '.net',
      'node.js',
      'ci/cd',
      'tiếng việt',
    ]);
  });

  it('default to none', () => expect(parse(undefined).data?.hashtags).toEqual([]));

  it.each([
    ['a tag longer than 40 characters', ['x'.repeat(41)]],
    ['more than 30 tags', Array.from({ length: 31 }, (_, i) => `t${i}`)],
    ['a tag that is not text', [42]],
    ['a tag of symbols only', ['✓']],
    ['a tag with a control character', ['java\u0000']],
  ])('refuse %s', (_, hashtags) => expect(parse(hashtags).success).toBe(false));

  it('take exactly 30 tags of 40 characters', () => {
    expect(parse(Array.from({ length: 30 }, (_, i) => `${i}`.padEnd(40, 'x'))).data?.hashtags).toHaveLength(30);
  });
});
