import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, frameworkErrors, methodNotAllowed, registerErrorHandling, routeNotFound } from './errors.js';

// The error handler on a bare Fastify wired as the app wires it (zod validation, our framework
// errors), with routes that throw each kind of error: fast enough to run against every mutant of
// the error layer, where the API suites are not. What the log says is read from its stream.

const lines: Array<{ level: number; msg: string; err?: { type?: string; code?: string } }> = [];
const app = Fastify({
  logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  frameworkErrors,
  routerOptions: { maxParamLength: 40 },
}).withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
registerErrorHandling(app);

const thrown = new Map<string, () => unknown>();
const withCode = (message: string, props: Record<string, unknown>) => Object.assign(new Error(message), props);

beforeAll(async () => {
  app.get('/throw/:kind', async (req) => {
    throw thrown.get((req.params as { kind: string }).kind)!();
  });
  app.post(
    '/validate',
    {
      schema: {
        body: z
          .strictObject({
            name: z.string().min(2),
            age: z.number().int(),
            level: z.enum(['junior', 'senior']).optional(),
            address: z.strictObject({ city: z.string() }).optional(),
            decision: z.enum(['approve', 'reject']).optional(),
            note: z.string().optional(),
          })
          .refine((b) => b.decision !== 'reject' || !!b.note, { message: 'note_required', path: ['note'] }),
        querystring: z.object({ page: z.coerce.number().int().min(1).optional(), view: z.enum(['all', 'mine']).optional() }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/param/:id', async () => ({ ok: true }));
  app.get('/typed/:id', { schema: { params: z.object({ id: z.uuid() }) } }, async () => ({ ok: true }));
  app.get('/shared', { schema: { headers: z.object({ 'x-share-token': z.string().min(8) }) } }, async () => ({ ok: true }));
  app.get('/kinds', { schema: { querystring: z.object({ kind: z.enum(['a', 'b']) }) } }, async () => ({ ok: true }));
  app.get('/bad-response', { schema: { response: { 200: z.object({ n: z.number() }) } } }, async () => ({ n: 'not a number' }) as never);
  await app.ready();
});
afterAll(() => app.close());

const since = () => {
  const from = lines.length;
  return () => lines.slice(from);
};
const get = (kind: string, error: () => unknown) => {
  thrown.set(kind, error);
  return app.inject(`/throw/${kind}`);
};

describe('the error handler answers each kind of error in our shape', () => {
  it('an AppError: its status, code, message, field errors and headers', async () => {
    const res = await get(
      'app',
      () => new AppError(429, 'Slow down', { headers: { 'retry-after': '7' }, issues: { email: { code: 'email' } } }),
    );
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'rate_limited',
      message: 'Slow down',
      errors: { email: 'Enter a valid e-mail address' },
      issues: { email: { code: 'email' } },
    });
    const plain = await get('plain', () => new AppError(409, 'Changed meanwhile', { code: 'stale_record', details: { version: 3 } }));
    expect(plain.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      code: 'stale_record',
      message: 'Changed meanwhile',
      details: { version: 3 },
    });
    expect(plain.headers['retry-after']).toBeUndefined();
  });

  it.each<[string, Record<string, unknown>, number, string, string]>([
    ['unique', { code: '23505' }, 409, 'duplicate', 'A record with these values already exists'],
    ['foreign key', { code: '23503' }, 409, 'referenced', 'This record is referenced by other records'],
    ['bad value', { code: '22P02' }, 400, 'invalid_value', 'Invalid value'],
    ['string too long', { code: '22001' }, 400, 'invalid_value', 'Invalid value'],
    ['wrapped unique', { cause: { code: '23505' } }, 409, 'duplicate', 'A record with these values already exists'],
    ['wrapped bad value', { cause: { cause: { code: '22007' } } }, 400, 'invalid_value', 'Invalid value'],
    ['another SQLSTATE', { code: '42P01' }, 500, 'internal_error', 'Internal server error'],
    ['a class 22 look-alike', { code: 'X22' }, 500, 'internal_error', 'Internal server error'],
  ])('a database error, %s: %j → %i %s', async (_, props, status, code, message) => {
    const res = await get('pg', () => withCode('Failed query: insert … params: secret@example.com', props));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ statusCode: status, error: expect.any(String), code, message });
    expect(res.body).not.toContain('secret@example.com');
  });

  it('the database or the network gone: 503 with retry-after, logged as a warning', async () => {
    const log = since();
    const res = await get('down', () => withCode('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }));
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      code: 'service_unavailable',
      message: 'Service temporarily unavailable, please retry',
    });
    expect(log().map((l) => [l.level, l.msg, l.err?.code])).toContainEqual([40, 'dependency unavailable', 'ECONNREFUSED']);
  });

  it('a value the database refused is logged as a warning, not an error', async () => {
    const log = since();
    await get('refused', () => withCode('invalid input syntax', { code: '22P02' }));
    expect(log().map((l) => [l.level, l.msg, l.err?.code])).toContainEqual([40, 'the database refused a value', '22P02']);
    expect(log().some((l) => l.level >= 50)).toBe(false);
  });

  it("a framework's client error: its status, our code and words; a 5xx of the framework is logged as an error", async () => {
    const log = since();
    const res = await get('fst', () => withCode('FST internals', { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      code: 'payload_too_large',
      message: 'The body is too large',
    });
    expect(log().some((l) => l.level >= 50)).toBe(false);
    const five = await get('fst5', () => withCode('FST internals', { code: 'FST_ERR_ASYNC_CONSTRAINT' }));
    expect(five.statusCode).toBe(500);
    expect(five.json()).toMatchObject({ code: 'internal_error', message: 'Internal server error' });
    expect(log().map((l) => [l.level, l.msg, l.err?.code])).toContainEqual([50, 'framework error', 'FST_ERR_ASYNC_CONSTRAINT']);
  });

  it('anything else: 500, internal_error, nothing of the error in the body, logged as an error', async () => {
    const log = since();
    const res = await get('boom', () => new TypeError('Cannot read properties of undefined (reading "secret")'));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'internal_error',
      message: 'Internal server error',
    });
    expect(log().map((l) => [l.level, l.msg, l.err?.type])).toContainEqual([50, 'unhandled error', 'TypeError']);
  });

  it('a response that does not match its schema: 500, logged', async () => {
    const log = since();
    const res = await app.inject('/bad-response');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'internal_error',
      message: 'Internal server error',
    });
    expect(log().map((l) => [l.level, l.msg, l.err?.code])).toContainEqual([
      50,
      'response did not match its schema',
      'FST_ERR_RESPONSE_SERIALIZATION',
    ]);
  });
});

