// `npm run backup -- <file>`: the whole firm into one file (docs/operations.md).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BackupError, writeBackup } from '../src/server/backup/backup.js';
import { openConn } from '../src/server/backup/connection.js';
import { loadConfig } from '../src/server/config.js';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('usage: npm run backup -- <file>   (reads DATABASE_URL, else the embedded database in DATA_DIR)');
  process.exit(2);
}
try {
  const config = loadConfig();
  // Opening a missing folder would make an empty database there: say what is wrong instead.
  if (!config.DATABASE_URL && !existsSync(join(config.dataDir, 'pg')))
    throw new Error(`There is no embedded database in ${config.dataDir} (set DATA_DIR to the server's data folder, or DATABASE_URL).`);
  const conn = await openConn(config);
  try {
    const started = Date.now();
    const header = await writeBackup(conn, resolve(file));
    const rows = header.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Backed up ${header.tables.length} tables (${rows} rows, files included) at migration ${header.migration.tag} ` +
        `from ${conn.kind === 'postgres' ? 'PostgreSQL' : `the embedded database (${config.dataDir})`} to ${resolve(file)} in ${Date.now() - started} ms.`,
    );
  } finally {
    await conn.close();
  }
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err instanceof Error ? err.message : err);
  process.exit(1);
}
