import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/auth/permissions.js';
import { checklistLink } from '../../src/domain/modules/month-close/month-close.rules.js';
import { MONTH_CHECKS, type MonthChecklist, type MonthCounts } from '../../src/domain/modules/month-close/month-close.schema.js';
import { RESOURCES } from '../../src/domain/resources.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { multipart, pdf } from '../fixtures/documents.js';

// Before a month closes (decision 021): a checklist of what is unfinished in it, each item counted as
// the list its link opens shows it; draft invoices refuse the close (a draft in a closed month could
// never be sent), the other open items need a confirmation naming their counts.

let t: TestApp;
let customerId: string;
beforeAll(async () => {
  t = await buildTestApp();
  customerId = ((await call('admin', 'GET', '/api/v1/customers?_start=0&_end=1')).json() as Array<{ id: string }>)[0]!.id;
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(role: Role, method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, headers: await t.auth(role), ...(payload ? { payload } : {}) });
}
const checklist = async (month: string) => (await call('admin', 'GET', `/api/v1/month-closes/${month}/checklist`)).json() as MonthChecklist;
const countsOf = (c: MonthChecklist) => Object.fromEntries(c.items.map((i) => [i.key, i.count])) as MonthCounts;

/** The API list behind a checklist link, and how many rows it shows. */
async function linkTotal(link: string): Promise<number> {
  const url = new URL(link, 'http://x');
  if (url.pathname === '/logwork/all-devs') {
    const res = await call('admin', 'GET', `/api/v1/timesheet/all-devs?${url.searchParams}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { total: number }).total;
  }
  const decl = RESOURCES.find((r) => r.route === url.pathname);
  expect(decl, url.pathname).toBeDefined();
  const res = await call('admin', 'GET', `${decl!.base}/${decl!.path}/paginated?${url.searchParams}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { total: number }).total;
}

const MONTH = '2033-03';
const invoice = (subject: string) =>
  call('admin', 'POST', '/api/v1/invoice', {
    subject,
    customerId,
    period: MONTH,
    issueDate: `${MONTH}-31`,
    currency: 'USD',
    lines: [{ description: 'Backend engineering', quantity: '160', unit: 'hour', unitPrice: '45' }],
  });
const salary = (userId: string) =>
  call('admin', 'POST', '/api/v1/salary', {
    userId,
    month: MONTH,
    base: '2400.00',
    allowance: '0',
    overtime: '0',
    bonus: '0',
    commission: '0',
    deductions: '0',
    currency: 'USD',
  });
const cost = (description: string) =>
  call('admin', 'POST', '/api/v1/external-costs', {
    description,
    date: `${MONTH}-14`,
    category: 'equipment',
    vendor: 'Phong Vũ Computer',
    amount: '1250.00',
    currency: 'USD',
  });

describe('the checklist before a close', () => {
  it('counts each kind of unfinished work in the month, as the list its link opens shows it', async () => {
    const drafts = [(await invoice('Draft one')).json(), (await invoice('Draft two')).json()];
    const sent = (await invoice('Sent one')).json();
    expect((await call('admin', 'POST', `/api/v1/invoice/${sent.id}/send`)).statusCode).toBe(200);
    const [draft, approved, paid] = await Promise.all(
      (['developer', 'hr', 'sale'] as const).map(async (r) => (await salary(t.users[r].id)).json() as { id: string }),
    );
    for (const s of [approved!, paid!]) expect((await call('admin', 'POST', `/api/v1/salary/${s.id}/approve`)).statusCode).toBe(200);
    expect((await call('admin', 'POST', `/api/v1/salary/${paid!.id}/mark-paid`)).statusCode).toBe(200);
    const bare = (await cost('Dell monitors')).json();
    const filed = (await cost('Keyboards')).json();
    const body = multipart({ name: 'vendor-invoice.pdf', content: await pdf('Vendor invoice PV-1') });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/v1/external-costs/${filed.id}/upload-invoices`,
      payload: body.payload,
      headers: { ...(await t.auth('admin')), ...body.headers },
    });
    expect(up.statusCode, up.body).toBe(201);

    const list = await checklist(MONTH);
    expect(list.closed).toBe(false);
    expect(list.items.map((i) => i.key)).toEqual([...MONTH_CHECKS]);
    // A month to come has no missing logwork: only days before today are missing.
    expect(countsOf(list)).toEqual({
      draftInvoices: 2,
      salariesNotApproved: 1,
      salariesNotPaid: 1,
      logworkMissing: 0,
      costsWithoutVendorInvoice: 1,
    });
    expect(list.items.filter((i) => i.blocking).map((i) => i.key)).toEqual(['draftInvoices']);
    for (const item of list.items) expect(await linkTotal(checklistLink(item.key, MONTH)), item.key).toBe(item.count);
    // The links open exactly those rows.
    const ids = async (link: string) => {
      const url = new URL(link, 'http://x');
      const decl = RESOURCES.find((r) => r.route === url.pathname)!;
      return (
        (await call('admin', 'GET', `${decl.base}/${decl.path}/paginated?${url.searchParams}`)).json() as { data: Array<{ id: string }> }
      ).data
        .map((r) => r.id)
        .sort();
    };
    expect(await ids(checklistLink('draftInvoices', MONTH))).toEqual(drafts.map((d) => d.id).sort());
    expect(await ids(checklistLink('salariesNotApproved', MONTH))).toEqual([draft!.id]);
    expect(await ids(checklistLink('salariesNotPaid', MONTH))).toEqual([approved!.id]);
    expect(await ids(checklistLink('costsWithoutVendorInvoice', MONTH))).toEqual([bare.id]);
  });

  it('counts the people with logwork missing in a past month as the all-developers view shows them', async () => {
    const list = await checklist('2026-10');
    const missing = list.items.find((i) => i.key === 'logworkMissing')!;
    expect(missing.count).toBeGreaterThan(0);
    expect(await linkTotal(checklistLink('logworkMissing', '2026-10'))).toBe(missing.count);
  });

  it('is admin’s, like the close', async () => {
    for (const role of ['hr_lead', 'sale_lead', 'manager', 'developer'] as const)
      expect((await call(role, 'GET', `/api/v1/month-closes/${MONTH}/checklist`)).statusCode, role).toBe(403);
    expect((await call('admin', 'GET', '/api/v1/month-closes/2033-13/checklist')).statusCode).toBe(400);
  });
});

describe('closing a month with open items', () => {
  const M = '2033-05';
  const close = (body?: object) => call('admin', 'PUT', `/api/v1/month-closes/${M}`, body);

  it('refuses draft invoices whatever is confirmed, then asks the other items’ counts, then closes', async () => {
    const d = (
      await call('admin', 'POST', '/api/v1/invoice', {
        subject: 'Unsent',
        customerId,
        period: M,
        issueDate: `${M}-31`,
        currency: 'USD',
        lines: [{ description: 'Backend engineering', quantity: '1', unit: 'hour', unitPrice: '45' }],
      })
    ).json();
    const s = (
      await call('admin', 'POST', '/api/v1/salary', {
        userId: t.users.developer.id,
        month: M,
        base: '2400.00',
        allowance: '0',
        overtime: '0',
        bonus: '0',
        commission: '0',
        deductions: '0',
        currency: 'USD',
      })
    ).json();
    expect(s.id).toBeDefined();

    const drafts = await close({ confirm: { draftInvoices: 1, salariesNotApproved: 1 } });
    expect(drafts.statusCode, drafts.body).toBe(422);
    expect(drafts.json()).toMatchObject({ code: 'month_draft_invoices', details: { month: M, count: 1 } });
    expect(drafts.json().message).toContain('1 draft invoice');
    expect((await call('admin', 'GET', '/api/v1/month-closes')).json().data.map((c: { month: string }) => c.month)).not.toContain(M);

    expect((await call('admin', 'POST', `/api/v1/invoice/${d.id}/cancel`)).statusCode).toBe(200);
    const unconfirmed = await close();
    expect(unconfirmed.statusCode, unconfirmed.body).toBe(422);
    expect(unconfirmed.json()).toMatchObject({
      code: 'month_open_items',
      details: { month: M, salariesNotApproved: 1, salariesNotPaid: 0, logworkMissing: 0, costsWithoutVendorInvoice: 0 },
    });
    expect(unconfirmed.json().message).toContain('1 salary(ies) not approved');
    // A confirmation of other counts than the month's now is not this one.
    expect((await close({ confirm: { salariesNotApproved: 2 } })).json().code).toBe('month_open_items');

    const closed = await close({ note: 'Books done', confirm: { salariesNotApproved: 1 } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ month: M, note: 'Books done' });
    expect((await checklist(M)).closed).toBe(true);
    // Closing a closed month again keeps the first close, without asking again.
    expect((await close()).statusCode).toBe(200);
  });

  it('a month with nothing open closes without a confirmation; a malformed confirmation is a 400', async () => {
    expect((await call('admin', 'PUT', '/api/v1/month-closes/2033-07', { confirm: { salariesNotPaid: -1 } })).statusCode).toBe(400);
    expect((await call('admin', 'PUT', '/api/v1/month-closes/2033-07', { confirm: { other: 1 } })).statusCode).toBe(400);
    expect((await call('admin', 'PUT', '/api/v1/month-closes/2033-07')).statusCode).toBe(200);
  });
});
