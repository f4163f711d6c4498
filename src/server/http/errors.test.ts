import { describe, expect, it } from 'vitest';
import {
  AppError,
  badRequest,
  clientError,
  conflict,
  defaultCode,
  errorBody,
  forbidden,
  frameworkErrors,
  isUnavailable,
  notFound,
  pgError,
  serializeError,
  unauthorized,
  unprocessable,
} from './errors.js';

// The error layer's pure parts, table-driven (the API suites exercise the handler itself).
describe('errorBody and codes', () => {
  it.each([
    [400, 'Bad Request', 'bad_request'],
    [401, 'Unauthorized', 'unauthorized'],
    [403, 'Forbidden', 'forbidden'],
    [404, 'Not Found', 'not_found'],
    [405, 'Method Not Allowed', 'method_not_allowed'],
    [406, 'Not Acceptable', 'not_acceptable'],
    [409, 'Conflict', 'conflict'],
    [412, 'Precondition Failed', 'stale_record'],
    [413, 'Payload Too Large', 'payload_too_large'],
    [414, 'URI Too Long', 'uri_too_long'],
    [415, 'Unsupported Media Type', 'unsupported_media_type'],
    [422, 'Unprocessable Entity', 'rule_violated'],
    [429, 'Too Many Requests', 'rate_limited'],
    [500, 'Internal Server Error', 'internal_error'],
    [503, 'Service Unavailable', 'service_unavailable'],
    [418, 'Error', 'bad_request'],
    [502, 'Error', 'internal_error'],
  ])('%i → %s / %s', (status, text, code) => {
    expect(errorBody(status, 'm')).toEqual({ statusCode: status, error: text, code, message: 'm' });
    expect(defaultCode(status)).toBe(code);
  });

  it('carries field errors and issues only when given', () => {
    expect(errorBody(400, 'm', { code: 'x', errors: { a: 'b' }, issues: { a: { code: 'required' } } })).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'x',
      message: 'm',
      errors: { a: 'b' },
      issues: { a: { code: 'required' } },
    });
    expect(Object.keys(errorBody(400, 'm', {}))).toEqual(['statusCode', 'error', 'code', 'message']);
  });

  it('helpers build AppErrors with codes and English field messages from the issues', () => {
    const e = badRequest('Bad', { email: 'email', age: { code: 'too_small', params: { min: 18 } } });
    expect(e).toBeInstanceOf(AppError);
    expect({ status: e.statusCode, code: e.code, errors: e.errors, issues: e.issues }).toEqual({
      status: 400,
      code: 'validation_failed',
      errors: { email: 'Enter a valid e-mail address', age: 'At least 18' },
      issues: { email: { code: 'email' }, age: { code: 'too_small', params: { min: 18 } } },
    });
    expect(badRequest('Bad').errors).toBeUndefined();
    expect(
      [unauthorized(), forbidden(), notFound('User'), conflict('c'), unprocessable('u')].map((x) => [x.statusCode, x.code, x.message]),
    ).toEqual([
      [401, 'unauthorized', 'Authentication required'],
      [403, 'forbidden', 'You do not have permission to do this'],
      [404, 'not_found', 'User not found'],
      [409, 'conflict', 'c'],
      [422, 'rule_violated', 'u'],
    ]);
    expect(
      [unauthorized('Session has ended', 'session_ended'), forbidden('Only your own', 'own_only')].map((x) => [
        x.statusCode,
        x.code,
        x.message,
      ]),
    ).toEqual([
      [401, 'session_ended', 'Session has ended'],
      [403, 'own_only', 'Only your own'],
    ]);
    expect(conflict('dup', 'duplicate', { email: 'unique' }).errors).toEqual({ email: 'This value is already used by another record' });
    expect(unprocessable('no', 'rule', { a: 'manager_self' }).issues).toEqual({ a: { code: 'manager_self' } });
    expect(new AppError(429, 'slow', { headers: { 'retry-after': '5' } })).toMatchObject({
      code: 'rate_limited',
      headers: { 'retry-after': '5' },
    });
  });
});

