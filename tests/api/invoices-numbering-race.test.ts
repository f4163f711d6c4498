import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// Fifty drafts sent at the same moment, on the app's pool of real connections: the series row's lock
// makes each send wait for the one before it, so the numbers come out distinct and consecutive —
// no two alike, none skipped. PostgreSQL-only (vitest.config.ts): the embedded database runs one
// transaction at a time, so there is no race to lose there.

const SENDS = 50;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('invoice numbers under load', () => {
  it(`${SENDS} parallel sends of ${SENDS} drafts get ${SENDS} distinct consecutive numbers`, async () => {
    expect(t.database.kind).toBe('postgres');
    const admin = await t.auth('admin');
    const customer = (
      (await t.app.inject({ method: 'GET', url: '/api/v1/customers?_start=0&_end=1&code=MAPLE', headers: admin })).json() as Array<{
        id: string;
      }>
    )[0]!;
    // A year no other test numbers in: the series starts at 1.
    const drafts: string[] = [];
    for (let i = 0; i < SENDS; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/invoice',
        headers: admin,
        payload: {
          subject: `Race ${i}`,
          customerId: customer.id,
          period: '2042-01',
          issueDate: '2042-01-31',
          lines: [{ description: 'Work', quantity: '1', unitPrice: String(100 + i) }],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      drafts.push(res.json().id);
    }
    const sent = await Promise.all(
      drafts.map((id) => t.app.inject({ method: 'POST', url: `/api/v1/invoice/${id}/send`, headers: admin, payload: {} })),
    );
    for (const res of sent) expect(res.statusCode, res.body).toBe(200);
    const numbers = sent.map((res) => res.json().number as string).sort();
    expect(new Set(numbers).size).toBe(SENDS);
    expect(numbers).toEqual(Array.from({ length: SENDS }, (_, i) => `INV-2042-${String(i + 1).padStart(4, '0')}`));
  });
});
