import { describe, expect, it } from 'vitest';
import { preconditionHolds, rowVersion } from './precondition.js';

const row = { id: 'r1', name: 'Acme', updatedAt: '2026-11-26T10:00:05.250Z' };
const version = rowVersion(row);

describe('rowVersion', () => {
  it('is a strong, quoted tag that follows every column', () => {
    expect(version).toMatch(/^"[\w-]{27}"$/);
    expect(rowVersion({ ...row })).toBe(version);
    expect(rowVersion({ ...row, name: 'Acme ' })).not.toBe(version);
    // Two writes within one millisecond still differ by what they wrote.
    expect(rowVersion({ ...row, name: 'Other' })).not.toBe(version);
    expect(rowVersion({ ...row, n: 10n })).not.toBe(rowVersion({ ...row, n: 11n }));
  });
});

describe('preconditionHolds', () => {
  it.each([
    ['no precondition', {}, true],
    ['the current version', { 'if-match': version }, true],
    ['the current version in a list', { 'if-match': `"old", ${version}` }, true],
    ['any row', { 'if-match': '*' }, true],
    ['an old version', { 'if-match': '"old"' }, false],
    ['a weak tag (strong comparison)', { 'if-match': `W/${version}` }, false],
    ['an empty If-Match', { 'if-match': '' }, false],
    ['unmodified since the second it was written', { 'if-unmodified-since': 'Thu, 26 Nov 2026 10:00:05 GMT' }, true],
    ['unmodified since a later time', { 'if-unmodified-since': 'Thu, 26 Nov 2026 11:00:00 GMT' }, true],
    ['modified since', { 'if-unmodified-since': 'Thu, 26 Nov 2026 10:00:04 GMT' }, false],
    ['an unreadable date (ignored)', { 'if-unmodified-since': 'yesterday-ish' }, true],
    ['If-Match wins over the date', { 'if-match': version, 'if-unmodified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' }, true],
  ])('%s → %s', (_name, headers, holds) => {
    expect(preconditionHolds(headers, row)).toBe(holds);
  });
});