describe('clientError: framework and parser errors as ours', () => {
  const err = (props: Record<string, unknown>) => Object.assign(new Error(String(props.message ?? 'x')), props);
  it.each([
    [{ code: 'FST_ERR_BAD_URL', statusCode: 400 }, 400, 'bad_url'],
    [{ code: 'FST_ERR_MAX_PARAM_LENGTH', statusCode: 414 }, 414, 'uri_too_long'],
    [{ code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }, 415, 'unsupported_media_type'],
    [{ code: 'FST_ERR_CTP_EMPTY_JSON_BODY', statusCode: 400 }, 400, 'empty_body'],
    [{ code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }, 400, 'malformed_json'],
    [{ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }, 413, 'payload_too_large'],
    [{ code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH', statusCode: 400 }, 400, 'bad_content_length'],
    [{ code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 }, 413, 'file_too_large'],
    [{ code: 'FST_PARTS_LIMIT', statusCode: 413 }, 413, 'too_many_parts'],
    [{ code: 'FST_FILES_LIMIT', statusCode: 413 }, 413, 'too_many_files'],
    [{ code: 'FST_FIELDS_LIMIT', statusCode: 413 }, 413, 'too_many_fields'],
    [{ code: 'FST_INVALID_MULTIPART_CONTENT_TYPE', statusCode: 406 }, 415, 'multipart_expected'],
    [{ code: 'FST_PROTO_VIOLATION', statusCode: 400 }, 400, 'malformed_multipart'],
    [{ code: 'FST_MP_PREMATURE_CLOSE', statusCode: 400 }, 400, 'malformed_multipart'],
    [{ message: 'Multipart: Boundary not found' }, 400, 'malformed_multipart'],
    [{ message: 'Unexpected end of form' }, 400, 'malformed_multipart'],
    [{ message: 'Unexpected end of multipart data' }, 400, 'malformed_multipart'],
    [{ message: 'Part terminated early due to unexpected end of multipart data' }, 400, 'malformed_multipart'],
    [{ message: 'Preamble terminated early due to unexpected end of multipart data' }, 400, 'malformed_multipart'],
    [{ name: 'SyntaxError', statusCode: 400, message: 'Unexpected token' }, 400, 'malformed_json'],
    [{ code: 'FST_ERR_CTP_INVALID_TYPE', statusCode: 415 }, 415, 'unsupported_media_type'],
    [{ code: 'FST_ERR_CTP_INVALID_PARSE_TYPE', statusCode: 415 }, 415, 'unsupported_media_type'],
    [{ code: 'FST_ERR_CTP_BODY_INVALID_SIZE', statusCode: 400 }, 400, 'bad_content_length'],
    [{ code: 'FST_ERR_VALIDATION', statusCode: 400 }, 400, 'validation_failed'],
    [{ code: 'FST_INVALID_JSON_FIELD_ERROR', statusCode: 406 }, 400, 'malformed_multipart'],
    [{ code: 'FST_ERR_ASYNC_CONSTRAINT', statusCode: 400 }, 500, 'internal_error'],
    [{ code: 'FST_ERR_CTP_INSTANCE_ALREADY_STARTED', statusCode: 400 }, 500, 'internal_error'],
    [{ message: 'Malformed part header' }, 400, 'malformed_multipart'],
    [{ message: 'multipart: boundary NOT found' }, 400, 'malformed_multipart'],
    [{ statusCode: 405, message: 'FST_SOMETHING internal detail' }, 405, 'method_not_allowed'],
    [{ statusCode: 400 }, 400, 'bad_request'],
    [{ statusCode: 499 }, 499, 'bad_request'],
    [{ statusCode: 409 }, 409, 'conflict'],
  ])('%j → %i %s', (props, status, code) => {
    const mapped = clientError(err(props));
    expect(mapped).toMatchObject({ statusCode: status, code });
    expect(mapped!.message).not.toMatch(/FST_|internal detail/);
    expect(mapped!.message).not.toBe('');
  });

  // Each framework code's words, as a person reads them.
  it.each([
    ['FST_ERR_BAD_URL', 'The URL is not valid (bad %-encoding)'],
    ['FST_ERR_MAX_PARAM_LENGTH', 'A path parameter is too long'],
    ['FST_ERR_ASYNC_CONSTRAINT', 'Internal server error'],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'Unsupported content type'],
    ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 'Content-Length does not match the body'],
    ['FST_ERR_CTP_EMPTY_JSON_BODY', 'The JSON body is empty'],
    ['FST_ERR_CTP_INVALID_JSON_BODY', 'The body is not valid JSON'],
    ['FST_ERR_CTP_BODY_TOO_LARGE', 'The body is too large'],
    ['FST_ERR_CTP_INSTANCE_ALREADY_STARTED', 'Internal server error'],
    ['FST_ERR_CTP_INVALID_TYPE', 'Unsupported content type'],
    ['FST_ERR_CTP_INVALID_PARSE_TYPE', 'Unsupported content type'],
    ['FST_ERR_CTP_BODY_INVALID_SIZE', 'Content-Length does not match the body'],
    ['FST_ERR_VALIDATION', 'Validation failed'],
    ['FST_PARTS_LIMIT', 'Too many parts in the multipart body'],
    ['FST_FILES_LIMIT', 'Too many files in the multipart body'],
    ['FST_FIELDS_LIMIT', 'Too many fields in the multipart body'],
    ['FST_REQ_FILE_TOO_LARGE', 'The file is too large'],
    ['FST_PROTO_VIOLATION', 'The multipart body is malformed'],
    ['FST_INVALID_MULTIPART_CONTENT_TYPE', 'Send the file as multipart/form-data'],
    ['FST_INVALID_JSON_FIELD_ERROR', 'The multipart body is malformed'],
    ['FST_MP_PREMATURE_CLOSE', 'The multipart body is malformed'],
  ])('%s says "%s"', (code, message) => expect(clientError(err({ code }))?.message).toBe(message));

  it.each([
    [{ message: 'Unexpected end of form' }, 'The multipart body is malformed'],
    [{ name: 'SyntaxError', statusCode: 400, message: 'Unexpected token' }, 'The body is not valid JSON'],
    [{ statusCode: 404, message: 'internals' }, 'Not Found'],
    [{ statusCode: 418, message: 'internals' }, 'Bad request'],
  ])('%j says %j', (props, message) => expect(clientError(err(props))?.message).toBe(message));

  it.each([
    [{}],
    [{ statusCode: 500 }],
    [{ statusCode: 399 }],
    [{ name: 'SyntaxError' }],
    [{ message: 'something Unexpected end of form' }],
    [{ code: 'FST_UNKNOWN' }],
    [{ code: 42 }],
    [{ message: 42 }],
    [{ name: 'SyntaxError', statusCode: 500 }],
    [{ name: 'TypeError', statusCode: '400' }],
  ])('%j is not a client error', (props) => {
    expect(clientError(err(props))).toBeUndefined();
  });
  it('accepts non-errors', () => {
    expect(clientError(undefined)).toBeUndefined();
    expect(clientError('boom')).toBeUndefined();
  });
});

