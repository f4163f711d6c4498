import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { refreshTokens } from '../../src/server/modules/auth/auth.table.js';
import { buildTestApp, login, type TestApp } from '../fixtures/app.js';

// Defaults stated as numbers: a changed default must be a decision a test notices, so these
// tests never read the constant they check.
describe('configuration defaults', () => {
  it('token lifetimes, refresh reuse interval, upload and count limits', () => {
    const c = loadConfig({});
    expect({
      ACCESS_TOKEN_TTL_S: c.ACCESS_TOKEN_TTL_S,
      REFRESH_TOKEN_TTL_S: c.REFRESH_TOKEN_TTL_S,
      REFRESH_REUSE_INTERVAL_S: c.REFRESH_REUSE_INTERVAL_S,
      FILE_MAX_BYTES: c.FILE_MAX_BYTES,
      EXACT_COUNT_LIMIT: c.EXACT_COUNT_LIMIT,
      MAIL_POLL_MS: c.MAIL_POLL_MS,
    }).toEqual({
      ACCESS_TOKEN_TTL_S: 900,
      REFRESH_TOKEN_TTL_S: 604800,
      REFRESH_REUSE_INTERVAL_S: 10,
      FILE_MAX_BYTES: 10485760,
      EXACT_COUNT_LIMIT: 1000,
      MAIL_POLL_MS: 10000,
    });
  });
});

describe('the refresh reuse interval, with the default settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { token } });
  const jti = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;
  /** Pretends the token was spent `seconds` ago. */
  const spentAgo = (token: string, seconds: number) =>
    t.database.db
      .update(refreshTokens)
      .set({ usedAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(refreshTokens.jti, jti(token)));

  it('a token spent 9 s ago still gets a pair (two tabs); 11 s ago it is a replay that ends the session', async () => {
    const first = await login(t.app, 'hr@demo.local', 'Demo1234!');
    expect((await refresh(first.refreshToken)).statusCode).toBe(200);
    await spentAgo(first.refreshToken, 9);
    const again = await refresh(first.refreshToken);
    expect(again.statusCode).toBe(200);

    await spentAgo(first.refreshToken, 11);
    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'session_ended' });
    // The whole family is revoked: the pair handed out within the interval is dead too.
    expect((await refresh((again.json() as { refreshToken: string }).refreshToken)).statusCode).toBe(401);
  });
});
