import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** DOMAIN.md's error shape: { statusCode, error, message, errors?: { field: message } }. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthorized = (message = 'Authentication required') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, message);
export const notFound = (what = 'Resource') => new AppError(404, `${what} not found`);
export const conflict = (message: string, errors?: Record<string, string>) => new AppError(409, message, errors);
export const unprocessable = (message: string, errors?: Record<string, string>) => new AppError(422, message, errors);

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(statusCode: number, message: string, errors?: Record<string, string>) {
  return { statusCode, error: STATUS_TEXT[statusCode] ?? 'Error', message, ...(errors ? { errors } : {}) };
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

function pgCode(err: unknown): string | undefined {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send(errorBody(err.statusCode, err.message, err.errors));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const v of err.validation) {
        const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const unknownKeys = v.keyword === 'unrecognized_keys' ? (v.params as { keys?: string[] }).keys : undefined;
        if (unknownKeys) {
          for (const k of unknownKeys) errors[path ? `${path}.${k}` : k] = 'Unknown field';
        } else {
          errors[path || err.validationContext || 'body'] ??= v.message ?? 'Invalid value';
        }
      }
      return reply.status(400).send(errorBody(400, 'Validation failed', errors));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(errorBody(500, 'Internal server error'));
    }
    if (isUnavailable(err)) {
      req.log.warn({ err }, 'dependency unavailable');
      return reply.status(503).header('retry-after', '5').send(errorBody(503, 'Service temporarily unavailable, please retry'));
    }
    const code = pgCode(err);
    if (code === '23505') return reply.status(409).send(errorBody(409, 'A record with these values already exists'));
    if (code === '23503') return reply.status(409).send(errorBody(409, 'This record is referenced by other records'));
    // Class 22 is "data exception": a value the database cannot take (bad number, date, NUL
    // byte in text, string too long…). That is bad input, never a server fault.
    if (code?.startsWith('22')) {
      req.log.warn({ err }, 'the database refused a value');
      return reply.status(400).send(errorBody(400, 'Invalid value'));
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported type)
      return reply.status(status).send(errorBody(status, err.message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody(500, 'Internal server error'));
  });
}

export function routeNotFound(method: string, url: string) {
  return errorBody(404, `Route ${method} ${url.split('?')[0]} not found`);
}
