import dataProvider from '@refinedev/simple-rest';
import axios from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/domain/auth/permissions.js';
import { CRUD_ACTIONS, filterKeys, type ResourceDecl } from '../../src/domain/resource.js';
import { RESOURCES, can } from '../../src/domain/resources.js';
import { auditLog } from '../../src/server/modules/audit/audit.table.js';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../fixtures/app.js';
import { EXPECTED_ACCESS } from '../fixtures/access-table.js';
import { FACTORIES, factoryContext, type FactoryContext } from '../fixtures/factories.js';
import { liveClient } from '../fixtures/socket.js';
import { openApiPath, type OpenApiDoc } from '../fixtures/openapi.js';
import { socketSessions } from '../../src/server/app.js';

// The contract every declared resource keeps, run over the registry: a resource added to it is
// covered without a line of test code (but must bring a factory and a row in the table below).

/**
 * Roles that read only their own rows of a resource (and their reports', for a manager): DOMAIN.md's
 * "developer: own leave", "manager: approves leave of the people who report to them".
 */
const OWN_ROWS_ONLY: Record<string, Role[]> = {
  'leave-requests': ['developer', 'hr', 'sale', 'manager'],
  // hr sees all developers' logwork; the other non-privileged roles only their own.
  timesheets: ['developer', 'sale', 'manager'],
  // Everyone reads the tickets they filed; admin and hr_lead handle them all.
  tickets: ['sale_lead', 'developer', 'hr', 'sale', 'manager'],
  // A sale sees their own customers' invoices only.
  invoices: ['sale'],
  // A sale reads their own KPI targets and evaluations.
  kpi: ['sale'],
  'kpi-evaluations': ['sale'],
  'kpi-bonuses': ['sale'],
  performances: ['sale'],
  'project-bonuses': ['sale'],
  // A sale reads their own commission plans and statements.
  'commission-plans': ['sale'],
  commissions: ['sale'],
  // An hr reads their own HR commission.
  'hr-commissions': ['hr'],
};
/** Roles that read every row but change only their own (hr reads all developers' logwork, logs only its own hours). */
const OWN_WRITES_ONLY: Record<string, Role[]> = {
  timesheets: ['hr'],
};
const ownRowsOnly = (r: ResourceDecl, role: Role) => OWN_ROWS_ONLY[r.name]?.includes(role) ?? false;
const ownWritesOnly = (r: ResourceDecl, role: Role) => OWN_WRITES_ONLY[r.name]?.includes(role) ?? false;

let t: TestApp;
let ctx: FactoryContext;
let seq = 0;
beforeAll(async () => {
  // Totals counted exactly, so that an export can be held to them: the demo's logged hours alone
  // are more rows than the default exact-count limit (list-contract-guards covers estimates).
  t = await buildTestApp({ EXACT_COUNT_LIMIT: '100000' });
  ctx = await factoryContext(t);
});
afterAll(() => t?.close());

let server: Promise<string> | undefined;
/** The app on a real port with its socket server, once for the file. */
function listening(): Promise<string> {
  server ??= t.app.listen({ port: 0, host: '127.0.0.1' }).then(async (address) => {
    await t.realtime.attach(t.app.server, socketSessions(t.services), t.app.log);
    return address;
  });
  return server;
}

const base = (r: ResourceDecl) => `${r.base}/${r.path}`;
const call = async (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await t.auth(role), ...(payload !== undefined ? { payload: payload as object } : {}) });

let docs: Promise<OpenApiDoc> | undefined;
/** The served OpenAPI document, read once for the file. */
const openApi = () => (docs ??= t.app.inject('/api/docs/json').then((res) => res.json() as OpenApiDoc));

/** "Acme-7" → "aCME-7": the same text in other letters' case. */
const swapCase = (v: string) => [...v].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
const TEXT_TYPES = ['string', 'text', 'email'];

async function createRow(r: ResourceDecl, overrides: Record<string, unknown> = {}, as: Role = 'admin') {
  const res = await call(as, 'POST', base(r), { ...FACTORIES[r.name]!.create(++seq, ctx, as), ...overrides });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { id: string };
}

it('every declared resource has a factory and a row in the hand-written access table', () => {
  for (const r of RESOURCES) {
    expect(FACTORIES[r.name], `factory for ${r.name}`).toBeDefined();
    expect(EXPECTED_ACCESS[r.name], `access table row for ${r.name}`).toBeDefined();
    expect(r.owner?.applies === 'all' ? [...r.owner.roles].sort() : [], `own-rows roles of ${r.name}`).toEqual(
      [...(OWN_ROWS_ONLY[r.name] ?? [])].sort(),
    );
  }
});

