import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail } from '../../src/server/seed/demo.js';
import { buildTestApp, login, type TestApp } from '../fixtures/app.js';
import { openApiPath, type JsonSchema, type OpenApiDoc } from '../fixtures/openapi.js';

// A sweep of junk input over every route, as admin: every path parameter, query key and body field
// meets a fixed list of junk; no answer is a 500, every refusal has the error shape, and the trace
// log of all of it holds no secret. The input reaches the database only through the same handlers
// on both kinds, so the sweep runs once: on PostgreSQL when the suite has it, else on the embedded
// database (vitest.config.ts). The fuzz (fuzz.test.ts) samples random junk on both.

const logs: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void logs.push(line) } });
});
afterAll(() => t?.close());

const JUNK_STRINGS = [
  '',
  ' ',
  'null',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  "' OR 1=1 --",
  '%_\\',
  'a\u0000b',
  '\u0000',
  '\ud800', // a lone surrogate: not valid UTF-8
  '😀'.repeat(50),
  'x'.repeat(10_000),
  'Nguyễn Hélène Ünïcödé',
  '\u202eevil',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '2024-02-30',
  '2024-13-01T25:61:00Z',
  'true',
  '__proto__',
  'constructor',
];
function deep(levels: number): unknown {
  let v: unknown = { leaf: 'x' };
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}
const JUNK_VALUES: unknown[] = [
  ...JUNK_STRINGS,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 63,
  1e308,
  -1e308,
  true,
  false,
  null,
  [],
  [null],
  ['x'],
  [1, 2, 3],
  Array.from({ length: 2000 }, () => 'x'),
  {},
  { a: 1 },
  deep(200),
  { $gt: '' },
  JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
];
// Per field, a shorter list that still mixes every type and the strings databases choke on.
const FIELD_JUNK: unknown[] = [
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x'.repeat(10_000),
  '😀'.repeat(50),
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '2024-02-30',
  '-1',
  0,
  -1,
  1.5,
  2 ** 63,
  1e308,
  true,
  null,
  [],
  ['x'],
  Array.from({ length: 2000 }, () => 'x'),
  {},
  deep(200),
  { $gt: '' },
  JUNK_VALUES.at(-1),
];
const RAW_BODIES = [
  '{',
  '[',
  '"',
  'nul',
  '{"a":1',
  '[[[[[[[[[[',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(5000)}{"__proto__":1}${'}'.repeat(5000)}`,
  '\u0000\u0001',
  '{"__proto__":{"x":1}}',
];
// A lone surrogate has no UTF-8 form: send the bytes a careless client would (CESU-8).
const encodeQuery = (v: string) => (v === '\ud800' ? '%ED%A0%80' : encodeURIComponent(v));
const PARAM_JUNK = [
  'not-a-uuid',
  '0',
  '-1',
  'me',
  "'; drop table users; --",
  '%00',
  '%F0%9F%98%80',
  'x'.repeat(500),
  '00000000-0000-0000-0000-000000000000',
  '..%2F..%2Fetc',
  '%E0%A4%A',
  'null',
];

describe('no input yields a 500', () => {
  it('sweeps every route with junk bodies, parameters and queries', { timeout: 600_000 }, async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as OpenApiDoc;
    // Its own session: the sweep signs out at the very end.
    const { accessToken } = await login(t.app, demoEmail('admin'), DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${accessToken}` };
    let emails = 0;
    const knownId = t.users.developer.id;

    const sample = (s: JsonSchema | undefined, key = ''): unknown => {
      if (!s) return undefined;
      if (s.enum) return s.enum[0];
      const alternatives = s.anyOf ?? s.oneOf;
      if (alternatives) return sample(alternatives.find((a) => a.type !== 'null') ?? alternatives[0], key);
      const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
      if (type === 'object') return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, k)]));
      if (type === 'array') return [sample(s.items, key)];
      if (type === 'integer' || type === 'number') return s.minimum ?? 1;
      if (type === 'boolean') return true;
      if (s.format === 'uuid') return knownId;
      if (/email/i.test(key)) return `sweep.${++emails}@example.com`;
      if (s.format === 'date' || /date/i.test(key)) return '2024-03-15';
      if (/password/i.test(key)) return 'Sweep-Passw0rd-42';
      if (/code/i.test(key)) return '123456';
      return 'x'.repeat(Math.max(s.minLength ?? 0, 5));
    };

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    const started = Date.now();
    const send = async (method: string, url: string, body?: { raw: string } | { json: unknown }) => {
      requests++;
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        payload: body ? ('raw' in body ? body.raw : JSON.stringify(body.json)) : undefined,
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const what = `${method} ${url.slice(0, 120)} ${body ? JSON.stringify('raw' in body ? body.raw : body.json).slice(0, 120) : ''} → ${res.statusCode}`;
      if (res.statusCode >= 500) failures.push(`${what} ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400) {
        const b = (() => {
          try {
            return res.json() as Record<string, unknown>;
          } catch {
            return undefined;
          }
        })();
        if (!b || b.statusCode !== res.statusCode || typeof b.error !== 'string' || typeof b.message !== 'string')
          failures.push(`${what}: not the error shape: ${res.body.slice(0, 200)}`);
      }
    };

    // Sign-out last, so that the rest runs signed in.
    const routes = [...t.app.routeAccess].sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
    for (const route of routes) {
      if (route.url.endsWith('/logout')) {
        // Nothing before signed the sweep out: every route above was reached as admin.
        expect((await t.app.inject({ url: '/api/v1/auth/me', headers })).statusCode).toBe(200);
      }
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] ?? doc.paths[openApiPath(route.url)]?.patch;
      const withId = (id: string) => route.url.replace(/:[A-Za-z]+/g, id);
      const url = withId(knownId);
      const hasBody = !['GET', 'DELETE'].includes(route.method) || Boolean(op?.requestBody);

      // Path parameters.
      if (route.url.includes('/:')) for (const p of PARAM_JUNK) await send(route.method, withId(p), hasBody ? { json: {} } : undefined);

      // Query strings: the route's declared parameters and a few it does not know.
      // (Routes other than GET ignore their query: a token check of that is enough.)
      const keys =
        route.method === 'GET'
          ? [
              ...new Set([
                ...(op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
                'page',
                'limit',
                'q',
                'sort',
                'unknownKey',
              ]),
            ]
          : ['unknownKey'];
      for (const key of keys) {
        for (const junk of route.method === 'GET' ? JUNK_STRINGS : JUNK_STRINGS.slice(10, 16))
          await send(route.method, `${url}?${encodeURIComponent(key)}=${encodeQuery(junk)}`, hasBody ? { json: {} } : undefined);
        await send(route.method, `${url}?${key}=1&${key}=2&${key}[x]=3`, hasBody ? { json: {} } : undefined);
      }

      if (!hasBody) continue;
      // Whole bodies: junk values and text that is not JSON.
      for (const junk of JUNK_VALUES) await send(route.method, url, { json: junk });
      for (const raw of RAW_BODIES) await send(route.method, url, { raw });
      // A plausible body with one field at a time replaced by junk, plus fields nobody declared.
      const schema = op?.requestBody?.content?.['application/json']?.schema;
      const base = sample(schema);
      if (base && typeof base === 'object' && !Array.isArray(base)) {
        await send(route.method, url, { json: base });
        await send(route.method, url, { json: { ...base, role: 'admin', isAdmin: true, passwordHash: 'x', id: knownId } });
        for (const field of Object.keys(base)) {
          for (const junk of FIELD_JUNK) await send(route.method, url, { json: { ...(sample(schema) as object), [field]: junk } });
        }
      }
    }

    console.log(`sweep: ${requests} requests over ${routes.length} routes in ${Date.now() - started} ms`);
    expect(failures).toEqual([]);
    // The sweep reached handlers, not only validation.
    expect(requests).toBeGreaterThan(2000);
    expect([...statuses.keys()].filter((s) => s < 300).length).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(100);

    // Its passwords and its token never reach the log, not even the token's signature alone.
    expect(logs.length).toBeGreaterThan(requests);
    const leaks = ['Sweep-Passw0rd-42', accessToken, accessToken.split('.')[2]!].filter((secret) => logs.some((l) => l.includes(secret)));
    expect(leaks).toEqual([]);
    const text = logs.join('\n');
    expect(text).not.toMatch(/Bearer [A-Za-z0-9_-]{10,}/);
    expect(text).not.toMatch(/\$argon2/);
  });
});
