import type { FullConfig } from '@playwright/test';
import { startMailCapture } from './mail-capture';

// Runs once in the runner process after the web server started: the server already
// polls the outbox (a failed round is retried), so mail arrives once this listens.
export default async function globalSetup(_config: FullConfig) {
  const port = Number(process.env.E2E_SMTP_PORT);
  const file = process.env.E2E_MAIL_FILE;
  if (!port || !file || process.env.E2E_BASE_URL) return;
  const stop = await startMailCapture(port, file);
  return stop;
}
