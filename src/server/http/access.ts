import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { canAccessSection, toRole, type Role, type Section } from '../../domain/auth/permissions.js';
import { queryRowsPrepared, type Db } from '../db/client.js';
import { AppError, forbidden, unauthorized } from './errors.js';
import { can } from '../../domain/resources.js';
import type { AccessOverrides } from '../../domain/auth/access-overrides.js';

/** What authentication needs of the token signer (the auth module's): a verified access token's user and session. */
export interface AccessTokenVerifier {
  verifyAccess(token: string): Promise<{ sub: string; sid: string }>;
}

/** The firm's access overrides as enforced now (the access module keeps them). */
export interface AccessOverridesSource {
  current(): Promise<AccessOverrides>;
}

/**
 * Every /api route declares who may call it in `config.access`:
 * - 'public': anyone, signed in or not;
 * - 'authenticated': any active signed-in user;
 * - { section, roles? }: users whose role has the section (narrowed to `roles` when given);
 * - { roles }: exactly these roles.
 * Registering an /api route without a declaration throws at start-up.
 */
export type Access =
  | 'public'
  | 'authenticated'
  | { section: Section; roles?: readonly Role[] }
  | { roles: readonly Role[] }
  /** A declared resource's action: whoever `can(role, resource, action)` allows. */
  | { resource: string; action: string };

export interface CurrentUser {
  id: string;
  role: Role;
  email: string;
  fullName: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the reviewed snapshot and the matrix test. */
    routeAccess: Array<{ method: string; url: string; access: Access }>;
  }
}

export function describeAccess(access: Access): string {
  if (typeof access === 'string') return access;
  if ('resource' in access) return `${access.resource}:${access.action}`;
  if ('section' in access) return `section:${access.section}${access.roles ? ` roles:${access.roles.join(',')}` : ''}`;
  return `roles:${access.roles.join(',')}`;
}

export function allows(access: Access, role: Role, overrides: AccessOverrides): boolean {
  if (access === 'public' || access === 'authenticated') return true;
  if ('resource' in access) return can(role, access.resource, access.action, overrides);
  if ('section' in access) return canAccessSection(role, access.section) && (!access.roles || access.roles.includes(role));
  return access.roles.includes(role);
}

export function registerAccessControl(app: FastifyInstance, deps: { db: Db; tokens: AccessTokenVerifier; access: AccessOverridesSource }) {
  app.decorateRequest('user', null);
  const routes: FastifyInstance['routeAccess'] = [];
  app.decorate('routeAccess', routes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access in config.access`);
    }
    // A route hidden from the API document only refuses its method (resource/nested.ts): no operation of its own.
    if (route.schema?.hide) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, access: route.config.access });
  });

  // Authentication and authorization run before the body is parsed, so that an
  // anonymous caller gets 401 and a wrong role 403 whatever they sent.
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access) return;
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (token) req.user = await authenticate(deps, token);
    if (access === 'public') return;
    if (!req.user) throw unauthorized(token ? 'Invalid or expired token' : 'Authentication required');
    // The firm's overrides as of this request: a change applies at the next one (decision 014).
    if (!allows(access, req.user.role, await deps.access.current())) throw forbidden();
  });
}

/** Verifies the token, then reads the user and session: role changes, deactivation and logout apply at once. */
export async function authenticate(deps: { db: Db; tokens: AccessTokenVerifier }, token: string): Promise<CurrentUser> {
  let claims;
  try {
    claims = await deps.tokens.verifyAccess(token);
  } catch {
    throw new AppError(401, 'Invalid or expired token', { code: 'token_invalid' });
  }
  const [row] = await queryRowsPrepared<{
    id: string;
    role: string;
    status: string;
    email: string;
    full_name: string;
    archived_at: string | null;
    revoked_at: string | null;
    expires_at: string;
  }>(
    deps.db,
    sql`
    select u.id, u.role, u.status, u.email, u.full_name, u.archived_at, s.revoked_at, s.expires_at
    from users u join sessions s on s.id = ${claims.sid} and s.user_id = u.id
    where u.id = ${claims.sub}`,
  );
  const role = toRole(row?.role);
  if (!row || !role || row.status !== 'active' || row.archived_at || row.revoked_at || new Date(row.expires_at) < new Date()) {
    throw new AppError(401, 'Session is no longer valid', { code: 'session_ended' });
  }
  return { id: row.id, role, email: row.email, fullName: row.full_name, sessionId: claims.sid };
}

export function currentUser(req: FastifyRequest): CurrentUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
