import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerAccessControl } from './http/access.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { openApiTransform } from './http/openapi.js';
import { errorBody, frameworkErrors, methodNotAllowed, registerErrorHandling, routeNotFound, serializeError } from './http/errors.js';
import { acceptEmptyBodies } from './http/empty-body.js';
import { routedMethods } from './http/allowed-methods.js';
import type { Realtime, SocketSessions } from './realtime.js';
import { authenticate } from './http/access.js';
import { unreadCount } from './modules/notifications/notifications.service.js';
import { createTokenSigner, resolveJwtSecret } from './modules/auth/tokens.js';
import type { Services } from './services.js';
import { registerResource } from './http/resource/index.js';
import { KitHooks } from './http/resource/hooks.js';
import { MODULES } from './modules/index.js';
import { ACCESS_OVERRIDES_CHANGED, AccessCache } from './modules/access/access.cache.js';

export type { Services } from './services.js';
export type App = FastifyInstance;

/** What the socket server needs of the app: sockets sign in with the API's access token. */
export const socketSessions = (services: Services): SocketSessions => ({
  authenticate: (token) => authenticate(services, token),
  unreadCount: (userId) => unreadCount(services.db, userId),
});

export interface BuildAppOptions {
  config: Config;
  database: Database;
  realtime: Realtime;
  /** Folder of the built client (index.html and assets); without it only the API is served. */
  webRoot?: string;
  /** Where JSON log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Demo accounts with the published password on a reachable host (start-rule.ts): the client shows a banner. */
  demo?: boolean;
}

export async function buildApp(opts: BuildAppOptions): Promise<{ app: App; services: Services }> {
  const { config, database, realtime } = opts;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Never log credentials: tokens travel in headers and bodies.
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.refreshToken',
        '*.accessToken',
      ],
      serializers: { err: serializeError },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Router-level errors (bad %-encoding, over-long path parameter) in our error shape.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // Before any route is added: it collects the methods they use, for the 405's `Allow`.
  const allowedMethods = routedMethods(app);
  // Before any route too: a route without parameters takes an empty JSON body as none.
  acceptEmptyBodies(app);

  // The API speaks JSON (and multipart for uploads): a text/plain body is a wrong content type (415),
  // not a string for the validator to puzzle over.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // The client puts a timestamp (`_t`) on every URL against caches: no route reads it, so it
  // leaves the query before validation and no route has to declare it.
  app.addHook('preValidation', async (req) => {
    if (req.query && typeof req.query === 'object') delete (req.query as Record<string, unknown>)._t;
  });

  const secret = await resolveJwtSecret(database.db, config.JWT_SECRET);
  const services: Services = {
    db: database.db,
    dbKind: database.kind,
    config,
    tokens: createTokenSigner(secret, config.ACCESS_TOKEN_TTL_S),
    realtime,
    access: new AccessCache(database.db),
    kit: new KitHooks(),
  };
  for (const mod of MODULES) mod.extendKit?.(services.kit, services);
  // Another instance changed the access: this one reads it again at its next request.
  realtime.onServers(ACCESS_OVERRIDES_CHANGED, () => services.access.invalidate());

  registerErrorHandling(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI and emotion inject styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only means something behind TLS; the proxy that terminates TLS sets TRUST_PROXY.
    hsts: config.TRUST_PROXY ? { maxAge: 15552000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: config.FILE_MAX_BYTES, files: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Staffing back office API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  registerAccessControl(app, services);

  const health = { status: 'ok' as const, demo: opts.demo ?? false };
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operations'],
        summary: 'Liveness; demo is true when demo accounts are reachable from other machines (the client shows a banner)',
        response: { 200: z.object({ status: z.literal('ok'), demo: z.boolean() }) },
      },
    },
    async () => health,
  );
  app.get('/api/ready', { config: { access: 'public' }, schema: { tags: ['operations'] } }, async (_req, reply) => {
    // A probe must answer quickly even when the database has gone silent.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('ready check timed out')), 2000)));
    try {
      await Promise.race([services.db.execute(sql`select 1`), timeout]);
      return { status: 'ready', database: database.kind, realtime: realtime.status() };
    } catch {
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorBody(503, 'Database unreachable', { code: 'service_unavailable' }));
    } finally {
      clearTimeout(timer);
    }
  });

  // Most of the API is under /api/v1; the spec puts a few modules (leave, calendar, commission)
  // under /api: a module's routes live under its resource's base.
  for (const prefix of ['/api/v1', '/api'] as const) {
    await app.register(
      async (plain) => {
        const api = plain.withTypeProvider<ZodTypeProvider>();
        for (const mod of MODULES) {
          if ((mod.resource?.decl.base ?? '/api/v1') !== prefix) continue;
          mod.routes?.(api, services);
          if (mod.resource) registerResource(api, services, mod.resource);
        }
      },
      { prefix },
    );
  }

  const webRoot = opts.webRoot;
  const spa = Boolean(webRoot && existsSync(join(webRoot, 'index.html')));
  if (spa)
    await app.register(fastifyStatic, {
      root: webRoot!,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset; the one the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', staticCacheControl(path)),
    });
  // One not-found handler (Fastify allows one per prefix): client routes fall back to the app
  // shell when the client is built; a known path asked with another method is a 405 naming the
  // methods it takes; unknown API paths are always JSON 404s.
  app.setNotFoundHandler((req, reply) => {
    if (spa && req.method === 'GET' && !req.url.startsWith('/api') && !req.url.startsWith('/socket.io')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const allow = allowedMethods(req.url);
    // A route of this very method that sent its caller here (callNotFound) stays a 404.
    if (allow.length && !allow.includes(req.method)) {
      return reply.status(405).header('allow', allow.join(', ')).send(methodNotAllowed(req.method, req.url));
    }
    return reply.status(404).send(routeNotFound(req.method, req.url));
  });
  return { app, services };
}

/** Content-hashed build files never change: a year, immutable. Anything else (index.html) is revalidated. */
export function staticCacheControl(path: string): string {
  return /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.(br|gz))?$/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
