import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM } from './tests/e2e/support/chromium';

// End-to-end tests run the built client on its real server (embedded database, a
// fresh data folder each run, 5-second access tokens to exercise the refresh path) in
// Debian's Chromium; Playwright never downloads a browser. The e2e server always uses the
// embedded database (DATABASE_URL and REDIS_URL are cleared), whatever the caller's environment. One worker: 2 cores.
// E2E_BASE_URL points the tests at an already running app instead.

const PORT = Number(process.env.E2E_PORT ?? 3100);
const external = process.env.E2E_BASE_URL;
const dataDir = join(process.env.E2E_DATA_PARENT ?? mkdtempSync(join(tmpdir(), 'staffing-e2e-')), 'data');

// The server's mail goes over SMTP to a capture server the global setup starts on a
// loopback port; each received message becomes a JSON line in E2E_MAIL_FILE, which
// the specs read (tests/e2e/support/mail.ts). Both are set here, in the runner
// process, so that the workers inherit them.
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1000);
process.env.E2E_SMTP_PORT = String(SMTP_PORT);
process.env.E2E_MAIL_FILE ??= join(mkdtempSync(join(tmpdir(), 'staffing-e2e-mail-')), 'mail.jsonl');

export default defineConfig({
  testDir: 'tests/e2e',
  // Against an outside server there is no SMTP capture to read mailed codes from.
  testIgnore: external ? ['**/auth-mail.spec.ts'] : [],
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: external ?? `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    launchOptions: CHROMIUM,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
      },
    },
  ],
  webServer: external
    ? undefined
    : {
        command: `npm run build && DATABASE_URL= REDIS_URL= PORT=${PORT} DATA_DIR=${dataDir} ACCESS_TOKEN_TTL_S=5 SMTP_URL=smtp://127.0.0.1:${SMTP_PORT} MAIL_POLL_MS=500 LOG_LEVEL=warn npx tsx src/server/main.ts`,
        url: `http://localhost:${PORT}/api/health`,
        reuseExistingServer: false,
        timeout: 240_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
