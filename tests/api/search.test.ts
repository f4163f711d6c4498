import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../src/domain/auth/permissions.js';
import { RESOURCES } from '../../src/domain/resources.js';
import type { SearchAnswer } from '../../src/domain/search.js';
import { invoices } from '../../src/server/modules/invoices/invoices.table.js';
import { salaries } from '../../src/server/modules/salaries/salaries.table.js';
import { EXPECTED_ACCESS } from '../fixtures/access-table.js';
import { buildTestApp, login, type TestApp } from '../fixtures/app.js';
import { FACTORIES, factoryContext } from '../fixtures/factories.js';

// The header's search answers only what the caller's own lists answer: for every role and every
// searchable resource, each hit is a row the same caller's list finds for the same words, and a role
// that may not list a resource (the hand-written access table) gets no group of it.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const SEARCHABLE = RESOURCES.filter((r) => r.globalSearch);

async function search(role: Role, q: string, limit = 20): Promise<SearchAnswer> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/search?q=${encodeURIComponent(q)}&limit=${limit}`,
    headers: await t.auth(role),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchAnswer;
}

const hitsOf = (answer: SearchAnswer, resource: string) => answer.groups.find((g) => g.resource === resource)?.hits ?? [];

async function post(role: Role, url: string, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url, payload: body, headers: await t.auth(role) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

describe('GET /api/v1/search', () => {
  it('declares the resources people look for', () => {
    expect(SEARCHABLE.map((r) => r.name)).toEqual(
      expect.arrayContaining(['users', 'candidates', 'customers', 'projects', 'jobs', 'invoices', 'tickets', 'salaries']),
    );
  });

  it('answers every role only rows its own list finds for the same words, and nothing it may not list', async () => {
    const checked = new Map<string, number>();
    for (const role of ROLES) {
      for (const q of ['a', 'n', '20', 'nguyen']) {
        const answer = await search(role, q);
        const headers = await t.auth(role);
        for (const decl of SEARCHABLE) {
          const hits = hitsOf(answer, decl.name);
          if (!EXPECTED_ACCESS[decl.name]!.list!.includes(role)) {
            expect(hits, `${role} may not list ${decl.name}`).toEqual([]);
            continue;
          }
          // The list's select rows (no paging): every row it finds for q in the caller's scope, up to 1 000.
          const list = await t.app.inject({ method: 'GET', url: `${decl.base}/${decl.path}?q=${encodeURIComponent(q)}`, headers });
          expect(list.statusCode, list.body).toBe(200);
          const listed = new Set((list.json() as Array<{ id: string }>).map((r) => r.id));
          expect(listed.size, `${decl.name}: the list's select rows are capped`).toBeLessThan(1000);
          const outside = hits.filter((h) => !listed.has(h.id));
          expect(outside, `${role} q=${q}: ${decl.name} hits its list does not show`).toEqual([]);
          // A resource whose list finds rows has a group: the search leaves none out.
          if (listed.size) expect(hits.length, `${role} q=${q}: ${decl.name} has a group`).toBeGreaterThan(0);
          for (const h of hits) {
            expect(h).toMatchObject({ resource: decl.name, path: `${decl.route}/${h.id}` });
            expect(h.title.length).toBeGreaterThan(0);
          }
          checked.set(decl.name, (checked.get(decl.name) ?? 0) + hits.length);
        }
        // No group of a resource that is not declared searchable.
        expect(answer.groups.every((g) => SEARCHABLE.some((d) => d.name === g.resource))).toBe(true);
      }
    }
    // Every searchable resource was found by someone: the comparison above ran on real hits.
    for (const decl of SEARCHABLE) expect(checked.get(decl.name) ?? 0, decl.name).toBeGreaterThan(0);
  }, 240_000);

  it('finds a name whatever its accents and case, the exact name first', async () => {
    const ctx = await factoryContext(t);
    const stamp = Date.now().toString(36);
    const base = FACTORIES.candidates!.create(901, ctx);
    const exact = await post('hr', '/api/v1/candidates', { ...base, fullName: `Nguyễn Thị Quỳnh ${stamp}` });
    const longer = await post('hr', '/api/v1/candidates', {
      ...FACTORIES.candidates!.create(902, ctx),
      fullName: `Nguyễn Thị Quỳnh ${stamp} Anh`,
    });
    const inside = await post('hr', '/api/v1/candidates', {
      ...FACTORIES.candidates!.create(903, ctx),
      fullName: `Lê Nguyễn Thị Quỳnh ${stamp}`,
    });
    for (const q of [`nguyen thi quynh ${stamp}`, `NGUYỄN THỊ QUỲNH ${stamp.toUpperCase()}`, `Nguyen Thi Quynh ${stamp}`]) {
      const hits = hitsOf(await search('hr', q), 'candidates');
      expect(
        hits.map((h) => h.id),
        q,
      ).toEqual([exact.id, longer.id, inside.id]);
    }
    expect(hitsOf(await search('hr', 'nguyen'), 'candidates').length).toBeGreaterThan(0);
  });

  it('ranks a word that starts with the words before one that only contains them', async () => {
    const ctx = await factoryContext(t);
    const stamp = `qx${Date.now().toString(36)}`;
    const names = [`Alpha${stamp}`, `Beta ${stamp}son`, `${stamp}`, `${stamp} Holdings`];
    const ids: Record<string, string> = {};
    for (const [i, name] of names.entries())
      ids[name] = (await post('admin', '/api/v1/customers', { ...FACTORIES.customers!.create(950 + i, ctx), name })).id;
    const hits = hitsOf(await search('admin', stamp), 'customers');
    expect(hits.map((h) => h.title)).toEqual([`${stamp}`, `${stamp} Holdings`, `Beta ${stamp}son`, `Alpha${stamp}`]);
    expect(hits[0]!.id).toBe(ids[stamp]);
    // The limit holds per resource.
    expect(hitsOf(await search('admin', stamp, 2), 'customers').map((h) => h.title)).toEqual([`${stamp}`, `${stamp} Holdings`]);
  });

  it('a sale never finds another sale’s invoice, even by its number', async () => {
    const theirs = await t.database.db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(and(ne(invoices.saleId, t.users.sale.id), isNotNull(invoices.number)))
      .limit(5);
    expect(theirs.length).toBeGreaterThan(0);
    for (const inv of theirs) {
      const sale = await search('sale', inv.number!);
      expect(hitsOf(sale, 'invoices').map((h) => h.id)).not.toContain(inv.id);
      // The same words find it for a lead, first: the check can fail.
      expect(hitsOf(await search('sale_lead', inv.number!), 'invoices')[0]?.id).toBe(inv.id);
    }
    const [own] = await t.database.db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.saleId, t.users.sale.id), isNotNull(invoices.number)))
      .limit(1);
    if (own) expect(hitsOf(await search('sale', own.number!), 'invoices')[0]?.id).toBe(own.id);
    const answer = await search('sale', 'a');
    const seen = hitsOf(answer, 'invoices').map((h) => h.id);
    const owners = seen.length ? await t.database.db.select({ id: invoices.id, saleId: invoices.saleId }).from(invoices) : [];
    for (const id of seen) expect(owners.find((o) => o.id === id)?.saleId).toBe(t.users.sale.id);
  });

  it('builds each caller their own statement: a second sale never gets the first one’s scope', async () => {
    const [own] = await t.database.db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.saleId, t.users.sale.id), isNotNull(invoices.number)))
      .limit(1);
    // The demo firm gives the sale numbered invoices; without one there would be nothing to leak.
    expect(own?.number, 'a numbered invoice of the first sale').toBeTruthy();
    expect(hitsOf(await search('sale', own!.number!), 'invoices')[0]?.id).toBe(own!.id);
    const email = `second.sale.${Date.now().toString(36)}@example.com`;
    await post('admin', '/api/v1/user', { email, fullName: 'Second Sale', role: 'sale', password: 'Second-Passw0rd!' });
    const { accessToken } = await login(t.app, email, 'Second-Passw0rd!');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/search?q=${encodeURIComponent(own!.number!)}&limit=20`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(hitsOf(res.json() as SearchAnswer, 'invoices')).toEqual([]);
  });

  it('nobody without the Salary section finds a salary', async () => {
    const [salary] = await t.database.db.select({ month: salaries.month }).from(salaries).limit(1);
    for (const role of ROLES) {
      const hits = hitsOf(await search(role, salary!.month), 'salaries');
      if (['admin', 'hr_lead', 'sale_lead'].includes(role)) {
        expect(hits.length, role).toBeGreaterThan(0);
        // Named as its card: the person and the month.
        expect(hits[0]!.title).toMatch(new RegExp(` · ${salary!.month}$`));
      } else expect(hits, role).toEqual([]);
    }
  });

  it('names a reference only to those who may read its names', async () => {
    // A developer reads their own tickets but may not look customers up: no customer is named beside them.
    const ctx = await factoryContext(t);
    const title = `Écran de connexion ${Date.now().toString(36)}`;
    const ticket = await post('developer', '/api/v1/tickets', {
      ...FACTORIES.tickets!.create(960, ctx, 'developer'),
      title,
      customerId: ctx.customerId,
    });
    const [dev] = hitsOf(await search('developer', 'ecran de connexion'), 'tickets').filter((h) => h.id === ticket.id);
    expect(dev).toBeDefined();
    expect(dev!.subtitle).toBeUndefined();
    const [admin] = hitsOf(await search('admin', title), 'tickets');
    expect(admin).toMatchObject({ id: ticket.id, subtitle: expect.any(String) });
    // Nothing else a developer may not list.
    const groups = (await search('developer', 'a')).groups.map((g) => g.resource);
    expect(groups.filter((g) => g !== 'tickets')).toEqual([]);
  });

  it('refuses bad input with field errors and anonymous callers with 401', async () => {
    const headers = await t.auth('admin');
    for (const url of [
      '/api/v1/search',
      '/api/v1/search?q=%20%20',
      '/api/v1/search?q=a&limit=0',
      '/api/v1/search?q=a&limit=21',
      `/api/v1/search?q=${'x'.repeat(101)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().errors ?? {}).length, url).toBeGreaterThan(0);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/search?q=a' })).statusCode).toBe(401);
    // Pattern characters are searched as themselves.
    expect((await search('admin', '%_\\')).groups).toEqual([]);
  });
});
