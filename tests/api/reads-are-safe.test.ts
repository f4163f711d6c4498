import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/domain/auth/permissions.js';
import { queryRows } from '../../src/server/db/client.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { docx, multipart, png } from '../fixtures/documents.js';
import { operationsOf, type JsonSchema, type OpenApiDoc, type Operation } from '../fixtures/openapi.js';

/**
 * Reads never write: every GET operation of the OpenAPI document, called once by each role and by
 * an anonymous caller with real ids from the demo firm, leaves every table as it was: its row
 * count, its newest updated_at (where it has one) and the newest transaction that wrote one of its
 * rows (xmin: an update that forgets updated_at still gives the row a new xmin). A route added later
 * is covered with no new test code. One pass, on PostgreSQL when the run has it (vitest.config.ts).
 */

// Tables a GET may write to, each with its reason. None so far: sign-ins happen before the
// snapshot, and checking a token reads its session without touching it.
const MAY_CHANGE_ON_READ: Record<string, string> = {};

type Caller = 'anonymous' | Role;
const CALLERS: Caller[] = [...ROLES, 'anonymous'];
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let t: TestApp;
let doc: OpenApiDoc;
let tables: Array<{ name: string; updatedAt: boolean }>;
const headers = new Map<Caller, Record<string, string>>();
let shareToken: string;
/** The job and candidate of the pipeline's nested routes, and the owners of the files some paths read. */
let pipeline: { jobId: string; candidateId: string };
let fixed: Record<string, string>;

async function snapshot(): Promise<Map<string, string>> {
  const parts = tables.map(
    ({ name, updatedAt }) =>
      sql`select ${name}::text as name, count(*)::text || ' rows, newest updated_at ' || ${
        updatedAt ? sql`coalesce(max(x.updated_at)::text, '-')` : sql`'(none)'`
      } || ', newest xmin ' || coalesce(max(x.xmin::text::bigint), 0)::text as state from ${sql.identifier(name)} x`,
  );
  const rows = await queryRows<{ name: string; state: string }>(t.database.db, sql.join(parts, sql` union all `));
  return new Map(rows.map((r) => [r.name, r.state]));
}

function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, state]) => before.get(name) !== state).map(([name, state]) => `${name}: ${before.get(name)} → ${state}`);
}

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject('/api/docs/json')).json() as OpenApiDoc;
  for (const role of ROLES) headers.set(role, await t.auth(role));
  headers.set('anonymous', {});
  // What the file and link routes read, so that they answer 200 rather than 404: a share link (the
  // customer's view is a public GET), the developer's avatar, a candidate with both CVs, in a pipeline
  // with a CV of its own.
  const admin = headers.get('admin')!;
  const get = async <T>(url: string) => (await t.app.inject({ url, headers: admin })).json() as T;
  const [customer] = await get<Array<{ id: string }>>('/api/v1/customers?_start=0&_end=1');
  const link = await t.app.inject({
    method: 'POST',
    url: '/api/v1/headcount/token',
    headers: admin,
    payload: { customerId: customer!.id, expiresInDays: 7 },
  });
  expect(link.statusCode, link.body).toBe(201);
  shareToken = (link.json() as { token: string }).token;
  const put = async (role: Role, url: string, file: Parameters<typeof multipart>[0]) => {
    const body = multipart(file);
    const res = await t.app.inject({ method: 'PUT', url, payload: body.payload, headers: { ...headers.get(role), ...body.headers } });
    expect(res.statusCode, res.body).toBe(200);
  };
  await put('developer', '/api/v1/user/me/avatar', { name: 'me.png', type: 'image/png', content: png(8) });
  const candidates = await get<Array<{ id: string; cv: unknown }>>('/api/v1/candidates?_start=0&_end=100');
  const withCv = candidates.find((c) => c.cv) ?? candidates[0]!;
  for (const slot of ['cv', 'cv-converted'])
    await put('admin', `/api/v1/candidates/${withCv.id}/${slot}`, { name: 'CV.docx', type: DOCX, content: docx() });
  const [job] = await get<Array<{ id: string }>>('/api/v1/jobs?_start=0&_end=1');
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/v1/jobs/${job!.id}/candidates`,
    headers: admin,
    payload: { candidateId: withCv.id },
  });
  expect([201, 409], added.body).toContain(added.statusCode);
  pipeline = { jobId: job!.id, candidateId: withCv.id };
  await put('admin', `/api/v1/jobs/${job!.id}/candidates/${withCv.id}/cv`, { name: 'CV.docx', type: DOCX, content: docx() });
  fixed = { '/api/v1/candidates/{id}': withCv.id, '/api/v1/user/{id}': t.users.developer.id };
  const rows = await queryRows<{ name: string; updated_at: boolean }>(
    t.database.db,
    sql`select t.table_name as name,
          exists (select 1 from information_schema.columns c
                  where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'updated_at') as updated_at
        from information_schema.tables t
        where t.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
  );
  tables = rows
    .filter((r) => !(r.name in MAY_CHANGE_ON_READ) && !r.name.startsWith('__'))
    .map((r) => ({ name: r.name, updatedAt: Boolean(r.updated_at) }));
});
afterAll(() => t?.close());

