import { eq, sql } from 'drizzle-orm';
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
import type { ResourceModule, WriteContext } from '../../http/crud.js';
import { usersResource } from '../../../domain/modules/users/users.resource.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { changePassword } from '../auth/auth.service.js';
import { hashPassword } from '../auth/passwords.js';
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
    return { ...rest, passwordHash: await hashPassword(password), emailVerifiedAt: sql`now()` };
  },
  async beforeUpdate(input, existing, ctx) {
    const next = input as UserUpdate;
    assertRoleChangeAllowed(ctx, next.role, existing);
    if (existing.id === ctx.user.id && ((next.role && next.role !== existing.role) || (next.status && next.status !== 'active'))) {
      throw forbidden('You cannot change your own role or deactivate yourself', 'self_role_change');
    }
    await assertManager(ctx, next.managerId, existing.id);
    return input;
  },
  beforeDelete(existing, ctx) {
    assertRoleChangeAllowed(ctx, undefined, existing);
    if (existing.id === ctx.user.id) throw forbidden('You cannot delete your own account', 'self_delete');
  },
};
