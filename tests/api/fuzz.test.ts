import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/domain/auth/permissions.js';
import { queryRows } from '../../src/server/db/client.js';
import { DEMO_PASSWORD, demoEmail } from '../../src/server/seed/demo.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { multipart, png } from '../fixtures/documents.js';
import { operationsOf, type JsonSchema, type OpenApiDoc, type Operation } from '../fixtures/openapi.js';
import { seedFrom, shuffled } from '../fixtures/sampling.js';
import { connectLive, refusal, type LiveClient } from '../fixtures/socket.js';
import { socketSessions } from '../../src/server/app.js';

/**
 * Property-based fuzz of every operation the OpenAPI document lists, for anonymous callers and
 * each role: bad and boundary inputs in paths, queries and bodies (JSON and multipart). A route
 * added later is fuzzed with no new test code. Seeded and bounded by time: FUZZ_BUDGET_MS (default
 * 30 s per database) shared fairly by all operations; FUZZ_SEED=<n> FUZZ_ROUNDS=<r>, as printed,
 * replays a run exactly.
 */
const SEED = seedFrom('FUZZ_SEED');
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 30_000);
const ROUNDS = process.env.FUZZ_ROUNDS ? Number(process.env.FUZZ_ROUNDS) : undefined;

// Tables a refused request may still write to: the throttles' bookkeeping (a failed sign-in is
// counted), a code's wrong tries, a session revoked by a replayed refresh token.
const BOOKKEEPING = new Set(['login_failures', 'auth_requests', 'auth_codes', 'sessions', 'refresh_tokens', 'app_secrets']);

let t: TestApp;
let doc: OpenApiDoc;
let tables: string[];
/** A user of the fuzz's own: the one real id it sends, so that no caller's account gets archived or changed. */
let target: string;
type Caller = 'anonymous' | Role;
const CALLERS: Caller[] = ['anonymous', ...ROLES];
const tokens = new Map<Role, string>();

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject('/api/docs/json')).json() as OpenApiDoc;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user',
    headers: await t.auth('admin'),
    payload: { fullName: 'Fuzz Target', email: 'fuzz.target@example.com', role: 'developer', password: 'Fuzz-Target-Passw0rd' },
  });
  expect(created.statusCode, created.body).toBe(201);
  target = (created.json() as { id: string }).id;
  // The fuzz's own sessions (a fuzzed logout must not end the other tests' tokens), through the fixture's login.
  for (const role of ROLES) tokens.set(role, (await t.tokens(role)).accessToken);
  for (const role of ROLES) await signInAgain(role); // remembers each role's browser
  tables = (
    await queryRows<{ name: string }>(
      t.database.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  )
    .map((r) => r.name)
    .filter((n) => !BOOKKEEPING.has(n) && !n.startsWith('__'));
  console.log(`fuzz seed ${SEED}, ${ROUNDS ? `${ROUNDS} rounds` : `budget ${BUDGET_MS} ms`}`);
});
afterAll(() => t?.close());

const deviceCookies = new Map<Role, string>();
/**
 * A new session for a role whose token a fuzzed request ended, from the browser that signed in
 * before (its known-device cookie): the fuzz's wrong passwords lock out unknown devices only.
 */
async function signIn(role: Role): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: demoEmail(role), password: DEMO_PASSWORD },
    headers: deviceCookies.has(role) ? { cookie: deviceCookies.get(role)! } : {},
    remoteAddress: '10.255.0.1',
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('sbo_device='));
  if (cookie) deviceCookies.set(role, String(cookie).split(';')[0]!);
  return res.json() as { accessToken: string; refreshToken: string };
}
const signInAgain = async (role: Role) => (await signIn(role)).accessToken;

/**
 * A cheap, column-agnostic fingerprint of every business table: its live rows' count and the
 * newest transaction that wrote one of them. Any committed insert or update gives a row a newer
 * xmin, any delete changes the count; a refused request's rolled-back writes leave no live row.
 * (Hashing every row cost more with each module's demo data than the requests themselves.) Most
 * requests write nothing at all, so no transaction id is taken: while the next one to be given is
 * the same as at the last look, the tables are as they were, and are not read again.
 */
