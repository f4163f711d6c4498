import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail } from '../../src/server/seed/demo.js';
import { buildTestApp, login, type TestApp } from '../fixtures/app.js';
import { openApiPath, type JsonSchema, type OpenApiDoc } from '../fixtures/openapi.js';
import { seedFrom, shuffled } from '../fixtures/sampling.js';

// A sweep of junk input over every route, as admin: every path parameter, query key and body field
// meets a fixed list of junk; no answer is a 500, every refusal has the error shape, and the trace
// log of all of it holds no secret. The cases (about 50 000) grow with every route and field, so the
// sweep has a fixed budget, SWEEP_BUDGET_MS (default 60 s), shared fairly: in rounds that give each
// route its next case, in an order fixed by the seed; the first round always completes, so every
// route is swept every run, and successive runs cover the rest. SWEEP_SEED=<n> SWEEP_CASES=<c>, as
// printed, replays a run exactly. The input reaches the database only through the same handlers on
// both kinds, so the sweep runs once: on PostgreSQL when the suite has it, else on the embedded
// database (vitest.config.ts). The fuzz (fuzz.test.ts) samples random junk on both.

const SEED = seedFrom('SWEEP_SEED');
const BUDGET_MS = Number(process.env.SWEEP_BUDGET_MS ?? 60_000);
const CASES = process.env.SWEEP_CASES ? Number(process.env.SWEEP_CASES) : undefined;

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
  it('sweeps every route with junk bodies, parameters and queries', { timeout: CASES ? 600_000 : BUDGET_MS + 180_000 }, async () => {
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

    type Case = { method: string; url: string; body?: { raw: string } | { json: unknown } };
    const routes = [...t.app.routeAccess];
    const casesOf = routes.map((route) => {
      const cases: Case[] = [];
      const add = (method: string, url: string, body?: Case['body']) => void cases.push({ method, url, body });
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()] ?? doc.paths[openApiPath(route.url)]?.patch;
      const withId = (id: string) => route.url.replace(/:[A-Za-z]+/g, id);
      const url = withId(knownId);
      const hasBody = !['GET', 'DELETE'].includes(route.method) || Boolean(op?.requestBody);

      // Path parameters.
      if (route.url.includes('/:')) for (const p of PARAM_JUNK) add(route.method, withId(p), hasBody ? { json: {} } : undefined);

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
          add(route.method, `${url}?${encodeURIComponent(key)}=${encodeQuery(junk)}`, hasBody ? { json: {} } : undefined);
        add(route.method, `${url}?${key}=1&${key}=2&${key}[x]=3`, hasBody ? { json: {} } : undefined);
      }

      if (!hasBody) return cases;
      // Whole bodies: junk values and text that is not JSON.
      for (const junk of JUNK_VALUES) add(route.method, url, { json: junk });
      for (const raw of RAW_BODIES) add(route.method, url, { raw });
      // A plausible body with one field at a time replaced by junk, plus fields nobody declared.
      const schema = op?.requestBody?.content?.['application/json']?.schema;
      const base = sample(schema);
      if (base && typeof base === 'object' && !Array.isArray(base)) {
        add(route.method, url, { json: base });
        add(route.method, url, { json: { ...base, role: 'admin', isAdmin: true, passwordHash: 'x', id: knownId } });
        for (const field of Object.keys(base)) {
          for (const junk of FIELD_JUNK) add(route.method, url, { json: { ...(sample(schema) as object), [field]: junk } });
        }
      }
      return cases;
    });

    // Rounds: each route's next case, routes in a seeded order; the sign-out route's cases last.
    const signOut = (i: number) => routes[i]!.url.endsWith('/logout');
    const orders = casesOf.map((cases, i) => shuffled(cases.length, SEED + i));
    const total = casesOf.reduce((sum, cases) => sum + cases.length, 0);
    const rounds = Math.max(...casesOf.map((cases) => cases.length));
    const schedule: Case[] = [];
    for (let round = 0; round < rounds; round++)
      for (const i of shuffled(routes.length, SEED + 1_000_003 * (round + 1)))
        if (!signOut(i) && round < casesOf[i]!.length) schedule.push(casesOf[i]![orders[i]![round]!]!);
    const firstRound = routes.filter((_, i) => !signOut(i) && casesOf[i]!.length > 0).length;
    let done = 0;
    for (const c of schedule) {
      if (CASES ? done >= CASES : done >= firstRound && Date.now() - started >= BUDGET_MS) break;
      await send(c.method, c.url, c.body);
      done++;
    }
    // Nothing before signed the sweep out: every route above was reached as admin.
    expect((await t.app.inject({ url: '/api/v1/auth/me', headers })).statusCode).toBe(200);
    for (const c of casesOf.filter((_, i) => signOut(i)).flat()) await send(c.method, c.url, c.body);
    console.log(
      `sweep: ${requests} of ${total} cases over ${routes.length} routes in ${Date.now() - started} ms (seed ${SEED}); replay with SWEEP_SEED=${SEED} SWEEP_CASES=${done}`,
    );
    expect(failures).toEqual([]);
    // The sweep reached handlers, not only validation.
    expect(done).toBeGreaterThanOrEqual(firstRound);
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
