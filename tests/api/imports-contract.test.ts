import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/domain/resources.js';
import type { ResourceDecl } from '../../src/domain/resource.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { multipart } from '../fixtures/documents.js';

// Every resource that declares `import`: its template (the list's own export) imports back with no
// change, in both formats, on the seeded firm; the template and every step are the import role's.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const IMPORTED = RESOURCES.filter((r) => r.import);
const prefix = (r: ResourceDecl) => `${r.base === '/api' ? '/api' : '/api/v1'}/${r.path}`;

it('is declared on the resources the firm keeps in spreadsheets', () => {
  expect(IMPORTED.map((r) => r.name).sort()).toEqual(
    ['candidates', 'customers', 'external-costs', 'headcounts', 'jobs', 'projects', 'tech-stacks', 'users'].sort(),
  );
});

describe.each(IMPORTED.map((r) => [r.name, r] as const))('%s: template → preview', (_name, r) => {
  it.each(['xlsx', 'csv'] as const)('a %s template imports back with no create and no update', async (format) => {
    const headers = await t.auth('admin');
    const template = await t.app.inject({ url: `${prefix(r)}/import/template?format=${format}`, headers });
    expect(template.statusCode).toBe(200);
    const body = multipart({ name: `${r.name}.${format}`, content: template.rawPayload });
    const preview = await t.app.inject({
      method: 'POST',
      url: `${prefix(r)}/import/preview`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(preview.statusCode, preview.body.slice(0, 2000)).toBe(200);
    const p = preview.json();
    expect(p.counts.unchanged).toBeGreaterThan(0);
    expect(p.changes.filter((c: { action: string }) => c.action !== 'unchanged').slice(0, 3)).toEqual([]);
    expect(p.counts).toEqual({ create: 0, update: 0, unchanged: p.counts.unchanged });
  });
});
