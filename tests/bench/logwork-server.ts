/**
 * The app alone in a process of its own, for the logwork bench: its resident memory is then the
 * server's, measured from the parent through /proc while an export streams. Input: the database
 * URL as the one argument; tells the parent `{ port }` once it listens (demo data seeded).
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { SocketRealtime } from '../../src/server/realtime.js';
import { seedDemoData } from '../../src/server/seed/demo.js';

async function main() {
  const database = await openDatabase({ url: process.argv[2]! });
  const realtime = new SocketRealtime();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: '/nonexistent',
    ACCESS_TOKEN_TTL_S: '7200',
  });
  const { app } = await buildApp({ config, database, realtime });
  await seedDemoData(database.db, app.log);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  process.send!({ port });
  process.on('disconnect', () => {
    void (async () => {
      await realtime.close();
      await app.close();
      await database.close();
      process.exit(0);
    })();
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
