import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_SECTIONS, ROLES, type Role } from '../../src/domain/auth/permissions.js';
import Fastify from 'fastify';
import { describeAccess, registerAccessControl, type Access } from '../../src/server/http/access.js';
import { DEMO_PASSWORD, demoEmail } from '../../src/server/seed/demo.js';
import { EXPECTED_ACCESS } from '../fixtures/access-table.js';
import { buildTestApp, login, type TestApp } from '../fixtures/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // The demo firm's own access overrides go: the first pass holds the server to the spec's defaults.
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/v1/access/reset',
    headers: await t.auth('admin'),
    payload: { note: 'The authorization suite checks the defaults' },
  });
  if (reset.statusCode !== 200) throw new Error(`reset failed: ${reset.statusCode} ${reset.body}`);
});
afterAll(() => t?.close());

/**
 * Who the matrix expects through, worked out without the server's own `allows()`: a resource's
 * action from the hand-written table, a section from the spec's role × section table, a role
 * list as the reviewed snapshot declares it.
 */
function expectedAllowed(access: Access, role: Role, overrides: readonly Override[] = []): boolean {
  if (access === 'public' || access === 'authenticated') return true;
  if ('resource' in access) {
    const changed = overrides.find(([r, resource, action]) => r === role && resource === access.resource && action === access.action);
    return changed ? changed[3] : (EXPECTED_ACCESS[access.resource]?.[access.action] ?? []).includes(role);
  }
  if ('section' in access) return ROLE_SECTIONS[role].includes(access.section) && (!access.roles || access.roles.includes(role));
  return access.roles.includes(role);
}

/** role, resource, action, allowed. */
type Override = readonly [Role, string, string, boolean];

/**
 * The second pass's overrides, written out as the server should then answer: the API is asked for
 * some of them with `together` (hr's headcount export brings the reads it needs), so those reads are
 * listed here by hand as well.
 */
const OVERRIDES: readonly Override[] = [
  ['manager', 'customers', 'create', true],
  ['sale', 'customers', 'edit', false],
  ['developer', 'tech-stacks', 'create', true],
  ['hr', 'headcounts', 'export', true],
  ['hr', 'headcounts', 'list', true],
  ['hr', 'headcounts', 'show', true],
  ['hr', 'leave-requests', 'dashboard', true],
  ['manager', 'jobs', 'pipeline', false],
  ['hr_lead', 'users', 'delete', false],
  ['sale_lead', 'timesheets', 'allDevs', false],
];
/** What the second pass asks the API for (the reads above come with the export). */
const REQUESTED = OVERRIDES.filter(([role, resource, action]) => !(role === 'hr' && resource === 'headcounts' && action !== 'export'));

const apiRoutes = () => t.app.routeAccess.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
const fill = (url: string) => url.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
const sign = (secret: string, claims: Record<string, unknown>, exp: number, sub: string) =>
  new SignJWT({ typ: 'access', ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));

it('every route declares its access; the reviewed list matches the snapshot', async () => {
  const lines = apiRoutes()
    .map((r) => `${r.method.padEnd(6)} ${r.url.padEnd(44)} ${describeAccess(r.access)}`)
    .sort();
  expect(lines.length).toBeGreaterThan(20);
  await expect(lines.join('\n') + '\n').toMatchFileSnapshot('./__snapshots__/route-access.txt');
});

it('an /api route registered without an access declaration stops the server from starting', async () => {
  const app = Fastify();
  registerAccessControl(app, { db: undefined as never, tokens: undefined as never, access: undefined as never });
  app.get('/api/v1/declared', { config: { access: 'public' } }, async () => 'ok');
  expect(() => app.get('/api/v1/undeclared', async () => 'open to all')).toThrow(
    'Route GET /api/v1/undeclared declares no access in config.access',
  );
  await app.close();
});

