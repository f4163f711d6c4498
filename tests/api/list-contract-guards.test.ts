import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../fixtures/app.js';
import { connectLive, type LiveClient } from '../fixtures/socket.js';
import { socketSessions } from '../../src/server/app.js';

// Black-box guards on the list contract of /api/v1/user (the generic resource runtime): each
// test here is one that a plausible slip in paging, ordering, search, archiving or live events
// makes fail. The exact-count limit is set to the number of tied rows so that its edge is crossed.
const TIED = 23;
let t: TestApp;
let base: string;
let admin: { authorization: string };
const tiedIds: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ EXACT_COUNT_LIMIT: String(TIED) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.realtime.attach(t.app.server, socketSessions(t.services), t.app.log);
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  admin = await t.auth('admin');
  // Rows that tie on every sort key but the id; created in an order unrelated to their ids.
  for (let i = 0; i < TIED; i++) {
    const res = await createUser({ fullName: 'Tie Breaker', email: `tie.${i}@example.com`, joinDate: '2024-01-01' });
    tiedIds.push(res.id);
  }
});
afterAll(() => t?.close());

async function createUser(fields: Record<string, unknown>): Promise<{ id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user',
    headers: admin,
    payload: { role: 'developer', password: 'Guard-Passw0rd-1', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

const page = async (query: string) => {
  const res = await t.app.inject({ url: `/api/v1/user/paginated?${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Array<{ id: string; fullName: string }>; total: number; totalIsEstimate?: boolean };
};

describe('ordering: equal sort keys never make pages overlap', () => {
  it.each(['asc', 'desc'] as const)('sorted by fullName %s, 4 a page: every tied row exactly once, ids breaking the tie', async (order) => {
    const seen: string[] = [];
    for (let p = 1; p <= Math.ceil(TIED / 4); p++) {
      const { data } = await page(`q=tie%20breaker&sort=fullName&order=${order}&limit=4&page=${p}`);
      seen.push(...data.map((u) => u.id));
    }
    expect(seen).toHaveLength(TIED);
    expect(new Set(seen).size).toBe(TIED);
    expect(new Set(seen)).toEqual(new Set(tiedIds));
    // The tie is broken by the id, in the direction of the sort.
    const sorted = [...seen].sort();
    expect(seen).toEqual(order === 'asc' ? sorted : sorted.reverse());
  });

  it('the same holds for json-server paging (_start/_end) on another tied key', async () => {
    const seen: string[] = [];
    for (let start = 0; start < TIED; start += 5) {
      const res = await t.app.inject({
        url: `/api/v1/user?q=tie%20breaker&_sort=joinDate&_order=asc&_start=${start}&_end=${start + 5}`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      seen.push(...(res.json() as Array<{ id: string }>).map((u) => u.id));
    }
    expect(seen).toEqual([...tiedIds].sort());
  });
});

describe('totals', () => {
  it(`a short last page gives the exact total (offset + rows), not the rows on the page`, async () => {
    const last = await page(`q=tie%20breaker&limit=4&page=${Math.ceil(TIED / 4)}`);
    expect(last.data).toHaveLength(TIED % 4);
    expect(last.total).toBe(TIED);
    expect(last.totalIsEstimate).toBeUndefined();
    const res = await t.app.inject({ url: `/api/v1/user?q=tie%20breaker&_start=20&_end=30`, headers: admin });
    expect(res.json()).toHaveLength(TIED - 20);
    expect(res.headers['x-total-count']).toBe(String(TIED));
  });

  it('a page past the end is empty and still gives the real total, not the offset', async () => {
    const beyond = await page('q=tie%20breaker&limit=4&page=10');
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(TIED);
    expect(beyond.totalIsEstimate).toBeUndefined();
    const res = await t.app.inject({ url: `/api/v1/user?q=tie%20breaker&_start=40&_end=50`, headers: admin });
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe(String(TIED));
  });

  it(`a full page counts exactly up to the limit (${TIED}), and one row more is an estimate`, async () => {
    const full = await page('q=tie%20breaker&limit=4&page=1');
    expect(full.total).toBe(TIED);
    expect(full.totalIsEstimate).toBeUndefined();
    const extra = await createUser({ fullName: 'Tie Breaker', email: 'tie.extra@example.com', joinDate: '2024-01-01' });
    try {
      const over = await page('q=tie%20breaker&limit=4&page=1');
      expect(over.totalIsEstimate).toBe(true);
      expect(over.total).toBeGreaterThanOrEqual(TIED + 1);
    } finally {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/user/${extra.id}`, headers: admin })).statusCode).toBe(200);
    }
  });
});

