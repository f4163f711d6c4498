import { describe, expect, it } from 'vitest';
import { isoInstant } from './columns.js';

describe('isoInstant', () => {
  it.each([
    ['2026-01-31 09:00:00+00', '2026-01-31T09:00:00.000Z'],
    ['2026-01-31 09:00:00.1+00', '2026-01-31T09:00:00.100Z'],
    ['2026-01-31 09:00:00.12+00', '2026-01-31T09:00:00.120Z'],
    ['2026-01-31 09:00:00.123+00', '2026-01-31T09:00:00.123Z'],
    // Microseconds are cut to milliseconds, as Date cuts them.
    ['2026-01-31 09:00:00.123999+00', '2026-01-31T09:00:00.123Z'],
    // Another zone goes through Date.
    ['2026-01-31 09:00:00.5+07', '2026-01-31T02:00:00.500Z'],
    ['2026-12-31 23:30:00-05:30', '2027-01-01T05:00:00.000Z'],
  ])('%s is %s', (text, iso) => {
    expect(isoInstant(text)).toBe(iso);
    expect(isoInstant(text)).toBe(new Date(text).toISOString());
  });

  it('reads a Date as PGlite may hand one', () => {
    expect(isoInstant(new Date(Date.UTC(2026, 10, 24, 8, 15)))).toBe('2026-11-24T08:15:00.000Z');
  });
});
