import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/domain/auth/permissions.js';
import { notifications } from '../../src/server/modules/notifications/notifications.table.js';
import { tickets } from '../../src/server/modules/tickets/tickets.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// The desk's own rules (the contract suite covers the generic routes): who reads which tickets,
// the status machine and who moves it, who is assigned, what a requester may edit, and the
// requester's notification of each move.

let t: TestApp;
let started: string;
beforeAll(async () => {
  started = new Date().toISOString();
  t = await buildTestApp();
});
afterAll(() => t?.close());

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });

let seq = 0;
async function file(role: Role, extra: Record<string, unknown> = {}) {
  const res = await call(role, 'POST', '/api/v1/tickets', { title: `Badge does not open the door ${++seq}`, category: 'access', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string; requesterId: string; title: string };
}
// A move to resolved says how the ticket was handled.
const move = (role: Role, id: string, status: string) =>
  call(
    role,
    'POST',
    `/api/v1/tickets/${id}/status`,
    status === 'resolved' ? { status, resolution: 'The badge was re-encoded.' } : { status },
  );

/** Every id a role reads through the list, all pages. */
async function listedIds(role: Role): Promise<Set<string>> {
  const res = await call(role, 'GET', '/api/v1/tickets/paginated?page=1&limit=100');
  expect(res.statusCode, res.body).toBe(200);
  return new Set((res.json().data as Array<{ id: string }>).map((r) => r.id));
}

it('the demo firm has twenty tickets at every status, from several requesters, the taken-on ones assigned to the desk', async () => {
  const demo = await t.database.db
    .select({ status: tickets.status, requesterId: tickets.requesterId, assigneeId: tickets.assigneeId })
    .from(tickets)
    .where(lt(tickets.createdAt, started));
  expect(demo).toHaveLength(20);
  expect(new Set(demo.map((r) => r.status))).toEqual(new Set(['open', 'in_progress', 'resolved', 'closed']));
  expect(new Set(demo.map((r) => r.requesterId)).size).toBeGreaterThanOrEqual(5);
  expect(demo.some((r) => r.requesterId === t.users.developer.id)).toBe(true);
  expect(demo.filter((r) => r.status !== 'open').every((r) => r.assigneeId)).toBe(true);
});

describe('who reads which tickets', () => {
  it('a developer reads only their own; admin and hr_lead read every one, in lists, by id and in the export', async () => {
    const mine = await file('developer');
    const theirs = await file('sale');
    const leads = await file('sale_lead');
    expect(mine).toMatchObject({ requesterId: t.users.developer.id, status: 'open' });

    const dev = await listedIds('developer');
    expect(dev.has(mine.id)).toBe(true);
    expect(dev.has(theirs.id)).toBe(false);
    expect(dev.has(leads.id)).toBe(false);
    // Nothing of anyone else reaches them: every row they list is their own.
    const rows = (await call('developer', 'GET', '/api/v1/tickets?_start=0&_end=100')).json() as Array<{ requesterId: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.requesterId === t.users.developer.id)).toBe(true);
    expect((await call('developer', 'GET', `/api/v1/tickets/${theirs.id}`)).statusCode).toBe(404);
    const csv = (await call('developer', 'GET', '/api/v1/tickets/export?format=csv')).body;
    expect(csv).toContain(mine.title);
    expect(csv).not.toContain(theirs.title);

    // sale_lead is privileged elsewhere, not at the desk.
    const saleLead = await listedIds('sale_lead');
    expect(saleLead.has(leads.id)).toBe(true);
    expect(saleLead.has(mine.id)).toBe(false);

    for (const role of ['admin', 'hr_lead'] as const) {
      const all = await listedIds(role);
      for (const ticket of [mine, theirs, leads]) expect(all.has(ticket.id), `${role} reads ${ticket.title}`).toBe(true);
      expect((await call(role, 'GET', `/api/v1/tickets/${theirs.id}`)).statusCode).toBe(200);
    }
  });

  it('every role files tickets, as itself whatever the body says', async () => {
    for (const role of ROLES) expect((await file(role)).requesterId).toBe(t.users[role].id);
    const forged = await call('developer', 'POST', '/api/v1/tickets', {
      title: 'On behalf of admin',
      category: 'other',
      requesterId: t.users.admin.id,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().issues.requesterId).toEqual({ code: 'unknown_field' });
    const status = await call('developer', 'POST', '/api/v1/tickets', { title: 'Born closed', category: 'other', status: 'closed' });
    expect(status.statusCode).toBe(400);
    expect(status.json().issues.status).toEqual({ code: 'unknown_field' });
  });
});

describe('the status machine', () => {
  it('goes open → in progress → resolved → closed → open for a handler, and refuses every other move with 422', async () => {
    const ticket = await file('developer');
    const refused = async (status: string) => {
      const res = await move('hr_lead', ticket.id, status);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(422);
      expect(res.json()).toMatchObject({ code: 'ticket_transition', issues: { status: { code: 'ticket_transition' } } });
    };
    await refused('resolved');
    await refused('closed');
    await refused('open');
    for (const status of ['in_progress', 'resolved', 'closed', 'open']) {
      const res = await move('hr_lead', ticket.id, status);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(status);
      expect(res.headers.etag).toBeTruthy();
    }
    const [stored] = await t.database.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticket.id));
    expect(stored!.status).toBe('open');
    await move('admin', ticket.id, 'in_progress');
    await refused('open');
    await refused('closed');
    await refused('in_progress');
  });

  it('the requester closes or reopens their own resolved ticket, but does not take it on nor resolve it', async () => {
    const ticket = await file('developer');
    const mine = await move('developer', ticket.id, 'in_progress');
    expect(mine.statusCode).toBe(403);
    expect(mine.json().code).toBe('ticket_handler_only');
    await move('admin', ticket.id, 'in_progress');
    expect((await move('developer', ticket.id, 'resolved')).statusCode).toBe(403);
    await move('admin', ticket.id, 'resolved');
    expect((await move('developer', ticket.id, 'open')).json().status).toBe('open');
    await move('admin', ticket.id, 'in_progress');
    await move('admin', ticket.id, 'resolved');
    expect((await move('developer', ticket.id, 'closed')).json().status).toBe('closed');
    expect((await move('developer', ticket.id, 'open')).json().status).toBe('open');
    // A move that is not the machine's is 422 for the requester too.
    expect((await move('developer', ticket.id, 'closed')).json().code).toBe('ticket_transition');
  });

  it("someone else's ticket is not found (404) for a requester, and a move names a real status (400)", async () => {
    const ticket = await file('sale');
    expect((await move('developer', ticket.id, 'closed')).statusCode).toBe(404);
    expect((await move('sale_lead', ticket.id, 'in_progress')).statusCode).toBe(404);
    const bad = await move('admin', ticket.id, 'done');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.status.code).toBe('choice');
    expect((await call('admin', 'POST', `/api/v1/tickets/${ticket.id}/status`, {})).json().issues.status.code).toBe('required');
    expect((await move('admin', 'not-an-id', 'in_progress')).statusCode).toBe(400);
    expect((await move('admin', crypto.randomUUID(), 'in_progress')).statusCode).toBe(404);
  });

  it('a move from a version seen before another move is refused (412) and changes nothing', async () => {
    const ticket = await file('developer');
    const seen = (await call('admin', 'GET', `/api/v1/tickets/${ticket.id}`)).headers.etag as string;
    await move('hr_lead', ticket.id, 'in_progress');
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tickets/${ticket.id}/status`,
      headers: { ...(await t.auth('admin')), 'if-match': seen },
      payload: { status: 'resolved', resolution: 'The badge was re-encoded.' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().code).toBe('stale_record');
    expect((await call('admin', 'GET', `/api/v1/tickets/${ticket.id}`)).json().status).toBe('in_progress');
  });
});

describe('the requester hears of each move', () => {
  it('one notification per move, in the bell, never for their own move', async () => {
    const since = new Date(Date.now() - 1000);
    const ticket = await file('developer');
    await move('hr_lead', ticket.id, 'in_progress');
    await move('admin', ticket.id, 'resolved');
    await move('developer', ticket.id, 'closed');
    await move('hr_lead', ticket.id, 'open');
    const rows = await t.database.db
      .select({ type: notifications.type, userId: notifications.userId, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.message, ticket.title), gte(notifications.createdAt, since.toISOString())))
      .orderBy(notifications.createdAt);
    expect(rows.map((r) => r.type)).toEqual(['ticket_in_progress', 'ticket_resolved', 'ticket_reopened']);
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set([t.users.developer.id]));
    // …and the bell's list shows them, with who moved it.
    const bell = (await call('developer', 'GET', '/api/v1/notifications?page=1&limit=10')).json() as {
      data: Array<{ type: string; title: string; message: string; changedByUser: { fullName: string } | null }>;
    };
    const resolved = bell.data.find((n) => n.type === 'ticket_resolved' && n.message === ticket.title);
    expect(resolved).toMatchObject({ title: 'Your ticket is resolved', changedByUser: { fullName: t.users.admin.fullName } });
  });
});

describe('assignees and edits', () => {
  it('a ticket is assigned to an active admin or hr_lead only: 422 on assigneeId otherwise', async () => {
    const ticket = await file('developer');
    for (const role of ['developer', 'sale_lead', 'manager'] as const) {
      const res = await call('admin', 'PATCH', `/api/v1/tickets/${ticket.id}`, { assigneeId: t.users[role].id });
      expect(res.statusCode, role).toBe(422);
      expect(res.json()).toMatchObject({ code: 'assignee_not_handler', issues: { assigneeId: { code: 'assignee_not_handler' } } });
    }
    const ok = await call('admin', 'PATCH', `/api/v1/tickets/${ticket.id}`, { assigneeId: t.users.hr_lead.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().assigneeId).toBe(t.users.hr_lead.id);
    const missing = await call('hr_lead', 'PATCH', `/api/v1/tickets/${ticket.id}`, { assigneeId: crypto.randomUUID() });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().issues.assigneeId.code).toBe('reference_missing');
    const onCreate = await call('hr_lead', 'POST', '/api/v1/tickets', {
      title: 'Printer',
      category: 'equipment',
      assigneeId: t.users.sale.id,
    });
    expect(onCreate.statusCode).toBe(422);
    // The picker offers exactly the people who may be assigned.
    const offered = (await call('admin', 'GET', '/api/v1/tickets/assignees')).json() as Array<{ id: string }>;
    expect(offered.map((p) => p.id)).toEqual(expect.arrayContaining([t.users.admin.id, t.users.hr_lead.id]));
    expect(offered.map((p) => p.id)).not.toContain(t.users.developer.id);
    expect((await call('developer', 'GET', '/api/v1/tickets/assignees')).statusCode).toBe(403);
  });

  it('taking an unassigned ticket on assigns it to the taker; the requester reads the names on their tickets, no one else’s', async () => {
    const ticket = await file('developer');
    const taken = await move('hr_lead', ticket.id, 'in_progress');
    expect(taken.json().assigneeId).toBe(t.users.hr_lead.id);
    // An assigned ticket keeps its assignee when another handler moves it.
    expect((await move('admin', ticket.id, 'resolved')).json().assigneeId).toBe(t.users.hr_lead.id);

    const names = async (role: Role, ids: string[]) => {
      const res = await call(role, 'GET', `/api/v1/tickets/people?${ids.map((id) => `id=${id}`).join('&')}&limit=${ids.length}`);
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries((res.json() as Array<{ id: string; label: string }>).map((p) => [p.id, p.label]));
    };
    const other = await file('manager');
    const asked = [t.users.developer.id, t.users.hr_lead.id, t.users.manager.id];
    // The developer: themselves and their assignee; not the manager, who filed a ticket the developer does not read.
    expect(await names('developer', asked)).toEqual({
      [t.users.developer.id]: t.users.developer.fullName,
      [t.users.hr_lead.id]: t.users.hr_lead.fullName,
    });
    // The desk reads every ticket, so every requester's and assignee's name.
    expect(Object.keys(await names('admin', asked))).toEqual(
      expect.arrayContaining([t.users.developer.id, t.users.hr_lead.id, t.users.manager.id]),
    );
    expect(other.requesterId).toBe(t.users.manager.id);
    expect((await call('developer', 'GET', '/api/v1/tickets/people?id=nope')).statusCode).toBe(400);
  });

  it('the requester edits the title and description of their own open ticket, nothing else, and not once taken on', async () => {
    const ticket = await file('developer');
    const ok = await call('developer', 'PATCH', `/api/v1/tickets/${ticket.id}`, { title: 'Badge fixed? no', description: 'Still red' });
    expect(ok.statusCode, ok.body).toBe(200);
    const assign = await call('developer', 'PATCH', `/api/v1/tickets/${ticket.id}`, { assigneeId: t.users.admin.id });
    expect(assign.statusCode).toBe(403);
    expect(assign.json()).toMatchObject({ code: 'ticket_handler_only', issues: { assigneeId: { code: 'ticket_handler_only' } } });
    expect((await call('developer', 'PATCH', `/api/v1/tickets/${ticket.id}`, { priority: 'urgent' })).statusCode).toBe(403);
    const onCreate = await call('developer', 'POST', '/api/v1/tickets', { title: 'Mine', category: 'other', assigneeId: t.users.admin.id });
    expect(onCreate.statusCode).toBe(403);
    await move('hr_lead', ticket.id, 'in_progress');
    const late = await call('developer', 'PATCH', `/api/v1/tickets/${ticket.id}`, { title: 'Changed my mind' });
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('ticket_not_open');
    // The desk still edits it.
    expect((await call('hr_lead', 'PATCH', `/api/v1/tickets/${ticket.id}`, { priority: 'urgent' })).statusCode).toBe(200);
    // Only the desk archives tickets.
    expect((await call('developer', 'DELETE', `/api/v1/tickets/${ticket.id}`)).statusCode).toBe(403);
  });

  it('bad input gets 400 with a code per field', async () => {
    const res = await call('developer', 'POST', '/api/v1/tickets', {
      title: '   ',
      category: 'hardware',
      priority: 'asap',
      customerId: 'acme',
      description: 'x'.repeat(5001),
    });
    expect(res.statusCode).toBe(400);
    const issues = res.json().issues as Record<string, { code: string }>;
    expect(Object.fromEntries(Object.entries(issues).map(([k, v]) => [k, v.code]))).toEqual({
      title: 'required',
      category: 'choice',
      priority: 'choice',
      customerId: 'invalid_id',
      description: 'too_long',
    });
  });
});
