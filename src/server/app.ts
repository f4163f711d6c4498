import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerAccessControl } from './http/access.js';
import { errorBody, registerErrorHandling } from './http/errors.js';
import type { Realtime } from './realtime.js';
import { createTokenSigner, resolveJwtSecret, type TokenSigner } from './modules/auth/tokens.js';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerUserRoutes } from './modules/users/users.routes.js';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.js';
import { registerFileRoutes } from './modules/files/files.routes.js';

/** What route modules are given: one place to reach the database, config, tokens and live events. */
export interface Services {
  db: Database['db'];
  dbKind: Database['kind'];
  config: Config;
  tokens: TokenSigner;
  realtime: Realtime;
}

export type App = FastifyInstance;

export async function buildApp(opts: { config: Config; database: Database; realtime: Realtime; webRoot?: string }): Promise<{ app: App; services: Services }> {
  const { config, database, realtime } = opts;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Never log credentials: tokens travel in headers and bodies.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token', '*.refreshToken', '*.accessToken'],
    },
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const secret = await resolveJwtSecret(database.db, config.JWT_SECRET);
  const services: Services = {
    db: database.db,
    dbKind: database.kind,
    config,
    tokens: createTokenSigner(secret, config.ACCESS_TOKEN_TTL_S),
    realtime,
  };

  registerErrorHandling(app);
  await app.register(helmet, {
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
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  registerAccessControl(app, services);

  app.get('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/api/ready', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    try {
      await services.db.execute(sql`select 1`);
      return { status: 'ready', database: database.kind, realtime: realtime.status() };
    } catch {
      return reply.status(503).send(errorBody(503, 'Database unreachable'));
    }
  });

  await app.register(
    async (plain) => {
      const api = plain.withTypeProvider<ZodTypeProvider>();
      registerAuthRoutes(api, services);
      registerUserRoutes(api, services);
      registerNotificationRoutes(api, services);
      registerFileRoutes(api, services);
    },
    { prefix: '/api/v1' },
  );

  const webRoot = opts.webRoot;
  if (webRoot && existsSync(join(webRoot, 'index.html'))) {
    await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false, maxAge: '1h' });
    // Client routes fall back to the app shell; unknown API paths stay JSON 404s.
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/api') && !req.url.startsWith('/socket.io')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send(errorBody(404, `Route ${req.method} ${req.url.split('?')[0]} not found`));
    });
  }
  return { app, services };
}
