import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp, socketSessions } from './app.js';
import { loadConfig } from './config.js';
import { embeddedDatabaseExists, openDatabase } from './db/client.js';
import { SocketRealtime } from './realtime.js';
import { demoFacts, seedDemoData } from './seed/demo.js';
import { seedInChildProcess } from './seed/seed-process.js';
import { decideStart } from './start-rule.js';
import { startMailSender } from './modules/mail/mail.service.js';
import { startUpkeep } from './db/upkeep.js';
import { issueSetupCode } from './modules/auth/first-admin.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function main() {
  const config = loadConfig();
  const open = () =>
    openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.dataDir,
      connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
      poolMax: config.DB_POOL_MAX,
    });
  const embedded = !config.DATABASE_URL;
  // A new data folder holds nothing yet: the start is decided without creating it, and the demo
  // firm is created and written by a process of its own (seed-process.ts says why).
  const fresh = embedded && !embeddedDatabaseExists(config.dataDir);
  let start = fresh ? decideStart(config, { hasUsers: false, demoAccounts: false }) : undefined;
  if (start?.verdict === 'refuse') throw new Error(start.message);
  if (start?.seed) await seedInChildProcess();
  let database = await open();
  if (!start) {
    // Decided before anything is written: a refused start leaves the database as it found it.
    start = decideStart(config, await demoFacts(database.db));
    if (start.verdict === 'refuse') {
      await database.close();
      throw new Error(start.message);
    }
    if (start.seed && embedded) {
      await database.close();
      await seedInChildProcess();
      database = await open();
    }
  }
  const realtime = new SocketRealtime();
  const { app, services } = await buildApp({
    config,
    database,
    realtime,
    webRoot: process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(root, 'dist', 'web'),
    demo: start.verdict === 'warn',
  });
  if (start.seed && database.kind !== 'pglite') await seedDemoData(database.db, app.log, config.BASE_CURRENCY);
  if (start.verdict === 'warn') app.log.warn(start.message);
  // Without an admin nobody could ever run the firm: a one-time code for the setup screen.
  const setupCode = await issueSetupCode(database.db);
  // PGlite has no autovacuum: fresh statistics keep list totals and plans honest (docs/decisions/003).
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
  await app.ready();
  await realtime.attach(app.server, socketSessions(services), app.log, config.REDIS_URL);
  const upkeep = startUpkeep(database, app.log, { intervalMs: config.EMBEDDED_UPKEEP_MS });
  const mailer = config.SMTP_URL ? startMailSender(database.db, app.log, config.SMTP_URL, { intervalMs: config.MAIL_POLL_MS }) : undefined;
  await app.listen({ port: config.PORT, host: start.host });
  app.log.info(
    `Database: ${database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL'}; live events: ${realtime.status()}`,
  );
  if (setupCode)
    app.log.warn(
      `No administrator yet. Open /auth/setup on this server and enter the setup code ${setupCode} (single use), or run npm run admin:create on this machine.`,
    );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      mailer?.stop();
      upkeep.stop();
      await realtime.close();
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
