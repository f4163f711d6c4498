import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DataDirLockedError, openDatabase, queryRows, queryRowsPrepared, type Database } from '../../src/server/db/client.js';
import { startUpkeep, upkeepRound } from '../../src/server/db/upkeep.js';
import { DEMO_PASSWORD, demoEmail } from '../../src/server/seed/demo.js';
import { freePort, startServer, type ServerProcess } from '../fixtures/server-process.js';
import { connectLive } from '../fixtures/socket.js';

// Runs in the api-pglite project only (vitest.config.ts): it does not depend on the database the suite runs against.
// ---------------------------------------------------------------------------
// The real process (src/server/main.ts) on an embedded data folder. Runs once, in the
// api-pglite project: it does not depend on the database the suite runs against.

describe('embedded database: one process per data folder, graceful shutdown', () => {
  let dir: string;
  let lockFile: string;
  let first: ServerProcess;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbo-data-'));
    lockFile = join(dir, 'server.lock');
    first = startServer({ DATA_DIR: dir, PORT: String(await freePort()), DEMO_DATA: 'true' });
    await first.ready(90_000);
  }, 120_000);
  afterAll(async () => {
    await first?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second process on the same folder with a clear message, and the first keeps serving', async () => {
    expect(readFileSync(lockFile, 'utf8')).toBe(String(first.child.pid));
    const second = startServer({ DATA_DIR: dir, PORT: String(await freePort()) });
    const code = await Promise.race([second.exited, new Promise((r) => setTimeout(() => r('still running'), 30_000))]);
    if (code === 'still running') await second.stop();
    expect(code).toBe(1);
    expect(second.output()).toContain(`The data folder ${dir} is in use by another server process (pid ${first.child.pid}).`);
    expect(second.output()).toContain('stop the other one, or set DATA_DIR or DATABASE_URL');
    expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(first.child.pid));
  });

  it('refuses in-process opens too: of a folder another process holds, and of one this process holds', async () => {
    const err = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toContain(`(pid ${first.child.pid})`);

    const own = mkdtempSync(join(tmpdir(), 'sbo-own-'));
    try {
      const db = await openDatabase({ dataDir: own });
      await expect(openDatabase({ dataDir: own })).rejects.toBeInstanceOf(DataDirLockedError);
      await db.close();
      expect(existsSync(join(own, 'server.lock'))).toBe(false);

      // Released on close; and a lock left by a process that died (a crash, a kill -9)
      // does not block the next start.
      const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
      writeFileSync(join(own, 'server.lock'), dead);
      const afterCrash = await openDatabase({ dataDir: own });
      expect(readFileSync(join(own, 'server.lock'), 'utf8')).toBe(String(process.pid));
      await afterCrash.close();
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('SIGTERM with clients connected: exits 0, removes the lock; the data survives a restart', async () => {
    const { accessToken } = (await (
      await fetch(`${first.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demoEmail('admin'), password: DEMO_PASSWORD }),
      })
    ).json()) as { accessToken: string };
    const live = await connectLive(first.url, accessToken);
    await live.next('unread-count');
    const disconnected = new Promise<void>((resolve) => live.socket.on('disconnect', () => resolve()));

    const started = Date.now();
    expect(await first.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(8000); // well before the 10 s forced exit
    await disconnected;
    live.close();
    expect(first.output()).toContain('SIGTERM: shutting down');
    expect(existsSync(lockFile)).toBe(false);

    // Same folder, next start: no second seeding, the accounts are still there.
    const next = startServer({ DATA_DIR: dir, PORT: String(await freePort()), DEMO_DATA: 'true' });
    try {
      await next.ready(60_000);
      const signIn = await fetch(`${next.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demoEmail('developer'), password: DEMO_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      expect(next.output()).not.toContain('Demo data seeded');
    } finally {
      expect(await next.stop()).toBe(0);
    }
    expect(existsSync(lockFile)).toBe(false);
  });
});

// One in-memory database for the tests below (each makes its own tables): opening one costs seconds.
let scratchDatabase: Promise<Database> | undefined;
const scratch = () => (scratchDatabase ??= openDatabase({ migrate: false }));
afterAll(async () => {
  await (await scratchDatabase)?.close();
});

describe('embedded database: raw reads answer as Drizzle does', () => {
  it('gives the same rows through queryRows (straight to PGlite) as through Drizzle, types read as text alike', async () => {
    const database = await scratch();
    const query = sql`select ${'Nguyễn'}::text as name, ${'12.50'}::numeric as amount, ${7}::int as n,
      timestamp '2026-11-29 10:00:00' as at, timestamptz '2026-11-29 10:00:00+00' as at_tz, date '2026-11-29' as day,
      interval '1 day' as span, array[1.5, 2.25]::numeric[] as amounts, array[date '2026-01-01'] as days,
      ${JSON.stringify({ a: 1 })}::jsonb as doc, true as yes, null::text as nothing`;
    const direct = await queryRows<Record<string, unknown>>(database.db, query);
    const drizzle = ((await database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    expect(direct).toEqual(drizzle);
    expect(direct[0]).toMatchObject({ at: '2026-11-29 10:00:00', day: '2026-11-29', amounts: '{1.5,2.25}', doc: { a: 1 } });
  });
});

describe('embedded database: a large read kept prepared', () => {
  it('answers as the plain read does for every kind of value, parses once, plans each run for its values and keeps a bounded few', async () => {
    const database = await scratch();
    const read = (v: { text: string; n: number; flag: boolean; day: Date; list: Array<string | null> }) =>
      sql`select ${v.text}::text as text, length(${v.text}) as length, ${v.n}::int + 1 as next, ${'12.50'}::numeric as amount,
        ${v.flag}::boolean as flag, ${v.day}::timestamptz as day, ${null}::text as nothing, ${sql.param(v.list)}::text[] as list, ${sql.param([v.n, v.n + 1])}::int[] as numbers`;
    const kept = async (text: string) =>
      (
        await queryRows<{ n: number; custom: number; generic: number }>(
          database.db,
          sql`select count(*)::int as n, coalesce(sum(custom_plans), 0)::int as custom, coalesce(sum(generic_plans), 0)::int as generic
        from pg_prepared_statements where statement like ${`%${text}%`}`,
        )
      )[0]!;
    const hostile = [`O'Brien`, `x'); select pg_sleep(1); --`, 'C:\\new\\table', 'Nguyễn Văn Ánh', "''", ''];
    for (const [i, text] of hostile.entries()) {
      const values = {
        text,
        n: i,
        flag: i % 2 === 0,
        day: new Date(Date.UTC(2026, 10, 29, i)),
        list: [text, `${text}"}`, null, '\\', 'NULL'],
      };
      expect(await queryRowsPrepared(database.db, read(values))).toEqual(await queryRows(database.db, read(values)));
    }
    // Parsed once for all six runs, each planned for its own values.
    expect(await kept('as length')).toEqual({ n: 1, custom: hostile.length, generic: 0 });
    // Many different statements: the least recently used ones are let go.
    for (let i = 0; i < 40; i++) await queryRowsPrepared(database.db, sql.raw(`select ${i} as kept_many_${i}`));
    expect((await kept('kept_many_')).n).toBeLessThanOrEqual(32);
    expect((await kept('kept_many_39')).n).toBe(1);
    // A value a literal cannot carry goes bound, unprepared.
    const nested = sql`select ${sql.param({ a: 1 })}::jsonb as doc`;
    expect(await queryRowsPrepared(database.db, nested)).toEqual([{ doc: { a: 1 } }]);
    expect((await kept('as doc')).n).toBe(0);
    // A statement that cannot be prepared fails as the plain read does, and is tried afresh next time.
    const wrong = sql`select * from no_such_table where id = ${1}`;
    await expect(queryRowsPrepared(database.db, wrong)).rejects.toThrow(/no_such_table/);
    await expect(queryRowsPrepared(database.db, wrong)).rejects.toThrow(/no_such_table/);
  });
});

describe('embedded database: statements queued under load', () => {
  it('let the event loop turn between them, so an answer goes out before the next queued statement runs', async () => {
    const database = await scratch();
    const order: string[] = [];
    // PGlite blocks the one thread while a statement runs; three queued at once, and a timer due meanwhile.
    const statements = [1, 2, 3].map((n) => queryRows(database.db, sql`select pg_sleep(0.03)`).then(() => order.push(`statement ${n}`)));
    setTimeout(() => order.push('timer'), 0);
    await Promise.all(statements);
    expect(order.filter((o) => o.startsWith('statement'))).toEqual(['statement 1', 'statement 2', 'statement 3']);
    // Without turns the three ran back to back and the timer waited for the last.
    expect(order.slice(0, order.indexOf('statement 3'))).toContain('timer');
    // A transaction waits its turn too and keeps its statements together.
    const inTx = database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(0.02)`);
      return (await tx.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
    });
    const outside = queryRows(database.db, sql`select 2 as two`);
    expect((await inTx).rows).toEqual([{ one: 1 }]);
    expect(await outside).toEqual([{ two: 2 }]);
  });
});

describe('embedded database: upkeep in place of autovacuum', () => {
  it('vacuums a table past its dead-row threshold, analyzes one past its change threshold, leaves the rest, and has nothing left to do after', async () => {
    const database = await scratch();
    const run = (statement: string) => queryRows(database.db, sql.raw(statement));
    for (const table of ['churned', 'grown', 'quiet']) {
      await run(`create table ${table} (id int primary key, v text)`);
      await run(`insert into ${table} select g, 'x' from generate_series(1, 1000) g`);
    }
    // The inserts' counts reach the statistics first (the embedded database hands them over when asked).
    await run('select pg_stat_force_next_flush()');
    await run('vacuum analyze');
    await run(`update churned set v = 'y' where id <= 600`); // 600 dead rows, over 50 + 20 % of 1 000
    await run(`insert into grown select g, 'x' from generate_series(1001, 1200) g`); // 200 changed, over 50 + 10 % of 1 200, no dead row
    await run(`update quiet set v = 'y' where id <= 40`); // under every threshold
    const size = async () =>
      Number((await queryRows<{ size: string }>(database.db, sql`select pg_relation_size('churned') as size`))[0]!.size);
    const first = await upkeepRound(database.db);
    expect(first.vacuumed).toEqual(['churned']);
    expect(first.analyzed).toEqual(['grown']);
    const stats = await run(`select relname, n_dead_tup::int as dead from pg_stat_user_tables where relname = 'churned'`);
    expect(stats).toEqual([{ relname: 'churned', dead: 0 }]);
    // Read again at once: nothing is past a threshold any more.
    expect(await upkeepRound(database.db)).toMatchObject({ vacuumed: [], analyzed: [] });
    // The space the dead rows took is used again rather than the table growing.
    const before = await size();
    await run(`update churned set v = 'z' where id <= 500`);
    expect(await size()).toBe(before);
  });

  it('runs its rounds on a timer on the embedded database, logging what it did, and none on PostgreSQL', async () => {
    const database = await scratch();
    const logged: Array<{ upkeep: { vacuumed: string[] } }> = [];
    const log = { info: (entry: { upkeep: { vacuumed: string[] } }) => logged.push(entry), warn: () => {} };
    const upkeep = startUpkeep(database, log as never, { intervalMs: 50 });
    try {
      await queryRows(database.db, sql`create table drained (id int primary key, v text)`);
      await queryRows(database.db, sql`insert into drained select g, 'x' from generate_series(1, 1000) g`);
      await queryRows(database.db, sql`delete from drained where id > 100`);
      await expect.poll(() => logged.some((e) => e.upkeep.vacuumed.includes('drained')), { timeout: 10_000 }).toBe(true);
    } finally {
      upkeep.stop();
    }
    // A database any use of which fails: a round would warn.
    const elsewhere = { db: {} as never, kind: 'postgres' as const, close: async () => {} };
    const spy = { info: () => expect.unreachable(), warn: () => expect.unreachable() };
    // PostgreSQL vacuums itself: no round.
    const none = startUpkeep(elsewhere, spy as never, { intervalMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    none.stop();
  });
});