/** The first id a caller sees in a collection (its own rows first), else the first one admin sees. */
const firstIds = new Map<string, string | undefined>();
async function firstId(collection: string, caller: Caller): Promise<string | undefined> {
  for (const who of caller === 'anonymous' ? (['admin'] as const) : [caller, 'admin' as const]) {
    const key = `${who} ${collection}`;
    if (!firstIds.has(key)) {
      const res = await t.app.inject({ url: `${collection}?_start=0&_end=1`, headers: headers.get(who) });
      const body = res.statusCode === 200 ? (res.json() as unknown) : undefined;
      firstIds.set(key, Array.isArray(body) ? (body[0] as { id?: string } | undefined)?.id : undefined);
    }
    const id = firstIds.get(key);
    if (id) return id;
  }
  return undefined;
}

const today = new Date().toISOString().slice(0, 10);
const REFS: Record<string, string> = {
  customerId: '/api/v1/customers',
  projectId: '/api/v1/projects',
  jobId: '/api/v1/jobs',
  candidateId: '/api/v1/candidates',
  headcountId: '/api/v1/headcount',
};

/** A plausible value for a required query parameter or header. */
async function valueFor(name: string, schema: JsonSchema | undefined, caller: Caller): Promise<string> {
  if (name === 'x-share-token') return shareToken;
  if (name === 'userId') return t.users.developer.id;
  if (REFS[name]) return (await firstId(REFS[name]!, caller)) ?? '00000000-0000-0000-0000-000000000000';
  if (schema?.enum?.length) return String(schema.enum[0]);
  if (name === 'month') return today.slice(0, 7);
  if (name === 'year') return today.slice(0, 4);
  // This month: inside every route's longest range.
  if (name === 'to' || /end/i.test(name)) return `${today.slice(0, 7)}-28`;
  if (name === 'from' || /date|start/i.test(name)) return `${today.slice(0, 7)}-01`;
  // The audit trail of a record: the demo developer's.
  if (name === 'entity') return 'users';
  if (name === 'entityId') return t.users.developer.id;
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'integer' || type === 'number') return String(schema?.minimum ?? 1);
  if (type === 'boolean') return 'true';
  return 'a';
}

/** The operation's URL and headers for a caller: path parameters are real ids, required query parameters plausible. */
async function requestFor(path: string, op: Operation, caller: Caller) {
  let url = path;
  if (path.includes('{candidateId}')) url = url.replace('{id}', pipeline.jobId).replace('{candidateId}', pipeline.candidateId);
  for (const [, name] of url.matchAll(/\{(\w+)\}/g)) {
    const collection = path.slice(0, path.indexOf(`/{${name}}`));
    // A file's owner where a path reads a file (/candidates/{id}/cv, /user/{id}/avatar).
    const owner = path !== `${collection}/{${name}}` ? fixed[`${collection}/{${name}}`] : undefined;
    const id =
      name === 'userId' ? t.users.developer.id : (owner ?? (await firstId(collection, caller)) ?? '00000000-0000-0000-0000-000000000000');
    url = url.replace(`{${name}}`, id);
  }
  const query: string[] = [];
  const extra: Record<string, string> = {};
  for (const p of op.parameters ?? []) {
    if (!p.required) continue;
    if (p.in === 'query') query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(await valueFor(p.name, p.schema, caller))}`);
    if (p.in === 'header') extra[p.name] = await valueFor(p.name, p.schema, caller);
  }
  return { url: query.length ? `${url}?${query.join('&')}` : url, headers: { ...headers.get(caller), ...extra } };
}

describe('reads never write', () => {
  it('every GET of the OpenAPI document, by every role and anonymously, leaves every table unchanged', async () => {
    const gets = operationsOf(doc).filter((o) => o.method === 'GET' && o.path.startsWith('/api/'));
    expect(gets.length).toBeGreaterThan(50);
    // The ids first, so that looking them up is not mistaken for the routes' own reads.
    const requests = [];
    for (const { path, op } of gets) for (const caller of CALLERS) requests.push({ path, caller, ...(await requestFor(path, op, caller)) });

    const started = Date.now();
    const failures: string[] = [];
    const adminNot2xx: string[] = [];
    let before = await snapshot();
    for (const { path } of gets) {
      for (const r of requests.filter((x) => x.path === path)) {
        const res = await t.app.inject({ method: 'GET', url: r.url, headers: r.headers });
        if (res.statusCode >= 500) failures.push(`GET ${r.url} as ${r.caller} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (r.caller === 'admin' && res.statusCode >= 300) adminNot2xx.push(`${path} ${res.statusCode}`);
      }
      // Checked per route, so that a failure names the route that wrote.
      const after = await snapshot();
      const changed = changes(before, after);
      if (changed.length) failures.push(`GET ${path} wrote: ${changed.join('; ')}`);
      before = after;
    }
    console.log(
      `reads-are-safe: ${requests.length} GETs over ${gets.length} operations × ${CALLERS.length} callers in ${Date.now() - started} ms; admin's answers other than 2xx: ${adminNot2xx.join(', ') || 'none'}`,
    );
    expect(failures).toEqual([]);
    // The pass reached the handlers: admin got an answer for (nearly) every route.
    expect(adminNot2xx.length).toBeLessThanOrEqual(Math.floor(gets.length / 10));
  }, 120_000);
});
