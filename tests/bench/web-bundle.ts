// The JavaScript a browser really loads for the sign-in page and then the users list
// (route-level code splitting), measured in Debian's Chromium against the built app on its
// real server: the gzip -9 size of each file (the target's measure: sign-in ≤ 250 KB), and
// what crossed the wire — every file (JS, CSS, fonts, HTML, JSON) as the server sent it
// (brotli or gzip) beside its uncompressed size — for the sign-in page and for the users
// list opened cold (a signed-in browser with an empty cache).
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
  const healthy = () =>
    fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  // Another server on the port would be measured instead of this build.
  if (await healthy()) throw new Error(`port ${PORT} is already in use`);
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const env = {
    ...process.env,
    DATABASE_URL: '',
    REDIS_URL: '',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, stdio: 'ignore' });
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error('server exited');
      if (await healthy()) break;
      if (i > 120) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
    const browser = await chromium.launch(CHROMIUM);
    const page = await browser.newPage();
    const seen = new Map<string, number>();
    // Every JavaScript file the page fetches, module preloads and lazy chunks included;
    // the bodies are read asynchronously, so the sums wait for all reads in flight.
    const reads: Promise<void>[] = [];
    const unread = new Set<string>();
    page.on('response', (res) => {
      if (!/\.m?js(\?|$)/.test(new URL(res.url()).pathname)) return;
      if (res.status() >= 300 && res.status() < 400) return; // a redirect has no body
      reads.push(
        res.body().then(
          (body) => {
            seen.set(res.url(), gzipSync(body, { level: 9 }).length);
          },
          () => {
            unread.add(res.url());
          },
        ),
      );
    });
    const settle = async () => {
      await page.waitForLoadState('networkidle');
      await Promise.all(reads);
    };
    const total = () => [...seen.values()].reduce((a, b) => a + b, 0);

    await page.goto(`${base}/auth/sign-in`, { waitUntil: 'networkidle' });
    // Measured once the form is on screen and nothing more loads.
    await page
      .getByLabel(/e-?mail/i)
      .first()
      .waitFor();
    await settle();
    const signIn = total();
    const signInFiles = seen.size;
    const signInSizes = new Map(seen);
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
    await settle();
    await page.goto(`${base}/users`, { waitUntil: 'networkidle' });
    await page.getByRole('grid').waitFor();
    await settle();
    const users = total();

    // The wire: a fresh browser context (empty cache) per page.
    const wire = async (path: string, ready: (p: typeof page) => Promise<unknown>, cookies?: Parameters<typeof context.addCookies>[0]) => {
      const context = await browser.newContext();
      if (cookies) await context.addCookies(cookies);
      const p = await context.newPage();
      const sizes: Promise<{ sent: number; body: number }>[] = [];
      p.on('requestfinished', (req) => {
        sizes.push(
          Promise.all([req.sizes(), req.response()]).then(async ([s, res]) => {
            const body = res
              ? await res.body().then(
                  (b) => b.length,
                  () => 0,
                )
              : 0;
            return { sent: s.responseBodySize, body };
          }),
        );
      });
      await p.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      await ready(p);
      await p.waitForLoadState('networkidle');
      const all = await Promise.all(sizes);
      await context.close();
      return { files: all.length, sent: all.reduce((a, b) => a + b.sent, 0), body: all.reduce((a, b) => a + b.body, 0) };
    };
    const context = page.context();
    const cookies = await context.cookies();
    const wireSignIn = await wire('/auth/sign-in', (p) =>
      p
        .getByLabel(/e-?mail/i)
        .first()
        .waitFor(),
    );
    const wireUsers = await wire('/users', (p) => p.getByRole('grid').waitFor(), cookies);
    await browser.close();
    // A file whose body could not be read (the page navigated away first) is not counted.
    const missed = [...unread].filter((url) => !seen.has(url));
    if (missed.length) throw new Error(`JavaScript not measured: ${missed.join(', ')}`);

    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `sign-in page          ${kb(signIn).padStart(10)}  (${signInFiles} files)  target ≤ 250 KB: ${signIn <= 250 * 1024 ? 'met' : 'MISSED'}`,
    );
    console.log(`+ users list (total)  ${kb(users).padStart(10)}  (${seen.size} files)`);
    console.log('  transferred (as sent: brotli/gzip) / uncompressed, every file, empty cache:');
    for (const [name, w] of [
      ['sign-in page', wireSignIn],
      ['users list, cold', wireUsers],
    ] as const) {
      console.log(`    ${name.padEnd(18)} ${kb(w.sent).padStart(10)} / ${kb(w.body).padStart(10)}  (${w.files} requests)`);
    }
    // The largest files of each step (WEB_BUNDLE_FILES=all lists every file).
    const top = process.env.WEB_BUNDLE_FILES === 'all' ? Infinity : 8;
    const list = (title: string, files: [string, number][]) => {
      console.log(`  ${title}:`);
      const sorted = files.sort((a, b) => b[1] - a[1]);
      for (const [url, size] of sorted.slice(0, top)) console.log(`    ${kb(size).padStart(9)}  ${new URL(url).pathname}`);
      if (sorted.length > top)
        console.log(`    ${kb(sorted.slice(top).reduce((a, [, n]) => a + n, 0)).padStart(9)}  ${sorted.length - top} more`);
    };
    list('sign-in', [...signInSizes]);
    list(
      'then the users list',
      [...seen].filter(([url]) => !signInSizes.has(url)),
    );
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
