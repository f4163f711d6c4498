import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { salaries } from '../../src/server/modules/salaries/salaries.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { operationsOf, type OpenApiDoc } from '../fixtures/openapi.js';

// No figure of a salary reaches a role without the Salary section, through any route: every GET of
// the OpenAPI document is called as hr, sale, developer and manager — with a salary's id, its
// person's id, the lists paged wide, the exports as text, the History of a salary — and no answer
// holds an amount of the seeded salaries.

let t: TestApp;
let doc: OpenApiDoc;
beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject('/api/docs/json')).json() as OpenApiDoc;
});
afterAll(() => t?.close());

const OUTSIDERS: Role[] = ['hr', 'sale', 'developer', 'manager'];

it('no GET route shows a seeded salary amount to hr, sale, developer or manager', async () => {
  const rows = await t.database.db.select().from(salaries).where(eq(salaries.userId, t.users.developer.id));
  expect(rows.length).toBe(12);
  const all = await t.database.db.select().from(salaries);
  // Each seeded net and base, as the API writes it (decimal string) and as a JSON number would be.
  const figures = new Set<string>();
  for (const r of all)
    for (const v of [r.net, r.base]) {
      const text = r.currency === 'VND' ? v.replace(/\.00$/, '') : v;
      figures.add(`"${text}"`);
      figures.add(`:${Number(v)},`);
      figures.add(`:${Number(v)}}`);
      figures.add(`,${text},`);
    }
  const salary = rows.find((r) => r.status === 'draft')!;
  const ids = [salary.id, t.users.developer.id];
  const gets = operationsOf(doc).filter((o) => o.method === 'GET' && o.path.startsWith('/api/') && !o.path.startsWith('/api/docs'));
  expect(gets.length).toBeGreaterThan(60);
  const urls = new Set<string>();
  for (const { path } of gets) {
    const fills = path.includes('{') ? ids.map((id) => path.replace(/\{[a-zA-Z]+\}/g, id)) : [path];
    for (const url of fills) {
      urls.add(url);
      if (!path.includes('{')) urls.add(url.endsWith('/export') ? `${url}?format=csv` : `${url}?_start=0&_end=1000`);
    }
  }
  urls.add(`/api/v1/audit?entity=salaries&entityId=${salary.id}`);
  urls.add(`/api/v1/salary/import/template?month=${salary.month}`);

  const seen: string[] = [];
  let answered = 0;
  for (const role of OUTSIDERS) {
    const headers = await t.auth(role);
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      if (res.statusCode === 200) answered++;
      const body = res.body;
      for (const f of figures) if (body.includes(f)) seen.push(`${role} GET ${url} → ${res.statusCode} holds ${f}`);
      if (url.startsWith('/api/v1/salary') && res.statusCode !== 403) seen.push(`${role} GET ${url} → ${res.statusCode}`);
    }
  }
  expect(seen).toEqual([]);
  // The walk read real answers, not only refusals.
  expect(answered).toBeGreaterThan(100);
  console.log(`${urls.size} GETs × ${OUTSIDERS.length} roles, ${answered} answered 200`);
  // And the same walk finds the figures where they are allowed: the check can fail.
  const lead = await t.app.inject({ method: 'GET', url: `/api/v1/salary/${salary.id}`, headers: await t.auth('hr_lead') });
  expect([...figures].some((f) => lead.body.includes(f))).toBe(true);
}, 240_000);
