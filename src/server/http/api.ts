import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A Fastify instance whose route schemas are zod: handlers get typed bodies and queries. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A route's answer as JSON as it was built, not re-validated by its response schema (which then
 * only documents it): for large answers built key by key, where the schema's pass copies every
 * object of them before the text is written.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);
