import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName } from '../../src/domain/countries.js';

// The migration that turned customers' free-text countries into ISO codes, run on a table of the
// values that were there before it: names, codes, and what no list knows.
const sql = readFileSync(join(import.meta.dirname, '../../src/server/db/migrations/0025_customer_country_codes.sql'), 'utf8');
let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.exec('CREATE TABLE "customers" ("id" serial PRIMARY KEY, "country" text)');
});
afterAll(() => db?.close());

async function migrate(values: Array<string | null>): Promise<Array<string | null>> {
  await db.exec('TRUNCATE "customers" RESTART IDENTITY');
  for (const v of values) await db.query('INSERT INTO "customers" ("country") VALUES ($1)', [v]);
  await db.exec(sql);
  const { rows } = await db.query<{ country: string | null }>('SELECT "country" FROM "customers" ORDER BY "id"');
  return rows.map((r) => r.country);
}

describe('customers’ countries to ISO codes', () => {
  it("turns the demo firm's and common names into codes, in any case and spacing", async () => {
    expect(
      await migrate([
        'Vietnam',
        ' singapore ',
        'United Kingdom',
        'UNITED STATES',
        'United Arab Emirates',
        'USA',
        'UK',
        'South Korea',
        'Czech Republic',
        'Côte d’Ivoire',
        'Hong Kong',
        'Bosnia and Herzegovina',
      ]),
    ).toEqual(['VN', 'SG', 'GB', 'US', 'AE', 'US', 'GB', 'KR', 'CZ', 'CI', 'HK', 'BA']);
  });

  it('keeps a code, upper-cased, and empties what it does not know', async () => {
    expect(await migrate(['VN', 'fr', ' jp ', 'Atlantis', 'XK', '', 'Country 7', null])).toEqual([
      'VN',
      'FR',
      'JP',
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('knows every code by its English name, as the screens wrote them before', async () => {
    const names = COUNTRY_CODES.map((code) => countryName(code, 'en'));
    expect(await migrate(names)).toEqual([...COUNTRY_CODES]);
  });

  it('leaves codes as they are when it runs again', async () => {
    expect(await migrate([...COUNTRY_CODES])).toEqual([...COUNTRY_CODES]);
  });
});
