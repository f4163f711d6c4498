import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/seed/demo.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// The numbers are stated here on purpose, not read from the constants: changing a default
// must be a decision that a test notices (docs/decisions/002-sessions-and-login-throttling.md).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

let nextIp = 0;
/** A fresh documentation-range address per call, so that per-address limits of one test never leak into another. */
const ip = () => `198.18.${Math.floor(++nextIp / 250)}.${nextIp % 250}`;
const post = (url: string, payload: object, remoteAddress: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress, headers: cookie ? { cookie } : {} });
const deviceCookie = (res: { headers: Record<string, unknown> }) => {
  const set = [res.headers['set-cookie']].flat().find((c) => typeof c === 'string' && c.startsWith('sbo_device=')) as string | undefined;
  return set?.split(';')[0];
};

const body = {
  register: (email: string) => ({ fullName: 'Spray Person', email, password: 'a long enough passphrase' }),
  'resend-code': (email: string) => ({ email }),
  'reset-password': (email: string) => ({ email }),
  verify: (email: string) => ({ email, code: '000000' }),
  'update-password': (email: string) => ({ email, code: '000000', password: 'a long enough passphrase' }),
};

function expect429(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, maxSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', code: 'too_many_attempts' });
  const retry = Number(res.headers['retry-after']);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(maxSeconds);
}

describe('known-device cookie', () => {
  it('is given on sign-in: httpOnly, SameSite=Strict, only for the auth routes, 180 days', async () => {
    const res = await post('/auth/login', { email: 'hr@demo.local', password: DEMO_PASSWORD }, ip());
    expect(res.statusCode).toBe(200);
    const set = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('sbo_device='));
    expect(set).toMatch(/; Path=\/api\/v1\/auth; Max-Age=15552000; HttpOnly; SameSite=Strict$/);
  });

  it('the owner’s known browser signs in during a spray from many addresses, while the spray gets 429', async () => {
    const email = 'sale@demo.local';
    const home = ip();
    const first = await post('/auth/login', { email, password: DEMO_PASSWORD }, home);
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first)!;
    expect(cookie).toBeTruthy();

    // 25 addresses, one wrong password each: the 11th and later are refused (10 failures per account from unknown devices).
    const answers: number[] = [];
    for (let i = 0; i < 25; i++) answers.push((await post('/auth/login', { email, password: `guess-${i}` }, ip())).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers.slice(10)).toEqual(Array(15).fill(429));
    // Even the right password from an unknown device is refused now…
    expect429(await post('/auth/login', { email, password: DEMO_PASSWORD }, ip()), 15 * 60);
    // …but the owner's browser, from home or on the road, signs in.
    expect((await post('/auth/login', { email, password: DEMO_PASSWORD }, home, cookie)).statusCode).toBe(200);
    expect((await post('/auth/login', { email, password: DEMO_PASSWORD }, ip(), cookie)).statusCode).toBe(200);
  });

  it('a cookie of another account, a forged or a garbled one counts as an unknown device', async () => {
    const email = 'manager@demo.local';
    const other = deviceCookie(await post('/auth/login', { email: 'hr_lead@demo.local', password: DEMO_PASSWORD }, ip()))!;
    const mine = deviceCookie(await post('/auth/login', { email, password: DEMO_PASSWORD }, ip()))!;
    const forged = `${mine.slice(0, -4)}AAAA`;
    for (let i = 0; i < 10; i++) await post('/auth/login', { email, password: `guess-${i}` }, ip());
    for (const cookie of [other, forged, 'sbo_device=garbage', `sbo_device=${'x'.repeat(5000)}`]) {
      expect429(await post('/auth/login', { email, password: DEMO_PASSWORD }, ip(), cookie), 15 * 60);
    }
    expect((await post('/auth/login', { email, password: DEMO_PASSWORD }, ip(), mine)).statusCode).toBe(200);
  });

  it('a known device that fails 10 times counts as an unknown device from then on', async () => {
    const email = 'developer@demo.local';
    const cookie = deviceCookie(await post('/auth/login', { email, password: DEMO_PASSWORD }, ip()))!;
    for (let i = 0; i < 10; i++) expect((await post('/auth/login', { email, password: `oops-${i}` }, ip(), cookie)).statusCode).toBe(401);
    // The device's own failures were not blamed on the account's unknown devices…
    expect((await post('/auth/login', { email, password: DEMO_PASSWORD }, ip())).statusCode).toBe(200);
    // …but once strangers lock the unknown devices out, this cookie no longer lets its holder through.
    for (let i = 0; i < 10; i++) await post('/auth/login', { email, password: `spray-${i}` }, ip());
    expect429(await post('/auth/login', { email, password: DEMO_PASSWORD }, ip(), cookie), 15 * 60);
  });
});

