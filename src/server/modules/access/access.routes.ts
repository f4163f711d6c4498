import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  actionsOf,
  declaredAllows,
  effectiveAllows,
  overrideKey,
  overridesFrom,
  planChange,
  REQUIRES,
  resourcesBySection,
} from '../../../domain/auth/access-overrides.js';
import { canAccessSection, ROLES, toRole, type Role } from '../../../domain/auth/permissions.js';
import {
  ACCESS_CHANGED_EVENT,
  accessCellParams,
  accessChangeSchema,
  accessCellSchema,
  accessMatrixSchema,
  accessPersonParams,
  accessResetResultSchema,
  accessResetSchema,
  myAccessSchema,
  personAccessSchema,
  type AccessCell,
  type AccessChange,
  type AccessMatrix,
  type AccessReset,
  type PersonAccess,
} from '../../../domain/modules/access/access.schema.js';
import type { OwnerScope, ResourceDecl } from '../../../domain/resource.js';
import { RESOURCES, resourceByName } from '../../../domain/resources.js';
import type { Db } from '../../db/client.js';
import type { Api } from '../../http/api.js';
import { AppError, notFound } from '../../http/errors.js';
import { assertCurrent, rowVersion } from '../../http/precondition.js';
import type { Services } from '../../services.js';
import type { SeedContext } from '../module.js';
import { auditTrail, writeAudit } from '../audit/audit.service.js';
import { users } from '../users/users.table.js';
import { ACCESS_OVERRIDES_CHANGED } from './access.cache.js';
import { accessOverrides } from './access.table.js';

type OverrideRow = typeof accessOverrides.$inferSelect;

const tags = ['access'];
const adminOnly = { roles: ['admin'] as const satisfies readonly Role[] };
/** The audit log's entity of access changes; each entry's id is `role:resource:action`. */
export const ACCESS_AUDIT_ENTITY = 'access';

