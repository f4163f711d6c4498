import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { notifications } from '../../src/server/modules/notifications/notifications.table.js';
import { users } from '../../src/server/modules/users/users.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// A ticket people work in: a conversation between the requester and the desk (each side notified),
// a resolution note required to resolve, and both in the ticket's History.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const call = async (role: Role, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });

let seq = 0;
async function file(role: Role) {
  const res = await call(role, 'POST', '/api/v1/tickets', { title: `Printer on the 3rd floor jams ${++seq}`, category: 'equipment' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; title: string };
}
const reply = (role: Role, id: string, body: string) => call(role, 'POST', `/api/v1/tickets/${id}/replies`, { body });
const thread = async (role: Role, id: string) => {
  const res = await call(role, 'GET', `/api/v1/tickets/${id}/replies`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Array<{ authorId: string; authorName: string; body: string }> }).data;
};
const history = async (id: string) =>
  (await call('admin', 'GET', `/api/v1/audit?entity=tickets&entityId=${id}`)).json().data as Array<{
    action: string;
    actor: { fullName: string } | null;
    changes: Array<{ field: string; to: unknown }>;
  }>;
const replyNotes = (message: string, since: string) =>
  t.database.db
    .select({ userId: notifications.userId, type: notifications.type })
    .from(notifications)
    .where(and(eq(notifications.message, message), eq(notifications.type, 'ticket_reply'), gte(notifications.createdAt, since)));

describe('the conversation', () => {
  it('the requester and the desk reply; each reply reaches the other side, never its author, and sits in History', async () => {
    const ticket = await file('developer');
    const since = new Date(Date.now() - 1000).toISOString();

    // Nobody has taken it on: the requester's reply goes to every active handler.
    expect((await reply('developer', ticket.id, 'It jams on every double-sided page.')).statusCode).toBe(201);
    const handlers = await t.database.db.select({ id: users.id, role: users.role, status: users.status }).from(users);
    const desk = handlers.filter((u) => (u.role === 'admin' || u.role === 'hr_lead') && u.status === 'active').map((u) => u.id);
    expect(new Set((await replyNotes(ticket.title, since)).map((n) => n.userId))).toEqual(new Set(desk));

    // hr_lead takes it on; from now the requester's replies go to them only, and the desk's to the requester.
    expect((await call('hr_lead', 'POST', `/api/v1/tickets/${ticket.id}/status`, { status: 'in_progress' })).statusCode).toBe(200);
    const later = new Date().toISOString();
    const res = await reply('hr_lead', ticket.id, 'Which tray do you print from?');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ticketId: ticket.id, authorId: t.users.hr_lead.id, authorName: t.users.hr_lead.fullName });
    expect((await reply('developer', ticket.id, 'Tray 2.')).statusCode).toBe(201);
    expect((await reply('admin', ticket.id, 'A new roller is ordered.')).statusCode).toBe(201);
    const after = await replyNotes(ticket.title, later);
    expect(after.map((n) => n.userId).sort()).toEqual(
      [t.users.developer.id, t.users.hr_lead.id, t.users.developer.id, t.users.hr_lead.id].sort(),
    );

    // Both sides read the same thread, oldest first, with the authors' names.
    const expected = [
      [t.users.developer.fullName, 'It jams on every double-sided page.'],
      [t.users.hr_lead.fullName, 'Which tray do you print from?'],
      [t.users.developer.fullName, 'Tray 2.'],
      [t.users.admin.fullName, 'A new roller is ordered.'],
    ];
    for (const role of ['developer', 'hr_lead', 'admin'] as const)
      expect((await thread(role, ticket.id)).map((r) => [r.authorName, r.body])).toEqual(expected);

    // History names each reply, its author and its text.
    const replies = (await history(ticket.id)).filter((e) => e.action === 'replied');
    expect(replies.map((e) => [e.actor?.fullName, e.changes.find((c) => c.field === 'reply')?.to]).reverse()).toEqual(expected);
  });

  it('another user neither reads nor writes in a ticket that is not theirs (404, as the ticket itself); a closed ticket takes no reply until reopened', async () => {
    const ticket = await file('developer');
    for (const role of ['sale', 'sale_lead', 'manager', 'hr'] as const) {
      expect((await call(role, 'GET', `/api/v1/tickets/${ticket.id}`)).statusCode, role).toBe(404);
      expect((await call(role, 'GET', `/api/v1/tickets/${ticket.id}/replies`)).statusCode, role).toBe(404);
      expect((await reply(role, ticket.id, 'Me too.')).statusCode, role).toBe(404);
    }
    expect(await thread('developer', ticket.id)).toEqual([]);

    const empty = await reply('developer', ticket.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toMatchObject({ body: { code: 'required' } });

    for (const [role, status] of [
      ['hr_lead', 'in_progress'],
      ['hr_lead', 'resolved'],
      ['developer', 'closed'],
    ] as const) {
      const moved = await call(role, 'POST', `/api/v1/tickets/${ticket.id}/status`, { status, resolution: 'A new roller was fitted.' });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const closed = await reply('developer', ticket.id, 'It jams again.');
    expect(closed.statusCode).toBe(422);
    expect(closed.json()).toMatchObject({ code: 'ticket_closed', issues: { body: { code: 'ticket_closed' } } });
    expect((await call('developer', 'POST', `/api/v1/tickets/${ticket.id}/status`, { status: 'open' })).statusCode).toBe(200);
    expect((await reply('developer', ticket.id, 'It jams again.')).statusCode).toBe(201);
  });
});

describe('the resolution note', () => {
  it('is required to resolve (422 on `resolution`), kept on the ticket, and shown in History', async () => {
    const ticket = await file('developer');
    expect((await call('admin', 'POST', `/api/v1/tickets/${ticket.id}/status`, { status: 'in_progress' })).statusCode).toBe(200);
    for (const payload of [{ status: 'resolved' }, { status: 'resolved', resolution: '  ' }, { status: 'resolved', resolution: null }]) {
      const res = await call('admin', 'POST', `/api/v1/tickets/${ticket.id}/status`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'resolution_required', issues: { resolution: { code: 'resolution_required' } } });
    }
    expect((await call('admin', 'GET', `/api/v1/tickets/${ticket.id}`)).json().status).toBe('in_progress');

    const res = await call('admin', 'POST', `/api/v1/tickets/${ticket.id}/status`, {
      status: 'resolved',
      resolution: ' Roller replaced. ',
    });
    expect(res.statusCode, res.body).toBe(200);
    // The requester reads how it was handled.
    expect((await call('developer', 'GET', `/api/v1/tickets/${ticket.id}`)).json()).toMatchObject({
      status: 'resolved',
      resolution: 'Roller replaced.',
    });
    const resolved = (await history(ticket.id)).find((e) => e.changes.some((c) => c.field === 'status' && c.to === 'resolved'));
    expect(resolved?.changes).toEqual(expect.arrayContaining([{ field: 'resolution', from: null, to: 'Roller replaced.' }]));
  });
});
