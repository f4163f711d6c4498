import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicesResource } from '../../src/domain/modules/invoices/invoices.resource.js';
import { salariesResource } from '../../src/domain/modules/salaries/salaries.resource.js';
import { rowAllows } from '../../src/domain/resource.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// A row's rights offered on screen are the server's answers: where the declaration's row rights
// say no, Edit and Archive are not offered (list, detail page, bulk selection) and the server
// refuses them (422 naming the rule); where they say yes, the server takes them.

let t: TestApp;
let customerId: string;
beforeAll(async () => {
  t = await buildTestApp();
  customerId = ((await call('GET', '/api/v1/customers/paginated?page=1&limit=1')).json() as { data: Array<{ id: string }> }).data[0]!.id;
});
afterAll(() => t?.close());

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: await t.auth('admin'), ...(payload ? { payload } : {}) });
}

describe('row rights: what is offered is what the server takes', () => {
  it('salaries: draft edited and archived; approved archived not edited; paid neither', async () => {
    const steps: Record<string, string[]> = { draft: [], approved: ['approve'], paid: ['approve', 'mark-paid'] };
    const roles = { draft: 'developer', approved: 'hr', paid: 'sale' } as const;
    for (const [status, actions] of Object.entries(steps)) {
      const created = await call('POST', '/api/v1/salary', {
        userId: t.users[roles[status as keyof typeof roles]].id,
        month: '2037-01',
        base: '1000.00',
        allowance: '0',
        overtime: '0',
        bonus: '0',
        commission: '0',
        deductions: '0',
        currency: 'USD',
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      for (const a of actions) expect((await call('POST', `/api/v1/salary/${id}/${a}`)).statusCode).toBe(200);
      const row = (await call('GET', `/api/v1/salary/${id}`)).json();
      expect(row.status).toBe(status);
      const edit = await call('PATCH', `/api/v1/salary/${id}`, { base: '1100.00' });
      expect(edit.statusCode === 200, `${status} edit: ${edit.body}`).toBe(rowAllows(salariesResource, 'edit', row));
      const archive = await call('DELETE', `/api/v1/salary/${id}`);
      expect(archive.statusCode === 200, `${status} archive: ${archive.body}`).toBe(rowAllows(salariesResource, 'delete', row));
      if (status === 'paid') expect(archive.json()).toMatchObject({ statusCode: 422, code: 'salary_paid' });
    }
    expect(['draft', 'approved', 'paid'].map((status) => rowAllows(salariesResource, 'delete', { status }))).toEqual([true, true, false]);
  });

  it('invoices: a draft is edited and archived; a numbered one (sent, paid, cancelled) is never archived, a paid or cancelled one never edited', async () => {
    // A payment is dated neither in the future nor before the issue: this month's invoices, paid today.
    const today = new Date().toISOString().slice(0, 10);
    const paths: Record<string, Array<[string, object?]>> = {
      draft: [],
      sent: [['send']],
      paid: [['send'], ['mark-paid', {}]],
      cancelled: [['send'], ['cancel']],
    };
    for (const [status, actions] of Object.entries(paths)) {
      const created = await call('POST', '/api/v1/invoice', {
        subject: `Row rights ${status}`,
        customerId,
        period: today.slice(0, 7),
        issueDate: `${today.slice(0, 7)}-01`,
        currency: 'USD',
        lines: [{ description: 'Work', quantity: '1', unit: 'month', unitPrice: '100' }],
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      for (const [a, body] of actions) {
        const payload = a === 'mark-paid' ? { paidAt: today, amount: created.json().total } : body;
        const res = await call('POST', `/api/v1/invoice/${id}/${a}`, payload);
        expect(res.statusCode, res.body).toBe(200);
      }
      const row = (await call('GET', `/api/v1/invoice/${id}`)).json();
      expect(row.status).toBe(status);
      const edit = await call('PATCH', `/api/v1/invoice/${id}`, { note: 'Checked' });
      expect(edit.statusCode === 200, `${status} edit: ${edit.body}`).toBe(rowAllows(invoicesResource, 'edit', row));
      const archive = await call('DELETE', `/api/v1/invoice/${id}`);
      expect(archive.statusCode === 200, `${status} archive: ${archive.body}`).toBe(rowAllows(invoicesResource, 'delete', row));
      if (status !== 'draft') expect(archive.json()).toMatchObject({ statusCode: 422, code: 'invoice_numbered' });
    }
  });
});