/** Every route × anonymous, expired, forged and the seven roles: what differs from the expected answers. */
async function routeMismatches(overrides: readonly Override[] = []): Promise<string[]> {
  const admin = await t.tokens('admin');
  const sid = JSON.parse(Buffer.from(admin.accessToken.split('.')[1]!, 'base64url').toString()).sid;
  const expired = await sign(t.services.config.JWT_SECRET!, { sid, role: 'admin' }, Math.floor(Date.now() / 1000) - 60, t.users.admin.id);
  const forged = await sign(
    'another-key-another-key-another-key!!',
    { sid, role: 'admin' },
    Math.floor(Date.now() / 1000) + 600,
    t.users.admin.id,
  );

  const mismatches: string[] = [];
  for (const route of apiRoutes()) {
    const call = async (authorization?: string) =>
      (
        await t.app.inject({
          method: route.method as 'GET',
          url: fill(route.url),
          headers: authorization ? { authorization } : {},
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        })
      ).statusCode;
    const label = `${route.method} ${route.url}`;
    const anon = await call();
    if (route.access === 'public') {
      if (anon === 401 || anon === 403 || anon >= 500) mismatches.push(`${label} anonymous → ${anon}, expected allowed`);
      continue;
    }
    if (anon !== 401) mismatches.push(`${label} anonymous → ${anon}, expected 401`);
    for (const [name, token] of [
      ['expired', expired],
      ['forged', forged],
    ] as const) {
      const status = await call(`Bearer ${token}`);
      if (status !== 401) mismatches.push(`${label} ${name} token → ${status}, expected 401`);
    }
    for (const role of ROLES) {
      // Logging out ends the session, so that call gets a session of its own.
      const token = route.url.endsWith('/auth/logout')
        ? (await login(t.app, demoEmail(role), DEMO_PASSWORD)).accessToken
        : (await t.tokens(role)).accessToken;
      const status = await call(`Bearer ${token}`);
      const allowed = expectedAllowed(route.access, role, overrides);
      if (allowed && (status === 401 || status === 403 || status >= 500)) mismatches.push(`${label} ${role} → ${status}, expected allowed`);
      if (!allowed && status !== 403) mismatches.push(`${label} ${role} → ${status}, expected 403`);
    }
  }
  return mismatches;
}

describe('authorization matrix: every route × anonymous, expired, forged and the seven roles', () => {
  it('answers 401 / 403 / allowed exactly as declared', async () => {
    expect(await routeMismatches()).toEqual([]);
  }, 120_000);

  it('with a set of overrides applied through the API, answers as the table plus those overrides', async () => {
    const admin = await t.auth('admin');
    for (const [role, resource, action, allowed] of REQUESTED) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/access/${role}/${resource}/${action}`,
        headers: admin,
        payload: { allowed, note: 'The authorization suite’s second pass', together: true },
      });
      expect(res.statusCode, `${role} ${resource}.${action}`).toBe(200);
    }
    try {
      expect(await routeMismatches(OVERRIDES)).toEqual([]);
    } finally {
      await t.app.inject({ method: 'POST', url: '/api/v1/access/reset', headers: admin, payload: { note: 'Second pass done' } });
    }
  }, 120_000);

  it('the users section is open to exactly the roles of the spec’s table, writes to the privileged roles', async () => {
    const readers: Role[] = [];
    const writers: Role[] = [];
    for (const role of ROLES) {
      const headers = await t.auth(role);
      if ((await t.app.inject({ url: '/api/v1/user/paginated', headers })).statusCode === 200) readers.push(role);
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/user', headers, payload: {} });
      if (res.statusCode === 400) writers.push(role);
    }
    expect(readers.sort()).toEqual(['admin', 'hr', 'hr_lead', 'manager', 'sale_lead']);
    expect(writers.sort()).toEqual(['admin', 'hr_lead', 'sale_lead']);
  });
});

describe('row scope', () => {
  it('a developer cannot read another user, nor read, mark or delete their notifications', async () => {
    const dev = await t.auth('developer');
    expect((await t.app.inject({ url: `/api/v1/user/${t.users.hr.id}`, headers: dev })).statusCode).toBe(403);
    const hrList = (await t.app.inject({ url: '/api/v1/notifications', headers: await t.auth('hr') })).json();
    const hrNotification = hrList.data[0].id;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/notifications/mark-as-read',
          headers: dev,
          payload: { notificationId: hrNotification },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/notifications/${hrNotification}`, headers: dev })).statusCode).toBe(404);
    const devList = (await t.app.inject({ url: '/api/v1/notifications?limit=100', headers: dev })).json();
    expect(devList.data.map((n: { id: string }) => n.id)).not.toContain(hrNotification);
    const stillThere = (await t.app.inject({ url: '/api/v1/notifications?limit=100', headers: await t.auth('hr') })).json();
    expect(stillThere.data.find((n: { id: string }) => n.id === hrNotification).isRead).toBe(hrList.data[0].isRead);
  });

  it('only an administrator manages administrator accounts; nobody deletes or demotes themselves', async () => {
    const hrLead = await t.auth('hr_lead');
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/v1/user/${t.users.admin.id}`, headers: hrLead, payload: { title: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/v1/user/${t.users.hr.id}`, headers: hrLead, payload: { role: 'admin' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/user/${t.users.hr_lead.id}`, headers: hrLead })).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/user/${t.users.admin.id}`,
          headers: await t.auth('admin'),
          payload: { role: 'hr' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a profile update cannot smuggle a role or status in', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/me',
      headers: await t.auth('developer'),
      payload: { fullName: 'Nguyễn Văn An', role: 'admin', status: 'active' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ role: 'Unknown field', status: 'Unknown field' });
    const me = (await t.app.inject({ url: '/api/v1/auth/me', headers: await t.auth('developer') })).json();
    expect(me.role).toBe('developer');
  });
});
