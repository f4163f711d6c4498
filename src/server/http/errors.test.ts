import { describe, expect, it } from 'vitest';
import {
  AppError,
  badRequest,
  clientError,
  conflict,
  defaultCode,
  errorBody,
  forbidden,
  isUnavailable,
  notFound,
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
    [{ statusCode: 405, message: 'FST_SOMETHING internal detail' }, 405, 'method_not_allowed'],
    [{ statusCode: 409 }, 409, 'conflict'],
  ])('%j → %i %s', (props, status, code) => {
    const mapped = clientError(err(props));
    expect(mapped).toMatchObject({ statusCode: status, code });
    expect(mapped!.message).not.toMatch(/FST_|internal detail/);
  });

  it.each([
    [{}],
    [{ statusCode: 500 }],
    [{ statusCode: 399 }],
    [{ name: 'SyntaxError' }],
    [{ message: 'something Unexpected end of form' }],
  ])('%j is not a client error', (props) => {
    expect(clientError(err(props))).toBeUndefined();
  });
  it('accepts non-errors', () => {
    expect(clientError(undefined)).toBeUndefined();
    expect(clientError('boom')).toBeUndefined();
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
});
