import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { writeBackup } from '../../src/server/backup/backup.js';
import { codeMigrations, databaseTables, schemaTables } from '../../src/server/backup/catalog.js';
import { connFor, type Conn } from '../../src/server/backup/connection.js';
import { resetSequences, restoreBackup } from '../../src/server/backup/restore.js';
import { openDatabase } from '../../src/server/db/client.js';
import { createTestDatabase } from '../fixtures/app.js';
import { describeFirm, extraWrites } from '../fixtures/backup-checks.js';
import { openSeededPglite } from '../fixtures/seeded-database.js';

// Backup and restore (docs/operations.md) on this project's database kind; the round trip across
// kinds and the move from a data folder to PostgreSQL are backup-across.test.ts (PostgreSQL only).

const onPostgres = process.env.TEST_DB === 'postgres';
const dir = mkdtempSync(join(tmpdir(), 'staffing-backup-test-'));
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

async function open(kind: 'pglite' | 'postgres', what: 'demo' | 'empty'): Promise<Conn> {
  let conn: Conn;
  if (kind === 'pglite') {
    conn = await connFor(what === 'demo' ? await openSeededPglite(inject('pgliteSeed')) : await openDatabase({ migrate: false }));
  } else {
    const { url, drop } = await createTestDatabase({ empty: what === 'empty' });
    cleanups.push(drop);
    conn = await connFor(await openDatabase({ url, migrate: false }));
  }
  cleanups.push(() => conn.close());
  return conn;
}
/** The seeded demo firm of this project, with writes a backup could get wrong. */
async function source(): Promise<Conn> {
  const conn = await open(onPostgres ? 'postgres' : 'pglite', 'demo');
  await extraWrites(conn);
  return conn;
}
const file = (name: string) => join(dir, `${name}-${randomBytes(3).toString('hex')}.backup`);

describe('backup and restore', { timeout: 120_000 }, () => {
  // One source and one target for the file: each opened database costs seconds.
  let from: Conn;
  let to: Conn;
  let f: string;

  it('round trip on the same kind: every table of the schema, each row count and content, each file, the migration level', async () => {
    from = await source();
    const before = await describeFirm(from);
    f = file('same');
    const header = await writeBackup(from, f);
    // Every table the database holds is in the backup, and the schema names every one of them.
    expect(header.tables.map((t) => t.name)).toEqual(await databaseTables(from));
    expect(header.tables.map((t) => t.name)).toEqual(schemaTables());
    expect(header.migration.when).toBe(codeMigrations().at(-1)!.when);
    expect(Object.keys(before.files).length).toBeGreaterThan(0);

    to = await open(onPostgres ? 'postgres' : 'pglite', 'empty');
    await restoreBackup(to, f);
    expect(await describeFirm(to)).toEqual(before);
    // The data versions' triggers are back: a write after the restore still bumps them.
    const version = async () => Number((await to.rows(`select coalesce(sum(version), 0)::text from data_versions`))[0]![0]);
    const v0 = await version();
    await to.rows(`update customers set name = name || ' ' where id = (select id from customers limit 1)`);
    expect(await version()).toBeGreaterThan(v0);
  });

  it('refuses a table the schema does not name (it would be left out), a non-empty target without force, a newer schema, a cut file', async () => {
    await from.exec('create table stray_notes (id int primary key)');
    await expect(writeBackup(from, file('stray'))).rejects.toThrow(/tables the application's schema does not name: stray_notes/);
    await from.exec('drop table stray_notes');

    // Restoring over a firm: refused, then replaced with --force.
    await expect(restoreBackup(to, f)).rejects.toThrow(/not empty \(.*hold rows\)/);
    await to.rows(`insert into customers (name, code) values ('Only here', 'ONLYHERE')`);
    await restoreBackup(to, f, { force: true });
    expect(await describeFirm(to)).toEqual(await describeFirm(from));

    const lines = gunzipSync(readFileSync(f)).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]!) as { migration: { when: number } };
    const newer = file('newer');
    const future = { ...header, migration: { when: header.migration.when + 1, tag: '9999_future' } };
    writeFileSync(newer, gzipSync([JSON.stringify(future), ...lines.slice(1)].join('\n')));
    await expect(restoreBackup(to, newer, { force: true })).rejects.toThrow(/newer version of the application .*9999_future/);
    expect(await describeFirm(to)).toEqual(await describeFirm(from));

    const cut = file('cut');
    writeFileSync(cut, gzipSync(lines.slice(0, -3).join('\n')));
    await expect(restoreBackup(to, cut, { force: true })).rejects.toThrow(/cut short/);
    // Nothing of the cut file stayed behind.
    expect(await to.rows(`select count(*)::int from users`)).toEqual([[0]]);
  });

  it('serial and identity columns carry on after the highest id restored', async () => {
    await to.exec(
      `create table seq_probe (id serial primary key, n int); create table ident_probe (id int generated always as identity primary key, n int)`,
    );
    await to.exec(
      `insert into seq_probe (id, n) values (1, 0), (7, 0); insert into ident_probe (id, n) overriding system value values (3, 0)`,
    );
    await resetSequences(to);
    expect(await to.rows(`insert into seq_probe (n) values (1) returning id`)).toEqual([[8]]);
    expect(await to.rows(`insert into ident_probe (n) values (1) returning id`)).toEqual([[4]]);
  });
});
