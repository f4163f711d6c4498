import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

it('serves /auth/me for a signed-in demo account', async () => {
  const res = await t.app.inject({ url: '/api/v1/auth/me', headers: await t.auth('hr') });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ email: 'hr@demo.local', role: 'hr' });
});
