import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { notify } from '../../src/server/modules/notifications/notifications.service.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// Notifications carry their type and params (names, dates, counts, ids) so that each reader's client
// words them in their language and links them to what they are about; rows without params stay readable.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const call = async (role: Role, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });

type Item = { id: string; type: string; title: string; message: string; params?: Record<string, unknown> | null; jobId?: string | null };
const listOf = async (role: Role) => ((await call(role, 'GET', '/api/v1/notifications?limit=100')).json() as { data: Item[] }).data;

describe('notification params', () => {
  it('a leave request tells the approver by type with the request’s id, type, dates and days', async () => {
    const created = await call('developer', 'POST', '/api/leave-requests', {
      type: 'sick',
      reason: 'Flu',
      startDate: '2034-03-06',
      endDate: '2034-03-07',
    });
    expect(created.statusCode, created.body).toBe(201);
    const leave = created.json() as { id: string };
    const item = (await listOf('manager')).find((n) => n.type === 'leave_requested' && n.params?.leaveId === leave.id);
    expect(item?.params).toEqual({
      leaveId: leave.id,
      leaveType: 'sick',
      startDate: '2034-03-06',
      endDate: '2034-03-07',
      halfDay: null,
      days: 2,
      requester: t.users.developer.fullName,
    });

    const approved = await call('manager', 'POST', `/api/leave-requests/${leave.id}/approve`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const told = (await listOf('developer')).find((n) => n.type === 'leave_approved' && n.params?.leaveId === leave.id);
    expect(told?.params).toMatchObject({ leaveType: 'sick', startDate: '2034-03-06', endDate: '2034-03-07', days: 2 });
  });

  it('a ticket’s move names the ticket by id and title', async () => {
    const created = await call('developer', 'POST', '/api/v1/tickets', {
      title: 'Laptop battery',
      description: 'It swells',
      category: 'equipment',
    });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json() as { id: string };
    const moved = await call('admin', 'POST', `/api/v1/tickets/${ticket.id}/status`, { status: 'in_progress' });
    expect(moved.statusCode, moved.body).toBe(200);
    const item = (await listOf('developer')).find((n) => n.type === 'ticket_in_progress' && n.params?.ticketId === ticket.id);
    expect(item?.params).toEqual({ ticketId: ticket.id, ticket: 'Laptop battery' });
  });

  it('a notification stored without params (before they existed) is listed with params null and its text', async () => {
    const [row] = await notify(t.services, [t.users.hr_lead.id], {
      type: 'leave_approved',
      title: 'Leave request approved',
      message: 'annual leave 2025-01-02, 1 day(s)',
    });
    const item = (await listOf('hr_lead')).find((n) => n.id === row!.id);
    expect(item).toMatchObject({ type: 'leave_approved', title: 'Leave request approved', params: null });
  });
});