describe('frameworkErrors: what the router answers before any handler', () => {
  const answer = (error: unknown) => {
    const seen = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown, logged: [] as unknown[] };
    const reply = {
      status: (n: number) => ((seen.status = n), reply),
      header: (k: string, v: string) => ((seen.headers[k] = v), reply),
      send: (b: unknown) => ((seen.body = b), reply),
    };
    const req = { id: 'req-7', log: { error: (obj: unknown, msg: string) => seen.logged.push([obj, msg]) } };
    frameworkErrors(error as never, req as never, reply as never);
    return seen;
  };

  it('a client error in our shape with the request id, not logged', () => {
    const seen = answer(Object.assign(new Error('FST internals'), { code: 'FST_ERR_BAD_URL', statusCode: 400 }));
    expect(seen).toEqual({
      status: 400,
      headers: { 'x-request-id': 'req-7' },
      body: { statusCode: 400, error: 'Bad Request', code: 'bad_url', message: 'The URL is not valid (bad %-encoding)' },
      logged: [],
    });
  });

  it.each([
    ['an unknown error', new Error('router internals')],
    ["the framework's own fault", Object.assign(new Error('x'), { code: 'FST_ERR_ASYNC_CONSTRAINT' })],
  ])('%s: 500 internal_error, logged with the error', (_, error) => {
    const seen = answer(error);
    expect(seen.status).toBe(500);
    expect(seen.body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'internal_error',
      message: 'Internal server error',
    });
    expect(seen.logged).toEqual([[{ err: error }, 'framework error']]);
  });
});

