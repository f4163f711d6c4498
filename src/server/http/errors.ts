import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

import { codeForStatus } from '../../domain/error-codes.js';
import { describeIssue, issueOf, type FieldIssue, type IssueLike } from '../../domain/validation.js';

export type FieldErrors = Record<string, string>;

/**
 * DOMAIN.md's error shape: { statusCode, error, code, message, errors?: { field: message } },
 * plus `issues` ({ field: { code, params } }) so that the client translates field errors too.
 * `code` is ours and stable: the client translates by it, tests assert on it.
 */
export class AppError extends Error {
  readonly code: string;
  readonly errors?: FieldErrors;
  readonly issues?: Record<string, FieldIssue>;
  readonly headers?: Record<string, string>;
  /** What the client needs beyond the message to act on the error (a stale record: who, when, the record now). */
  readonly details?: object;
  constructor(
    readonly statusCode: number,
    message: string,
    opts: {
      code?: string;
      errors?: FieldErrors;
      issues?: Record<string, FieldIssue>;
      headers?: Record<string, string>;
      details?: object;
    } = {},
  ) {
    super(message);
    this.code = opts.code ?? defaultCode(statusCode);
    this.errors =
      opts.errors ?? (opts.issues ? Object.fromEntries(Object.entries(opts.issues).map(([f, i]) => [f, describeIssue(i)])) : undefined);
    this.issues = opts.issues;
    this.headers = opts.headers;
    this.details = opts.details;
  }
}

/** Field errors from codes: `fieldError('email', 'unique')`. */
export const fieldIssues = (issues: Record<string, string | FieldIssue>): Record<string, FieldIssue> =>
  Object.fromEntries(Object.entries(issues).map(([f, i]) => [f, typeof i === 'string' ? { code: i } : i]));

export const badRequest = (message: string, issues?: Record<string, string | FieldIssue>, code = 'validation_failed') =>
  new AppError(400, message, { code, issues: issues && fieldIssues(issues) });
export const unauthorized = (message = 'Authentication required', code = 'unauthorized') => new AppError(401, message, { code });
export const forbidden = (message = 'You do not have permission to do this', code = 'forbidden') => new AppError(403, message, { code });
export const notFound = (what = 'Resource') => new AppError(404, `${what} not found`);
export const conflict = (message: string, code = 'conflict', issues?: Record<string, string | FieldIssue>) =>
  new AppError(409, message, { code, issues: issues && fieldIssues(issues) });
export const unprocessable = (message: string, code = 'rule_violated', issues?: Record<string, string | FieldIssue>) =>
  new AppError(422, message, { code, issues: issues && fieldIssues(issues) });

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function defaultCode(statusCode: number): string {
  return codeForStatus(statusCode) ?? 'bad_request';
}

export function errorBody(
  statusCode: number,
  message: string,
  extra: { code?: string; errors?: FieldErrors; issues?: Record<string, FieldIssue>; details?: object } = {},
) {
  return {
    statusCode,
    error: STATUS_TEXT[statusCode] ?? 'Error',
    code: extra.code ?? defaultCode(statusCode),
    message,
    ...(extra.errors ? { errors: extra.errors } : {}),
    ...(extra.issues ? { issues: extra.issues } : {}),
    ...(extra.details ? { details: extra.details } : {}),
  };
}