describe('per-address and per-account sign-in limits', () => {
  it('5 failures of one account from one address lock that pair; another address still signs in', async () => {
    const email = 'sale_lead@demo.local';
    const here = ip();
    for (let i = 0; i < 5; i++) expect((await post('/auth/login', { email, password: `wrong-${i}` }, here)).statusCode).toBe(401);
    expect429(await post('/auth/login', { email, password: DEMO_PASSWORD }, here), 15 * 60);
    expect((await post('/auth/login', { email, password: DEMO_PASSWORD }, ip())).statusCode).toBe(200);
  });

  it('one address gets 50 failures across accounts, then 429', async () => {
    const here = ip();
    for (let i = 0; i < 50; i++) {
      expect((await post('/auth/login', { email: `nobody${i}@example.com`, password: 'wrong-password' }, here)).statusCode).toBe(401);
    }
    expect429(await post('/auth/login', { email: 'someone@example.com', password: 'wrong-password' }, here), 15 * 60);
  });
});

describe('every public auth form answers 429 past its limit', () => {
  it.each([
    // form, per target e-mail, window in seconds
    ['register', 3, 3600],
    ['resend-code', 3, 3600],
    ['reset-password', 3, 3600],
    ['verify', 10, 900],
    ['update-password', 10, 900],
  ] as const)('%s: %i per target e-mail (from many addresses)', async (form, perEmail, window) => {
    const email = `target.${form}@example.com`;
    for (let i = 0; i < perEmail; i++) expect((await post(`/auth/${form}`, body[form](email), ip())).statusCode).toBeLessThan(429);
    expect429(await post(`/auth/${form}`, body[form](email), ip()), window);
    // Another e-mail is not affected.
    expect((await post(`/auth/${form}`, body[form](`other.${form}@example.com`), ip())).statusCode).toBeLessThan(429);
  });

  it.each([
    ['verify', 30, 900],
    ['update-password', 30, 900],
  ] as const)('%s: %i per address (across e-mails)', async (form, perIp, window) => {
    const here = ip();
    for (let i = 0; i < perIp; i++)
      expect((await post(`/auth/${form}`, body[form](`p${i}.${form}@example.com`), here)).statusCode).toBe(400);
    expect429(await post(`/auth/${form}`, body[form](`last.${form}@example.com`), here), window);
  });

  it('refresh: 100 invalid refresh tokens from one address, then 429', async () => {
    const here = ip();
    for (let i = 0; i < 100; i++) expect((await post('/auth/refresh', { token: `junk-${i}` }, here)).statusCode).toBe(401);
    expect429(await post('/auth/refresh', { token: 'junk' }, here), 900);
  });
});

describe('codes mailed per address are capped', () => {
  it('one address gets at most 10 codes an hour across register, resend-code and reset-password', async () => {
    const { mailOutbox } = await import('../../src/server/modules/mail/mail.table.js');
    const count = async () => (await t.database.db.select().from(mailOutbox)).length;
    const here = ip();
    const before = await count();
    const forms = ['register', 'reset-password', 'resend-code'] as const;
    const answers: number[] = [];
    for (let i = 0; i < 14; i++) {
      const form = forms[i % 3]!;
      const email =
        form === 'reset-password' ? `${['admin', 'hr', 'sale', 'manager', 'developer'][i % 5]}@demo.local` : `mailcap${i}@example.com`;
      // resend-code mails only a pending account: register one first from elsewhere.
      if (form === 'resend-code') await post('/auth/register', body.register(email), ip());
      answers.push((await post(`/auth/${form}`, body[form](email), here)).statusCode);
    }
    expect(answers.slice(0, 10).every((s) => s === 201 || s === 202)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429, 429, 429]);
    // Codes mailed because of this address: its 10 requests, plus the registrations from elsewhere.
    const registeredElsewhere = [...Array(14).keys()].filter((i) => forms[i % 3] === 'resend-code').length;
    expect((await count()) - before).toBe(10 + registeredElsewhere);
  });
});
