import ExcelJS from 'exceljs';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { auditLog } from '../../src/server/modules/audit/audit.table.js';
import { projects } from '../../src/server/modules/projects/projects.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { multipart, pdf } from '../fixtures/documents.js';
import { closeConfirmed, closeWithoutChecklist } from '../fixtures/month-close.js';

// The firm's month close (decision 017): admin closes a month and reopens it with a note; while it
// is closed every write of its logwork, invoices (by billing period) and external costs (by date) is
// refused with 422 `month_closed` naming the month — create, update, delete, state actions, files,
// moving a row into it or out of it; salaries (by month) too, their import included. Months here are clear of the demo's closed ones.

let t: TestApp;
let project: { id: string; customerId: string };
let otherProject: { id: string };
beforeAll(async () => {
  t = await buildTestApp();
  const rows = await t.database.db
    .select({ id: projects.id, customerId: projects.customerId })
    .from(projects)
    .where(eq(projects.status, 'active'))
    .orderBy(asc(projects.code));
  project = rows[0]!;
  const [another] = await t.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(ne(projects.customerId, project.customerId)))
    .limit(1);
  otherProject = another!;
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = async (role: Role, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });
// Admin closes having read the checklist (tests/api/month-close-checklist.test.ts), its open items confirmed.
const close = (month: string, role: Role = 'admin', note?: string) =>
  role === 'admin' && /^\d{4}-(0[1-9]|1[0-2])$/.test(month)
    ? closeConfirmed(t, month, note)
    : call(role, 'PUT', `/api/v1/month-closes/${month}`, note === undefined ? undefined : { note });
const reopen = (month: string, role: Role = 'admin', body: object = { note: 'Late vendor invoice to record' }) =>
  call(role, 'POST', `/api/v1/month-closes/${month}/reopen`, body);

/** A refusal for the closed month, naming it on the field that puts the row in it. */
function expectClosed(res: { statusCode: number; body: string; json: () => unknown }, month: string, field: string, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
  expect(res.json(), what).toMatchObject({
    code: 'month_closed',
    details: { month },
    issues: { [field]: { code: 'month_closed', params: { month } } },
  });
  expect((res.json() as { message: string }).message).toContain(month);
}

const cost = (body: Record<string, unknown> = {}) =>
  call('admin', 'POST', '/api/v1/external-costs', {
    description: 'Dell monitors',
    date: '2031-05-14',
    category: 'equipment',
    vendor: 'Phong Vũ Computer',
    amount: '1250.00',
    currency: 'USD',
    ...body,
  });
const invoice = (body: Record<string, unknown> = {}) =>
  call('admin', 'POST', '/api/v1/invoice', {
    subject: 'Backend services May',
    customerId: project.customerId,
    period: '2031-05',
    issueDate: '2031-05-31',
    currency: 'USD',
    lines: [{ description: 'Backend engineering', quantity: '160', unit: 'hour', unitPrice: '45' }],
    ...body,
  });
const upload = async (url: string, content: Buffer, method: 'POST' | 'PUT' = 'POST') => {
  const body = multipart({ name: 'vendor-invoice.pdf', content });
  return t.app.inject({ method, url, payload: body.payload, headers: { ...(await t.auth('admin')), ...body.headers } });
};

describe('closing and reopening a month', () => {
  it('is admin’s: closed with a note, reopened with a reason, both audited; everyone signed in reads the closed months', async () => {
    for (const role of ['hr_lead', 'sale_lead', 'manager', 'developer'] as const) {
      expect((await close('2031-01', role)).statusCode, role).toBe(403);
    }
    const closed = await close('2031-01', 'admin', 'January books done');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      month: '2031-01',
      closedBy: t.users.admin.id,
      closedByName: expect.any(String),
      note: 'January books done',
    });
    // Closing again keeps the first close.
    expect((await close('2031-01', 'admin', 'again')).json().note).toBe('January books done');
    const listed = await call('developer', 'GET', '/api/v1/month-closes');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((c: { month: string }) => c.month)).toContain('2031-01');

    expect((await reopen('2031-01', 'hr_lead')).statusCode).toBe(403);
    const noNote = await reopen('2031-01', 'admin', {});
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().issues.note).toMatchObject({ code: 'required' });
    const blank = await reopen('2031-01', 'admin', { note: '   ' });
    expect(blank.statusCode).toBe(400);
    const reopened = await reopen('2031-01');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await reopen('2031-01')).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/api/v1/month-closes')).json().data.map((c: { month: string }) => c.month)).not.toContain(
      '2031-01',
    );

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'month-closes'), eq(auditLog.entityId, '2031-01')))
      .orderBy(asc(auditLog.at));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ['closed', t.users.admin.id],
      ['reopened', t.users.admin.id],
    ]);
    expect(audit[0]!.after).toMatchObject({ month: '2031-01', note: 'January books done' });
    expect(audit[1]!.after).toMatchObject({ month: '2031-01', reopenNote: 'Late vendor invoice to record' });
  });

  it.each(['2031-13', '2031-1', 'may', '2031-05-01'])('refuses the month %s as malformed (400 on month)', async (month) => {
    const res = await close(month);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.month).toEqual({ code: 'month' });
  });
});

