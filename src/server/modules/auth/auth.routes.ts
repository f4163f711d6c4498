import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  emailOnlySchema,
  loginSchema,
  logoutSchema,
  refreshSchema,
  registerSchema,
  setupSchema,
  tokenPairSchema,
  updatePasswordSchema,
  verifySchema,
} from '../../../domain/modules/auth/auth.schema.js';
import { userSchema } from '../../../domain/modules/users/users.schema.js';
import type { Api } from '../../http/api.js';
import type { Services } from '../../services.js';
import { writeAudit } from '../audit/audit.service.js';
import { readOwnProfile, toUser } from '../users/users.routes.js';
import * as auth from './auth.service.js';
import { completeSetup, setupOpen } from './first-admin.js';
import { checkRefresh, knownDevice, limitForm, recordRefreshFailure, rememberDevice } from './throttle.js';
import { AppError } from '../../http/errors.js';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
const signedIn = tokenPairSchema.extend({ user: userSchema });
const tags = ['auth'];

export function registerAuthRoutes(app: Api, s: Services) {
  app.post(
    '/auth/login',
    { config: { access: 'public' }, schema: { tags, body: loginSchema, response: { 200: signedIn } } },
    async (req, reply) => {
      const { accessToken, refreshToken, user, device } = await auth.login(s, req.body as z.infer<typeof loginSchema>, meta(req), (id) =>
        knownDevice(s, req, id),
      );
      rememberDevice(s, req, reply, user.id, device);
      return { accessToken, refreshToken, user: toUser(user) };
    },
  );

  app.post(
    '/auth/register',
    { config: { access: 'public' }, schema: { tags, body: registerSchema, response: { 201: z.object({ email: z.string() }) } } },
    async (req, reply) => {
      await limitForm(s, 'mail', req.ip, (req.body as { email: string }).email);
      const result = await auth.register(s, req.log, req.body as z.infer<typeof registerSchema>);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/auth/verify',
    { config: { access: 'public' }, schema: { tags, body: verifySchema, response: { 200: signedIn } } },
    async (req, reply) => {
      await limitForm(s, 'verify', req.ip, (req.body as { email: string }).email);
      const { accessToken, refreshToken, user } = await auth.verifyEmail(s, req.body as z.infer<typeof verifySchema>, meta(req));
      rememberDevice(s, req, reply, user.id);
      return { accessToken, refreshToken, user: toUser(user) };
    },
  );

  // The first admin's one-time setup (first-admin.ts): open while no admin exists.
  app.get(
    '/auth/setup',
    { config: { access: 'public' }, schema: { tags, response: { 200: z.object({ open: z.boolean() }) } } },
    async () => ({ open: await setupOpen(s.db) }),
  );

  app.post(
    '/auth/setup',
    { config: { access: 'public' }, schema: { tags, body: setupSchema, response: { 200: signedIn } } },
    async (req, reply) => {
      await limitForm(s, 'setup', req.ip);
      const user = await completeSetup(s.db, req.body as z.infer<typeof setupSchema>);
      const { accessToken, refreshToken } = await auth.startSession(s, user, meta(req));
      rememberDevice(s, req, reply, user.id);
      return { accessToken, refreshToken, user: toUser(user) };
    },
  );

  app.post('/auth/resend-code', { config: { access: 'public' }, schema: { tags, body: emailOnlySchema } }, async (req, reply) => {
    await limitForm(s, 'mail', req.ip, (req.body as { email: string }).email);
    await auth.resendVerification(s, req.log, (req.body as { email: string }).email);
    return reply.status(202).send({ message: 'If the account awaits verification, a new code has been sent' });
  });

  app.post('/auth/reset-password', { config: { access: 'public' }, schema: { tags, body: emailOnlySchema } }, async (req, reply) => {
    await limitForm(s, 'mail', req.ip, (req.body as { email: string }).email);
    await auth.requestPasswordReset(s, req.log, (req.body as { email: string }).email);
    return reply.status(202).send({ message: 'If an account exists for this e-mail, a code has been sent' });
  });

  app.post('/auth/update-password', { config: { access: 'public' }, schema: { tags, body: updatePasswordSchema } }, async (req) => {
    await limitForm(s, 'update-password', req.ip, (req.body as { email: string }).email);
    await auth.resetPassword(s, req.body as z.infer<typeof updatePasswordSchema>);
    return { message: 'Password updated; sign in with the new password' };
  });

  app.post(
    '/auth/refresh',
    { config: { access: 'public' }, schema: { tags, body: refreshSchema, response: { 200: tokenPairSchema } } },
    async (req) => {
      await checkRefresh(s, req.ip);
      try {
        return await auth.refresh(s, (req.body as { token: string }).token, req.log);
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 401) await recordRefreshFailure(s, req.ip);
        throw err;
      }
    },
  );

  app.post('/auth/logout', { config: { access: 'authenticated' }, schema: { tags, body: logoutSchema.nullish() } }, async (req, reply) => {
    await auth.revokeSession(s, req.user!.sessionId, 'logout');
    await writeAudit(s.db, {
      actorId: req.user!.id,
      entity: 'sessions',
      entityId: req.user!.sessionId,
      action: 'logout',
      requestId: req.id,
    });
    return reply.status(204).send();
  });

  app.get('/auth/me', { config: { access: 'authenticated' }, schema: { tags, response: { 200: userSchema } } }, (req) =>
    readOwnProfile(s, req.user!.id),
  );
}
