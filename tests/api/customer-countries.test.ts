import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// A customer's country is an ISO 3166-1 alpha-2 code: the API takes and filters codes only, and
// names them in the screen's language in an export that asks for labels.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

let seq = 0;
const create = async (country: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/customers',
    headers: await t.auth('admin'),
    payload: { name: `Country Test ${++seq}`, code: `CTRY${Date.now() % 100_000}${seq}`, country },
  });

describe("a customer's country", () => {
  it('is stored as its upper-case code; blank is none', async () => {
    const lower = await create(' de ');
    expect(lower.statusCode, lower.body).toBe(201);
    expect(lower.json().country).toBe('DE');
    const none = await create('');
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().country).toBeNull();
  });

  it.each(['Germany', 'XK', 'DEU', 'ZZ'])('refuses %s with a 400 naming the field and its code', async (country) => {
    const res = await create(country);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      issues: { country: { code: 'country' } },
      errors: { country: 'Choose a country from the list' },
    });
  });

  it('filters the list by code, any of several; an unknown code is a 400', async () => {
    const fr = (await create('FR')).json() as { id: string };
    const jp = (await create('JP')).json() as { id: string };
    const list = async (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/customers?_start=0&_end=100&${query}`, headers: await t.auth('admin') });
    const both = (await list('country=FR&country=JP')).json() as Array<{ id: string; country: string }>;
    expect(both.map((c) => c.id)).toEqual(expect.arrayContaining([fr.id, jp.id]));
    expect(new Set(both.map((c) => c.country))).toEqual(new Set(['FR', 'JP']));
    expect((await list('country=France')).statusCode).toBe(400);
  });

  it("is named in the screen's language in a labelled export, and kept as its code in the file to re-import", async () => {
    const created = (await create('VN')).json() as { name: string };
    const exportCsv = async (labels?: object) => {
      const q = new URLSearchParams({ format: 'csv', q: created.name });
      if (labels) q.set('labels', JSON.stringify(labels));
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/customers/export?${q}`, headers: await t.auth('admin') });
      expect(res.statusCode, res.body).toBe(200);
      return res.body.split('\r\n').find((l) => l.includes(created.name))!;
    };
    expect(await exportCsv()).toMatch(/,VN,/);
    expect(await exportCsv({ columns: { country: 'Pays' }, locale: 'fr-FR' })).toContain(',Viêt Nam,');
    expect(await exportCsv({ locale: 'zh-CN' })).toContain(',越南,');
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customers/export?format=csv&labels=${encodeURIComponent(JSON.stringify({ locale: 'fr FR; drop' }))}`,
      headers: await t.auth('admin'),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('of every demo customer is a code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/customers?_start=0&_end=100', headers: await t.auth('admin') });
    const countries = (res.json() as Array<{ country: string | null }>).map((c) => c.country);
    expect(countries.filter((c) => c !== null && !/^[A-Z]{2}$/.test(c))).toEqual([]);
    expect(countries).toEqual(expect.arrayContaining(['VN', 'SG', 'FR', 'GB', 'US']));
  });
});
