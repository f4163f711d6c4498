// The embedded database's first start creates it and seeds the demo firm in a process of its own:
// creating and seeding grow the database's memory and the JavaScript heap some 140 MB past what the
// firm needs afterwards (542 MB against 390 MB at the start), and neither gives memory back to the
// system; a process that exits does.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedDemoData } from './demo.js';

const self = fileURLToPath(import.meta.url);

/** Seeds the demo firm into the embedded database at `DATA_DIR` in a child process; resolves once it has exited cleanly. */
export function seedInChildProcess(): Promise<void> {
  return new Promise((resolve, reject) => {
    // The same Node options (the TypeScript loader when run from source) and the same environment.
    const child = spawn(process.execPath, [...process.execArgv, self], { stdio: 'inherit', env: process.env });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`The demo data could not be written (seed process ${signal ?? `exit ${code}`})`)),
    );
  });
}

async function seedHere() {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    await seedDemoData(database.db, pino({ level: config.LOG_LEVEL }), config.BASE_CURRENCY);
  } finally {
    await database.close();
  }
}

if (process.argv[1] === self)
  seedHere().catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
