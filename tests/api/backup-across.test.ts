import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../../src/server/backup/backup.js';
import { connFor, openConn, type Conn } from '../../src/server/backup/connection.js';
import { restoreBackup } from '../../src/server/backup/restore.js';
import { openDatabase } from '../../src/server/db/client.js';
import { DEMO_PASSWORD, demoEmail } from '../../src/server/seed/demo.js';
import { createTestDatabase } from '../fixtures/app.js';
import { describeFirm, extraWrites } from '../fixtures/backup-checks.js';
import { freePort, startServer } from '../fixtures/server-process.js';

// Backup and restore across the two kinds of database: PostgreSQL → embedded → PostgreSQL gives
// the same firm, and the README's move from a data folder to PostgreSQL — `npm run backup` with
// DATA_DIR, `npm run restore` with DATABASE_URL, then the server on PostgreSQL — in real processes.

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'staffing-backup-across-'));
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

async function postgres(what: 'demo' | 'empty'): Promise<{ url: string; open: () => Promise<Conn> }> {
  const { url, drop } = await createTestDatabase({ empty: what === 'empty' });
  cleanups.push(drop);
  const open = async () => {
    const conn = await connFor(await openDatabase({ url, migrate: false }));
    cleanups.push(() => conn.close());
    return conn;
  };
  return { url, open };
}

/** `npm run <script> -- <args>` as a process of its own, with only `env` for settings. */
function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    encoding: 'utf8',
  });
}
function npmScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const r = run(script, args, env);
  expect(r.status, `${script}: ${r.stdout}${r.stderr}`).toBe(0);
  return r.stdout;
}

describe('backup and restore across kinds', { timeout: 180_000 }, () => {
  it('PostgreSQL → a data folder → PostgreSQL with the commands of the README: the same firm, served and signed in to', async () => {
    const source = await (await postgres('demo')).open();
    await extraWrites(source);
    const before = await describeFirm(source);
    const first = join(dir, 'from-postgres.backup');
    await writeBackup(source, first);

    // The firm as a server's ./data folder holds it.
    const dataDir = join(dir, 'data');
    const folder = await openConn({ dataDir });
    try {
      await restoreBackup(folder, first);
      expect(await describeFirm(folder)).toEqual(before);
    } finally {
      await folder.close();
    }

    // The move: three commands.
    const file = join(dir, 'firm.backup');
    expect(npmScript('backup', [file], { DATA_DIR: dataDir })).toContain('Backed up');
    const target = await postgres('empty');
    expect(npmScript('restore', [file], { DATABASE_URL: target.url })).toContain('Restored');
    expect(await describeFirm(await target.open())).toEqual(before);

    const s = startServer({ DATABASE_URL: target.url, PORT: String(await freePort()) });
    try {
      await s.ready(60_000);
      const login = await fetch(`${s.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demoEmail('admin'), password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };
      const list = await fetch(`${s.url}/api/v1/customers?q=${encodeURIComponent('Ánh Dương')}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(list.status).toBe(200);
      expect(JSON.stringify(await list.json())).toContain('Công ty Ánh Dương');
      // A write after the move gets fresh ids and numbers as before it.
      const created = await fetch(`${s.url}/api/v1/tech-stacks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Moved-Stack' }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
    } finally {
      await s.stop();
    }
  });

  it('the commands make no database where there is none: a missing data folder to back up, a file that is not a backup', () => {
    const missing = join(dir, 'no-such-folder');
    const backup = run('backup', [join(dir, 'x.backup')], { DATA_DIR: missing });
    expect(backup.status).toBe(1);
    expect(backup.stderr).toContain(`There is no embedded database in ${missing}`);
    const restore = run('restore', ['/etc/hostname'], { DATA_DIR: missing });
    expect(restore.status).toBe(1);
    expect(restore.stderr).toContain('is not a readable backup');
    const absent = run('restore', [join(dir, 'absent.backup')], { DATA_DIR: missing });
    expect(absent.stderr).toContain('is not a readable backup');
    expect(existsSync(missing)).toBe(false);
  });
});