let lastLook: { nextXid: string; print: string } | undefined;
async function fingerprint(): Promise<string> {
  const [{ nextXid }] = (await queryRows<{ nextXid: string }>(
    t.database.db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as "nextXid"`,
  )) as [{ nextXid: string }];
  if (lastLook?.nextXid === nextXid) return lastLook.print;
  const parts = tables.map(
    (name) =>
      sql`select ${name}::text || ':' || count(*) || ':' || coalesce(max(x.xmin::text::bigint), 0) as h from ${sql.identifier(name)} x`,
  );
  const rows = await queryRows<{ h: string }>(t.database.db, sql.join(parts, sql` union all `));
  const print = rows
    .map((r) => r.h)
    .sort()
    .join('|');
  lastLook = { nextXid, print };
  return print;
}

// ---------------------------------------------------------------------------
// Inputs

const CONTROL = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u202e', '\u2066', '\ufeff', '\ud800', '\r\n'];
const nasty = fc.oneof(
  fc.constantFrom('', ' ', 'null', 'NaN', '-1', '0', '1e309', "' OR 1=1 --", '%_\\', '<script>', '../../etc/passwd', '__proto__'),
  fc.constantFrom(...CONTROL).chain((c) => fc.string({ maxLength: 8 }).map((s) => `${s}${c}${s}`)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 100, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom('😀'.repeat(300), 'Nguyễn Hélène', '00000000-0000-0000-0000-000000000000', 'not-a-uuid', '2024-02-30'),
);
const boundaryNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 0.5, -0.0, 2 ** 31, 2 ** 53 + 1, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-320),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const wrongType = fc.oneof(
  nasty,
  boundaryNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(nasty, fc.integer()), { maxLength: 3 }),
  fc.constant(Array.from({ length: 3000 }, () => 'x')),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(nasty, fc.integer()), { maxKeys: 3 }),
  fc.constant({ $gt: '' }),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}}') as unknown),
);

/** A value the schema accepts, or close to it (a boundary). */
function valid(s: JsonSchema | undefined, key = ''): fc.Arbitrary<unknown> {
  if (!s) return fc.constant(undefined);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valid(a, key)));
  if (s.allOf?.length) return valid(s.allOf[0], key);
  const type = Array.isArray(s.type) ? (s.type.find((x) => x !== 'null') ?? 'null') : s.type;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, valid(v, k)])), {
        requiredKeys: s.required ?? [],
      });
    case 'array':
      return fc.array(valid(s.items, key), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'integer':
    case 'number': {
      const min = s.minimum ?? s.exclusiveMinimum ?? -1000;
      const max = s.maximum ?? s.exclusiveMaximum ?? 1000;
      return fc.constantFrom(min, max, Math.round((min + max) / 2), min - 1, max + 1);
    }
    case 'boolean':
      return fc.boolean();
    default:
      if (s.format === 'uuid') return fc.oneof(fc.uuid(), fc.constant(target));
      if (s.format === 'email' || /email/i.test(key))
        return fc.oneof(fc.constantFrom(...ROLES.map(demoEmail)), fc.emailAddress(), fc.constant('x'.repeat(250) + '@a.io'));
      if (s.format === 'date' || /date/i.test(key)) return fc.constantFrom('2024-03-15', '1900-01-01', '2099-12-31', '0001-01-01');
      if (s.format === 'date-time') return fc.constantFrom('2024-03-15T10:00:00Z', '9999-12-31T23:59:59Z');
      // Never the demo password: a fuzzed password change must not lock the callers out.
      if (/password/i.test(key)) return fc.constantFrom('Fuzz-Passw0rd-42', 'x'.repeat(129), 'short');
      if (/code/i.test(key)) return fc.constantFrom('123456', '000000', '12345');
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 20, 40) });
  }
}

/** A body that is wrong in one way: a field missing, of the wrong type, unknown, or the whole body bad. */
function badJsonBody(schema: JsonSchema | undefined): fc.Arbitrary<{ raw: string; type?: string }> {
  const base = valid(schema);
  const props = Object.keys(schema?.properties ?? {});
  const json = (v: unknown) => ({ raw: JSON.stringify(v) ?? 'null' });
  const options: Array<fc.Arbitrary<{ raw: string; type?: string }>> = [
    base.map(json),
    wrongType.map(json),
    fc
      .tuple(base, fc.string({ minLength: 1, maxLength: 12 }), wrongType)
      .map(([b, k, v]) => json(typeof b === 'object' && b ? { ...b, [k]: v } : { [k]: v })),
    fc
      .constantFrom(
        '{',
        '[',
        '"',
        'nul',
        '{"a":1',
        '\u0000',
        `${'['.repeat(3000)}${']'.repeat(3000)}`,
        '{"a":"\\ud800"}',
        '{"__proto__":{"x":1}}',
      )
      .map((raw) => ({ raw })),
    fc
      .tuple(base, fc.constantFrom('text/plain', 'application/xml', 'application/json; charset=latin1', 'multipart/form-data'))
      .map(([b, type]) => ({
        raw: JSON.stringify(b) ?? '',
        type,
      })),
  ];
  if (props.length) {
    options.push(
      fc.tuple(base, fc.constantFrom(...props), wrongType).map(([b, k, v]) => json({ ...(b as object), [k]: v })),
      fc.tuple(base, fc.constantFrom(...props), nasty).map(([b, k, v]) => json({ ...(b as object), [k]: v })),
      fc.tuple(base, fc.constantFrom(...props)).map(([b, k]) => {
        const copy = { ...(b as Record<string, unknown>) };
        delete copy[k];
        return json(copy);
      }),
    );
  }
  return fc.oneof(...options);
}

/** Multipart bodies: well-formed with junk content and names, and malformed in each way a parser meets. */
const multipartBody: fc.Arbitrary<{ raw: Buffer; type: string }> = fc.oneof(
  fc
    .tuple(
      fc.oneof(nasty, fc.constantFrom('photo\u202egnp.exe', 'a\u007f.png', 'con.png', '')),
      fc.oneof(
        fc.constant(png(8)),
        fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
      ),
    )
    .map(([name, content]) => {
      const m = multipart({ name: name.replace(/["\r\n]/g, ''), type: 'image/png', content });
      return { raw: m.payload, type: m.headers['content-type'] };
    }),
  fc.constantFrom('no-boundary', 'garbage', 'truncated', 'unclosed', 'empty', 'bad-header').map((kind) => {
    const m = multipart({ name: 'a.png', type: 'image/png', content: png(8) });
    const type = m.headers['content-type'];
    const boundary = type.split('boundary=')[1]!;
    switch (kind) {
      case 'no-boundary':
        return { raw: m.payload, type: 'multipart/form-data' };
      case 'garbage':
        return { raw: Buffer.from('definitely not multipart'), type };
      case 'truncated':
        return { raw: m.payload.subarray(0, m.payload.length - 40), type };
      case 'unclosed':
        return { raw: m.payload.subarray(0, m.payload.lastIndexOf(`--${boundary}--`)), type };
      case 'empty':
        return { raw: Buffer.alloc(0), type };
      default:
        return { raw: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`), type };
    }
  }),
);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** encodeURIComponent, but a lone surrogate (which it throws on) goes out as its three ill-formed UTF-8 bytes. */
function encode(v: string): string {
  let out = '';
  let last = 0;
  for (const m of v.matchAll(LONE_SURROGATE)) {
    const c = m[0].charCodeAt(0);
    const bytes = [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
    out += encodeURIComponent(v.slice(last, m.index)) + bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    last = m.index + 1;
  }
  return out + encodeURIComponent(v.slice(last));
}

const badSegment = fc.oneof(
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%ED%A0%80', '..%2F..%2Fetc', 'me', '-1', '0', "'", '%F0%9F%98%80', 'null'),
  fc.integer({ min: 90, max: 400 }).map((n) => 'a'.repeat(n)),
  fc.uuid(),
  fc.string({ maxLength: 30 }).map(encode),
);

function queryString(op: Operation): fc.Arbitrary<string> {
  const declared = (op.parameters ?? []).filter((p) => p.in === 'query');
  const pair = fc.oneof(
    ...(declared.length
      ? [
          fc
            .tuple(fc.constantFrom(...declared), fc.oneof(valid(declared[0]!.schema).map(String), nasty, boundaryNumber.map(String)))
            .map(([p, v]) => `${encode(p.name)}=${encode(v)}`),
          fc.constantFrom(...declared).map((p) => `${p.name}=1&${p.name}=2&${p.name}[x]=3`),
        ]
      : []),
    fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), nasty).map(([k, v]) => `${encode(k)}=${encode(v)}`),
    fc.constantFrom('%', 'a=%zz', '=', '&&', 'a[b][c][d][e]=1', '__proto__[x]=1', `q=${'x'.repeat(5000)}`),
  );
  return fc.array(pair, { maxLength: 3 }).map((ps) => (ps.length ? `?${ps.join('&')}` : ''));
}

