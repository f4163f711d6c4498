import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markRead, notify, unreadCount } from '../../src/server/modules/notifications/notifications.service.js';
import { notifications } from '../../src/server/modules/notifications/notifications.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// Reading one's notifications never touches anyone else's: through the routes and in the service.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const send = (userIds: string[], title: string) =>
  notify(t.services, userIds, { type: 'announcement', title, message: 'm', changedByUserId: t.users.admin.id });
const unread = (userId: string) => unreadCount(t.database.db, userId);

describe('markRead is scoped to its user', () => {
  it('the service marks only the given user’s notifications, even when handed another user’s ids', async () => {
    const [mine] = await send([t.users.hr.id], 'for hr');
    const [theirs] = await send([t.users.sale.id], 'for sale');
    const before = await unread(t.users.sale.id);
    const marked = await markRead(t.database.db, t.users.hr.id, [mine!.id, theirs!.id]);
    expect(marked.map((m) => m.id)).toEqual([mine!.id]);
    expect(await unread(t.users.sale.id)).toBe(before);
    const [row] = await t.database.db
      .select({ isRead: notifications.isRead })
      .from(notifications)
      .where(and(eq(notifications.id, theirs!.id)));
    expect(row!.isRead).toBe(false);
  });

  it('mark-all-as-read and mark-as-read through the API leave other users’ notifications unread', async () => {
    const [, theirs] = await send([t.users.manager.id, t.users.developer.id], 'for both');
    const before = await unread(t.users.developer.id);
    expect(before).toBeGreaterThan(0);
    const all = await t.app.inject({ method: 'POST', url: '/api/v1/notifications/mark-all-as-read', headers: await t.auth('manager') });
    expect(all.statusCode).toBe(200);
    expect(await unread(t.users.manager.id)).toBe(0);
    expect(await unread(t.users.developer.id)).toBe(before);
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/mark-as-read',
      headers: await t.auth('manager'),
      payload: { notificationId: theirs!.id },
    });
    expect(one.statusCode).toBe(404);
    expect(await unread(t.users.developer.id)).toBe(before);
  });
});