describe('isUnavailable', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, true],
    [{ code: '57P01' }, true],
    [{ code: '08006' }, true],
    [{ message: 'Connection terminated unexpectedly' }, true],
    [{ message: 'timeout exceeded when trying to connect' }, true],
    [{ message: 'wrapped', cause: { cause: { code: 'ETIMEDOUT' } } }, true],
    [{ message: 'deep', cause: { cause: { cause: { cause: { code: 'ECONNRESET' } } } } }, false],
    [{ code: '23505' }, false],
    [{ message: 'relation does not exist' }, false],
  ])('%j → %s', (e, expected) => {
    expect(isUnavailable(e)).toBe(expected);
  });

  it.each([
    'ECONNREFUSED',
    'ECONNRESET',
    'ECONNABORTED',
    'ETIMEDOUT',
    'EPIPE',
    'ENOTFOUND',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'EAI_AGAIN',
    '57P01',
    '57P02',
    '57P03',
    '53300',
    '08000',
    '08003',
    '08006',
    '08001',
    '08004',
  ])('the code %s is an outage, on the error or its cause', (code) => {
    expect(isUnavailable({ code })).toBe(true);
    expect(isUnavailable({ message: 'x', cause: { code } })).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
    'Query read timeout',
    'Client was closed and is not queryable',
    'connect: connection refused',
  ])('the message %j is an outage', (message) => {
    expect(isUnavailable({ message })).toBe(true);
    expect(isUnavailable({ message: 'wrapped', cause: { message } })).toBe(true);
  });

  it.each([[undefined], [null], ['ECONNREFUSED'], [{ code: 'ECONNREFUSED2' }], [{ code: '23503' }], [{ message: 42 }]])(
    '%j is not an outage',
    (e) => expect(isUnavailable(e)).toBe(false),
  );
});

describe('pgError: the SQLSTATE inside a driver or Drizzle error', () => {
  it.each([
    [
      { code: '23505', constraint: 'users_email_key' },
      { code: '23505', constraint: 'users_email_key' },
    ],
    [{ code: '22P02' }, { code: '22P02', constraint: undefined }],
    [
      { message: 'Failed query', cause: { code: '23503', constraint: 'fk' } },
      { code: '23503', constraint: 'fk' },
    ],
    [
      { code: 'ECONNREFUSED', cause: { code: '57P01' } },
      { code: '57P01', constraint: undefined },
    ],
    [{ cause: { cause: { cause: { code: '23505' } } } }, { code: '23505', constraint: undefined }],
    [{ cause: { cause: { cause: { cause: { code: '23505' } } } } }, undefined],
    [{ code: '2350' }, undefined],
    [{ code: '23505x' }, undefined],
    [{ code: 'abcde' }, undefined],
    [{ code: 23505 }, undefined],
    [undefined, undefined],
  ])('%j → %j', (e, expected) => expect(pgError(e)).toEqual(expected));
});

describe('serializeError keeps parameters out of logs', () => {
  it('redacts the params line, keeps the query and the cause', () => {
    const e = Object.assign(new Error('Failed query: select 1\nparams: secret@example.com,hash'), {
      code: '23505',
      query: 'select 1',
      cause: new Error('duplicate key'),
    });
    const s = serializeError(e);
    expect(s.message).toBe('Failed query: select 1\nparams: [redacted]');
    expect(s.stack).not.toContain('secret@example.com');
    expect(s).toMatchObject({ type: 'Error', code: '23505', query: 'select 1', cause: { message: 'duplicate key' } });
  });

  it('keeps what an error has, adds nothing it has not, and follows causes three deep', () => {
    const plain = serializeError(new RangeError('out of range'));
    expect(Object.keys(plain).sort()).toEqual(['message', 'stack', 'type']);
    expect(plain).toMatchObject({ type: 'RangeError', message: 'out of range' });
    expect(plain.stack).toContain('RangeError: out of range');
    const http = serializeError(Object.assign(new Error('gone'), { statusCode: 0, code: 0, query: 42 }));
    expect(http).toMatchObject({ statusCode: 0, code: 0 });
    expect(http).not.toHaveProperty('query');
    const chain = (n: number): Error => Object.assign(new Error(`level ${n}`), n < 5 ? { cause: chain(n + 1) } : {});
    const deep = serializeError(chain(0)) as unknown as { cause: { cause: { cause: { message: string; cause?: unknown } } } };
    expect(deep.cause.cause.cause.message).toBe('level 3');
    expect(deep.cause.cause.cause).not.toHaveProperty('cause');
    expect(serializeError(Object.assign(new Error('x'), { cause: 'a string' }))).toMatchObject({ cause: 'a string' });
  });

  it('redacts from the params line up to the stack', () => {
    const e = new Error('Failed query: select $1\nparams: a@b.c\nmore: kept');
    e.stack = `${e.message}\n    at run (db.ts:1:1)`;
    const s = serializeError(e);
    expect(s.message).toBe('Failed query: select $1\nparams: [redacted]');
    expect(s.stack).toBe('Failed query: select $1\nparams: [redacted]\n    at run (db.ts:1:1)');
    expect(serializeError(new Error('no params here')).message).toBe('no params here');
  });
});
