import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client.js';
import { hashPassword } from '../../src/server/modules/auth/passwords.js';
import { users } from '../../src/server/modules/users/users.table.js';
import { DEMO_PASSWORD, demoEmail } from '../../src/server/seed/demo.js';
import { createTestDatabase } from '../fixtures/app.js';
import { freePort, startServer, type ServerProcess } from '../fixtures/server-process.js';

// The start rule (src/server/start-rule.ts) in the real process, as `npm start` runs it: a server
// that other machines reach refuses to start with demo accounts (their password is published)
// unless DEMO_DATA=true says it is a demo on purpose, and then it warns and the client shows a
// banner; the embedded database listens on loopback by default. The embedded cases run in the
// api-pglite project, the PostgreSQL ones in api-postgres.

/** An address of this machine that is not loopback, where one exists (to prove what is reachable from outside). */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && !a.internal && a.family === 'IPv4')?.address;

async function reachable(host: string, port: number): Promise<boolean> {
  try {
    await fetch(`http://${host}:${port}/api/health`, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

/** Runs a server that must refuse: its exit code and what it printed. */
async function refused(env: Record<string, string>): Promise<{ code: number | string; output: string }> {
  const s = startServer({ ...env, PORT: String(await freePort()) });
  const code = await Promise.race([s.exited, new Promise<string>((r) => setTimeout(() => r('still running'), 45_000))]);
  if (code === 'still running') await s.stop();
  return { code, output: s.output() };
}

async function health(s: ServerProcess) {
  return (await (await fetch(`${s.url}/api/health`)).json()) as { status: string; demo: boolean };
}

const REFUSAL = /Refusing to start: HOST=0\.0\.0\.0 is reachable from other machines and/;

describe.runIf(process.env.TEST_DB !== 'postgres')('start rule, embedded database', () => {
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

describe.runIf(process.env.TEST_DB === 'postgres')('start rule, PostgreSQL', () => {
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