// Connection-level failures of PostgreSQL or the network: the service is unavailable, not broken.
const UNAVAILABLE_CODES = new Set([
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
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Client was closed and is not queryable|Connection refused/i;
export function isUnavailable(err: unknown): boolean {
  let e = err as { code?: string; message?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * The log's view of an error. Drizzle's query errors carry the statement's parameters
 * (e-mails, password hashes, token ids) in their message, stack and `params`: keep the
 * SQL text and the driver's cause, never the values.
 */
export function serializeError(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  return serializeAny(err, 0) as { type: string; message: string; stack: string };
}

function serializeAny(err: unknown, depth: number): unknown {
  if (!(err instanceof Error)) return err;
  const strip = (text: string | undefined) => (text ?? '').replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  const e = err as Error & { code?: unknown; statusCode?: unknown; query?: unknown; cause?: unknown };
  return {
    type: e.name,
    message: strip(e.message),
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
    ...(typeof e.query === 'string' ? { query: e.query } : {}),
    stack: strip(e.stack),
    ...(e.cause !== undefined && depth < 3 ? { cause: serializeAny(e.cause, depth + 1) } : {}),
  };
}

/** The PostgreSQL error inside a driver or Drizzle error: its SQLSTATE and, for constraint violations, the constraint. */
export function pgError(err: unknown): { code: string; constraint?: string } | undefined {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, constraint: e.constraint };
    e = e.cause as typeof e;
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send(errorBody(err.statusCode, err.message, err));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const sent = sourceOf(req, err.validationContext);
      const issues: Record<string, FieldIssue> = {};
      for (const v of err.validation) {
        const segments = v.instancePath.split('/').slice(1);
        const path = segments.join('.');
        if (v.keyword === 'unrecognized_keys') {
          for (const k of (v.params as { keys: string[] }).keys) issues[path ? `${path}.${k}` : k] = { code: 'unknown_field' };
          continue;
        }
        // The issue does not carry the value it is about: a field not sent at all is "required",
        // whatever its type's own complaint, and one sent with the wrong type is not. A rule's own
        // issue (a refinement) keeps its code.
        const input = valueAt(sent, segments);
        issues[path || err.validationContext || 'body'] ??=
          path && input === undefined && v.keyword !== 'custom'
            ? { code: 'required' }
            : issueOf({ ...(v.params as object), code: v.keyword, message: v.message, input } as IssueLike);
      }
      const errors = Object.fromEntries(Object.entries(issues).map(([f, i]) => [f, describeIssue(i)]));
      return reply.status(400).send(errorBody(400, 'Validation failed', { code: 'validation_failed', errors, issues }));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(errorBody(500, 'Internal server error'));
    }
    if (isUnavailable(err)) {
      req.log.warn({ err }, 'dependency unavailable');
      return reply.status(503).header('retry-after', '5').send(errorBody(503, 'Service temporarily unavailable, please retry'));
    }
    const code = pgError(err)?.code;
    if (code === '23505') return reply.status(409).send(errorBody(409, 'A record with these values already exists', { code: 'duplicate' }));
    if (code === '23503')
      return reply.status(409).send(errorBody(409, 'This record is referenced by other records', { code: 'referenced' }));
    // Class 22 is "data exception": a value the database cannot take (bad number, date, NUL
    // byte in text, string too long…). That is bad input, never a server fault.
    if (code?.startsWith('22')) {
      req.log.warn({ err }, 'the database refused a value');
      return reply.status(400).send(errorBody(400, 'Invalid value', { code: 'invalid_value' }));
    }
    const known = clientError(err);
    if (known) {
      if (known.statusCode >= 500) req.log.error({ err }, 'framework error');
      return reply.status(known.statusCode).send(errorBody(known.statusCode, known.message, { code: known.code }));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'Internal server error'));
  });
}

function sourceOf(req: FastifyRequest, context: string | undefined): unknown {
  if (context === 'body') return req.body;
  if (context === 'querystring') return req.query;
  if (context === 'params') return req.params;
  if (context === 'headers') return req.headers;
  return undefined;
}

