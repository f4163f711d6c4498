import { mkdirSync, rmSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { startMailCapture } from './mail-capture';

// Runs once in the runner process after the web servers started: the servers already
// poll the outbox (a failed round is retried), so mail arrives once this listens. Its
// teardown stops the capture and, when Playwright was started directly (not through
// scripts/e2e.sh, which removes its own), removes the run's folder.
export default async function globalSetup(_config: FullConfig) {
  const run = process.env.E2E_RUN_DIR!;
  mkdirSync(run, { recursive: true });
  const removeRun = () => {
    if (process.env.E2E_RUN_DIR_TEMP) rmSync(run, { recursive: true, force: true });
  };
  const port = Number(process.env.E2E_SMTP_PORT);
  const file = process.env.E2E_MAIL_FILE;
  if (!port || !file || process.env.E2E_BASE_URL) return removeRun;
  const stop = await startMailCapture(port, file);
  return async () => {
    await stop();
    removeRun();
  };
}
