import { describe, expect, it } from 'vitest';
import { createFormatters } from './format';

describe('createFormatters', () => {
  it('formats a calendar date by the language, whatever the time zone', () => {
    expect(createFormatters('en').date('2024-01-31')).toBe('01/31/2024');
    expect(createFormatters('fr').date('2024-01-31')).toBe('31/01/2024');
    expect(createFormatters('vi').date('2024-01-31')).toBe('31/01/2024');
    expect(createFormatters('cn').date('2024-01-31')).toBe('2024/01/31');
    expect(createFormatters('ar').date('2024-01-31')).toMatch(/٣١|31/);
    expect(createFormatters('en').date(null)).toBe('');
    expect(createFormatters('en').date('not a date')).toBe('not a date');
  });

  it('formats numbers and money by the language', () => {
    const nbsp = /[\s\u00a0\u202f]/;
    expect(createFormatters('en').number(1234567.5)).toBe('1,234,567.5');
    expect(createFormatters('fr').number(1234567.5)).toMatch(new RegExp(`^1${nbsp.source}234${nbsp.source}567,5$`));
    expect(createFormatters('en').money('1234.5', 'USD')).toBe('$1,234.50');
    expect(createFormatters('fr').money(1234.5, 'EUR')).toMatch(/1.234,50.€/);
    expect(createFormatters('vi').money(1234, 'VND')).toMatch(/1\.234.₫/);
    expect(createFormatters('cn').money(12, 'CNY')).toBe('¥12.00');
    expect(createFormatters('en').money('', 'USD')).toBe('');
    // In Arabic the currency is isolated left to right: "US$" stays whole at the end of a right-to-left line.
    expect(createFormatters('ar').money('-96870.23', 'USD')).toBe('\u200f\u200e-96,870.23\u00a0\u2066US$\u2069');
    expect(createFormatters('ar').money(-5, 'USD')).toBe('\u200f\u200e-5.00\u00a0\u2066US$\u2069');
  });

  it('formats a date and time', () => {
    expect(createFormatters('en').dateTime('2024-01-31T09:05:00Z')).toMatch(/01\/31\/2024|02\/01\/2024/);
  });

  it('writes a year without digit grouping, in the language’s digits', () => {
    expect(createFormatters('en').year(2027)).toBe('2027');
    expect(createFormatters('fr').year('2027')).toBe('2027');
    expect(createFormatters('vi').year(2027)).toBe('2027');
    expect(createFormatters('en').number(2027)).toBe('2,027');
    expect(createFormatters('en').year(null)).toBe('');
  });

  it('names a month in the language', () => {
    expect(createFormatters('en').month('2026-01')).toBe('Jan 2026');
    expect(createFormatters('fr').month('2026-01')).toBe('janv. 2026');
    expect(createFormatters('fr').month('2026-01-31', 'long')).toBe('janvier 2026');
    expect(createFormatters('en').month('2026-12', 'long')).toBe('December 2026');
    expect(createFormatters('en').month('soon')).toBe('soon');
  });

  it('names a country by its code in the language', () => {
    expect(['en', 'fr', 'vi', 'cn', 'ar'].map((l) => createFormatters(l).country('DE'))).toEqual([
      'Germany',
      'Allemagne',
      'Đức',
      '德国',
      'ألمانيا',
    ]);
    expect(createFormatters('fr').country(null)).toBe('');
    // A value from before codes (an old History entry) as it was written.
    expect(createFormatters('fr').country('Germany')).toBe('Germany');
  });
});