describe('search is accent- and case-insensitive on both sides', () => {
  beforeAll(async () => {
    // Names no demo user shares.
    await createUser({ fullName: 'Hélène Zyqwarth', email: 'helene.z@example.com' });
    await createUser({ fullName: 'Helene Zyqwarth Plain', email: 'helene.p@example.com' });
    await createUser({ fullName: 'Nguyễn Xqvăn Thành', email: 'nguyen.xq@example.com' });
  });

  it.each([
    ['Hélène Zyq', ['Helene Zyqwarth Plain', 'Hélène Zyqwarth']],
    ['HÉLÈNE ZYQ', ['Helene Zyqwarth Plain', 'Hélène Zyqwarth']],
    ['helene zyq', ['Helene Zyqwarth Plain', 'Hélène Zyqwarth']],
    ['Nguyễn Xqvăn', ['Nguyễn Xqvăn Thành']],
    ['nguyen xqvan', ['Nguyễn Xqvăn Thành']],
    ['Xqvăn Thành', ['Nguyễn Xqvăn Thành']],
  ])('q=%s', async (q, names) => {
    const { data } = await page(`q=${encodeURIComponent(q)}&limit=50`);
    expect(data.map((u) => u.fullName).sort()).toEqual(names);
  });
});

describe('archived rows', () => {
  it('are not listed, open by id marked archived, and their access tokens stop working', async () => {
    const victim = await createUser({ fullName: 'Archie Archived', email: 'archie@example.com' });
    const { accessToken } = await login(t.app, 'archie@example.com', 'Guard-Passw0rd-1');
    const me = () => t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect((await me()).statusCode).toBe(200);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/user/${victim.id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    // Kept (archived), not lost.
    const [row] = await t.database.db
      .execute<{ archived: boolean }>(sql`select archived_at is not null as archived from users where id = ${victim.id}`)
      .then((r) => (r as unknown as { rows: Array<{ archived: boolean }> }).rows);
    expect(row?.archived).toBe(true);

    expect((await page('q=archie&limit=10')).data).toEqual([]);
    // By id it still opens, marked archived: a link to it never ends on a 404.
    const byId = await t.app.inject({ url: `/api/v1/user/${victim.id}`, headers: admin });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().archivedAt).toEqual(expect.any(String));
    const many = await t.app.inject({ url: `/api/v1/user?id=${victim.id}&id=${tiedIds[0]}`, headers: admin });
    expect((many.json() as Array<{ id: string }>).map((u) => u.id)).toEqual([tiedIds[0]]);
    const light = await t.app.inject({ url: '/api/v1/user?q=archie', headers: admin });
    expect(light.json()).toEqual([]);

    const refused = await me();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'session_ended' });
  });
});

describe('live events', () => {
  let live: LiveClient;
  beforeAll(async () => {
    live = await connectLive(base, (await t.tokens('hr')).accessToken);
    await live.next('unread-count');
  });
  afterAll(() => live?.close());

  it('a colleague of the section hears create, update and delete, each with the row id', async () => {
    const created = await createUser({ fullName: 'Live Wire', email: 'live.wire@example.com' });
    const isFor = (type: string) => (e: { channel: string; type: string; payload: { ids: string[] } }) =>
      e.channel === 'resources/users' && e.type === type && e.payload.ids.includes(created.id);
    await live.next('live', isFor('created'));
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/v1/user/${created.id}`, headers: admin, payload: { title: 'Lead' } });
    expect(patched.statusCode).toBe(200);
    await live.next('live', isFor('updated'));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/user/${created.id}`, headers: admin })).statusCode).toBe(200);
    await live.next('live', isFor('deleted'));
  });
});

describe('a 500 never carries the error’s message or stack', () => {
  it('a broken table (a real database error nobody maps) answers the bare 500 shape', async () => {
    await t.database.db.execute(sql`alter table notifications rename to notifications_moved_away`);
    try {
      const res = await t.app.inject({ url: '/api/v1/notifications', headers: await t.auth('developer') });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        code: 'internal_error',
        message: 'Internal server error',
      });
      expect(res.body).not.toMatch(/notifications|relation|select|at |\.ts/);
    } finally {
      await t.database.db.execute(sql`alter table notifications_moved_away rename to notifications`);
    }
    expect((await t.app.inject({ url: '/api/v1/notifications', headers: await t.auth('developer') })).statusCode).toBe(200);
  });

  it('a row its response schema refuses (a value the column takes but the entity does not) answers the bare 500 shape', async () => {
    const misfit = await createUser({ fullName: 'Misfit Row', email: 'misfit.row@example.com' });
    await t.database.db.execute(sql`update users set level = 'wizard' where id = ${misfit.id}`);
    try {
      const res = await t.app.inject({ url: `/api/v1/user/${misfit.id}`, headers: admin });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        code: 'internal_error',
        message: 'Internal server error',
      });
      expect(res.body).not.toMatch(/wizard|level|schema|at |\.ts/);
    } finally {
      await t.database.db.execute(sql`update users set level = null where id = ${misfit.id}`);
    }
    expect((await t.app.inject({ url: `/api/v1/user/${misfit.id}`, headers: admin })).statusCode).toBe(200);
  });
});
