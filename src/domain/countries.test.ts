import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName, isCountryCode } from './countries';

describe('country codes', () => {
  it('are the 249 officially assigned ISO 3166-1 alpha-2 codes, each once, in order', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect([...COUNTRY_CODES].sort()).toEqual([...COUNTRY_CODES]);
    for (const code of ['VN', 'FR', 'GB', 'US', 'AX', 'SS', 'CW', 'BQ']) expect(isCountryCode(code), code).toBe(true);
    // User-assigned (Kosovo), exceptionally reserved (UK, EU), withdrawn (YU), lower case, alpha-3, names.
    for (const v of ['XK', 'UK', 'EU', 'YU', 'vn', 'VNM', 'Vietnam', '', null, 1]) expect(isCountryCode(v), String(v)).toBe(false);
  });

  it('each has a name of its own in each of the five languages', () => {
    for (const locale of ['en', 'fr', 'vi', 'zh-CN', 'ar'])
      for (const code of COUNTRY_CODES) expect(countryName(code, locale), `${locale} ${code}`).not.toBe(code);
  });
});

describe('countryName', () => {
  it("names a code in the reader's language", () => {
    expect(['en', 'fr', 'vi', 'zh-CN', 'ar'].map((l) => countryName('VN', l))).toEqual([
      'Vietnam',
      'Viêt Nam',
      'Việt Nam',
      '越南',
      'فيتنام',
    ]);
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('GB', 'en')).toBe('United Kingdom');
  });

  it('leaves what is not a code as it is, and reads a bad locale as English', () => {
    expect(countryName('France', 'fr')).toBe('France');
    expect(countryName('', 'en')).toBe('');
    expect(countryName('XK', 'en')).toBe('XK');
    expect(countryName('JP', 'not a locale!')).toBe('Japan');
  });
});
