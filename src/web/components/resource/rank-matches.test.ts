import { describe, expect, it } from 'vitest';
import { rankMatches } from './rank-matches';

const rows = (...labels: string[]) => labels.map((label, i) => ({ id: String(i), label }));
const labels = (r: { label: string }[]) => r.map((x) => x.label);

describe('rankMatches', () => {
  it('puts labels that start with the input first, then word starts, then contains, then the rest', () => {
    const found = rows('Apache Spark', 'Preact', 'React Native', 'Next.js (React)', 'React');
    expect(labels(rankMatches(found, 'react'))).toEqual(['React Native', 'React', 'Next.js (React)', 'Preact', 'Apache Spark']);
  });

  it('ignores case and accents, as the server does', () => {
    expect(labels(rankMatches(rows('Trần Văn Đức', 'Đỗ Minh'), 'duc'))).toEqual(['Trần Văn Đức', 'Đỗ Minh']);
    expect(labels(rankMatches(rows('Lê An', 'Đỗ Minh'), 'DO'))).toEqual(['Đỗ Minh', 'Lê An']);
  });

  it('drops what does not match when the answer is for an earlier input', () => {
    expect(labels(rankMatches(rows('Apache Spark', 'Angular', 'React'), 'Reac', true))).toEqual(['React']);
    expect(labels(rankMatches(rows('Apache Spark', 'Angular'), 'Reac', true))).toEqual([]);
  });

  it('keeps the server order for an empty input, and for ties', () => {
    expect(labels(rankMatches(rows('b', 'a'), '  '))).toEqual(['b', 'a']);
    expect(labels(rankMatches(rows('Java EE', 'Java'), 'java'))).toEqual(['Java EE', 'Java']);
  });
});
