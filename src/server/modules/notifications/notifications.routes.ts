import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  markAsReadSchema,
  notificationCreateSchema,
  notificationListQuery,
  notificationSchema,
} from '../../../domain/modules/notifications/notifications.schema.js';
import type { Api } from '../../http/api.js';
import type { Services } from '../../services.js';
import { conflict, notFound } from '../../http/errors.js';
import { users } from '../users/users.table.js';
import { notifications } from './notifications.table.js';
import { markRead, notify, pushUnreadCount, unreadCount } from './notifications.service.js';

const tags = ['notifications'];
const idParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });

export function registerNotificationRoutes(app: Api, s: Services) {
  app.get(
    '/notifications',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        querystring: notificationListQuery,
        response: { 200: z.object({ data: z.array(notificationSchema), total: z.number() }) },
      },
    },
    async (req) => {
      const q = req.query as z.infer<typeof notificationListQuery>;
      const where = and(eq(notifications.userId, req.user!.id), q.unread ? eq(notifications.isRead, q.unread === 'false') : undefined);
      const [rows, [total]] = await Promise.all([
        s.db
          .select({ n: notifications, by: { id: users.id, fullName: users.fullName } })
          .from(notifications)
          .leftJoin(users, eq(users.id, notifications.changedByUserId))
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        s.db.select({ n: count() }).from(notifications).where(where),
      ]);
      return {
        data: rows.map(({ n, by }) => ({
          id: n.id,
          type: n.type,
          title: n.title,
          message: n.message,
          params: n.params,
          isRead: n.isRead,
          createdAt: n.createdAt,
          jobId: n.jobId,
          changedByUser: by?.id ? by : null,
        })),
        total: Number(total!.n),
      };
    },
  );

  app.get(
    '/notifications/unread-count',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: z.object({ count: z.number() }) } } },
    async (req) => ({
      count: await unreadCount(s.db, req.user!.id),
    }),
  );

  app.post(
    '/notifications/mark-as-read',
    { config: { access: 'authenticated' }, schema: { tags, body: markAsReadSchema } },
    async (req) => {
      const { notificationId } = req.body as z.infer<typeof markAsReadSchema>;
      const [own] = await s.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.id, notificationId), eq(notifications.userId, req.user!.id)));
      if (!own) throw notFound('Notification');
      await markRead(s.db, req.user!.id, [notificationId]);
      await pushUnreadCount(s, req.user!.id);
      return { success: true };
    },
  );

  app.post('/notifications/mark-all-as-read', { config: { access: 'authenticated' }, schema: { tags } }, async (req) => {
    const updated = await markRead(s.db, req.user!.id);
    await pushUnreadCount(s, req.user!.id);
    return { success: true, updated: updated.length };
  });

  app.delete('/notifications/:id', { config: { access: 'authenticated' }, schema: { tags, params: idParams } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const deleted = await s.db
      .delete(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, req.user!.id)))
      .returning({ id: notifications.id });
    if (!deleted.length) throw notFound('Notification');
    await pushUnreadCount(s, req.user!.id);
    return reply.status(204).send();
  });

  // Announcements to chosen people; module events call notify() directly.
  app.post(
    '/notifications',
    { config: { access: { roles: ['admin', 'hr_lead', 'sale_lead'] } }, schema: { tags, body: notificationCreateSchema } },
    async (req, reply) => {
      const body = req.body as z.infer<typeof notificationCreateSchema>;
      const found = await s.db.select({ id: users.id }).from(users).where(inArray(users.id, body.userIds));
      if (found.length !== new Set(body.userIds).size)
        throw conflict('Some recipients do not exist', 'recipients_missing', { userIds: 'recipients_missing' });
      const rows = await notify(
        s,
        body.userIds,
        { type: body.type, title: body.title, message: body.message, jobId: body.jobId ?? null, changedByUserId: req.user!.id },
        { includeActor: true },
      );
      return reply.status(201).send({ created: rows.length });
    },
  );
}
