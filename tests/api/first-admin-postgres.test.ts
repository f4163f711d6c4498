import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../fixtures/app.js';
import { adminCreate, firstAdmin, setupCodeOf } from '../fixtures/first-admin.js';
import { freePort, startServer } from '../fixtures/server-process.js';

// The README's line for one's own data, end to end in the real process: an empty PostgreSQL
// database, DEMO_DATA=false, the setup code from the log → an admin signs in; admin:create then
// refuses without --force and promotes with it.

describe('first admin on an empty PostgreSQL database', () => {
  it('the setup code from the log makes the admin, who signs in; admin:create refuses without --force', { timeout: 120_000 }, async () => {
    const { url, drop } = await createTestDatabase({ empty: true });
    const s = startServer({ DATABASE_URL: url, DEMO_DATA: 'false', PORT: String(await freePort()) });
    try {
      await s.ready(60_000);
      const code = await setupCodeOf(s.output);
      const post = (path: string, body: object) =>
        fetch(`${s.url}/api/v1/auth/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await post('setup', { ...firstAdmin, code })).status).toBe(200);
      expect((await post('login', { email: firstAdmin.email, password: firstAdmin.password })).status).toBe(200);

      const env = { DATABASE_URL: url, ADMIN_PASSWORD: 'another long secret' };
      const refused = adminCreate(['--email', 'ops@firm.example', '--name', 'Ops Lead'], env);
      expect(refused.status, refused.stderr).toBe(1);
      expect(refused.stderr).toContain('An administrator already exists');
      const forced = adminCreate(['--email', 'ops@firm.example', '--name', 'Ops Lead', '--force'], env);
      expect(forced.status, forced.stderr).toBe(0);
      const res = await post('login', { email: 'ops@firm.example', password: 'another long secret' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { user: { role: string } }).user.role).toBe('admin');
    } finally {
      await s.stop();
      await drop();
    }
  });
});
