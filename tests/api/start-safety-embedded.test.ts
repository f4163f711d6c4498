import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client.js';
import { hashPassword } from '../../src/server/modules/auth/passwords.js';
import { users } from '../../src/server/modules/users/users.table.js';
import { DEMO_PASSWORD, demoEmail } from '../../src/server/seed/demo.js';
import { freePort, startServer } from '../fixtures/server-process.js';
import { outside, reachable, refused, health, REFUSAL } from '../fixtures/start-checks.js';

// The start rule (src/server/start-rule.ts) in the real process, as `npm start` runs it, on the
// embedded database: it listens on loopback by default; on every interface it refuses to start
// with demo accounts (their password is published) unless DEMO_DATA=true says it is a demo on
// purpose, and then it warns and the client shows a banner. PostgreSQL: start-safety-postgres.

describe('start rule, embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sbo-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('on every interface, an empty folder that would be seeded: refuses before writing anything', { timeout: 60_000 }, async () => {
    const { code, output } = await refused({ DATA_DIR: dir, HOST: '0.0.0.0' });
    expect(code).toBe(1);
    expect(output).toMatch(REFUSAL);
    expect(output).toContain('it would seed demo accounts whose password is published in the README');
    expect(output).toContain('HOST=127.0.0.1');
    const database = await openDatabase({ dataDir: dir });
    try {
      const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
      expect(row!.n).toBe(0);
      // The demo admin, as a seeded folder holds it (the rest of the seed adds nothing to the rule).
      await database.db.insert(users).values({
        email: demoEmail('admin'),
        fullName: 'Demo Admin',
        role: 'admin',
        status: 'active',
        passwordHash: await hashPassword(DEMO_PASSWORD),
      });
    } finally {
      await database.close();
    }
  });

  it('on every interface with a demo account found: refuses without DEMO_DATA=true', { timeout: 60_000 }, async () => {
    const { code, output } = await refused({ DATA_DIR: dir, HOST: '0.0.0.0' });
    expect(code).toBe(1);
    expect(output).toMatch(REFUSAL);
    expect(output).toContain('the database holds demo accounts');
  });

  it('with DEMO_DATA=true: starts, warns, and tells the client it is a demo', { timeout: 60_000 }, async () => {
    const s = startServer({ DATA_DIR: dir, HOST: '0.0.0.0', DEMO_DATA: 'true', PORT: String(await freePort()) });
    try {
      await s.ready(45_000);
      expect(s.output()).toContain('DEMO MODE: listening on 0.0.0.0');
      expect(s.output()).not.toContain(DEMO_PASSWORD);
      expect(await health(s)).toEqual({ status: 'ok', demo: true });
      if (outside) expect(await reachable(outside, s.port)).toBe(true);
    } finally {
      expect(await s.stop()).toBe(0);
    }
  });

  it('by default: listens on 127.0.0.1 only, no warning, no banner', { timeout: 60_000 }, async () => {
    // HOST empty reads as unset (the fixture's default is 127.0.0.1 already; this is the server's own).
    const s = startServer({ DATA_DIR: dir, HOST: '', PORT: String(await freePort()) });
    try {
      await s.ready(45_000);
      expect(s.output()).toContain(`Server listening at http://127.0.0.1:${s.port}`);
      expect(s.output()).not.toContain('DEMO MODE');
      expect(await health(s)).toEqual({ status: 'ok', demo: false });
      if (outside) expect(await reachable(outside, s.port)).toBe(false);
    } finally {
      expect(await s.stop()).toBe(0);
    }
  });
});