describe.each(RESOURCES.map((r) => [r.name, r] as const))('%s', (_name, r) => {
  const entityKeys = Object.keys((r.schemas.entity as unknown as { shape: object }).shape).sort();
  const sortable = Object.entries(r.fields).filter(([, f]) => f.sort);

  it("the client's can() and the server's answers equal the hand-written table for every role × action", async () => {
    const expected = EXPECTED_ACCESS[r.name]!;
    const mismatches: string[] = [];
    // The table names exactly the declared actions; custom ones are held to it here for can() and
    // by the route matrix (authorization.test.ts) for the server.
    expect(Object.keys(expected).sort()).toEqual(Object.keys(r.access).sort());
    for (const [action, roles] of Object.entries(expected))
      for (const role of ROLES) if (can(role, r.name, action) !== roles.includes(role)) mismatches.push(`can(${role}, ${action})`);
    for (const action of CRUD_ACTIONS) {
      for (const role of ROLES) {
        const allowed = expected[action]!.includes(role);
        // A role that reads (or writes) only its own rows is asked about a row of its own.
        // One that cannot create its own is given one by admin.
        const own = ownRowsOnly(r, role) || ownWritesOnly(r, role);
        const row = ['show', 'edit', 'delete'].includes(action)
          ? own && can(role, r.name, 'create')
            ? await createRow(r, {}, role)
            : await createRow(r, own && r.owner ? { [r.owner.field]: t.users[role].id } : {}, 'admin')
          : undefined;
        const res =
          action === 'list'
            ? await call(role, 'GET', `${base(r)}?_start=0&_end=5`)
            : action === 'show'
              ? await call(role, 'GET', `${base(r)}/${row!.id}`)
              : action === 'create'
                ? await call(role, 'POST', base(r), FACTORIES[r.name]!.create(++seq, ctx, role))
                : action === 'edit'
                  ? await call(role, 'PATCH', `${base(r)}/${row!.id}`, FACTORIES[r.name]!.update(++seq, ctx))
                  : action === 'delete'
                    ? await call(role, 'DELETE', `${base(r)}/${row!.id}`)
                    : action === 'export'
                      ? await call(role, 'GET', `${base(r)}/export?format=csv`)
                      : await call(role, 'GET', `${base(r)}/lookup?q=a`);
        const ok = res.statusCode < 300;
        if (allowed && !ok) mismatches.push(`${role} ${action} → ${res.statusCode}, expected allowed: ${res.body.slice(0, 120)}`);
        if (!allowed && res.statusCode !== 403) mismatches.push(`${role} ${action} → ${res.statusCode}, expected 403`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('pages without overlap, with a total', async () => {
    for (let i = 0; i < 3; i++) await createRow(r);
    const page = async (start: number) => {
      const res = await call('admin', 'GET', `${base(r)}?_start=${start}&_end=${start + 2}`);
      expect(res.statusCode).toBe(200);
      return { ids: (res.json() as Array<{ id: string }>).map((x) => x.id), total: Number(res.headers['x-total-count']) };
    };
    const [a, b, c] = [await page(0), await page(2), await page(4)];
    const all = [...a.ids, ...b.ids, ...c.ids];
    expect(new Set(all).size).toBe(all.length);
    expect(a.total).toBeGreaterThanOrEqual(3);
  });

  it.each(sortable.map(([f]) => f))('sorts by %s both ways', async (field) => {
    const get = async (order: string) => {
      const res = await call('admin', 'GET', `${base(r)}?_start=0&_end=100&_sort=${field}&_order=${order}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Array<Record<string, unknown>>;
    };
    const asc = await get('asc');
    const desc = await get('DESC'); // json-server clients send upper case too
    const values = (rows: Array<Record<string, unknown>>) => rows.map((x) => x[field]).filter((v) => v !== null);
    const distinct = new Set(values(asc).map(String));
    if (distinct.size > 1) expect(values(asc)[0]).not.toEqual(values(desc)[0]);
  });

  it('refuses an undeclared sort, filter or query key with a 400 naming it', async () => {
    const undeclared = ['id', 'passwordHash', 'search', 'archivedAt'].find((k) => !r.fields[k]?.sort) ?? 'nope';
    const sort = await call('admin', 'GET', `${base(r)}?_start=0&_end=5&_sort=${undeclared}`);
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors).toHaveProperty('_sort');
    for (const key of ['archivedAt_gte', 'search', 'role[$ne]', 'nope']) {
      if (Object.entries(r.fields).some(([n, f]) => filterKeys(n, f).some((k) => k.key === key))) continue;
      const res = await call('admin', 'GET', `${base(r)}?_start=0&_end=5&${encodeURIComponent(key)}=x`);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().code).toBe('validation_failed');
      expect(Object.keys(res.json().errors)).toContain(key);
    }
  });

  it('filters by every declared filter kind', async () => {
    const row = await createRow(r);
    for (const [field, f] of Object.entries(r.fields)) {
      if (!f.filter || f.filter === 'search') continue;
      const value = row[field];
      if (value === null || value === undefined || (Array.isArray(value) && !value.length)) continue;
      const one = Array.isArray(value) ? value[0] : value;
      const v = f.type === 'datetime' ? String(one).slice(0, 10) : String(one);
      const list = async (query: string) => {
        const res = await call('admin', 'GET', `${base(r)}?_start=0&_end=100&${query}`);
        expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
        return res.json() as Array<Record<string, unknown>>;
      };
      if (f.filter === 'eq') {
        const eq = await list(`${field}=${encodeURIComponent(v)}`);
        expect(eq.map((x) => x.id)).toContain(row.id);
        for (const x of eq)
          expect(Array.isArray(x[field]) ? (x[field] as unknown[]).includes(one) : String(x[field]) === v, field).toBe(true);
        const ne = await list(`${field}_ne=${encodeURIComponent(v)}`);
        expect(ne.map((x) => x.id)).not.toContain(row.id);
        // Every row is in one of the two, rows without a value in `ne` (SQL's `<>` would drop them).
        const total = async (query: string) => {
          const res = await call('admin', 'GET', `${base(r)}?_start=0&_end=1${query ? `&${query}` : ''}`);
          return Number(res.headers['x-total-count']);
        };
        expect((await total(`${field}=${encodeURIComponent(v)}`)) + (await total(`${field}_ne=${encodeURIComponent(v)}`)), field).toBe(
          await total(''),
        );
      } else {
        const numeric = f.type === 'int' || f.type === 'decimal' || f.type === 'money';
        const inRange = await list(
          `${field}_gte=${encodeURIComponent(v)}&${field}_lte=${encodeURIComponent(f.type === 'datetime' ? '2099-12-31' : v)}`,
        );
        expect(inRange.map((x) => x.id)).toContain(row.id);
        const after = await list(`${field}_gte=${encodeURIComponent(numeric ? String(Number(v) + 1) : '2099-12-31')}`);
        expect(after.map((x) => x.id)).not.toContain(row.id);
      }
      // A value of the wrong type is a 400 naming the key.
      if (f.type !== 'string' && f.type !== 'email') {
        const bad = await call('admin', 'GET', `${base(r)}?_start=0&_end=5&${f.filter === 'range' ? `${field}_gte` : field}=%E2%9C%93`);
        expect(bad.statusCode, field).toBe(400);
      }
    }
  });

  // A unique text (an e-mail, a code, a name) is found exactly besides the search, as the stock
  // simple-rest provider asks (`email=…`, `email_ne=…`), in any letter case, as its uniqueness is checked.
  const uniqueTexts = Object.entries(r.fields)
    .filter(([, f]) => f.unique && TEXT_TYPES.includes(f.type))
    .map(([n]) => n);
  for (const field of uniqueTexts)
    it(`filters by its unique ${field} exactly (${field}=, ${field}_ne=), in any letter case, with consistent totals`, async () => {
      const row = await createRow(r);
      const other = await createRow(r);
      const value = String(row[field]);
      const list = async (query: string) => {
        const res = await call('admin', 'GET', `${base(r)}?_start=0&_end=100&${query}`);
        expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
        return { ids: (res.json() as Array<{ id: string }>).map((x) => x.id), total: Number(res.headers['x-total-count']) };
      };
      const all = (await list('')).total;
      expect(all).toBeGreaterThanOrEqual(2);
      for (const v of [value, swapCase(value), value.toUpperCase(), value.toLowerCase()]) {
        const q = encodeURIComponent(v);
        expect(await list(`${field}=${q}`), v).toEqual({ ids: [row.id], total: 1 });
        const ne = await list(`${field}_ne=${q}`);
        expect(ne.ids, v).not.toContain(row.id);
        expect(ne.total, v).toBe(all - 1);
        expect(await list(`id=${row.id}&id=${other.id}&${field}_ne=${q}`), v).toEqual({ ids: [other.id], total: 1 });
        // The paged form and the light rows of selects (no paging) read the same filter.
        const paged = await call('admin', 'GET', `${base(r)}/paginated?page=1&limit=10&${field}=${q}`);
        expect(paged.json(), v).toMatchObject({ data: [{ id: row.id }], total: 1 });
        const light = await call('admin', 'GET', `${base(r)}?${field}=${q}`);
        expect(
          (light.json() as Array<{ id: string }>).map((x) => x.id),
          v,
        ).toEqual([row.id]);
      }
      // Several values are any of them.
      const both = await list(`${field}=${encodeURIComponent(swapCase(value))}&${field}=${encodeURIComponent(String(other[field]))}`);
      expect({ ids: [...both.ids].sort(), total: both.total }).toEqual({ ids: [row.id, other.id].sort(), total: 2 });
      expect(await list(`${field}=${encodeURIComponent(`${value}x`)}`)).toEqual({ ids: [], total: 0 });
      // Junk is refused by name or finds nothing; never a 500.
      for (const junk of ['%00', 'a%00b', '%ED%A0%80', 'x'.repeat(201), "'%20OR%201%3D1%20--", '%25_%5C', '']) {
        const res = await call('admin', 'GET', `${base(r)}?_start=0&_end=5&${field}=${junk}&${field}_ne=${junk}`);
        expect(res.statusCode, `${junk}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().code, junk).toMatch(/^(validation_failed|invalid_value)$/);
        else expect(res.json(), junk).toEqual([]);
      }

      // The stock provider, as a Refine app asks with its `eq` and `ne` operators.
      const address = await listening();
      const provider = dataProvider(`${address}${r.base}`, axios.create({ headers: await t.auth('admin') }));
      const eq = await provider.getList({ resource: r.path, filters: [{ field, operator: 'eq', value: swapCase(value) }] });
      expect({ ids: eq.data.map((x) => x.id), total: eq.total }).toEqual({ ids: [row.id], total: 1 });
      const ne = await provider.getList({ resource: r.path, filters: [{ field, operator: 'ne', value: swapCase(value) }] });
      expect(ne.total).toBe(all - 1);
      expect(ne.data.map((x) => x.id)).not.toContain(row.id);
    });

  it('a wrong method on its paths is a 405 with Allow listing the methods they take; an unknown path stays a 404', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    // `/paginated` and `/export` are also matched by the item routes (`/:id`, refused as a bad id).
    const item = 'GET, HEAD, PUT, PATCH, DELETE';
    const cases: Array<[string, string, string]> = [
      ['DELETE', base(r), 'GET, HEAD, POST'],
      ['PATCH', `${base(r)}?_start=0&_end=5`, 'GET, HEAD, POST'],
      ['PUT', `${base(r)}/`, 'GET, HEAD, POST'],
      ['POST', `${base(r)}/paginated?page=1`, item],
      ['POST', `${base(r)}/export`, item],
      ['POST', `${base(r)}/${id}`, item],
      ['OPTIONS', `${base(r)}/${id}`, item],
    ];
    for (const [method, url, allow] of cases) {
      // Signed in or not: the path and the method are all it takes, as for a 404.
      for (const headers of [await t.auth('admin'), {}]) {
        const res = await t.app.inject({ method: method as 'GET', url, headers });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(405);
        expect(res.headers.allow, `${method} ${url}`).toBe(allow);
        expect(res.json()).toEqual({
          statusCode: 405,
          error: 'Method Not Allowed',
          code: 'method_not_allowed',
          message: `Method ${method} is not allowed on ${url.split('?')[0]}`,
        });
      }
    }
    // Each method the Allow header names is routed there (HEAD answers as GET does).
    for (const method of ['GET', 'HEAD'] as const)
      expect((await call('admin', method as 'GET', `${base(r)}?_start=0&_end=1`)).statusCode).toBe(200);
    // A resource nested under another's path (hr-commission/matrix) has that one's items beside it
    // (`/hr-commission/:id`): its unknown sibling is looked for outside them.
    const nested = RESOURCES.some((o) => o !== r && o.base === r.base && r.path.startsWith(`${o.path}/`));
    const unknownList = nested ? `${r.base}/${r.path.replaceAll('/', '-')}-no-such-list` : `${base(r)}-no-such-list`;
    for (const [method, url] of [
      ['GET', unknownList],
      ['DELETE', unknownList],
      ['POST', `${base(r)}/${id}/no/such/path`],
    ]) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: await t.auth('admin') });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('route_not_found');
      expect(res.headers.allow).toBeUndefined();
    }
  });

  it('the OpenAPI document lists its filters, each query key with its field and operator, on its lists and export', async () => {
    const doc = await openApi();
    const declared = Object.entries(r.fields)
      .flatMap(([field, f]) => filterKeys(field, f).map(({ key, op }) => ({ key, field, operator: op })))
      .sort((a, b) => a.key.localeCompare(b.key));
    expect(declared.length).toBeGreaterThan(0);
    for (const suffix of ['', '/paginated', '/export']) {
      const op = doc.paths[openApiPath(`${base(r)}${suffix}`)]?.get;
      expect(op, `GET ${base(r)}${suffix}`).toBeDefined();
      const params = (op!.parameters ?? []).filter((p) => p.in === 'query');
      const filters = params
        .filter((p) => p.schema?.['x-filter'])
        .map((p) => ({ key: p.name, ...p.schema!['x-filter']! }))
        .sort((a, b) => a.key.localeCompare(b.key));
      expect(filters, suffix).toEqual(declared);
      for (const p of params.filter((x) => x.schema?.['x-filter'])) {
        expect(p.description, p.name).toMatch(/^Filter: /);
        expect(p.required, p.name).toBe(false);
      }
      // A unique text says it ignores letter case.
      for (const field of uniqueTexts) expect(params.find((p) => p.name === field)?.description, field).toContain('ignoring letter case');
    }
  });

  it('searches accent-insensitively', async () => {
    const { field, value, query } = FACTORIES[r.name]!.accented;
    const row = await createRow(r, { [field]: value });
    const res = await call('admin', 'GET', `${base(r)}?_start=0&_end=50&q=${encodeURIComponent(query)}`);
    expect((res.json() as Array<{ id: string }>).map((x) => x.id)).toContain(row.id);
    const lookup = await call('admin', 'GET', `${base(r)}/lookup?q=${encodeURIComponent(query)}`);
    expect(lookup.json()).toContainEqual({ id: row.id, label: row[r.recordTitle] });
  });

  it('POST {} names every required field; malformed and unknown ids are 400 and 404', async () => {
    const res = await call('admin', 'POST', base(r), {});
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    const required = Object.entries(
      (r.schemas.create as unknown as { shape: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape,
    )
      .filter(([, s]) => !s.safeParse(undefined).success)
      .map(([k]) => k);
    expect(required.length).toBeGreaterThan(0);
    for (const k of required) expect(body.issues[k], k).toEqual({ code: 'required' });
    expect((await call('admin', 'GET', `${base(r)}/not-an-id`)).statusCode).toBe(400);
    expect((await call('admin', 'GET', `${base(r)}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });

  it("answers the entity's keys only, in lists, get, create and export", async () => {
    const created = await createRow(r);
    expect(Object.keys(created).sort()).toEqual(entityKeys);
    const one = (await call('admin', 'GET', `${base(r)}/${created.id}`)).json();
    expect(Object.keys(one).sort()).toEqual(entityKeys);
    const rows = (await call('admin', 'GET', `${base(r)}?_start=0&_end=5`)).json() as object[];
    for (const x of rows) expect(Object.keys(x).sort()).toEqual(entityKeys);
    const paged = (await call('admin', 'GET', `${base(r)}/paginated?page=1&limit=5`)).json() as { data: object[] };
    for (const x of paged.data) expect(Object.keys(x).sort()).toEqual(entityKeys);
    const csv = (await call('admin', 'GET', `${base(r)}/export?format=csv`)).body;
    const header = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')[0]!
      .split(',');
    for (const h of header) expect(entityKeys).toContain(h);
    expect(csv).not.toMatch(/\$argon2|passwordHash/);
  });

  it('PUT takes the whole record back; a changed read-only key is refused by name', async () => {
    const created = await createRow(r);
    const whole = { ...(created as object), ...FACTORIES[r.name]!.update(++seq, ctx) };
    const res = await call('admin', 'PUT', `${base(r)}/${created.id}`, whole);
    expect(res.statusCode, res.body).toBe(200);
    const changed = await call('admin', 'PUT', `${base(r)}/${created.id}`, {
      ...(res.json() as object),
      createdAt: '2001-01-01T00:00:00Z',
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ code: 'read_only', issues: { createdAt: { code: 'read_only' } } });
    const patchWhole = await call('admin', 'PATCH', `${base(r)}/${created.id}`, res.json());
    expect(patchWhole.statusCode).toBe(400); // PATCH stays strict
  });

  it('two editors: a write with a stale If-Match is refused with 412 stale_record naming who changed it, and the first change is kept', async () => {
    const created = await createRow(r);
    const url = `${base(r)}/${created.id}`;
    const opened = await call('admin', 'GET', url);
    const loaded = opened.headers.etag as string;
    expect(loaded).toMatch(/^"[\w-]+"$/);
    // A read repeated gives the same version; the first editor saves from it.
    expect((await call('admin', 'GET', url)).headers.etag).toBe(loaded);
    const headers = async (tag: string, name = 'if-match') => ({ ...(await t.auth('admin')), [name]: tag });
    const first = await t.app.inject({
      method: 'PATCH',
      url,
      headers: await headers(loaded),
      payload: FACTORIES[r.name]!.update(++seq, ctx),
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.headers.etag as string;
    expect(saved).not.toBe(loaded);
    expect((await call('admin', 'GET', url)).headers.etag).toBe(saved);

    // The second editor still holds the version both opened: PATCH, PUT and DELETE are refused.
    const second = FACTORIES[r.name]!.update(++seq, ctx);
    const stale = [
      await t.app.inject({ method: 'PATCH', url, headers: await headers(loaded), payload: second }),
      await t.app.inject({ method: 'PUT', url, headers: await headers(loaded), payload: { ...(opened.json() as object), ...second } }),
      await t.app.inject({ method: 'DELETE', url, headers: await headers(loaded) }),
      // A weak tag never matches (strong comparison), and a date before the first save is stale too.
      await t.app.inject({ method: 'PATCH', url, headers: await headers(`W/${saved}`), payload: second }),
      await t.app.inject({
        method: 'PATCH',
        url,
        headers: await headers('Sat, 01 Jan 2000 00:00:00 GMT', 'if-unmodified-since'),
        payload: second,
      }),
    ];
    for (const res of stale) {
      expect(res.statusCode, res.body).toBe(412);
      expect(res.headers.etag).toBe(saved);
      expect(res.json()).toMatchObject({
        code: 'stale_record',
        details: { changedBy: { id: t.users.admin.id, name: t.users.admin.fullName }, version: saved, current: first.json() },
      });
      expect(Date.parse(res.json().details.changedAt)).not.toBeNaN();
    }
    const now = await call('admin', 'GET', url);
    expect(now.json()).toEqual(first.json());
    expect(now.headers.etag).toBe(saved);
    const trail = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, r.name), eq(auditLog.entityId, created.id)));
    expect(trail.map((e) => e.action).sort()).toEqual(['created', 'updated']);

    // The current version, `*`, or no precondition at all (stock clients) go through.
    const current = await t.app.inject({ method: 'PATCH', url, headers: await headers(`"other", ${saved}`), payload: second });
    expect(current.statusCode, current.body).toBe(200);
    expect((await t.app.inject({ method: 'PATCH', url, headers: await headers('*'), payload: second })).statusCode).toBe(200);
    expect((await call('admin', 'PATCH', url, second)).statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url,
      headers: await headers((await call('admin', 'GET', url)).headers.etag as string),
    });
    expect(gone.statusCode, gone.body).toBe(200);
  });

  it('deletes softly with its audit trail and History', async () => {
    const created = await createRow(r);
    expect((await call('admin', 'PATCH', `${base(r)}/${created.id}`, FACTORIES[r.name]!.update(++seq, ctx))).statusCode).toBe(200);
    const history = (await call('admin', 'GET', `/api/v1/audit?entity=${r.name}&entityId=${created.id}`)).json();
    expect(history.data.map((e: { action: string }) => e.action)).toEqual(['updated', 'created']);
    expect(history.data[0].actor.id).toBe(t.users.admin.id);
    expect(history.data[0].changes.length).toBeGreaterThan(0);
    expect((await call('admin', 'DELETE', `${base(r)}/${created.id}`)).statusCode).toBe(200);
    // An archived row still opens by id, marked archived (read-only); a deleted one is gone.
    const after = await call('admin', 'GET', `${base(r)}/${created.id}`);
    expect(after.statusCode).toBe(r.softDelete ? 200 : 404);
    if (r.softDelete) expect(after.json().archivedAt).toEqual(expect.any(String));
    const ids = ((await call('admin', 'GET', `${base(r)}?_start=0&_end=100&id=${created.id}`)).json() as Array<{ id: string }>).map(
      (x) => x.id,
    );
    expect(ids).not.toContain(created.id);
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, r.name), eq(auditLog.entityId, created.id)));
    expect(trail.map((e) => e.action).sort()).toEqual(['created', 'deleted', 'updated']);
    if (r.softDelete) {
      // The archived row is kept, and a unique value it held is free again.
      const unique = Object.entries(r.fields).find(([, f]) => f.unique)?.[0];
      if (unique) await createRow(r, { [unique]: created[unique] });
    }
  });

  it('the stock @refinedev/simple-rest provider round-trips a row: getList, getOne, getMany, create, update, deleteOne', async () => {
    const address = await listening();
    const provider = dataProvider(`${address}${r.base}`, axios.create({ headers: await t.auth('admin') }));
    const resource = r.path;
    const created = (await provider.create({ resource, variables: FACTORIES[r.name]!.create(++seq, ctx) })).data as Record<string, unknown>;
    const id = created.id as string;
    const other = await createRow(r);
    expect((await provider.getOne({ resource, id })).data.id).toBe(id);
    const many = await provider.getMany!({ resource, ids: [id, other.id] });
    expect(many.data.map((x) => x.id).sort()).toEqual([id, other.id].sort());
    // A declared equality filter on the created row's value, sorted by a declared field, paged.
    const [field] = Object.entries(r.fields).find(([n, f]) => f.filter === 'eq' && !Array.isArray(created[n]) && created[n] != null) ?? [];
    const sortField = Object.entries(r.fields).find(([, f]) => f.sort)![0];
    const page = await provider.getList({
      resource,
      pagination: { currentPage: 1, pageSize: 50 },
      sorters: [{ field: sortField, order: 'desc' }],
      filters: [
        ...(field ? [{ field, operator: 'eq' as const, value: created[field] }] : []),
        { field: 'q', operator: 'eq' as const, value: String(created[r.recordTitle]) },
      ],
    });
    expect(page.data.map((x) => x.id)).toContain(id);
    expect(page.total).toBeGreaterThanOrEqual(1);
    const changes = FACTORIES[r.name]!.update(++seq, ctx);
    const updated = (await provider.update({ resource, id, variables: changes })).data as Record<string, unknown>;
    for (const [k, v] of Object.entries(changes)) expect(updated[k], k).toEqual(v);
    await provider.deleteOne({ resource, id });
    expect((await call('admin', 'GET', `${base(r)}/${id}`)).statusCode).toBe(r.softDelete ? 200 : 404);
  });

  it('the export holds exactly the rows of the list for the same filter', async () => {
    const list = (await call('admin', 'GET', `${base(r)}?_start=0&_end=100&_sort=createdAt&_order=desc`)).json() as object[];
    const total = Number((await call('admin', 'GET', `${base(r)}?_start=0&_end=1`)).headers['x-total-count']);
    const csv = (await call('admin', 'GET', `${base(r)}/export?format=csv&_sort=createdAt&_order=desc`)).body;
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines.length - 1).toBe(total);
    expect(list.length).toBe(Math.min(100, total));
  });

  it('the history answers only callers who may read the row', async () => {
    const created = await createRow(r);
    for (const role of ROLES) {
      const res = await call(role, 'GET', `/api/v1/audit?entity=${r.name}&entityId=${created.id}`);
      // A role that reads only its own rows is told nothing of another's (404, as for a missing row).
      expect(res.statusCode, role).toBe(EXPECTED_ACCESS[r.name]!.show!.includes(role) ? (ownRowsOnly(r, role) ? 404 : 200) : 403);
    }
  });

  it('a live event reaches only roles allowed to read the row', async () => {
    const address = await listening();
    const clients = await Promise.all(
      ROLES.map(async (role) => {
        const c = liveClient(address, (await t.tokens(role)).accessToken);
        await c.next('unread-count');
        return [role, c] as const;
      }),
    );
    const created = await createRow(r);
    // The row is admin's: roles that read only their own rows must not hear of it.
    const readers = EXPECTED_ACCESS[r.name]!.show!.filter((role) => !ownRowsOnly(r, role));
    for (const [role, c] of clients) {
      if (readers.includes(role)) await c.next('live', (p: { payload: { ids: string[] } }) => p.payload.ids.includes(created.id));
    }
    // Give a wrongly sent event time to arrive before checking that it did not.
    await new Promise((res) => setTimeout(res, 300));
    for (const [role, c] of clients) {
      const got = c.events.some(
        (e) => e.event === 'live' && (e.payload as { payload: { ids: string[] } }).payload.ids.includes(created.id),
      );
      expect(got, role).toBe(readers.includes(role));
      c.close();
    }
  });
});

it('GET /api/v1/user?email=… (the stock provider’s eq filter) answers that user, whatever the letter case', async () => {
  for (const email of ['admin@demo.local', 'Admin@Demo.LOCAL']) {
    const light = await call('admin', 'GET', `/api/v1/user?email=${encodeURIComponent(email)}`);
    expect(light.statusCode, light.body).toBe(200);
    expect(light.json()).toEqual([expect.objectContaining({ id: t.users.admin.id, email: 'admin@demo.local' })]);
    const paged = await call('admin', 'GET', `/api/v1/user?_start=0&_end=10&email=${encodeURIComponent(email)}`);
    expect((paged.json() as Array<{ id: string }>).map((u) => u.id)).toEqual([t.users.admin.id]);
    expect(paged.headers['x-total-count']).toBe('1');
  }
});

describe('owner scope', () => {
  it("a sale edits the customers they own, not another sale's, and creates them as their own", async () => {
    const customers = RESOURCES.find((r) => r.name === 'customers')!;
    const mine = await createRow(customers, { ownerSaleId: t.users.sale.id });
    const theirs = await createRow(customers, { ownerSaleId: t.users.sale_lead.id });
    expect((await call('sale', 'PATCH', `${base(customers)}/${mine.id}`, { country: 'VN' })).statusCode).toBe(200);
    const refused = await call('sale', 'PATCH', `${base(customers)}/${theirs.id}`, { country: 'VN' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_owner');
    // Everyone with the section still reads it.
    expect((await call('sale', 'GET', `${base(customers)}/${theirs.id}`)).statusCode).toBe(200);
    const created = await call('sale', 'POST', base(customers), { name: 'Own Account', code: `OWN${++seq}` });
    expect(created.statusCode).toBe(201);
    expect(created.json().ownerSaleId).toBe(t.users.sale.id);
    const forOther = await call('sale', 'POST', base(customers), {
      name: 'Other Account',
      code: `OTH${++seq}`,
      ownerSaleId: t.users.sale_lead.id,
    });
    expect(forOther.statusCode).toBe(403);
  });

  it('references must name live rows', async () => {
    const projects = RESOURCES.find((r) => r.name === 'projects')!;
    const res = await call('admin', 'POST', base(projects), {
      ...FACTORIES.projects!.create(++seq, ctx),
      customerId: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'reference_missing', issues: { customerId: { code: 'reference_missing' } } });
  });
});

// A job's candidates are a list nested under the job (`/jobs/:id/candidates`, removed by candidate
// id), held to the same contract through the same stock provider.
describe("a job's candidates (nested under jobs)", () => {
  const jobsDecl = RESOURCES.find((r) => r.name === 'jobs')!;
  const candidatesDecl = RESOURCES.find((r) => r.name === 'candidates')!;
  const names = ['Nguyễn Thị Ánh', 'Trần Văn Bình', 'Lê Hoàng Cường'];

  async function pipeline() {
    const job = await createRow(jobsDecl);
    const people = [];
    for (const fullName of names) people.push(await createRow(candidatesDecl, { fullName }));
    const resource = `jobs/${job.id}/candidates`;
    for (const c of people) expect((await call('admin', 'POST', `/api/v1/${resource}`, { candidateId: c.id })).statusCode).toBe(201);
    return { job, people, resource, url: `/api/v1/${resource}` };
  }

  it('every role lists, adds, moves and removes as the access table says', async () => {
    const { people, url } = await pipeline();
    const mismatches: string[] = [];
    for (const role of ROLES) {
      const list = await call(role, 'GET', `${url}?_start=0&_end=5`);
      if ((list.statusCode === 200) !== EXPECTED_ACCESS.jobs!.pipeline!.includes(role))
        mismatches.push(`${role} list → ${list.statusCode}`);
      const moves = EXPECTED_ACCESS.jobs!.move!.includes(role);
      // A sale moves the pipelines of their own jobs only: asked on an admin's job, 403 too.
      const move = await call(role, 'PATCH', `${url}/${people[0]!.id}/status`, { stage: 'sourced' });
      if (!moves && move.statusCode !== 403) mismatches.push(`${role} move → ${move.statusCode}, expected 403`);
      if (moves && role !== 'sale' && move.statusCode !== 422)
        mismatches.push(`${role} move to the same stage → ${move.statusCode}, expected 422`);
    }
    expect(mismatches).toEqual([]);
  });

  it('the stock @refinedev/simple-rest provider pages, sorts, filters, searches, adds and removes', async () => {
    const { people, resource } = await pipeline();
    const address = await listening();
    const provider = dataProvider(`${address}/api/v1`, axios.create({ headers: await t.auth('admin') }));
    const byName = await provider.getList({
      resource,
      pagination: { currentPage: 1, pageSize: 2 },
      sorters: [{ field: 'candidateName', order: 'desc' }],
    });
    expect(byName.total).toBe(3);
    expect(byName.data.map((x) => x.candidateName)).toEqual([...names].sort((a, b) => b.localeCompare(a, 'vi')).slice(0, 2));
    const second = await provider.getList({
      resource,
      pagination: { currentPage: 2, pageSize: 2 },
      sorters: [{ field: 'candidateName', order: 'desc' }],
    });
    expect(second.total).toBe(3);
    expect(new Set([...byName.data, ...second.data].map((x) => x.candidateId))).toEqual(new Set(people.map((c) => c.id)));

    const moved = await provider.custom!({
      url: `${address}/api/v1/${resource}/${people[1]!.id}/status`,
      method: 'patch',
      payload: { stage: 'screening', note: 'Called: strong on React' },
    });
    expect(moved.data).toMatchObject({ candidateId: people[1]!.id, stage: 'screening' });
    const screening = await provider.getList({ resource, filters: [{ field: 'stage', operator: 'eq', value: 'screening' }] });
    expect(screening.data.map((x) => x.candidateId)).toEqual([people[1]!.id]);
    const notScreening = await provider.getList({ resource, filters: [{ field: 'stage', operator: 'ne', value: 'screening' }] });
    expect(notScreening.total).toBe(2);
    // Accent-free search on the candidate's name.
    const found = await provider.getList({ resource, filters: [{ field: 'q', operator: 'eq', value: 'cuong' }] });
    expect(found.data.map((x) => x.candidateName)).toEqual(['Lê Hoàng Cường']);
    const future = await provider.getList({ resource, filters: [{ field: 'createdAt', operator: 'gte', value: '2099-01-01' }] });
    expect(future.total).toBe(0);

    const outsider = await createRow(candidatesDecl);
    const added = await provider.create({ resource, variables: { candidateId: outsider.id } });
    expect(added.data).toMatchObject({ candidateId: outsider.id, stage: 'sourced' });
    await provider.deleteOne({ resource, id: outsider.id });
    const after = await provider.getList({ resource, pagination: { currentPage: 1, pageSize: 10 } });
    expect(after.total).toBe(3);
    expect(after.data.map((x) => x.candidateId)).not.toContain(outsider.id);
  });

  it('without paging answers the whole pipeline (the board), and refuses an undeclared key or value by name', async () => {
    const { url } = await pipeline();
    const whole = await call('admin', 'GET', url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['x-total-count']).toBeUndefined();
    expect((whole.json() as unknown[]).length).toBe(3);
    for (const [query, key] of [
      ['_sort=fullName', '_sort'],
      ['stage=lost', 'stage'],
      ['status=active', 'status'],
      [`q=${'x'.repeat(201)}`, 'q'],
      ['updatedAt_gte=2026-01-01', 'updatedAt_gte'],
    ]) {
      const res = await call('admin', 'GET', `${url}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(key);
    }
  });
});