describe('validation failures: 400 with a field issue per field', () => {
  const post = (payload: unknown, query = '') =>
    app.inject({ method: 'POST', url: `/validate${query}`, payload: payload as object, headers: { 'content-type': 'application/json' } });

  it('fields missing are "required", fields wrong say why, unknown fields are named with their path', async () => {
    const res = await post({ name: 'x', extra: 1, address: { city: 'Hanoi', zip: '1' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'validation_failed', message: 'Validation failed' });
    expect(body.issues).toEqual({
      name: { code: 'too_short', params: { min: 2 } },
      age: { code: 'required' },
      extra: { code: 'unknown_field' },
      'address.zip': { code: 'unknown_field' },
    });
    expect(Object.keys(body.errors).sort()).toEqual(['address.zip', 'age', 'extra', 'name']);
    expect(body.errors.age).toBe('Required');
  });

  it('a field sent with the wrong type is not "required"; a nested field is named by its path', async () => {
    const res = await post({ name: 'Lan', age: 'old', address: { city: 5 } });
    expect(res.statusCode).toBe(400);
    const { issues } = res.json();
    expect(issues).toEqual({ age: { code: 'not_number' }, 'address.city': { code: 'invalid' } });
    const sentNull = await post({ name: 'Lan', age: null });
    expect(sentNull.json().issues).toEqual({ age: { code: 'required' } });
  });

  it('a choice or a nested field not sent is "required" too; a rule about a field not sent keeps its own code', async () => {
    const res = await post({ name: 'Lan', age: 3, level: 'lead', address: {} });
    expect(res.json().issues).toEqual({
      level: { code: 'choice', params: { allowed: 'junior, senior' } },
      'address.city': { code: 'required' },
    });
    const rule = await post({ name: 'Lan', age: 3, decision: 'reject' });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().issues).toEqual({ note: { code: 'note_required' } });
    expect(rule.json().errors).toEqual({ note: 'Add a note saying why' });
  });

  it('query, path and header parameters: missing is "required", wrong says why', async () => {
    const kinds = await app.inject('/kinds');
    expect(kinds.json().issues).toEqual({ kind: { code: 'required' } });
    expect((await app.inject('/kinds?kind=c')).json().issues).toEqual({ kind: { code: 'choice', params: { allowed: 'a, b' } } });
    expect((await post({ name: 'Lan', age: 3 }, '?view=theirs')).json().issues).toEqual({
      view: { code: 'choice', params: { allowed: 'all, mine' } },
    });
    const id = await app.inject('/typed/not-an-id');
    expect(id.statusCode).toBe(400);
    expect(id.json().issues).toEqual({ id: { code: 'invalid_id' } });
    expect((await app.inject('/typed/00000000-0000-4000-8000-000000000001')).statusCode).toBe(200);
    expect((await app.inject('/shared')).json().issues).toEqual({ 'x-share-token': { code: 'required' } });
    const short = await app.inject({ url: '/shared', headers: { 'x-share-token': 'abc' } });
    expect(short.json().issues).toEqual({ 'x-share-token': { code: 'too_short', params: { min: 8 } } });
  });

  it('a body that is not an object names the body; a bad query parameter names itself', async () => {
    const whole = await post([1, 2]);
    expect(whole.statusCode).toBe(400);
    expect(Object.keys(whole.json().issues)).toEqual(['body']);
    const query = await post({ name: 'Lan', age: 3 }, '?page=0');
    expect(query.statusCode).toBe(400);
    expect(Object.keys(query.json().issues)).toEqual(['page']);
    expect((await post({ name: 'Lan', age: 3 }, '?page=2')).statusCode).toBe(200);
  });
});

describe('errors the router answers itself', () => {
  it('a bad %-encoding and an over-long path parameter, with the request id', async () => {
    const bad = await app.inject('/param/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'bad_url',
      message: 'The URL is not valid (bad %-encoding)',
    });
    expect(bad.headers['x-request-id']).toBeTruthy();
    const long = await app.inject(`/param/${'a'.repeat(41)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ code: 'uri_too_long', message: 'A path parameter is too long' });
  });

  it('an unknown route and a method a path does not serve name what was asked, never the query', () => {
    expect(routeNotFound('GET', '/api/v1/nope?token=secret')).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'route_not_found',
      message: 'Route GET /api/v1/nope not found',
    });
    expect(methodNotAllowed('PATCH', '/api/v1/users?x=1')).toEqual({
      statusCode: 405,
      error: 'Method Not Allowed',
      code: 'method_not_allowed',
      message: 'Method PATCH is not allowed on /api/v1/users',
    });
  });
});
