// The gzip size of the JavaScript a browser really loads for the sign-in page and then the
// users list (route-level code splitting), measured in Debian's Chromium against the built
// app on its real server. Target: sign-in ≤ 250 KB.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../e2e/support/chromium.js';

const root = join(import.meta.dirname, '..', '..');
const PORT = 3190;
const base = `http://127.0.0.1:${PORT}`;

async function main() {
  console.log('\n== Web client: JavaScript loaded per page (gzip) ==');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const env = { ...process.env, DATABASE_URL: '', REDIS_URL: '', PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, stdio: 'ignore' });
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 120) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
    const browser = await chromium.launch(CHROMIUM);
    const page = await browser.newPage();
    const seen = new Map<string, number>();
    page.on('response', async (res) => {
      if (!/\.m?js(\?|$)/.test(new URL(res.url()).pathname)) return;
      try {
        seen.set(res.url(), gzipSync(await res.body(), { level: 9 }).length);
      } catch {
        /* a redirected or aborted response has no body */
      }
    });
    const total = () => [...seen.values()].reduce((a, b) => a + b, 0);

    await page.goto(`${base}/auth/sign-in`, { waitUntil: 'networkidle' });
    const signIn = total();
    const signInFiles = seen.size;
    await page
      .getByLabel(/e-?mail/i)
      .first()
      .fill('admin@demo.local');
    await page
      .getByLabel(/password/i)
      .first()
      .fill('Demo1234!');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
    await page.goto(`${base}/users`, { waitUntil: 'networkidle' });
    await page.getByRole('grid').waitFor();
    const users = total();
    await browser.close();

    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `sign-in page          ${kb(signIn).padStart(10)}  (${signInFiles} files)  target ≤ 250 KB: ${signIn <= 250 * 1024 ? 'met' : 'MISSED'}`,
    );
    console.log(`+ users list (total)  ${kb(users).padStart(10)}  (${seen.size} files)`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
