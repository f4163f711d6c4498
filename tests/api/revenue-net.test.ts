import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// Revenue means one thing: net of tax, in the invoice analytic view, the dashboard and the P&L;
// what customers owe (outstanding, overdue, ageing) is the total with tax.

let t: TestApp;
let customerId: string;
const get = async (role: Role, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: await t.auth(role) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const post = async (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: await t.auth('admin'), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildTestApp();
  customerId = (await get('admin', '/api/v1/customers/paginated?page=1&limit=1')).data[0].id;
});
afterAll(() => t?.close());

describe('revenue is net of tax everywhere; what is owed includes it', () => {
  it('an invoice of 1 000.00 + 10 % tax: revenue 1 000.00 in the analytic view and the P&L, owed 1 100.00', async () => {
    const month = '2036-03';
    const created = await post('/api/v1/invoice', {
      subject: 'Taxed retainer',
      customerId,
      period: month,
      issueDate: `${month}-01`,
      dueDate: `${month}-05`,
      currency: 'USD',
      taxRate: '10',
      lines: [{ description: 'Retainer', quantity: '3', unit: 'month', unitPrice: '333.333' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ subtotal: '1000.00', tax: '100.00', total: '1100.00' });
    expect((await post(`/api/v1/invoice/${created.json().id}/send`)).statusCode).toBe(200);

    const view = await get('admin', `/api/v1/invoice/analytics?asOf=${month}-31&months=1`);
    const pnl = await get('admin', `/api/v1/pnl?from=${month}&to=${month}&groupBy=customer`);
    expect(pnl.totals.revenue).toBe('1000.00');
    expect(view.revenue.total).toBe(pnl.totals.revenue);
    expect(view.months[0]).toMatchObject({ period: month, total: '1000.00', byStatus: { sent: { total: '1000.00' } } });
    expect(view.customers.find((c: { customerId: string }) => c.customerId === customerId).revenue.total).toBe('1000.00');
    // Owed: the total with tax.
    expect(view.customers.find((c: { customerId: string }) => c.customerId === customerId).outstanding.total).toBe('1100.00');
    expect(view.overdue.total).not.toBe(view.revenue.total);
    // The invoice list under the revenue's link: its net equals the revenue, its total is what is owed.
    const list = await get('admin', `/api/v1/invoice/totals?period=${month}&status=sent`);
    expect(list).toMatchObject({ net: '1000.00', total: '1100.00', count: 1 });
  });

  it('the dashboard’s revenue of this month and last is the P&L’s revenue of those months', async () => {
    const dash = await get('admin', '/api/v1/dashboard');
    for (const key of ['thisMonth', 'lastMonth'] as const) {
      const month = dash.revenue[key].period as string;
      const pnl = await get('admin', `/api/v1/pnl?from=${month}&to=${month}&groupBy=customer`);
      expect(dash.revenue[key].total, key).toBe(pnl.totals.revenue);
    }
  });
});