describe('a closed month refuses every write of its rows, and reopening allows them again', () => {
  it('external costs, by date: create, update, move in or out, delete, vendor invoice files', async () => {
    const may = (await cost()).json();
    const june = (await cost({ date: '2031-06-02' })).json();
    const file = await upload(`/api/v1/external-costs/${may.id}/upload-invoices`, await pdf('Vendor invoice PV-1'));
    expect(file.statusCode, file.body).toBe(201);
    expect((await close('2031-05')).statusCode).toBe(200);

    expectClosed(await cost({ date: '2031-05-31' }), '2031-05', 'date', 'create on the last day');
    expectClosed(await call('admin', 'PATCH', `/api/v1/external-costs/${may.id}`, { amount: '99.00' }), '2031-05', 'date', 'update');
    expectClosed(await call('admin', 'PATCH', `/api/v1/external-costs/${may.id}`, { date: '2031-06-01' }), '2031-05', 'date', 'move out');
    expectClosed(await call('admin', 'PATCH', `/api/v1/external-costs/${june.id}`, { date: '2031-05-01' }), '2031-05', 'date', 'move in');
    expectClosed(await call('admin', 'DELETE', `/api/v1/external-costs/${may.id}`), '2031-05', 'date', 'delete');
    expectClosed(await upload(`/api/v1/external-costs/${may.id}/upload-invoices`, await pdf('PV-2')), '2031-05', 'date', 'add a file');
    expectClosed(
      await call('admin', 'DELETE', `/api/v1/external-costs/${may.id}/upload-invoices/${file.json().fileId}`),
      '2031-05',
      'date',
      'delete a file',
    );
    // Reads go on; the next month's rows are untouched by it.
    expect((await call('manager', 'GET', `/api/v1/external-costs/${may.id}`)).json().amount).toBe('1250.00');
    expect((await call('admin', 'PATCH', `/api/v1/external-costs/${june.id}`, { amount: '10.00' })).statusCode).toBe(200);
    expect((await cost({ date: '2031-06-01' })).statusCode, 'the first day of the next month').toBe(201);
    expect((await cost({ date: '2031-04-30' })).statusCode, 'the last day of the month before').toBe(201);

    expect((await reopen('2031-05')).statusCode).toBe(200);
    expect((await call('admin', 'PATCH', `/api/v1/external-costs/${may.id}`, { amount: '99.00' })).statusCode).toBe(200);
    expect((await upload(`/api/v1/external-costs/${may.id}/upload-invoices`, await pdf('PV-3'))).statusCode).toBe(201);
    expect((await call('admin', 'DELETE', `/api/v1/external-costs/${may.id}`)).statusCode).toBe(200);
  });

  it('invoices, by billing period: create, draft from seats, update, move, delete, state actions, the attached file', async () => {
    const draft = (await invoice()).json();
    const toSend = (await invoice({ subject: 'To send' })).json();
    const sent = (await invoice({ subject: 'Sent' })).json();
    expect((await call('admin', 'POST', `/api/v1/invoice/${sent.id}/send`, {})).statusCode).toBe(200);
    const june = (await invoice({ period: '2031-06', issueDate: '2031-06-30' })).json();
    // Drafts refuse a close through the API; a month closed with drafts left (before that rule) still guards them.
    await closeWithoutChecklist(t, '2031-05');

    expectClosed(await invoice({ subject: 'Late' }), '2031-05', 'period', 'create');
    expectClosed(
      await call('admin', 'POST', '/api/v1/invoice/draft-from-headcount', { customerId: project.customerId, period: '2031-05' }),
      '2031-05',
      'period',
      'draft from seats',
    );
    expectClosed(await call('admin', 'PATCH', `/api/v1/invoice/${draft.id}`, { note: 'x' }), '2031-05', 'period', 'update');
    expectClosed(await call('admin', 'PATCH', `/api/v1/invoice/${june.id}`, { period: '2031-05' }), '2031-05', 'period', 'move in');
    expectClosed(await call('admin', 'DELETE', `/api/v1/invoice/${draft.id}`), '2031-05', 'period', 'delete');
    expectClosed(await call('admin', 'POST', `/api/v1/invoice/${toSend.id}/send`, {}), '2031-05', 'period', 'send');
    expectClosed(await call('admin', 'POST', `/api/v1/invoice/${sent.id}/cancel`, { note: 'x' }), '2031-05', 'period', 'cancel');
    expectClosed(
      await call('admin', 'POST', `/api/v1/invoice/${sent.id}/mark-paid`, { paidAt: '2031-06-10', amount: '7200' }),
      '2031-05',
      'period',
      'mark paid',
    );
    expectClosed(await upload(`/api/v1/invoice/${draft.id}/file`, await pdf('PO 1'), 'PUT'), '2031-05', 'period', 'attach a file');
    expect((await call('admin', 'GET', `/api/v1/invoice/${sent.id}`)).json().status).toBe('sent');

    expect((await reopen('2031-05')).statusCode).toBe(200);
    expect((await call('admin', 'POST', `/api/v1/invoice/${toSend.id}/send`, {})).statusCode).toBe(200);
    expect((await call('admin', 'PATCH', `/api/v1/invoice/${draft.id}`, { note: 'x' })).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/api/v1/invoice/${draft.id}`)).statusCode).toBe(200);
  });

  it('logwork, by day: one entry’s create, update, delete, and the week grid’s save', async () => {
    const log = (body: Record<string, unknown>) =>
      call('developer', 'POST', '/api/v1/timesheet', { projectId: project.id, hours: 8, ...body });
    const entry = (await log({ date: '2020-06-02', note: 'Before the close' })).json();
    const july = (await log({ date: '2020-07-01', note: 'Next month' })).json();
    expect((await close('2020-06')).statusCode).toBe(200);

    expectClosed(await log({ date: '2020-06-03' }), '2020-06', 'date', 'create');
    expectClosed(await call('developer', 'PATCH', `/api/v1/timesheet/${entry.id}`, { hours: 4 }), '2020-06', 'date', 'update');
    expectClosed(await call('developer', 'PATCH', `/api/v1/timesheet/${july.id}`, { date: '2020-06-30' }), '2020-06', 'date', 'move in');
    expectClosed(await call('admin', 'DELETE', `/api/v1/timesheet/${entry.id}`), '2020-06', 'date', 'delete');
    const grid = await call('developer', 'PUT', '/api/v1/timesheet/cells', {
      cells: [{ projectId: project.id, date: '2020-06-04', hours: 8 }],
    });
    expect(grid.statusCode).toBe(422);
    expect(grid.json().issues['cells.0.date']).toEqual({ code: 'month_closed', params: { month: '2020-06' } });
    // Logwork's page sees the firm's close as its lock.
    const sheet = await call('developer', 'GET', '/api/v1/timesheet/sheet?from=2020-06-29&to=2020-07-05');
    expect(sheet.json().lockedMonths).toEqual(['2020-06']);

    expect((await reopen('2020-06')).statusCode).toBe(200);
    expect((await call('developer', 'PATCH', `/api/v1/timesheet/${entry.id}`, { hours: 4 })).statusCode).toBe(200);
    expect((await log({ date: '2020-06-03' })).statusCode).toBe(201);
  });

  it('salaries, by month: create, edit, approve, mark paid, delete, restore, the import', async () => {
    const month = '2032-03';
    const salary = async (role: Role, base = '1800') =>
      (await call('hr_lead', 'POST', '/api/v1/salary', { userId: t.users[role].id, month, base, currency: 'USD' })).json() as {
        id: string;
      };
    const draft = await salary('developer');
    const toApprove = await salary('hr');
    const toPay = await salary('sale');
    expect((await call('hr_lead', 'POST', `/api/v1/salary/${toPay.id}/approve`, {})).statusCode).toBe(200);
    const archived = await salary('manager');
    expect((await call('hr_lead', 'DELETE', `/api/v1/salary/${archived.id}`)).statusCode).toBe(200);
    const sheet = async () => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('salaries');
      ws.addRow(['email', 'name', 'month', 'base', 'allowance', 'overtime', 'bonus', 'commission', 'deductions', 'currency']);
      ws.addRow([t.users.hr_lead.email, '', month, 2100, 0, 0, 0, 0, 0, 'USD']);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const importStep = async (step: string, extra = '') => {
      const body = multipart({ name: 'salaries.xlsx', content: await sheet() });
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/salary/import/${step}?month=${month}${extra}`,
        headers: { ...(await t.auth('hr_lead')), ...body.headers },
        payload: body.payload,
      });
    };
    const previewToken = async () => {
      const res = await importStep('preview');
      expect(res.statusCode, res.body).toBe(200);
      return `&previewToken=${encodeURIComponent((res.json() as { previewToken: string }).previewToken)}`;
    };
    const tokenBeforeClose = await previewToken();
    expect((await close(month)).statusCode).toBe(200);

    expectClosed(
      await call('hr_lead', 'POST', '/api/v1/salary', { userId: t.users.admin.id, month, base: '1', currency: 'USD' }),
      month,
      'month',
      'create',
    );
    expectClosed(await call('hr_lead', 'PATCH', `/api/v1/salary/${draft.id}`, { bonus: '100' }), month, 'month', 'edit');
    expectClosed(await call('admin', 'PATCH', `/api/v1/salary/${draft.id}`, { month: '2032-04' }), month, 'month', 'move out');
    expectClosed(await call('sale_lead', 'POST', `/api/v1/salary/${toApprove.id}/approve`, {}), month, 'month', 'approve');
    expectClosed(await call('sale_lead', 'POST', `/api/v1/salary/${toPay.id}/mark-paid`, {}), month, 'month', 'mark paid');
    expectClosed(await call('hr_lead', 'DELETE', `/api/v1/salary/${draft.id}`), month, 'month', 'delete');
    expectClosed(await call('hr_lead', 'POST', `/api/v1/salary/${archived.id}/restore`, {}), month, 'month', 'restore');
    expectClosed(await importStep('execute', tokenBeforeClose), month, 'month', 'import (execute)');
    // Nothing moved: the rows are as they were.
    expect((await call('admin', 'GET', `/api/v1/salary/${draft.id}`)).json()).toMatchObject({ bonus: '0.00', status: 'draft' });
    expect((await call('admin', 'GET', `/api/v1/salary/${toPay.id}`)).json()).toMatchObject({ status: 'approved' });
    expect((await call('admin', 'GET', `/api/v1/salary/${archived.id}`)).json().archivedAt).toEqual(expect.any(String));

    expect((await reopen(month)).statusCode).toBe(200);
    expect((await call('hr_lead', 'PATCH', `/api/v1/salary/${draft.id}`, { bonus: '100' })).statusCode).toBe(200);
    expect((await call('sale_lead', 'POST', `/api/v1/salary/${toApprove.id}/approve`, {})).json()).toMatchObject({ status: 'approved' });
    expect((await call('sale_lead', 'POST', `/api/v1/salary/${toPay.id}/mark-paid`, {})).json()).toMatchObject({ status: 'paid' });
    const restored = await call('hr_lead', 'POST', `/api/v1/salary/${archived.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    const executed = await importStep('execute', await previewToken());
    expect(executed.statusCode, executed.body).toBe(200);
    expect(executed.json()).toMatchObject({ applied: true });
  });

  it('one close, admin’s: logwork has no door of its own to close or reopen; its lock is the firm’s close', async () => {
    for (const role of ['admin', 'hr_lead', 'sale_lead'] as const) {
      expect((await call(role, 'PUT', '/api/v1/timesheet/locks/2031-08')).statusCode, role).toBe(404);
      expect((await close('2031-08', role)).statusCode, role).toBe(role === 'admin' ? 200 : 403);
    }
    expect((await call('developer', 'GET', '/api/v1/timesheet/locks')).json().data.map((c: { month: string }) => c.month)).toContain(
      '2031-08',
    );
    expectClosed(await cost({ date: '2031-08-15' }), '2031-08', 'date', 'a cost in the closed month');
    expectClosed(await invoice({ period: '2031-08', issueDate: '2031-08-31' }), '2031-08', 'period', 'an invoice in it');
    for (const role of ['hr_lead', 'sale_lead'] as const) {
      expect((await call(role, 'DELETE', '/api/v1/timesheet/locks/2031-08')).statusCode, role).toBe(404);
      expect((await reopen('2031-08', role)).statusCode, role).toBe(403);
    }
    // A reopen without its reason is refused whatever the door.
    expect((await call('admin', 'DELETE', '/api/v1/timesheet/locks/2031-08')).statusCode).toBe(404);
    expect((await reopen('2031-08', 'admin', {})).statusCode).toBe(400);
    expect((await reopen('2031-08')).statusCode).toBe(200);
    expect((await cost({ date: '2031-08-15' })).statusCode).toBe(201);
  });

  it('a project moved to another customer’s is still refused first by its own rule once the month is open', async () => {
    const c = (await cost({ date: '2031-09-01', customerId: project.customerId, projectId: project.id })).json();
    const res = await call('admin', 'PATCH', `/api/v1/external-costs/${c.id}`, { projectId: otherProject.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('project_other_customer');
  });
});
