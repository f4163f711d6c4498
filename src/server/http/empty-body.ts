import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A route's body schema as Fastify holds it: a zod schema here, or none. */
type BodySchema = { safeParse?: (v: unknown) => { success: boolean } } | undefined;

/** Whether a route takes "nothing" as its body: it declares none, or one that accepts null or undefined. */
export function takesNoBody(body: BodySchema): boolean {
  if (!body) return true;
  if (typeof body.safeParse !== 'function') return false;
  return body.safeParse(undefined).success || body.safeParse(null).success;
}

/** An empty body labelled JSON is no body (Fastify's JSON parser would refuse it as empty). */
async function emptyJsonIsNone(req: FastifyRequest) {
  const type = req.headers['content-type'];
  if (!type || !/^application\/json\b/i.test(type)) return;
  if (!req.headers['transfer-encoding'] && (req.headers['content-length'] ?? '0') === '0') delete req.headers['content-type'];
}

/**
 * A route without parameters (an action such as restore, or a cancel whose note is optional) takes
 * no body in every form clients send "nothing" in: no body at all, or an empty one labelled JSON.
 * Call before any route is added. Routes whose body is required keep the 400 `empty_body`.
 */
export function acceptEmptyBodies(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map((m) => m.toUpperCase());
    if (!methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE')) return;
    if (!takesNoBody(route.schema?.body as BodySchema)) return;
    const own = route.preParsing ? [route.preParsing].flat() : [];
    route.preParsing = [emptyJsonIsNone, ...own];
  });
}
