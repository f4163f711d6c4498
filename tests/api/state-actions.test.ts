import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/domain/resources.js';
import { auditLog } from '../../src/server/modules/audit/audit.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { FACTORIES, factoryContext, type FactoryContext } from '../fixtures/factories.js';

// The kit's declared state actions (decl.states), on a real server and database: each served where
// its declaration says, taking no body when it has no parameters, refusing a state it does not start
// from with the declaration's code, a stale version with 412, and audited. The modules' own steps
// (an invoice's number, a ticket's moves) are their suites'.

let t: TestApp;
let ctx: FactoryContext;
let n = 7_000;
beforeAll(async () => {
  t = await buildTestApp();
  ctx = await factoryContext(t);
});
afterAll(() => t?.close());

async function created(resource: 'salaries' | 'invoices'): Promise<{ id: string; etag: string }> {
  const decl = RESOURCES.find((r) => r.name === resource)!;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${decl.path}`,
    headers: await t.auth('admin'),
    payload: FACTORIES[resource]!.create(n++, ctx, 'admin') as object,
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, etag: String(res.headers.etag) };
}

const post = async (url: string, opts: { headers?: Record<string, string>; payload?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(await t.auth('admin')), ...opts.headers },
    ...('payload' in opts ? { payload: opts.payload } : {}),
  });

describe('declared state actions', () => {
  const declared = RESOURCES.filter((r) => r.states);

  it('are the resources that change state by action: sales commissions, invoices, KPI evaluations and bonuses, project bonuses, salaries and tickets', () => {
    expect(declared.map((r) => r.name).sort()).toEqual([
      'commissions',
      'invoices',
      'kpi-bonuses',
      'kpi-evaluations',
      'project-bonuses',
      'salaries',
      'tickets',
    ]);
  });

  it('are each in the API documentation at their segment, with their summary', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { post?: { summary?: string } }>;
    };
    for (const r of declared)
      for (const a of Object.values(r.states!.actions)) {
        const path = `${r.base}/${r.path}/{id}/${a.segment}`;
        expect(doc.paths[path]?.post?.summary, path).toBe(a.summary);
      }
  });

  // The forms in which clients send "no parameters": nothing, an empty body labelled JSON, {} and null.
  const noBodies: Array<[string, { headers?: Record<string, string>; payload?: string }]> = [
    ['no body at all', {}],
    ['an empty JSON body', { headers: { 'content-type': 'application/json' }, payload: '' }],
    ['{}', { headers: { 'content-type': 'application/json' }, payload: '{}' }],
    ['null', { headers: { 'content-type': 'application/json' }, payload: 'null' }],
  ];
  it.each(noBodies)('an action without parameters accepts %s', async (_what, opts) => {
    const { id } = await created('salaries');
    const res = await post(`/api/v1/salary/${id}/approve`, opts);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'approved' });
  });

  it('an action without parameters refuses a key it does not know, by name', async () => {
    const { id } = await created('salaries');
    const res = await post(`/api/v1/salary/${id}/approve`, { headers: { 'content-type': 'application/json' }, payload: '{"force":true}' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().issues ?? {})).toContain('force');
  });

  it('an action whose body is optional takes none either (cancel without a note)', async () => {
    const { id } = await created('invoices');
    const res = await post(`/api/v1/invoice/${id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelNote: null });
  });

  it("a state the action does not start from is refused with the declaration's code, naming the state and the action", async () => {
    const salary = await created('salaries');
    const paid = await post(`/api/v1/salary/${salary.id}/mark-paid`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({
      code: 'salary_status',
      issues: { status: { code: 'salary_status', params: { status: 'draft', action: 'mark-paid' } } },
    });
    const invoice = await created('invoices');
    const back = await post(`/api/v1/invoice/${invoice.id}/back-to-draft`);
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({
      code: 'invoice_status',
      issues: { status: { params: { status: 'draft', action: 'back-to-draft' } } },
    });
  });

  it('an action on a version the caller no longer has is refused (412) and changes nothing; with the current one it goes through', async () => {
    const { id, etag } = await created('salaries');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/salary/${id}`,
      headers: await t.auth('admin'),
      payload: { note: 'changed meanwhile' },
    });
    const stale = await post(`/api/v1/salary/${id}/approve`, { headers: { 'if-match': etag } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'stale_record' });
    const now = await t.app.inject({ method: 'GET', url: `/api/v1/salary/${id}`, headers: await t.auth('admin') });
    expect(now.json()).toMatchObject({ status: 'draft' });
    const fresh = await post(`/api/v1/salary/${id}/approve`, { headers: { 'if-match': String(now.headers.etag) } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).not.toBe(now.headers.etag);
  });

  it('each action is audited with the row before and after, and stamps its declared time', async () => {
    const { id } = await created('salaries');
    const approved = (await post(`/api/v1/salary/${id}/approve`)).json() as { approvedAt: string | null };
    expect(approved.approvedAt).not.toBeNull();
    const [last] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'salaries'), eq(auditLog.entityId, id)))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(last).toMatchObject({ action: 'updated', before: { status: 'draft' }, after: { status: 'approved' } });
  });

  it('an archived record takes no action until it is restored (409 archived)', async () => {
    const { id } = await created('salaries');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/salary/${id}`, headers: await t.auth('admin') })).statusCode).toBe(200);
    const res = await post(`/api/v1/salary/${id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'archived' });
  });
});
