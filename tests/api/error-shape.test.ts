import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { multipart, png } from '../fixtures/documents.js';

// Whatever raises an error — router, body parser, multipart parser, validator, database —
// it leaves in DOMAIN.md's shape with a code of ours.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

function expectShape(res: { statusCode: number; body: string; json(): unknown }, status: number, code: string, error?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode: status, code, message: expect.any(String), error: error ?? expect.any(String) });
  expect(res.body).not.toMatch(/FST_|busboy|node_modules|\bat \w+ \(|\/work\//);
  return body;
}

describe('router errors', () => {
  it('a bad %-encoding in the path is a 400 bad_url', async () => {
    const headers = await t.auth('admin');
    for (const url of ['/api/v1/user/%', '/api/v1/user/%E0%A4%A', '/api/v1/notifications/%zz']) {
      const res = await t.app.inject({ url, headers });
      expectShape(res, 400, 'bad_url', 'Bad Request');
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('a wrong method on a known path is a 405 method_not_allowed with Allow; an unknown path a 404 route_not_found', async () => {
    const headers = await t.auth('admin');
    for (const [method, url, allow] of [
      ['DELETE', '/api/v1/user', 'GET, HEAD, POST'],
      ['PUT', '/api/v1/user?_start=0&_end=5', 'GET, HEAD, POST'],
      ['POST', '/api/v1/user/00000000-0000-4000-8000-000000000000', 'GET, HEAD, PUT, PATCH, DELETE'],
      ['POST', '/api/v1/user/paginated', 'GET, HEAD, PUT, PATCH, DELETE'],
      ['PATCH', '/api/v1/auth/login', 'POST'],
      ['HEAD', '/api/v1/auth/login', 'POST'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      if (method !== 'HEAD') expectShape(res, 405, 'method_not_allowed', 'Method Not Allowed');
    }
    for (const [method, url] of [
      ['GET', '/api/v1/no-such-thing'],
      ['DELETE', '/api/v1/users'],
      ['POST', '/api/v1/user/00000000-0000-4000-8000-000000000000/nothing/here'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers });
      expectShape(res, 404, 'route_not_found', 'Not Found');
      expect(res.headers.allow).toBeUndefined();
    }
    // A path the router cannot decode is a bad URL under any method, never a 405 naming every method.
    for (const method of ['OPTIONS', 'POST', 'PROPFIND'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/user/%zz', headers });
      expect(res.statusCode, method).toBe(400);
      expect(res.headers.allow, method).toBeUndefined();
    }
  });

  it('an over-long path parameter is a 414 uri_too_long with its own status text', async () => {
    const res = await t.app.inject({ url: `/api/v1/user/${'a'.repeat(101)}`, headers: await t.auth('admin') });
    expectShape(res, 414, 'uri_too_long', 'URI Too Long');
  });
});

describe('body parser errors', () => {
  const me = async (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/me',
      payload,
      headers: { ...(await t.auth('developer')), 'content-type': contentType },
    });

  it('malformed JSON is a 400 malformed_json; an empty JSON body a 400 empty_body', async () => {
    expectShape(await me('{"fullName":'), 400, 'malformed_json', 'Bad Request');
    expectShape(await me(''), 400, 'empty_body');
  });

  it('an unknown content type is a 415 unsupported_media_type', async () => {
    expectShape(await me('x', 'text/plain'), 415, 'unsupported_media_type', 'Unsupported Media Type');
    expectShape(await me('x', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type');
  });
});

describe('control characters are refused by the shared text schema, naming the field', () => {
  it.each([
    ['NUL', 'Ann\u0000Lee'],
    ['DEL', 'Ann\u007fLee'],
    ['C1', 'Ann\u0085Lee'],
    ['right-to-left override', 'Ann\u202eeeL'],
    ['isolate', 'Ann\u2066Lee'],
    ['line feed in a one-line field', 'Ann\nLee'],
    ['lone surrogate', 'Ann\ud800Lee'],
  ])('%s in fullName → 400 control_characters on fullName', async (_, fullName) => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/user/me', payload: { fullName }, headers: await t.auth('hr') });
    const body = expectShape(res, 400, 'validation_failed');
    expect(body.issues).toEqual({ fullName: { code: 'control_characters' } });
    expect(body.errors).toEqual({ fullName: 'Control characters are not allowed' });
  });

  it('keeps letters of every script, emoji and the right-to-left mark', async () => {
    const fullName = 'Nguyễn Hélène \u200fمريم\u200f 😀';
    const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/user/me', payload: { fullName }, headers: await t.auth('hr') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fullName).toBe(fullName);
  });

  it('a multi-line message keeps its line breaks but not a NUL', async () => {
    const headers = await t.auth('admin');
    const send = (message: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/notifications',
        headers,
        payload: { userIds: [t.users.developer.id], title: 'Hello', message },
      });
    expect((await send('line one\nline two\r\n\tindented')).statusCode).toBe(201);
    const res = await send('line\u0000two');
    expect(expectShape(res, 400, 'validation_failed').issues).toEqual({ message: { code: 'control_characters' } });
  });
});

describe('malformed multipart is a 400 malformed_multipart', () => {
  const upload = async (payload: Buffer | string, contentType: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/me/avatar',
      payload,
      headers: { ...(await t.auth('developer')), 'content-type': contentType },
    });
  const good = () => multipart({ name: 'a.png', type: 'image/png', content: png(16) });

  it('no boundary', async () => {
    expectShape(await upload(good().payload, 'multipart/form-data'), 400, 'malformed_multipart');
  });

  it('a garbage body', async () => {
    expectShape(await upload('this is not multipart at all', 'multipart/form-data; boundary=xyz'), 400, 'malformed_multipart');
  });

  it('a part cut off inside the file', async () => {
    const { payload, headers } = good();
    expectShape(await upload(payload.subarray(0, payload.length - 60), headers['content-type']), 400, 'malformed_multipart');
  });

  it('no closing boundary', async () => {
    const { payload, headers } = good();
    const boundary = headers['content-type'].split('boundary=')[1]!;
    const cut = payload.subarray(0, payload.lastIndexOf(`--${boundary}--`));
    expectShape(await upload(cut, headers['content-type']), 400, 'malformed_multipart');
  });

  it('a well-formed upload still works', async () => {
    const { payload, headers } = good();
    const res = await upload(payload, headers['content-type']);
    expect(res.statusCode, res.body).toBe(200);
  });
});
