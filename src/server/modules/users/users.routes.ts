import { and, eq, gte, isNull, ne, or, sql } from 'drizzle-orm';
import { changePasswordSchema } from '../../../domain/modules/auth/auth.schema.js';
import {
  profileUpdateSchema,
  userSchema,
  type User,
  type UserCreate,
  type UserUpdate,
} from '../../../domain/modules/users/users.schema.js';
import type { Api } from '../../http/api.js';
import type { Services } from '../../services.js';
import type { ResourceModule, WriteContext } from '../../http/resource/index.js';
import { IMPORTED_ACCOUNT_PASSWORD, usersResource } from '../../../domain/modules/users/users.resource.js';
import { anyDependant, countDependants, describeCounts, type Dependant } from '../../http/dependants.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { todayIn } from '../../../domain/modules/leave/leave.rules.js';
import { headcounts } from '../headcounts/headcounts.table.js';
import { leaveRequests } from '../leave-requests/leave-requests.table.js';
import { changePassword } from '../auth/auth.service.js';
import { hashPassword, NO_PASSWORD_HASH } from '../auth/passwords.js';
import { writeAudit } from '../audit/audit.service.js';
import { users } from './users.table.js';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role as User['role'],
    status: row.status as User['status'],
    phone: row.phone,
    title: row.title,
    level: row.level as User['level'],
    managerId: row.managerId,
    joinDate: row.joinDate,
    emailVerifiedAt: row.emailVerifiedAt,
    avatarFileId: row.avatarFileId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Only an admin grants the admin role or changes an admin. */
function assertRoleChangeAllowed(ctx: WriteContext, nextRole: string | undefined, existing?: UserRow) {
  if (ctx.user.role === 'admin') return;
  if (nextRole === 'admin' || existing?.role === 'admin')
    throw forbidden('Only an administrator can manage administrator accounts', 'admin_only');
}

/** The manager must be someone else (the kit has already checked that they exist). */
async function assertManager(_ctx: WriteContext, managerId: string | null | undefined, selfId?: string) {
  if (managerId && managerId === selfId)
    throw conflict('A user cannot be their own manager', 'manager_self', { managerId: 'manager_self' });
}

/**
 * What an account still carries while it works: seats not over (a placement at a customer) and,
 * while it is active, the people whose pending leave waits for it as their manager (an inactive or
 * archived manager's reports go to the leads, who were never told of these requests).
 */
const carried = (active: boolean): Dependant[] => [
  {
    name: 'seats',
    column: headcounts.userId,
    where: and(
      isNull(headcounts.archivedAt),
      ne(headcounts.status, 'ended'),
      or(isNull(headcounts.endDate), gte(headcounts.endDate, todayIn())),
    ),
  },
  {
    name: 'leaveApprovals',
    column: users.managerId,
    where: active
      ? and(
          isNull(users.archivedAt),
          sql`exists (select 1 from ${leaveRequests} where ${leaveRequests.userId} = ${users.id} and ${leaveRequests.status} = 'pending' and ${leaveRequests.archivedAt} is null and ${leaveRequests.firstApproverId} is null)`,
        )
      : sql`false`,
  },
];

/** An account that holds live seats or waits to decide leave is not archived or deactivated (409 `user_in_use`). */
async function assertNothingCarried(ctx: WriteContext, existing: UserRow, field?: string) {
  const counts = await countDependants(ctx, existing.id, carried(existing.status === 'active'));
  if (!anyDependant(counts)) return;
  throw conflict(
    `This person still holds ${describeCounts(counts)}: end the seats and hand the leave approvals over first`,
    'user_in_use',
    field ? { [field]: { code: 'user_in_use', params: counts } } : undefined,
  );
}

/** The caller's own profile (GET /user/me and GET /auth/me). */
export async function readOwnProfile(s: Services, userId: string): Promise<User> {
  const [row] = await s.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User');
  return toUser(row);
}

/** Routes about one's own account; the users resource itself is the kit's. */
export function registerUserRoutes(app: Api, s: Services) {
  // The caller's own profile: declared before /user/:id so that "me" is not read as an id.
  app.get('/user/me', { config: { access: 'authenticated' }, schema: { tags: ['users'], response: { 200: userSchema } } }, (req) =>
    readOwnProfile(s, req.user!.id),
  );

  app.patch(
    '/user/me',
    { config: { access: 'authenticated' }, schema: { tags: ['users'], body: profileUpdateSchema, response: { 200: userSchema } } },
    async (req) => {
      const [row] = await s.db
        .update(users)
        .set({ ...req.body, updatedAt: sql`now()` })
        .where(eq(users.id, req.user!.id))
        .returning();
      return toUser(row!);
    },
  );

  app.patch(
    '/user/me/password',
    { config: { access: 'authenticated' }, schema: { tags: ['users'], body: changePasswordSchema } },
    async (req, reply) => {
      await changePassword(s, req.user!.id, req.user!.sessionId, req.body);
      await writeAudit(s.db, {
        actorId: req.user!.id,
        entity: 'users',
        entityId: req.user!.id,
        action: 'password-changed',
        requestId: req.id,
      });
      return reply.status(204).send();
    },
  );
}

/** The users resource: the declaration plus who may change roles, e-mails and managers. */
export const usersResourceModule: ResourceModule<UserRow> = {
  decl: usersResource,
  table: users,
  searchColumn: users.search,
  toEntity: toUser,
  async beforeCreate(input, ctx) {
    const { password, ...rest } = input as UserCreate;
    assertRoleChangeAllowed(ctx, rest.role);
    await assertManager(ctx, rest.managerId);
    // Accounts an administrator creates are trusted: their e-mail counts as verified.
    const passwordHash = password === IMPORTED_ACCOUNT_PASSWORD ? NO_PASSWORD_HASH : await hashPassword(password);
    return { ...rest, passwordHash, emailVerifiedAt: sql`now()` };
  },
  async beforeUpdate(input, existing, ctx) {
    const next = input as UserUpdate;
    assertRoleChangeAllowed(ctx, next.role, existing);
    if (existing.id === ctx.user.id && ((next.role && next.role !== existing.role) || (next.status && next.status !== 'active'))) {
      throw forbidden('You cannot change your own role or deactivate yourself', 'self_role_change');
    }
    await assertManager(ctx, next.managerId, existing.id);
    if (existing.status === 'active' && next.status && next.status !== 'active') await assertNothingCarried(ctx, existing, 'status');
    return input;
  },
  async beforeDelete(existing, ctx) {
    assertRoleChangeAllowed(ctx, undefined, existing);
    if (existing.id === ctx.user.id) throw forbidden('You cannot delete your own account', 'self_delete');
    await assertNothingCarried(ctx, existing);
  },
};
