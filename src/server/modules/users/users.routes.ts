import { eq, sql } from 'drizzle-orm';
import { changePasswordSchema } from '../../../domain/modules/auth/auth.schema.js';
import {
  profileUpdateSchema,
  userCreateSchema,
  userSchema,
  userUpdateSchema,
  type User,
  type UserCreate,
  type UserUpdate,
} from '../../../domain/modules/users/users.schema.js';
import type { Api } from '../../http/api.js';
import type { Services } from '../../services.js';
import { registerCrud, type WriteContext } from '../../http/crud.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { changePassword, findUserByEmail } from '../auth/auth.service.js';
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

async function assertEmailFree(s: Services, email: string, exceptId?: string) {
  const other = await findUserByEmail(s, email);
  if (other && other.id !== exceptId) throw conflict('An account with this e-mail already exists', 'duplicate', { email: 'unique' });
}

/** Only an admin grants the admin role or changes an admin. */
function assertRoleChangeAllowed(ctx: WriteContext, nextRole: string | undefined, existing?: UserRow) {
  if (ctx.user.role === 'admin') return;
  if (nextRole === 'admin' || existing?.role === 'admin')
    throw forbidden('Only an administrator can manage administrator accounts', 'admin_only');
}

async function assertManager(s: Services, managerId: string | null | undefined, selfId?: string) {
  if (!managerId) return;
  if (managerId === selfId) throw conflict('A user cannot be their own manager', 'manager_self', { managerId: 'manager_self' });
  const [m] = await s.db.select({ id: users.id }).from(users).where(eq(users.id, managerId));
  if (!m) throw conflict('The manager does not exist', 'manager_missing', { managerId: 'manager_missing' });
}

/** The caller's own profile (GET /user/me and GET /auth/me). */
export async function readOwnProfile(s: Services, userId: string): Promise<User> {
  const [row] = await s.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw notFound('User');
  return toUser(row);
}

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

  registerCrud<UserRow, UserCreate, UserUpdate>(app, s, {
    name: 'users',
    label: 'User',
    path: 'user',
    table: users,
    section: 'users',
    entity: userSchema,
    create: userCreateSchema,
    update: userUpdateSchema,
    filters: { role: users.role, status: users.status, level: users.level, managerId: users.managerId },
    sortable: {
      fullName: users.fullName,
      email: users.email,
      role: users.role,
      status: users.status,
      createdAt: users.createdAt,
      joinDate: users.joinDate,
    },
    defaultSort: { field: 'fullName', order: 'asc' },
    searchColumn: users.search,
    lightColumns: { id: users.id, fullName: users.fullName, email: users.email, role: users.role },
    softDelete: true,
    auditOmit: ['passwordHash', 'search'],
    toEntity: toUser,
    async beforeCreate(input, ctx) {
      assertRoleChangeAllowed(ctx, input.role);
      await assertEmailFree(s, input.email);
      await assertManager(s, input.managerId);
      const { password, ...rest } = input;
      // Accounts an administrator creates are trusted: their e-mail counts as verified.
      return { ...rest, passwordHash: await hashPassword(password), emailVerifiedAt: sql`now()` };
    },
    async beforeUpdate(input, existing, ctx) {
      assertRoleChangeAllowed(ctx, input.role, existing);
      if (existing.id === ctx.user.id && ((input.role && input.role !== existing.role) || (input.status && input.status !== 'active'))) {
        throw forbidden('You cannot change your own role or deactivate yourself', 'self_role_change');
      }
      if (input.email) await assertEmailFree(s, input.email, existing.id);
      await assertManager(s, input.managerId, existing.id);
      return input as Record<string, unknown>;
    },
    beforeDelete(existing, ctx) {
      assertRoleChangeAllowed(ctx, undefined, existing);
      if (existing.id === ctx.user.id) throw forbidden('You cannot delete your own account', 'self_delete');
    },
  });
}
