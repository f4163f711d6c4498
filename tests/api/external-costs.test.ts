import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { projects } from '../../src/server/modules/projects/projects.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// External costs' own rules (the contract suite covers the generic routes, the file-slot suite the
// vendor invoices): exact amounts in their currency and in the base currency, the rate, the project
// one of the customer's, the vendor's invoice number seen twice, and bad input named by field.

let t: TestApp;
let project: { id: string; customerId: string };
let foreign: { id: string };
beforeAll(async () => {
  t = await buildTestApp();
  const rows = await t.database.db
    .select({ id: projects.id, customerId: projects.customerId })
    .from(projects)
    .where(eq(projects.status, 'active'))
    .orderBy(asc(projects.code));
  project = rows[0]!;
  foreign = (
    await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(ne(projects.customerId, project.customerId)))
      .limit(1)
  )[0]!;
});
afterAll(() => t?.close());

const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });
const base = {
  description: 'Jira and Confluence licences',
  date: '2033-02-02',
  category: 'software',
  vendor: 'Atlassian',
  amount: '1240.00',
};
const create = (body: Record<string, unknown>, role: Role = 'admin') => call(role, 'POST', '/api/v1/external-costs', { ...base, ...body });

describe('amounts and rates', () => {
  it('keeps the amount exact in its currency and in the base currency at its rate', async () => {
    const usd = await create({});
    expect(usd.statusCode, usd.body).toBe(201);
    expect(usd.json()).toMatchObject({ amount: '1240.00', currency: 'USD', exchangeRate: '1', amountBase: '1240.00', invoices: [] });
    // 0.1 + 0.2 in floats is 0.30000000000000004: decimals stay decimals.
    const eur = await create({ amount: '0.30', currency: 'EUR', exchangeRate: '1.0825' });
    expect(eur.json()).toMatchObject({ amount: '0.30', exchangeRate: '1.0825', amountBase: '0.32' });
    const vnd = await create({ amount: '185000000', currency: 'VND', exchangeRate: '0.0000395' });
    expect(vnd.json()).toMatchObject({ amount: '185000000', amountBase: '7307.50' });
    const big = await create({ amount: '9999999999999.99', currency: 'EUR', exchangeRate: '1.1' });
    expect(big.json()).toMatchObject({ amount: '9999999999999.99', amountBase: '10999999999999.99' });
    // A new rate recomputes the base amount; a new currency needs its own rate.
    const moved = await call('admin', 'PATCH', `/api/v1/external-costs/${eur.json().id}`, { exchangeRate: '2' });
    expect(moved.json()).toMatchObject({ amountBase: '0.60' });
    const noRate = await call('admin', 'PATCH', `/api/v1/external-costs/${eur.json().id}`, { currency: 'GBP' });
    expect(noRate.statusCode).toBe(422);
    expect(noRate.json().issues.exchangeRate).toMatchObject({ code: 'exchange_rate_required' });
  });

  it.each<[string, Record<string, unknown>, number, string, string]>([
    ['a foreign currency without its rate', { currency: 'EUR' }, 422, 'exchange_rate_required', 'exchangeRate'],
    ['the base currency at another rate', { exchangeRate: '1.2' }, 422, 'exchange_rate_base', 'exchangeRate'],
    ['cents of a currency without them', { currency: 'VND', exchangeRate: '0.00004', amount: '1500.50' }, 422, 'decimal_places', 'amount'],
  ])('refuses %s', async (_what, body, status, code, field) => {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().issues[field]).toMatchObject({ code });
  });
});

describe('the customer and the project', () => {
  it('takes a project of the customer only (422 otherwise), and no project without its customer', async () => {
    const ok = await create({ customerId: project.customerId, projectId: project.id });
    expect(ok.statusCode, ok.body).toBe(201);
    const other = await create({ customerId: project.customerId, projectId: foreign.id });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'project_other_customer', issues: { projectId: { code: 'project_other_customer' } } });
    const alone = await create({ projectId: project.id });
    expect(alone.statusCode).toBe(400);
    // Left out or sent empty, the server says why, as the form does.
    expect(alone.json().issues.customerId).toMatchObject({ code: 'project_needs_customer' });
    const nullCustomer = await create({ customerId: null, projectId: project.id });
    expect(nullCustomer.statusCode).toBe(400);
    expect(nullCustomer.json().issues.customerId).toMatchObject({ code: 'project_needs_customer' });
    // Changing the customer alone leaves the project another customer's.
    const [otherCustomer] = (await call('admin', 'GET', '/api/v1/customers?_start=0&_end=5')).json() as Array<{ id: string }>;
    if (otherCustomer!.id !== project.customerId) {
      const moved = await call('admin', 'PATCH', `/api/v1/external-costs/${ok.json().id}`, { customerId: otherCustomer!.id });
      expect(moved.statusCode).toBe(422);
    }
    const cleared = await call('admin', 'PATCH', `/api/v1/external-costs/${ok.json().id}`, { customerId: null, projectId: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ customerId: null, projectId: null });
  });
});

