import { inArray, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headcounts } from '../../src/server/modules/headcounts/headcounts.table.js';
import { users } from '../../src/server/modules/users/users.table.js';
import { buildTestApp, type TestApp } from '../fixtures/app.js';

// Two seats for one person saved at the same moment, on two connections of the app's pool: the
// per-person advisory lock makes the second write wait for the first and then see it, so only one
// of two 60 % seats gets in. Without the lock both read "no other seat" and both are saved.
// PostgreSQL-only (vitest.config.ts): the embedded database has one connection and runs one
// transaction at a time, so the race cannot happen there.

/** Pairs in flight at once: two requests each, within the pool's ten connections. */
const PAIRS = 5;
/** Rounds of pairs, each on people of its own: a lost race shows up in some round, not in every one. */
const ROUNDS = 4;

let t: TestApp;
let customerId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/customers?_start=0&_end=1&status=active', headers: await t.auth('admin') });
  customerId = (res.json() as Array<{ id: string }>)[0]!.id;
});
afterAll(() => t?.close());

describe("a person's seats saved at once", () => {
  it('two 60 % seats of one person sent together: one is saved, the other refused, never 120 %', async () => {
    expect(t.database.kind).toBe('postgres');
    const stamp = Date.now().toString(36);
    // People of this test only, straight into the table: they never sign in, and the API's sign-up would cost a hash each.
    const people = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: PAIRS * ROUNDS }, (_, i) => ({
          email: `race.${i}.${stamp}@example.com`,
          fullName: `Race Tester ${i}`,
          role: 'developer',
          status: 'active',
          passwordHash: 'never signs in',
        })),
      )
      .returning({ id: users.id });
    const headers = await t.auth('admin');
    const create = (userId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/headcount',
        headers,
        payload: { title: 'Race Engineer', userId, customerId, billingRate: 6000, allocation: 60, startDate: '2026-01-01' },
      });

    for (let round = 0; round < ROUNDS; round++) {
      const batch = people.slice(round * PAIRS, (round + 1) * PAIRS);
      const results = await Promise.all(batch.map((p) => Promise.all([create(p.id), create(p.id)])));
      for (const [a, b] of results) {
        expect([a.statusCode, b.statusCode].sort(), `${a.json().code ?? a.json().id} / ${b.json().code ?? b.json().id}`).toEqual([
          201, 422,
        ]);
        expect((a.statusCode === 422 ? a : b).json().code).toBe('allocation_over');
      }
    }

    const totals = await t.database.db
      .select({ userId: headcounts.userId, seats: sql<number>`count(*)::int`, total: sum(headcounts.allocation).mapWith(Number) })
      .from(headcounts)
      .where(
        inArray(
          headcounts.userId,
          people.map((p) => p.id),
        ),
      )
      .groupBy(headcounts.userId);
    expect(totals).toHaveLength(people.length);
    for (const row of totals) expect(row, row.userId).toMatchObject({ seats: 1, total: 60 });
  });
});
