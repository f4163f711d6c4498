// Seeds one embedded-database data folder for an end-to-end run: migrations, the demo firm (which
// depends on today's date, so it is made per run), fresh statistics, then closed (closing removes
// the folder's server.lock). Each e2e server then starts on its own copy of it (scripts/e2e-server.sh).
//   npx tsx scripts/e2e-seed.ts <folder>
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.js';
import { seedDemoData } from '../src/server/seed/demo.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: e2e-seed.ts <folder>');

type Log = Parameters<typeof seedDemoData>[1];
const quiet = (): Log => {
  const warn = (...args: unknown[]) => console.error(...args);
  const log = { fatal: warn, error: warn, warn, info() {}, debug() {}, trace() {}, silent() {}, level: 'warn', child: () => log };
  return log as unknown as Log;
};

const started = Date.now();
const database = await openDatabase({ dataDir });
try {
  if (!(await seedDemoData(database.db, quiet()))) throw new Error(`${dataDir} already holds users: the seed wants an empty folder`);
  // PGlite has no autovacuum: fresh statistics keep list totals and plans honest (docs/decisions/003).
  await database.db.execute(sql`analyze`);
} finally {
  await database.close();
}
// Copies are taken only once this marker, beside the folder, is there.
writeFileSync(`${dataDir}.ready`, new Date().toISOString());
console.log(`e2e: demo data seeded in ${dataDir} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
