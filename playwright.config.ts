import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM } from './tests/e2e/support/chromium';
import { basePort, external, serverURL, workerCount } from './tests/e2e/support/servers';

// End-to-end tests run the built client on its real server (embedded database, 5-second access
// tokens to exercise the refresh path) in Debian's Chromium; Playwright never downloads a browser.
// Two workers (E2E_WORKERS), each with a server of its own on ports E2E_PORT, E2E_PORT + 1, each
// server on its own copy of one data folder seeded once per run (scripts/e2e.sh builds the client
// and seeds it before Playwright starts; scripts/e2e-server.sh copies it and starts a server). A
// test reaches its worker's server through the fixtures of tests/e2e/support/test.ts. The e2e
// servers always use the embedded database (DATABASE_URL and REDIS_URL are cleared), whatever the
// caller's environment. E2E_BASE_URL points the tests at an already running app instead (one worker).
// Every test stands on its own (fullyParallel): it signs in itself and makes the records it changes,
// so the tests of all files share the two workers in any order; a worker's tests run one at a
// time, so a server never serves two tests at once. Two workers on two cores (plus the servers and
// the browsers) give each step less CPU than one worker did: hence 15-second assertions and
// 90-second tests.

// Set here, in the runner process, so that the servers and the workers inherit them: the run's
// folder (the seeded data, the servers' copies; made by scripts/e2e.sh, else named here, made by
// the first server and removed by the global teardown), and the seed of the a11y crawl's sampling
// (tests/e2e/a11y.spec.ts; A11Y_SEED=<seed> replays one).
if (!process.env.E2E_RUN_DIR) {
  process.env.E2E_RUN_DIR = join(tmpdir(), `staffing-e2e-${process.pid}-${Date.now().toString(36)}`);
  process.env.E2E_RUN_DIR_TEMP = '1';
}
process.env.A11Y_SEED ??= String(Math.floor(Math.random() * 1_000_000));

// The servers' mail goes over SMTP to one capture server the global setup starts on a loopback
// port; each received message becomes a JSON line in E2E_MAIL_FILE, which the specs read
// (tests/e2e/support/mail.ts) by recipient: every test mails addresses of its own.
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? basePort + 1000);
process.env.E2E_SMTP_PORT = String(SMTP_PORT);
process.env.E2E_MAIL_FILE ??= join(process.env.E2E_RUN_DIR, 'mail.jsonl');

export default defineConfig({
  testDir: 'tests/e2e',
  // Against an outside server there is no SMTP capture to read mailed codes from.
  testIgnore: external ? ['**/auth-mail.spec.ts'] : [],
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: workerCount,
  retries: process.env.CI ? 1 : 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    ['./tests/e2e/support/flaky-reporter.ts'],
    ['json', { outputFile: 'test-results/e2e-report.json' }],
    ...(process.env.CI ? [['html', { open: 'never' }] as ['html', { open: string }]] : []),
  ],
  use: {
    // Each test's own server is its worker's (support/test.ts); this is worker 0's.
    baseURL: serverURL(0),
    // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot; the trace's
    // film of the screen is left out: recorded for every test, it cost a third of the suite's CPU.
    // In CI, where a failed test is retried once, only the retry records one: a trace's snapshots
    // of every step cost every passing test too, and a failure that repeats keeps its trace.
    trace: { mode: process.env.CI ? 'on-first-retry' : 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    locale: 'en-US',
    // The browser asks for less motion, as some people's systems do: the app then drops its
    // transitions and ripples (src/web/theme), and the tests drive pages at rest instead of
    // paying for animation frames. The settings and phone specs keep the motion (their test.use).
    reducedMotion: 'reduce',
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
    : Array.from({ length: workerCount }, (_, index) => ({
        command: `bash scripts/e2e-server.sh ${index}`,
        url: `${serverURL(index)}/api/health`,
        reuseExistingServer: false,
        // Without scripts/e2e.sh the first server also builds the client and seeds the folder.
        timeout: 300_000,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
      })),
});