/** One writer of the overrides at a time: a change's safeguards read the cells it depends on. */
const lockOverrides = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('access_overrides'))`);

async function readOverrides(db: Db): Promise<OverrideRow[]> {
  return db.select().from(accessOverrides);
}

async function namesOf(db: Db, rows: OverrideRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.changedBy).filter((v): v is string => !!v))];
  if (!ids.length) return new Map();
  const found = await db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, u.name]));
}

/** A cell as the page shows it; its version changes with its value and with each change stored over it. */
function cellOf(decl: ResourceDecl, role: Role, action: string, rows: OverrideRow[], names: Map<string, string>): AccessCell {
  const row = rows.find((r) => r.role === role && r.resource === decl.name && r.action === action);
  const byDefault = declaredAllows(decl, role, action);
  const allowed = row ? row.allowed : byDefault;
  return {
    role,
    default: byDefault,
    allowed,
    changed: row
      ? { note: row.note, by: row.changedBy ? { id: row.changedBy, name: names.get(row.changedBy) ?? '' } : null, at: row.changedAt }
      : null,
    version: rowVersion(versioned(decl, role, action, allowed, row?.changedAt ?? null)),
  };
}

/** What a cell's version is a digest of. */
const versioned = (decl: ResourceDecl, role: Role, action: string, allowed: boolean, changedAt: string | null) => ({
  role,
  resource: decl.name,
  action,
  allowed,
  changedAt,
});

const scopeOf = (owner: OwnerScope | undefined) =>
  owner ? { roles: [...owner.roles], field: owner.field, applies: owner.applies, managers: owner.managers ?? false } : null;

async function matrix(db: Db): Promise<AccessMatrix> {
  const rows = await readOverrides(db);
  const names = await namesOf(db, rows);
  return {
    roles: [...ROLES],
    sections: resourcesBySection(RESOURCES).map(({ section, resources }) => ({
      section,
      roles: ROLES.filter((r) => canAccessSection(r, section)),
      resources: resources.map((decl) => ({
        resource: decl.name,
        scope: scopeOf(decl.owner),
        actions: actionsOf(decl).map((action) => ({
          action,
          requires: [...(REQUIRES[action] ?? [])].filter((a) => Object.hasOwn(decl.access, a)),
          cells: ROLES.map((role) => cellOf(decl, role, action, rows, names)),
        })),
      })),
    })),
  };
}

function refusal(plan: { code: string; actions?: string[] }, role: Role, resource: string, action: string): AppError {
  const messages: Record<string, string> = {
    admin_locked: 'The administrator’s access cannot be reduced',
    access_requires: `${action} needs ${plan.actions?.join(', ')}: grant them together`,
    access_required_by: `${plan.actions?.join(', ')} need ${action}: revoke them together`,
  };
  return new AppError(422, messages[plan.code] ?? 'Refused', {
    code: plan.code,
    details: { role, resource, action, actions: plan.actions ?? [] },
  });
}

/**
 * After the commit: this instance reads the overrides again at once, and the reply waits until the
 * other instances have dropped theirs (bounded; SERVER_ACK_MS), so the change holds everywhere at
 * the next request; then the roles' clients refresh.
 */
async function announce(s: Services, roles: Iterable<Role>) {
  s.access.invalidate();
  await s.realtime.toServers(ACCESS_OVERRIDES_CHANGED);
  // Admins too: another admin's page of the matrix reads it again.
  s.realtime.toRoles([...new Set<Role>([...roles, 'admin'])], ACCESS_CHANGED_EVENT, { roles: [...new Set(roles)] });
}

async function change(s: Services, req: FastifyRequest, decl: ResourceDecl, role: Role, action: string, body: AccessChange) {
  const actor = req.user!;
  const cell = await s.db.transaction(async (tx) => {
    await lockOverrides(tx);
    const rows = await readOverrides(tx);
    const names = await namesOf(tx, rows);
    const key = overrideKey(role, decl.name, action);
    const before = cellOf(decl, role, action, rows, names);
    await assertCurrent(auditTrail, tx, req, {
      entity: ACCESS_AUDIT_ENTITY,
      label: 'Access',
      row: versioned(decl, role, action, before.allowed, before.changed?.at ?? null),
      current: () => ({ ...before, resource: decl.name, action }),
      auditId: key,
    });
    const plan = planChange(decl, role, action, body.allowed, overridesFrom(rows), body.together ?? false);
    if (!plan.ok) throw refusal(plan, role, decl.name, action);
    for (const c of plan.changes) {
      const was = effectiveAllows(decl, role, c.action, overridesFrom(rows));
      const old = rows.find((r) => r.role === role && r.resource === decl.name && r.action === c.action);
      // Back to the default is no override: the cell shows the spec's value again (the audit keeps the change).
      if (c.allowed === declaredAllows(decl, role, c.action)) {
        await tx
          .delete(accessOverrides)
          .where(and(eq(accessOverrides.role, role), eq(accessOverrides.resource, decl.name), eq(accessOverrides.action, c.action)));
      } else {
        const values = { role, resource: decl.name, action: c.action, allowed: c.allowed, note: body.note, changedBy: actor.id };
        await tx
          .insert(accessOverrides)
          .values(values)
          .onConflictDoUpdate({
            target: [accessOverrides.role, accessOverrides.resource, accessOverrides.action],
            set: { allowed: c.allowed, note: body.note, changedBy: actor.id, changedAt: sql`now()` },
          });
      }
      await writeAudit(tx, {
        actorId: actor.id,
        entity: ACCESS_AUDIT_ENTITY,
        entityId: overrideKey(role, decl.name, c.action),
        action: c.allowed ? 'granted' : 'revoked',
        before: { allowed: was, override: old ? old.allowed : null },
        after: { allowed: c.allowed, note: body.note, ...(c.action !== action ? { with: action } : {}) },
        requestId: req.id,
      });
    }
    const after = await readOverrides(tx);
    return cellOf(decl, role, action, after, await namesOf(tx, after));
  });
  await announce(s, [role]);
  return cell;
}

async function reset(s: Services, req: FastifyRequest, body: AccessReset): Promise<number> {
  const names = new Set(RESOURCES.filter((r) => !body.section || r.section === body.section).map((r) => r.name));
  const removed = await s.db.transaction(async (tx) => {
    await lockOverrides(tx);
    // All of them without a section: rows of a resource since removed from the registry go too.
    const rows = (await readOverrides(tx)).filter((r) => !body.section || names.has(r.resource));
    if (!rows.length) return rows;
    if (body.section) await tx.delete(accessOverrides).where(inArray(accessOverrides.resource, [...names]));
    else await tx.delete(accessOverrides);
    for (const row of rows) {
      const decl = resourceByName(row.resource);
      await writeAudit(tx, {
        actorId: req.user!.id,
        entity: ACCESS_AUDIT_ENTITY,
        entityId: overrideKey(row.role, row.resource, row.action),
        action: 'reset',
        before: { allowed: row.allowed, override: row.allowed, note: row.note },
        after: { allowed: decl ? declaredAllows(decl, row.role, row.action) : false, note: body.note, section: body.section ?? null },
        requestId: req.id,
      });
    }
    return rows;
  });
  if (removed.length)
    await announce(
      s,
      removed.map((r) => toRole(r.role)).filter((r): r is Role => !!r),
    );
  return removed.length;
}

async function personAccess(s: Services, id: string): Promise<PersonAccess> {
  const [user] = await s.db
    .select({ id: users.id, fullName: users.fullName, email: users.email, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, id));
  if (!user) throw notFound('User');
  const role = toRole(user.role);
  const rows = role ? (await readOverrides(s.db)).filter((r) => r.role === role) : [];
  const overrides = overridesFrom(rows);
  return {
    user,
    sections: resourcesBySection(RESOURCES).map(({ section, resources }) => ({
      section,
      inSectionTable: canAccessSection(role, section),
      resources: resources.map((decl) => ({
        resource: decl.name,
        scope: role && decl.owner?.roles.includes(role) ? scopeOf(decl.owner) : null,
        actions: actionsOf(decl).map((action) => {
          const row = rows.find((r) => r.resource === decl.name && r.action === action);
          return {
            action,
            allowed: role ? effectiveAllows(decl, role, action, overrides) : false,
            reason: row ? (row.allowed ? ('granted' as const) : ('revoked' as const)) : ('default' as const),
            note: row?.note ?? null,
          };
        }),
      })),
    })),
  };
}

/** The access page's API (docs/decisions/014): admin only, but for the caller's own overrides. */
export function registerAccessRoutes(app: Api, s: Services) {
  app.get(
    '/access',
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: 'Every role × resource × action: the default, the firm’s value, who changed it and when',
        response: { 200: accessMatrixSchema },
      },
    },
    () => matrix(s.db),
  );

  app.get(
    '/access/mine',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'The firm’s overrides of the caller’s role, which the client applies to the defaults',
        response: { 200: myAccessSchema },
      },
    },
    async (req) => {
      const role = req.user!.role;
      const rows = (await readOverrides(s.db)).filter((r) => r.role === role);
      return { overrides: rows.map((r) => ({ resource: r.resource, action: r.action, allowed: r.allowed })) };
    },
  );

  app.get(
    '/access/users/:id',
    {
      config: { access: adminOnly },
      schema: { tags, summary: 'What one person can reach, and why', params: accessPersonParams, response: { 200: personAccessSchema } },
    },
    (req) => personAccess(s, (req.params as { id: string }).id),
  );

  const cellRoute = {
    // The OpenAPI document names If-Match / If-Unmodified-Since and the 412, as for the kit's writes.
    config: { access: adminOnly, precondition: true },
    schema: {
      tags,
      summary: 'Grant or revoke one role’s action, with a note (If-Match: the cell’s version)',
      params: accessCellParams,
      body: accessChangeSchema,
      response: { 200: accessCellSchema },
    },
  };
  const cellHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    const { role, resource, action } = req.params as { role: Role; resource: string; action: string };
    const decl = resourceByName(resource);
    if (!decl) throw notFound('Resource');
    if (!Object.hasOwn(decl.access, action)) throw notFound('Action');
    const cell = await change(s, req, decl, role, action, req.body as AccessChange);
    void reply.header('etag', cell.version);
    return cell;
  };
  app.put('/access/:role/:resource/:action', cellRoute, cellHandler);
  app.patch('/access/:role/:resource/:action', cellRoute, cellHandler);

  app.post(
    '/access/reset',
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: 'Back to the spec’s defaults: one section, or all of them',
        body: accessResetSchema,
        response: { 200: accessResetResultSchema },
      },
    },
    async (req) => ({ reset: await reset(s, req, req.body as AccessReset) }),
  );
}

/** Two of a firm's real changes, with their reasons, so that the access page shows what a change looks like. */
export async function seedAccess(db: Db, ctx: SeedContext) {
  const admin = ctx.users.find((u) => u.role === 'admin');
  await db.insert(accessOverrides).values([
    {
      role: 'hr',
      resource: 'leave-requests',
      action: 'dashboard',
      allowed: true,
      note: 'Recruiters plan interviews around who is away this week; agreed with the HR lead.',
      changedBy: admin?.id ?? null,
    },
    {
      role: 'sale_lead',
      resource: 'leave-matrix',
      action: 'initialize',
      allowed: true,
      note: 'Year-end cover: the sales lead opens next year’s leave rows while the HR lead is on leave.',
      changedBy: admin?.id ?? null,
    },
  ]);
}
