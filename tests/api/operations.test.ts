import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/modules/mail/mail.table.js';
import { DEMO_PASSWORD, demoEmail } from '../../src/server/seed/demo.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { openApiPath, type OpenApiDoc } from '../fixtures/openapi.js';

// Operations: probes, headers, request ids, error shapes for the framework's own errors,
// the OpenAPI document, logs without secrets. (The sweep of junk input over every route is
// sweep.test.ts.)

const logs: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void logs.push(line) } });
});
afterAll(() => t?.close());

type Res = { statusCode: number; headers: Record<string, unknown>; body: string; json(): unknown };
function expectErrorShape(res: Res, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.any(String) });
  expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['error', 'message', 'statusCode']));
  expect(JSON.stringify(body)).not.toMatch(/\bat .+\.(ts|js):\d+/); // never a stack trace
}

describe('probes', () => {
  it('health answers without the database; ready checks it', async () => {
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', demo: false });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
      realtime: 'off',
    });
  });
});

// As deployed: the built client served beside the API, TLS ended by a trusted proxy.
let built: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'sbo-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Staffing</title><div id="root"></div>');
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'app.js'), 'console.log(1)');
  built = await buildTestApp({ TRUST_PROXY: 'true' }, { webRoot });
});
afterAll(async () => {
  await built?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('security headers and CORS', () => {
  it('sends CSP, nosniff and frame denial on API answers, errors and the docs page; no HSTS without TLS', async () => {
    for (const url of ['/api/health', '/api/v1/auth/me', '/api/nope', '/api/docs']) {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/script-src 'self'(;|$)/); // no inline or remote scripts
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS when TLS ends at a trusted proxy (TRUST_PROXY=true)', async () => {
    for (const url of ['/api/health', '/']) {
      const res = await built.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d{7,}; includeSubDomains/);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('is same-origin: no CORS headers for another origin, preflight included', async () => {
    const get = await t.app.inject({ url: '/api/v1/auth/me', headers: { origin: 'https://evil.example', ...(await t.auth('admin')) } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    expect(get.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/user',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('request ids', () => {
  it('gives every answer an id, keeps the caller’s, and logs requests under it', async () => {
    const generated = await t.app.inject('/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await t.app.inject('/api/health');
    expect(other.headers['x-request-id']).not.toBe(generated.headers['x-request-id']);

    const mine = await t.app.inject({ url: '/api/nope', headers: { 'x-request-id': 'trace-abc-123' } });
    expect(mine.headers['x-request-id']).toBe('trace-abc-123');
    const lines = logs.map((l) => JSON.parse(l) as { reqId?: string; msg: string; res?: { statusCode: number } });
    const mineLogged = lines.filter((l) => l.reqId === 'trace-abc-123');
    expect(mineLogged.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(mineLogged.find((l) => l.msg === 'request completed')?.res?.statusCode).toBe(404);
  });
});

describe('errors the framework raises keep the shape', () => {
  it('unknown /api paths: JSON 404; a known path asked with another method: JSON 405 with Allow', async () => {
    expectErrorShape(await t.app.inject('/api/v1/no-such-thing'), 404);
    expectErrorShape(await t.app.inject('/api/nope?x=1'), 404);
    expectErrorShape(await t.app.inject({ method: 'DELETE', url: '/api/v1/no-such-thing' }), 404);
    expect((await t.app.inject('/api/v1/no-such-thing?token=abc')).json()).toMatchObject({
      message: 'Route GET /api/v1/no-such-thing not found',
    });
    const health = await t.app.inject({ method: 'DELETE', url: '/api/health?token=abc' });
    expectErrorShape(health, 405);
    expect(health.headers.allow).toBe('GET, HEAD');
    expect(health.json()).toMatchObject({ code: 'method_not_allowed', message: 'Method DELETE is not allowed on /api/health' });
    const login = await t.app.inject({ method: 'GET', url: '/api/v1/auth/login' });
    expectErrorShape(login, 405);
    expect(login.headers.allow).toBe('POST');
  });

  it('malformed JSON: 400; wrong content type: 415; body over 1 MB: 413', async () => {
    const login = (payload: string | Buffer, type: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, headers: { 'content-type': type } });
    for (const bad of ['{', '{"email": "a@b.c", ', '{"email": a}', '\u0000', '{"a":1}}'])
      expectErrorShape(await login(bad, 'application/json'), 400);
    expectErrorShape(await login('', 'application/json'), 400);
    expectErrorShape(await login('email=a@b.c&password=x', 'application/x-www-form-urlencoded'), 415);
    expectErrorShape(await login('<login/>', 'application/xml'), 415);
    expectErrorShape(await login('hello', 'text/plain'), 415);
    expectErrorShape(await login(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1_100_000) }), 'application/json'), 413);
    // An authenticated route still checks the caller first, whatever the body.
    expectErrorShape(
      await t.app.inject({ method: 'PATCH', url: '/api/v1/user/me', payload: '{', headers: { 'content-type': 'application/json' } }),
      401,
    );
  });

  it('serves the client shell for client routes when the client is built, and JSON 404s under /api', async () => {
    for (const url of ['/', '/leave/requests', '/user/123/edit?tab=profile']) {
      const res = await built.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
    const asset = await built.app.inject('/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expectErrorShape(await built.app.inject('/api/v1/nope'), 404);
    expectErrorShape(await built.app.inject('/api/nope'), 404);
    expectErrorShape(await built.app.inject({ method: 'POST', url: '/leave/requests' }), 404);
    // A file of the build is a GET (and HEAD) path like any other.
    const post = await built.app.inject({ method: 'POST', url: '/assets/app.js' });
    expectErrorShape(post, 405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect((await built.app.inject('/api/health')).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('serves the UI at /api/docs and a document listing every /api/v1 route', async () => {
    const ui = await t.app.inject('/api/docs');
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
    // Scripts are files of our own origin, so the strict CSP lets the page run.
    expect(ui.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect((await t.app.inject('/api/docs/static/swagger-initializer.js')).statusCode).toBe(200);

    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as OpenApiDoc;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components?.securitySchemes).toHaveProperty('bearer');
    const missing = t.app.routeAccess
      // PUT duplicates PATCH for clients that send it, and is hidden on purpose.
      .filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'PUT')
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(doc.paths['/api/v1/auth/login']!.post!.requestBody?.content?.['application/json']?.schema?.properties).toHaveProperty(
      'password',
    );
  });
});

// ---------------------------------------------------------------------------
// No input yields a 500: every route, called as admin with junk in its body, its
// parameters and its query.

describe('logs', () => {
  it('carry no tokens or passwords through sign-in, refresh, registration, password changes and sign-out', async () => {
    const secrets: string[] = [DEMO_PASSWORD];
    // An address of its own: the tests above may have used up the auth forms' limits for the default one.
    const post = (url: string, payload: unknown, token?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        remoteAddress: '192.0.2.44',
      });

    const signedIn = (await post('/api/v1/auth/login', { email: demoEmail('sale'), password: DEMO_PASSWORD })).json() as {
      accessToken: string;
      refreshToken: string;
    };
    secrets.push(signedIn.accessToken, signedIn.refreshToken);
    expect((await post('/api/v1/auth/login', { email: demoEmail('sale'), password: 'Wrong-Password-77' })).statusCode).toBe(401);
    secrets.push('Wrong-Password-77');
    const refreshed = (await post('/api/v1/auth/refresh', { token: signedIn.refreshToken })).json() as {
      accessToken: string;
      refreshToken: string;
    };
    secrets.push(refreshed.accessToken, refreshed.refreshToken);
    expect((await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${refreshed.accessToken}` } })).statusCode).toBe(
      200,
    );
    // A forged token in a header is not logged either.
    const forged = `${refreshed.accessToken.split('.').slice(0, 2).join('.')}.Zm9yZ2Vk`;
    secrets.push(forged);
    expect((await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${forged}` } })).statusCode).toBe(401);

    // Registration and e-mail verification (the code comes from the mail outbox).
    const email = `new.hire.${Date.now()}@example.com`;
    expect((await post('/api/v1/auth/register', { fullName: 'New Hire', email, password: 'Register-Secret-81' })).statusCode).toBe(201);
    secrets.push('Register-Secret-81');
    const code = async (to: string) => {
      const rows = await t.database.db.select().from(mailOutbox);
      return rows
        .filter((r) => r.to === to)
        .at(-1)!
        .body.match(/\b(\d{6})\b/)![1]!;
    };
    const verified = await post('/api/v1/auth/verify', { email, code: await code(email) });
    expect(verified.statusCode, verified.body).toBe(200);
    const fresh = verified.json() as { accessToken: string; refreshToken: string };
    secrets.push(fresh.accessToken, fresh.refreshToken);

    // Change the password, reset it by code, sign out.
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/me/password',
      payload: { currentPassword: 'Register-Secret-81', newPassword: 'Changed-Secret-92' },
      headers: { authorization: `Bearer ${fresh.accessToken}` },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    secrets.push('Changed-Secret-92');
    expect((await post('/api/v1/auth/reset-password', { email })).statusCode).toBe(202);
    const reset = await post('/api/v1/auth/update-password', { email, code: await code(email), password: 'Reset-Secret-03' });
    expect(reset.statusCode, reset.body).toBe(200);
    secrets.push('Reset-Secret-03');
    const again = (await post('/api/v1/auth/login', { email, password: 'Reset-Secret-03' })).json() as {
      accessToken: string;
      refreshToken: string;
    };
    secrets.push(again.accessToken, again.refreshToken);
    expect((await post('/api/v1/auth/logout', { token: again.refreshToken }, again.accessToken)).statusCode).toBe(204);

    // Every line is structured JSON; none holds a secret, not even a token's signature alone.
    expect(logs.length).toBeGreaterThan(50);
    for (const line of logs) expect(() => JSON.parse(line)).not.toThrow();
    const text = logs.join('\n');
    expect(text).toContain('"reqId"');
    // (The demo password is public: the first start announces it with the demo accounts.)
    const checked = logs.filter((l) => !l.includes('"msg":"Demo data seeded.'));
    const leaks = secrets
      .flatMap((secret) => (secret.split('.').length === 3 ? [secret, secret.split('.')[2]!] : [secret]))
      .flatMap((secret) => checked.filter((l) => l.includes(secret)).map((l) => `${secret.slice(0, 12)}… in ${l.slice(0, 300)}`));
    expect(leaks).toEqual([]);
    expect(text).not.toMatch(/Bearer [A-Za-z0-9_-]{10,}/);
    expect(text).not.toMatch(/\$argon2/);
  });
});
