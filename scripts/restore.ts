// `npm run restore -- <file> [--force]`: a backup into an empty database of either kind (docs/operations.md).
import { resolve } from 'node:path';
import { BackupError, readBackupHeader } from '../src/server/backup/backup.js';
import { openConn } from '../src/server/backup/connection.js';
import { restoreBackup } from '../src/server/backup/restore.js';
import { loadConfig } from '../src/server/config.js';

const args = process.argv.slice(2);
const force = args.includes('--force');
const [file, ...rest] = args.filter((a) => a !== '--force');
if (!file || rest.length || file.startsWith('-')) {
  console.error('usage: npm run restore -- <file> [--force]   (into DATABASE_URL, else the embedded database in DATA_DIR)');
  process.exit(2);
}
try {
  const config = loadConfig();
  // A file that is not a backup is refused before any database is opened (or made).
  await readBackupHeader(resolve(file));
  const conn = await openConn(config);
  try {
    const started = Date.now();
    const { header, migratedForward } = await restoreBackup(conn, resolve(file), { force });
    const rows = header.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Restored ${header.tables.length} tables (${rows} rows) from ${resolve(file)} (written ${header.createdAt}) into ` +
        `${conn.kind === 'postgres' ? 'PostgreSQL' : `the embedded database (${config.dataDir})`} in ${Date.now() - started} ms` +
        (migratedForward ? `, then applied ${migratedForward} newer migrations.` : '.'),
    );
  } finally {
    await conn.close();
  }
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err instanceof Error ? err.message : err);
  process.exit(1);
}