interface Request {
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

function requestFor(method: string, path: string, op: Operation): fc.Arbitrary<Request> {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const pathArb = fc
    .tuple(...params.map(() => fc.oneof({ weight: 3, arbitrary: badSegment }, { weight: 1, arbitrary: fc.constant(target) })))
    .map((segs) => params.reduce((p, name, i) => p.replace(`{${name}}`, segs[i]!), path));
  const content = op.requestBody?.content ?? {};
  const bodyArb: fc.Arbitrary<{ raw?: string | Buffer; type?: string }> = content['multipart/form-data']
    ? fc.oneof(
        multipartBody,
        badJsonBody(undefined).map((b) => ({ raw: b.raw, type: b.type ?? 'application/json' })),
      )
    : content['application/json'] || ['POST', 'PUT', 'PATCH'].includes(method)
      ? badJsonBody(content['application/json']?.schema).map((b) => ({ raw: b.raw, type: b.type ?? 'application/json' }))
      : fc.oneof(
          fc.constant({}),
          badJsonBody(undefined).map((b) => ({ raw: b.raw, type: b.type ?? 'application/json' })),
        );
  return fc.tuple(pathArb, queryString(op), bodyArb).map(([p, q, b]) => ({ url: `${p}${q}`, payload: b.raw, contentType: b.type }));
}

// ---------------------------------------------------------------------------
// What every answer must be

const INTERNAL = [
  /FST_[A-Z_]+/,
  /\bat [\w.<>]+ \(?[^)]*:\d+:\d+\)?/, // a stack frame
  /node_modules|\/work\/|\/src\/server\//,
  /\b(select|insert into|update|delete from)\b[\s\S]{0,200}\b(from|values|set|where)\b/i,
  /syntax error at or near|violates [a-z ]*constraint|relation "[^"]+"|column "[^"]+"|duplicate key value/i,
  /ZodError|TypeError|ReferenceError|SyntaxError: Unexpected/,
];

