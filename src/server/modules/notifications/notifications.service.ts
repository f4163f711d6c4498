import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Role } from '../../../domain/auth/permissions.js';
import type { Notifier } from '../../http/resource/hooks.js';
import { users } from '../users/users.table.js';
import type { Db } from '../../db/client.js';
import type { Realtime } from '../../realtime.js';
import { notifications } from './notifications.table.js';
import type { NotificationParams } from '../../../domain/modules/notifications/notifications.schema.js';

export interface NotifyInput {
  type: string;
  title: string;
  message: string;
  params?: NotificationParams | null;
  jobId?: string | null;
  changedByUserId?: string | null;
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return Number(r?.n ?? 0);
}

export async function pushUnreadCount(deps: { db: Db; realtime: Realtime }, userId: string) {
  deps.realtime.toUser(userId, 'unread-count', { count: await unreadCount(deps.db, userId) });
}

/** Stores one notification per recipient (never the actor) and pushes it live to each. */
export async function notify(
  deps: { db: Db; realtime: Realtime },
  userIds: string[],
  input: NotifyInput,
  opts: { includeActor?: boolean } = {},
) {
  const recipients = [...new Set(userIds)].filter((id) => opts.includeActor || id !== input.changedByUserId);
  if (recipients.length === 0) return [];
  const rows = await deps.db
    .insert(notifications)
    .values(recipients.map((userId) => ({ userId, ...input })))
    .returning();
  await Promise.all(
    rows.map(async (row) => {
      deps.realtime.toUser(row.userId, 'notification', {
        id: row.id,
        type: row.type,
        title: row.title,
        message: row.message,
        params: row.params,
        jobId: row.jobId,
        createdAt: row.createdAt,
      });
      await pushUnreadCount(deps, row.userId);
    }),
  );
  return rows;
}

export async function markRead(db: Db, userId: string, ids?: string[]) {
  return db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false), ids ? inArray(notifications.id, ids) : undefined))
    .returning({ id: notifications.id });
}

/** The kit's notifier (statements' questions and answers), on this module's store and live channel. */
export function kitNotifier(deps: { db: Db; realtime: Realtime }): Notifier {
  return {
    async toUsers(userIds, notice) {
      await notify(deps, [...userIds], notice);
    },
    async toRoles(roles, notice) {
      if (!roles.length) return;
      const rows = await deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.role, roles as Role[]), eq(users.status, 'active'), isNull(users.archivedAt)));
      await notify(
        deps,
        rows.map((r) => r.id),
        notice,
      );
    },
  };
}
