import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client.js';
import { createTestDatabase } from '../fixtures/app.js';
import { freePort, startServer } from '../fixtures/server-process.js';
import { outside, reachable, refused, health, REFUSAL } from '../fixtures/start-checks.js';

// The start rule (src/server/start-rule.ts) in the real process on PostgreSQL, whose default host
// is every interface: a database holding the demo accounts is refused unless DEMO_DATA=true, and an
// empty one is not seeded. The embedded database: start-safety-embedded.

describe('start rule, PostgreSQL', () => {
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it(
    'a database holding the demo firm, on every interface (the default with DATABASE_URL): refused, then started with DEMO_DATA=true',
    {
      timeout: 90_000,
    },
    async () => {
      const { url, drop } = await createTestDatabase();
      drops.push(drop);
      const { code, output } = await refused({ DATABASE_URL: url, HOST: '' });
      expect(code).toBe(1);
      expect(output).toMatch(REFUSAL);
      expect(output).toContain('the database holds demo accounts');

      const s = startServer({ DATABASE_URL: url, HOST: '', DEMO_DATA: 'true', PORT: String(await freePort()) });
      try {
        await s.ready(45_000);
        expect(s.output()).toContain('DEMO MODE: listening on 0.0.0.0');
        expect(await health(s)).toEqual({ status: 'ok', demo: true });
        if (outside) expect(await reachable(outside, s.port)).toBe(true);
      } finally {
        expect(await s.stop()).toBe(0);
      }
    },
  );

  it('an empty database is not seeded without DEMO_DATA=true', { timeout: 90_000 }, async () => {
    const { url, drop } = await createTestDatabase({ empty: true });
    drops.push(drop);
    const s = startServer({ DATABASE_URL: url, HOST: '', PORT: String(await freePort()) });
    try {
      await s.ready(45_000);
      expect(s.output()).not.toContain('Demo data seeded');
      expect(await health(s)).toEqual({ status: 'ok', demo: false });
    } finally {
      expect(await s.stop()).toBe(0);
    }
    const database = await openDatabase({ url });
    try {
      const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
      expect(row!.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