/** The value at a path (`['address', 'city']`, `['items', '0']`) of what was sent; the whole of it for `[]`. */
function valueAt(source: unknown, path: readonly string[]): unknown {
  let at = source;
  for (const key of path) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/**
 * Client errors raised by Fastify, its body parsers, the router and the multipart parser,
 * as our codes and our words: a framework code (FST_…) or a parser's internals never reach a body.
 */
const FRAMEWORK_ERRORS: Record<string, { statusCode: number; code: string; message: string }> = {
  FST_ERR_BAD_URL: { statusCode: 400, code: 'bad_url', message: 'The URL is not valid (bad %-encoding)' },
  FST_ERR_MAX_PARAM_LENGTH: { statusCode: 414, code: 'uri_too_long', message: 'A path parameter is too long' },
  FST_ERR_ASYNC_CONSTRAINT: { statusCode: 500, code: 'internal_error', message: 'Internal server error' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, code: 'unsupported_media_type', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { statusCode: 400, code: 'bad_content_length', message: 'Content-Length does not match the body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, code: 'empty_body', message: 'The JSON body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, code: 'malformed_json', message: 'The body is not valid JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, code: 'payload_too_large', message: 'The body is too large' },
  FST_ERR_CTP_INSTANCE_ALREADY_STARTED: { statusCode: 500, code: 'internal_error', message: 'Internal server error' },
  FST_ERR_CTP_INVALID_TYPE: { statusCode: 415, code: 'unsupported_media_type', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_PARSE_TYPE: { statusCode: 415, code: 'unsupported_media_type', message: 'Unsupported content type' },
  FST_ERR_CTP_BODY_INVALID_SIZE: { statusCode: 400, code: 'bad_content_length', message: 'Content-Length does not match the body' },
  FST_ERR_VALIDATION: { statusCode: 400, code: 'validation_failed', message: 'Validation failed' },
  FST_PARTS_LIMIT: { statusCode: 413, code: 'too_many_parts', message: 'Too many parts in the multipart body' },
  FST_FILES_LIMIT: { statusCode: 413, code: 'too_many_files', message: 'Too many files in the multipart body' },
  FST_FIELDS_LIMIT: { statusCode: 413, code: 'too_many_fields', message: 'Too many fields in the multipart body' },
  FST_REQ_FILE_TOO_LARGE: { statusCode: 413, code: 'file_too_large', message: 'The file is too large' },
  FST_PROTO_VIOLATION: { statusCode: 400, code: 'malformed_multipart', message: 'The multipart body is malformed' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { statusCode: 415, code: 'multipart_expected', message: 'Send the file as multipart/form-data' },
  FST_INVALID_JSON_FIELD_ERROR: { statusCode: 400, code: 'malformed_multipart', message: 'The multipart body is malformed' },
  FST_MP_PREMATURE_CLOSE: { statusCode: 400, code: 'malformed_multipart', message: 'The multipart body is malformed' },
};

/** What the multipart parser (busboy) throws on a body that is not well-formed multipart. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (form|multipart data)|(Part|Preamble) terminated early|Malformed part header)/i;

export function clientError(err: unknown): { statusCode: number; code: string; message: string } | undefined {
  const e = err as { code?: unknown; statusCode?: unknown; message?: unknown; name?: unknown };
  if (typeof e?.code === 'string' && FRAMEWORK_ERRORS[e.code]) return FRAMEWORK_ERRORS[e.code];
  if (typeof e?.message === 'string' && MALFORMED_MULTIPART.test(e.message))
    return { statusCode: 400, code: 'malformed_multipart', message: 'The multipart body is malformed' };
  // A JSON.parse SyntaxError from the body parser carries status 400.
  if (e?.name === 'SyntaxError' && e.statusCode === 400) return FRAMEWORK_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY;
  const status = typeof e?.statusCode === 'number' ? e.statusCode : undefined;
  // Any other 4xx Fastify or a plugin raises: its status, our generic code and text (its
  // message may name internals).
  if (status && status >= 400 && status < 500)
    return { statusCode: status, code: defaultCode(status), message: STATUS_TEXT[status] ?? 'Bad request' };
  return undefined;
}

/**
 * Fastify's `frameworkErrors` option: the router answers a bad %-encoding or an over-long
 * path parameter itself, before any hook or error handler; this keeps those in our shape.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const known = clientError(err) ?? { statusCode: 500, code: 'internal_error', message: 'Internal server error' };
  if (known.statusCode >= 500) req.log.error({ err }, 'framework error');
  void reply
    .status(known.statusCode)
    .header('x-request-id', req.id)
    .send(errorBody(known.statusCode, known.message, { code: known.code }));
}

export function routeNotFound(method: string, url: string) {
  return errorBody(404, `Route ${method} ${url.split('?')[0]} not found`, { code: 'route_not_found' });
}

/** A known path asked with a method it does not serve: 405, sent with an `Allow` header of the methods it does. */
export function methodNotAllowed(method: string, url: string) {
  return errorBody(405, `Method ${method} is not allowed on ${url.split('?')[0]}`);
}