describe('bad input', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ['no description', { description: '  ' }, 'description', 'required'],
    ['a malformed date', { date: '2033-02-30' }, 'date', 'date'],
    ['an unknown category', { category: 'travel' }, 'category', ''],
    ['no vendor', { vendor: '' }, 'vendor', 'required'],
    ['an amount as words', { amount: 'twelve' }, 'amount', 'decimal'],
    ['a negative amount', { amount: '-5' }, 'amount', 'negative'],
    ['a zero amount', { amount: '0' }, 'amount', 'positive'],
    ['three decimals', { amount: '1.005' }, 'amount', 'decimal_places'],
    ['an unknown currency', { currency: 'XYZ' }, 'currency', ''],
    ['a rate of zero', { currency: 'EUR', exchangeRate: '0' }, 'exchangeRate', 'positive'],
    ['a customer that is not an id', { customerId: 'acme' }, 'customerId', 'invalid_id'],
    ['an unknown key', { owner: 'me' }, '', ''],
  ])('%s → 400 on its field', async (_what, body, field, code) => {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(400);
    if (field) expect(res.json().issues[field], res.body).toBeDefined();
    if (code) expect(res.json().issues[field].code).toBe(code);
  });

  it('a customer that does not exist → 409 naming it', async () => {
    const res = await create({ customerId: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(409);
    expect(res.json().issues.customerId).toMatchObject({ code: 'reference_missing' });
  });
});

describe("a vendor's invoice number seen twice", () => {
  it('is told (a warning): same vendor and number, whatever the case; another vendor or number is not', async () => {
    const first = (await create({ vendor: 'TopCV Việt Nam', vendorInvoiceNumber: 'TCV-2033-001' })).json();
    const second = await create({ vendor: 'topcv việt nam', vendorInvoiceNumber: 'tcv-2033-001' });
    expect(second.statusCode, 'a warning, not a refusal').toBe(201);
    await create({ vendor: 'LinkedIn', vendorInvoiceNumber: 'TCV-2033-001' });
    const q = (vendor: string, number: string, except?: string) =>
      call(
        'manager',
        'GET',
        `/api/v1/external-costs/vendor-invoices?vendor=${encodeURIComponent(vendor)}&vendorInvoiceNumber=${encodeURIComponent(number)}${except ? `&exceptId=${except}` : ''}`,
      );
    const seen = await q('TopCV Việt Nam', 'TCV-2033-001');
    expect(seen.statusCode, seen.body).toBe(200);
    expect(
      seen
        .json()
        .data.map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual([first.id, second.json().id].sort());
    expect((await q('TopCV Việt Nam', 'TCV-2033-001', first.id)).json().data.map((r: { id: string }) => r.id)).toEqual([second.json().id]);
    expect((await q('TopCV Việt Nam', 'TCV-2033-002')).json().data).toEqual([]);
    expect((await q('', 'TCV-2033-001')).statusCode).toBe(400);
    expect((await call('developer', 'GET', '/api/v1/external-costs/vendor-invoices?vendor=a&vendorInvoiceNumber=b')).statusCode).toBe(403);
  });
});

describe('who writes', () => {
  it('the section reads; admin and the leads write', async () => {
    for (const role of ['hr', 'sale', 'manager'] as const) expect((await create({}, role)).statusCode, role).toBe(403);
    for (const role of ['admin', 'hr_lead', 'sale_lead'] as const) expect((await create({}, role)).statusCode, role).toBe(201);
    for (const role of ['hr', 'sale', 'manager'] as const)
      expect((await call(role, 'GET', '/api/v1/external-costs/paginated?limit=5')).statusCode, role).toBe(200);
    expect((await call('developer', 'GET', '/api/v1/external-costs/paginated?limit=5')).statusCode).toBe(403);
  });
});

describe('the demo firm', () => {
  it('has a year of costs in every category, and a customer whose direct costs exceed what it is invoiced', async () => {
    const db = t.database.db;
    const months = await db.execute(
      sql`select count(distinct to_char(date, 'YYYY-MM'))::int as months, count(distinct category)::int as categories, count(*)::int as n from external_costs`,
    );
    const m = ((months as unknown as { rows?: unknown[] }).rows ?? (months as unknown as unknown[]))[0] as {
      months: number;
      categories: number;
      n: number;
    };
    expect(m.months).toBeGreaterThanOrEqual(12);
    expect(m.categories).toBe(6);
    expect(m.n).toBeGreaterThan(150);
    const losing = await db.execute(sql`
      select c.name,
        (select coalesce(sum(amount_base), 0) from external_costs e where e.customer_id = c.id and e.archived_at is null) as costs,
        (select coalesce(sum(total_base), 0) from invoices i where i.customer_id = c.id and i.status <> 'cancelled' and i.archived_at is null) as revenue
      from customers c`);
    const rows = ((losing as unknown as { rows?: unknown[] }).rows ?? (losing as unknown as unknown[])) as Array<{
      name: string;
      costs: string;
      revenue: string;
    }>;
    const losers = rows.filter((r) => Number(r.revenue) > 0 && Number(r.costs) > Number(r.revenue));
    expect(losers.length, JSON.stringify(rows)).toBe(1);
  });
});
