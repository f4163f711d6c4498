import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { FACTORIES, factoryContext, type FactoryContext } from '../fixtures/factories.js';

// Every action on a record (`POST …/{id}/<action>`) that has no parameters — no body declared, or one
// whose fields are all optional (a cancel's note) — takes "nothing" in every form clients send it:
// no body at all, or an empty body labelled JSON. Read from the API document, so an action added
// later is held to it too. The actions are sent to a record that does not exist: getting past
// validation to the handler's 404 is what is proved here; the actions' effects are their suites'.

let t: TestApp;
let ctx: FactoryContext;
beforeAll(async () => {
  t = await buildTestApp();
  ctx = await factoryContext(t);
});
afterAll(() => t?.close());

type Operation = { requestBody?: { content?: Record<string, { schema?: { required?: string[]; anyOf?: unknown[] } }> } };
const MISSING = '00000000-0000-4000-8000-000000000000';

/** The record actions whose body, if any, requires no field. */
async function parameterlessActions(): Promise<string[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, { post?: Operation }>;
  };
  return Object.entries(doc.paths)
    .filter(([path, ops]) => ops.post && /\/\{id\}\/[a-z-]+$/.test(path))
    .filter(([, ops]) => {
      const content = ops.post!.requestBody?.content;
      if (!content) return true;
      const json = content['application/json']?.schema;
      if (!json) return false; // multipart uploads take their file
      const required = json.required ?? [];
      return required.length === 0;
    })
    .map(([path]) => path);
}

const nothing: Array<[string, { headers?: Record<string, string>; payload?: string }]> = [
  ['no body at all', {}],
  ['an empty body labelled JSON', { headers: { 'content-type': 'application/json' }, payload: '' }],
  ['an empty body labelled JSON with a charset', { headers: { 'content-type': 'application/json; charset=utf-8' }, payload: '' }],
];

describe('an action without parameters takes no body', () => {
  it("is found for the declared actions: send, cancel, back to draft, approve, mark paid, restore, a leave request's cancel", async () => {
    const paths = await parameterlessActions();
    for (const expected of [
      '/invoice/{id}/send',
      '/invoice/{id}/cancel',
      '/invoice/{id}/back-to-draft',
      '/salary/{id}/approve',
      '/salary/{id}/mark-paid',
      '/kpi-bonus/project-bonus/{id}/mark-paid',
      '/customers/{id}/restore',
    ])
      expect(
        paths.some((p) => p.endsWith(expected)),
        expected,
      ).toBe(true);
    expect(paths.some((p) => p.endsWith('/leave-requests/{id}/cancel'))).toBe(true);
  });

  it.each(nothing)('every one of them accepts %s', async (_what, form) => {
    const paths = await parameterlessActions();
    const refused: string[] = [];
    for (const path of paths) {
      const res = await t.app.inject({
        method: 'POST',
        url: path.replace('{id}', MISSING),
        headers: { ...(await t.auth('admin')), ...form.headers },
        ...('payload' in form ? { payload: form.payload } : {}),
      });
      // Past validation, the handler looks for the record: 404 `not_found` (or the role's 403).
      if (![403, 404].includes(res.statusCode) || res.json().code === 'route_not_found')
        refused.push(`${path}: ${res.statusCode} ${res.body}`);
    }
    expect(refused).toEqual([]);
  });

  it('a route that needs its body still says the empty body is empty', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers',
      headers: { ...(await t.auth('admin')), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('empty_body');
  });

  it('a requester cancels their leave request with no body at all', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/leave-requests',
      headers: await t.auth('developer'),
      payload: FACTORIES['leave-requests']!.create(9_301, ctx, 'developer') as object,
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/leave-requests/${created.json().id}/cancel`,
      headers: await t.auth('developer'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
  });

  it('a record comes back from the archive with an empty body labelled JSON', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers',
      headers: await t.auth('admin'),
      payload: FACTORIES.customers!.create(9_302, ctx, 'admin') as object,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const archived = await t.app.inject({ method: 'DELETE', url: `/api/v1/customers/${id}`, headers: await t.auth('admin') });
    expect(archived.statusCode, archived.body).toBeLessThan(300);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customers/${id}/restore`,
      headers: { ...(await t.auth('admin')), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
