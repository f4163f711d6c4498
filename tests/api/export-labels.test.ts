import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// The kit's export writes the screen's column and value labels when the client sends them; without
// them (the "for re-import" file) it keeps the raw keys.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const exportCsv = async (labels?: unknown) => {
  const q = new URLSearchParams({ format: 'csv' });
  if (labels !== undefined) q.set('labels', typeof labels === 'string' ? labels : JSON.stringify(labels));
  return t.app.inject({ method: 'GET', url: `/api/v1/tickets/export?${q}`, headers: await t.auth('admin') });
};

describe('export labels', () => {
  it('uses the given column and value labels, and raw keys without them', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tickets',
      headers: await t.auth('developer'),
      payload: { title: 'Écran cassé', category: 'equipment' },
    });
    expect(created.statusCode, created.body).toBe(201);

    const raw = await exportCsv();
    expect(raw.statusCode).toBe(200);
    const [rawHeader] = raw.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(rawHeader).toContain('category');
    expect(raw.body).toMatch(/,equipment,|,equipment\r\n|^equipment,/m);

    const labelled = await exportCsv({
      columns: { title: 'Titre', category: 'Catégorie' },
      values: { category: { equipment: 'Matériel' } },
    });
    expect(labelled.statusCode).toBe(200);
    const [header] = labelled.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('Titre');
    expect(header).toContain('Catégorie');
    expect(header).not.toContain('category');
    const line = labelled.body.split('\r\n').find((l) => l.includes('Écran cassé'));
    expect(line).toContain('Matériel');
    expect(line).not.toContain('equipment');
  });

  it('refuses labels that are not the expected JSON with a 400', async () => {
    expect((await exportCsv('{not json')).statusCode).toBe(400);
    expect((await exportCsv({ columns: { title: 5 } })).statusCode).toBe(400);
  });
});
