import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Role } from '../../../domain/auth/permissions.js';
import {
  canShareViews,
  savedViewCreateSchema,
  savedViewListQuery,
  savedViewSchema,
  savedViewUpdateSchema,
  type SavedView,
  type SavedViewState,
} from '../../../domain/modules/saved-views/saved-views.schema.js';
import { can, resourceByName } from '../../../domain/resources.js';
import type { CurrentUser } from '../../http/access.js';
import type { Api } from '../../http/api.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import type { Db } from '../../db/client.js';
import type { Services } from '../../services.js';
import { users } from '../users/users.table.js';
import { savedViews } from './saved-views.table.js';
import { stateIssues } from './saved-views.state.js';

const tags = ['saved-views'];
const idParams = z.object({ id: z.uuid({ message: 'invalid_id' }) });
type Row = typeof savedViews.$inferSelect;

/** The resource a view is for, which the caller's role must be able to list. */
async function listedResource(s: Services, user: CurrentUser, name: string) {
  const decl = resourceByName(name);
  if (!decl) throw badRequest('Unknown resource', { resource: 'invalid' });
  if (!can(user.role, name, 'list', await s.access.current())) throw forbidden('You cannot list this resource');
  return decl;
}

function checkState(resource: string, state: SavedViewState) {
  const issues = stateIssues(resourceByName(resource)!, state);
  if (Object.keys(issues).length) throw badRequest('The view holds filters or columns this list does not have', issues);
}

function checkSharing(user: CurrentUser, roles: Role[] | undefined) {
  if (roles?.length && !canShareViews(user.role)) throw forbidden('Only admins and leads may share a view', 'saved_view_share_forbidden');
}

const nameTaken = () => conflict('You already have a view of this name on this list', 'saved_view_name_taken', { name: 'unique' });

/**
 * One person's writes to one list's views run one at a time: "make default" clears the other
 * default and sets this one, and two at once would otherwise both clear and then collide on the
 * one-default index.
 */
const lockViews = (tx: Db, ownerId: string, resource: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-views:${ownerId}:${resource}`}))`);

async function nameUsed(tx: Db, ownerId: string, resource: string, name: string, except?: string) {
  const [row] = await tx
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.ownerId, ownerId),
        eq(savedViews.resource, resource),
        eq(savedViews.name, name),
        except ? ne(savedViews.id, except) : undefined,
      ),
    );
  return !!row;
}

const clearDefault = (tx: Db, ownerId: string, resource: string) =>
  tx
    .update(savedViews)
    .set({ isDefault: false })
    .where(and(eq(savedViews.ownerId, ownerId), eq(savedViews.resource, resource), eq(savedViews.isDefault, true)));

function answer(row: Row, owner: { id: string; fullName: string }, me: string): SavedView {
  return {
    id: row.id,
    resource: row.resource,
    name: row.name,
    state: row.state,
    isDefault: row.isDefault,
    sharedWithRoles: row.sharedWithRoles,
    mine: row.ownerId === me,
    owner,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A view the caller may see (their own, or shared with their role); 404 otherwise. */
async function visibleView(s: Services, user: CurrentUser, id: string) {
  const [found] = await s.db
    .select({ v: savedViews, owner: { id: users.id, fullName: users.fullName } })
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.ownerId))
    .where(and(eq(savedViews.id, id), sql`(${savedViews.ownerId} = ${user.id} or ${user.role} = any(${savedViews.sharedWithRoles}))`));
  if (!found) throw notFound('Saved view');
  return found;
}

export function registerSavedViewRoutes(app: Api, s: Services) {
  const one = { 200: savedViewSchema };

  app.get(
    '/saved-views',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: savedViewListQuery, response: { 200: z.object({ data: z.array(savedViewSchema) }) } },
    },
    async (req) => {
      const user = req.user!;
      const { resource } = req.query as z.infer<typeof savedViewListQuery>;
      await listedResource(s, user, resource);
      const rows = await s.db
        .select({ v: savedViews, owner: { id: users.id, fullName: users.fullName } })
        .from(savedViews)
        .innerJoin(users, eq(users.id, savedViews.ownerId))
        .where(
          and(
            eq(savedViews.resource, resource),
            sql`(${savedViews.ownerId} = ${user.id} or ${user.role} = any(${savedViews.sharedWithRoles}))`,
          ),
        )
        // Mine first, then those shared with me; each by name.
        .orderBy(desc(sql`${savedViews.ownerId} = ${user.id}`), asc(savedViews.name), asc(savedViews.id));
      return { data: rows.map(({ v, owner }) => answer(v, owner, user.id)) };
    },
  );

  app.post(
    '/saved-views',
    { config: { access: 'authenticated' }, schema: { tags, body: savedViewCreateSchema, response: { 201: savedViewSchema } } },
    async (req, reply) => {
      const user = req.user!;
      const body = req.body as z.infer<typeof savedViewCreateSchema>;
      await listedResource(s, user, body.resource);
      checkSharing(user, body.sharedWithRoles);
      checkState(body.resource, body.state);
      const row = await s.db.transaction(async (tx) => {
        await lockViews(tx, user.id, body.resource);
        if (await nameUsed(tx, user.id, body.resource, body.name)) throw nameTaken();
        if (body.isDefault) await clearDefault(tx, user.id, body.resource);
        const [created] = await tx
          .insert(savedViews)
          .values({
            ownerId: user.id,
            resource: body.resource,
            name: body.name,
            state: body.state,
            isDefault: body.isDefault ?? false,
            sharedWithRoles: body.sharedWithRoles ?? [],
          })
          .returning();
        return created!;
      });
      return reply.status(201).send(answer(row, { id: user.id, fullName: user.fullName }, user.id));
    },
  );

  app.patch(
    '/saved-views/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: idParams, body: savedViewUpdateSchema, response: one },
    },
    async (req) => {
      const user = req.user!;
      const { id } = req.params as z.infer<typeof idParams>;
      const body = req.body as z.infer<typeof savedViewUpdateSchema>;
      const { v } = await visibleView(s, user, id);
      if (v.ownerId !== user.id) throw forbidden('Only its owner may change a view; save a copy instead', 'saved_view_not_owner');
      checkSharing(user, body.sharedWithRoles);
      if (body.state) checkState(v.resource, body.state);
      const row = await s.db.transaction(async (tx) => {
        await lockViews(tx, user.id, v.resource);
        if (body.name !== undefined && (await nameUsed(tx, user.id, v.resource, body.name, id))) throw nameTaken();
        if (body.isDefault) await clearDefault(tx, user.id, v.resource);
        const [updated] = await tx
          .update(savedViews)
          .set({ ...body, updatedAt: sql`now()` })
          .where(and(eq(savedViews.id, id), eq(savedViews.ownerId, user.id)))
          .returning();
        // Deleted by its owner on another device meanwhile.
        if (!updated) throw notFound('Saved view');
        return updated;
      });
      return answer(row, { id: user.id, fullName: user.fullName }, user.id);
    },
  );

  app.delete('/saved-views/:id', { config: { access: 'authenticated' }, schema: { tags, params: idParams } }, async (req, reply) => {
    const user = req.user!;
    const { id } = req.params as z.infer<typeof idParams>;
    const { v } = await visibleView(s, user, id);
    if (v.ownerId !== user.id) throw forbidden('Only its owner may delete a view', 'saved_view_not_owner');
    const deleted = await s.db
      .delete(savedViews)
      .where(and(eq(savedViews.id, id), eq(savedViews.ownerId, user.id)))
      .returning({ id: savedViews.id });
    if (!deleted.length) throw notFound('Saved view');
    return reply.status(204).send();
  });
}
