import type { FastifyContextConfig } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The multipart body of an upload route, for the OpenAPI document (the route reads it with `req.file()`). */
    multipartBody?: { fields: Record<string, { description: string; binary?: boolean }>; required: string[] };
    /** A write that takes `If-Match` / `If-Unmodified-Since` and may answer 412 `stale_record`. */
    precondition?: boolean;
  }
}

/** DOMAIN.md's error shape as JSON Schema: every documented error response has it. */
export const ERROR_SCHEMA = {
  type: 'object',
  required: ['statusCode', 'error', 'code', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    code: { type: 'string', description: 'stable snake_case code; the client translates by it' },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'field → English message' },
    details: { type: 'object', description: 'what the client needs to act on the error (412: changedBy, changedAt, current)' },
    issues: {
      type: 'object',
      description: 'field → { code, params }',
      additionalProperties: {
        type: 'object',
        required: ['code'],
        properties: { code: { type: 'string' }, params: { type: 'object', additionalProperties: { type: ['string', 'number'] } } },
      },
    },
  },
} as const;

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input (field errors in `errors`/`issues`), bad URL',
  401: 'No, invalid or expired token',
  403: 'Role or action not allowed',
  404: 'Missing, or outside the caller’s scope',
  412: 'Stale record: `If-Match` no longer matches its ETag (`stale_record`; `details` says who changed it, when, and holds the record now)',
  413: 'Body or file too large',
  414: 'A path parameter is too long',
  415: 'Unsupported content type or file type',
  429: 'Rate limited (see Retry-After)',
  500: 'Internal error (never for input)',
  503: 'Dependency unavailable (see Retry-After)',
};

type TransformArg = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The OpenAPI document from the zod schemas, plus what the route declarations know:
 * public routes need no token (`security: []`), uploads take multipart bodies, and every
 * operation lists the error responses it can give in the one error shape.
 */
export function openApiTransform(arg: TransformArg) {
  const out = jsonSchemaTransform(arg) as { schema: Record<string, unknown>; url: string };
  const config = (arg.route as { config?: { access?: unknown; multipartBody?: FastifyMultipartDoc; precondition?: boolean } }).config;
  const schema: Record<string, unknown> = { ...out.schema };
  const isPublic = config?.access === 'public';
  if (isPublic) schema.security = [];
  if (config?.multipartBody) {
    const { fields, required } = config.multipartBody;
    schema.consumes = ['multipart/form-data'];
    schema.body = {
      type: 'object',
      required,
      properties: Object.fromEntries(
        Object.entries(fields).map(([k, f]) => [
          k,
          { type: 'string', description: f.description, ...(f.binary ? { format: 'binary' } : {}) },
        ]),
      ),
    };
  }
  if (config?.precondition) {
    schema.headers = {
      type: 'object',
      properties: {
        'if-match': { type: 'string', description: 'The ETag of the record as the caller loaded it; a stale one is refused with 412' },
        'if-unmodified-since': { type: 'string', description: 'An HTTP date; used only without If-Match' },
      },
    };
  }
  const method = [arg.route.method].flat()[0];
  const hasInput = Boolean(schema.body || schema.querystring || schema.params || config?.multipartBody);
  const codes = [
    ...(hasInput || method === 'POST' || method === 'PUT' || method === 'PATCH' ? [400] : []),
    ...(isPublic ? [429] : [401, 403]),
    ...(schema.params ? [404, 414] : []),
    ...(config?.multipartBody ? [413, 415] : []),
    ...(config?.precondition ? [412] : []),
    500,
    503,
  ];
  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  for (const code of codes) response[code] ??= { description: ERROR_TEXT[code], ...ERROR_SCHEMA };
  schema.response = response;
  return { ...out, schema };
}

type FastifyMultipartDoc = NonNullable<FastifyContextConfig['multipartBody']>;