function problemsOf(status: number, body: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  if (status < 400) return problems;
  let parsed: Record<string, unknown> | undefined;
  try {
    parsed = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return [...problems, 'error body is not JSON'];
  }
  if (parsed.statusCode !== status) problems.push('statusCode differs from the status');
  if (typeof parsed.error !== 'string') problems.push('no error text');
  if (typeof parsed.message !== 'string') problems.push('no message');
  if (typeof parsed.code !== 'string' || !/^[a-z][a-z0-9_]*$/.test(parsed.code)) problems.push(`code ${String(parsed.code)} is not ours`);
  for (const k of Object.keys(parsed))
    if (!['statusCode', 'error', 'code', 'message', 'errors', 'issues'].includes(k)) problems.push(`extra key ${k}`);
  for (const re of INTERNAL) if (re.test(body)) problems.push(`internal detail ${re}`);
  return problems;
}

describe('fuzz: every documented operation, every caller', () => {
  it(
    'no 5xx, the error shape with a code of ours, nothing internal, no change from a refused request',
    { timeout: ROUNDS ? 600_000 : BUDGET_MS + 120_000 },
    async () => {
      const ops = operationsOf(doc).filter((o) => o.path.startsWith('/api/'));
      expect(ops.length).toBeGreaterThan(15);
      const started = Date.now();
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let requests = 0;
      // The fingerprint sees a committed write: an update to the same value gives its row a new xmin.
      const untouched = await fingerprint();
      await queryRows(t.database.db, sql`update customers set name = name where id = (select id from customers limit 1)`);
      let before = await fingerprint();
      expect(before).not.toBe(untouched);
      const pairs = ops.flatMap((o) => CALLERS.map((caller) => ({ ...o, caller, arbitrary: requestFor(o.method, o.path, o.op) })));

      // Rounds: each gives every operation × caller pair one request, in an order shuffled by the
      // seed, so that the budget samples all routes alike however many there are. The first round
      // always completes (every route is called every run); then rounds go on until the budget is
      // spent. FUZZ_ROUNDS replays a run exactly, whatever the machine's pace.
      let round = 0;
      let stoppedAt = pairs.length;
      for (; ROUNDS ? round < ROUNDS : round === 0 || Date.now() - started < BUDGET_MS; round++) {
        const order = shuffled(pairs.length, SEED + round);
        for (const [n, i] of order.entries()) {
          if (!ROUNDS && round > 0 && Date.now() - started >= BUDGET_MS) {
            stoppedAt = n;
            break;
          }
          const { method, arbitrary, caller } = pairs[i]!;
          const [r] = fc.sample(arbitrary, { seed: SEED + round * 1_000_003 + i, numRuns: 1 });
          requests++;
          const token = caller === 'anonymous' ? undefined : tokens.get(caller);
          const res = await t.app.inject({
            method: method as 'GET',
            url: r!.url,
            payload: r!.payload,
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(r!.contentType && r!.payload !== undefined ? { 'content-type': r!.contentType } : {}),
            },
            remoteAddress: `10.${i % 250}.0.1`,
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const after = await fingerprint();
          const problems = problemsOf(res.statusCode, res.body);
          if (res.statusCode >= 400 && after !== before) problems.push('a refused request changed data');
          before = after;
          // A fuzzed sign-out or password change ends the caller's session: sign in again.
          if (token && res.statusCode === 401 && caller !== 'anonymous') {
            tokens.set(caller, await signInAgain(caller));
          }
          if (problems.length) {
            const sent = typeof r!.payload === 'string' ? r!.payload.slice(0, 200) : r!.payload ? `<${r!.payload.length} bytes>` : '';
            failures.push(
              `round ${round + 1}: ${method} ${r!.url.slice(0, 150)} as ${caller} [${r!.contentType ?? ''}] ${JSON.stringify(sent)} → ${res.statusCode} ${res.body.slice(0, 200)}: ${problems.join('; ')}`,
            );
          }
        }
        if (stoppedAt < pairs.length) break;
      }
      const rounds = stoppedAt < pairs.length ? round + 1 : round;
      console.log(
        `fuzz: ${requests} requests over ${pairs.length} operation × caller pairs, ${rounds} rounds (the last ${stoppedAt} of ${pairs.length} pairs) in ${Date.now() - started} ms; replay with FUZZ_SEED=${SEED} FUZZ_ROUNDS=${rounds}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(failures, `replay with FUZZ_SEED=${SEED} FUZZ_ROUNDS=${rounds}`).toEqual([]);
      // It reached handlers, not only the door.
      expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(50);
    },
  );
});

// ---------------------------------------------------------------------------
// The live socket: bad handshakes, junk events and floods.

describe('fuzz: the notifications socket', () => {
  let base: string;
  const open: LiveClient[] = [];
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await t.realtime.attach(t.app.server, socketSessions(t.services), t.app.log);
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    for (const c of open) c.close();
  });

  it('refuses bad handshakes without crashing', async () => {
    const samples = fc.sample(
      fc.oneof(
        fc.constantFrom(undefined, null, 0, true, [], {}, 'x'.repeat(100_000), '\u0000', 'Bearer x', 'a.b.c'),
        fc.anything({ maxDepth: 2 }),
        fc.string(),
      ),
      { seed: SEED, numRuns: 30 },
    );
    // A refresh token is not an access token.
    const refresh = (await signIn('hr')).refreshToken;
    for (const token of [...samples, refresh]) {
      const message = await refusal(base, undefined, { token });
      expect(['Authentication required', 'Invalid or expired token']).toContain(message);
    }
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('junk events and floods from one user reach nobody else and do not stop the server', async () => {
    // Fresh sessions: the HTTP fuzz may have signed its own out.
    const attacker = await connectLive(base, await signInAgain('developer'));
    const bystander = await connectLive(base, await signInAgain('sale'));
    open.push(attacker, bystander);
    await bystander.next('unread-count');
    const seenBefore = bystander.events.length;
    const junk = fc.sample(fc.tuple(fc.string({ maxLength: 30 }), fc.anything({ maxDepth: 3 })), { seed: SEED, numRuns: 200 });
    for (const [event, payload] of junk) attacker.socket.emit(event || 'x', payload);
    for (let i = 0; i < 500; i++) attacker.socket.emit(i % 2 ? 'join' : 'notification', { userId: t.users.sale.id, title: 'forged' });
    attacker.socket.emit('join', t.users.sale.id, { room: `user:${t.users.sale.id}` });
    // A real notification to the attacker still reaches only the attacker.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications',
      // A fresh session too: a fuzzed sign-out or password change may have ended the fixture's.
      headers: { authorization: `Bearer ${await signInAgain('admin')}` },
      payload: { userIds: [t.users.developer.id], title: 'For the developer only', message: 'x' },
    });
    expect(res.statusCode).toBe(201);
    await attacker.next('notification', (p: { title?: string }) => p.title === 'For the developer only', 10_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(bystander.events.slice(seenBefore)).toEqual([]);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    // The bystander is still connected and served.
    expect(bystander.socket.connected).toBe(true);
  });
});
