import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { appSecrets } from '../../src/server/modules/auth/auth.table.js';
import { issueSetupCode } from '../../src/server/modules/auth/first-admin.js';
import { SocketRealtime } from '../../src/server/realtime.js';
import { createTestDatabase, login } from '../fixtures/app.js';
import { adminCreate, firstAdmin } from '../fixtures/first-admin.js';

// The first admin of a database without one: the setup screen's API (a code per instance, stored
// hashed, any of them accepted once, then every one spent) and `npm run admin:create`. The README's
// line on PostgreSQL end to end is first-admin-postgres.test.ts.

const onPostgres = process.env.TEST_DB === 'postgres';
const setup = (app: App, payload: object) => app.inject({ method: 'POST', url: '/api/v1/auth/setup', payload });

describe('first admin: setup screen API', () => {
  let database: Database;
  let app: App;
  let drop = async () => {};
  beforeAll(async () => {
    if (onPostgres) {
      const made = await createTestDatabase({ empty: true });
      drop = made.drop;
      database = await openDatabase({ url: made.url });
    } else database = await openDatabase({});
    const config = loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('hex'), DATA_DIR: '/nonexistent' });
    ({ app } = await buildApp({ config, database, realtime: new SocketRealtime() }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await drop();
  });

  it('open while no admin exists; any instance’s code works once, in any case and spacing; then closed for good', async () => {
    expect((await app.inject('/api/v1/auth/setup')).json()).toEqual({ open: true });
    // Two instances started: each printed its own code.
    const one = (await issueSetupCode(database.db))!;
    const two = (await issueSetupCode(database.db))!;
    expect(one).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(two).not.toBe(one);
    const stored = await database.db.select().from(appSecrets).where(like(appSecrets.name, 'setup_code:%'));
    expect(stored.map((r) => r.value)).not.toContain(one); // hashed, never the code itself

    const wrong = await setup(app, { ...firstAdmin, code: 'AAAA-BBBB-CCCC-DDDD' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'setup_code_invalid' });
    const weak = await setup(app, { ...firstAdmin, password: 'password', code: two });
    expect(weak.statusCode).toBe(400);
    expect(JSON.stringify(weak.json())).toContain('password_common');

    const done = await setup(app, { ...firstAdmin, code: ` ${two.toLowerCase().replaceAll('-', ' ')} ` });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ user: { email: 'mai.tran@firm.example', role: 'admin', status: 'active' } });
    const me = await app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${done.json().accessToken}` } });
    expect(me.json()).toMatchObject({ role: 'admin' });
    await login(app, firstAdmin.email, firstAdmin.password);

    // Single use: the other instance's code is spent too, and the screen is closed.
    const again = await setup(app, { ...firstAdmin, email: 'second@firm.example', code: one });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'setup_done' });
    expect((await app.inject('/api/v1/auth/setup')).json()).toEqual({ open: false });
    expect(await issueSetupCode(database.db)).toBeUndefined();
    expect(await database.db.select().from(appSecrets).where(like(appSecrets.name, 'setup_code:%'))).toEqual([]);
  });
});

describe('first admin: npm run admin:create', () => {
  it('refuses a weak password by the sign-up rules, and a missing name, before touching any database', () => {
    const weak = adminCreate(['--email', 'boss@firm.example', '--name', 'Boss'], {
      ADMIN_PASSWORD: 'short',
      DATA_DIR: '/nonexistent/never',
    });
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('the password needs at least 8 characters');
    const usage = adminCreate(['--email', 'boss@firm.example'], { ADMIN_PASSWORD: 'a long enough secret' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: npm run admin:create');
  });
});
