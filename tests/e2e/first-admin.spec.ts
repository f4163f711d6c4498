import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startServer, type ServerProcess } from '../fixtures/server-process';
import { expect, test } from './support/test';
import { useEnglish } from './support/session';
import { seriousViolations } from './shell-support';

// The README's line for one's own data, end to end: a server on an empty database with
// DEMO_DATA=false prints a setup code; the setup screen makes the first admin with it, who then
// signs in; once done, the screen leads to sign-in. On PostgreSQL when the run has it (CI), else
// on an empty embedded database. The worker's own servers hold the demo firm: this one is its own.

let server: ServerProcess;
let cleanup = async () => {};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env: Record<string, string> = { DEMO_DATA: 'false', PORT: String(await freePort()) };
  if (process.env.WEB_DIST) env.WEB_DIST = process.env.WEB_DIST;
  const admin = process.env.DATABASE_URL;
  if (admin) {
    const name = `app_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(`create database "${name}"`);
    await c.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    cleanup = async () => {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists "${name}" with (force)`);
      await d.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'staffing-e2e-setup-'));
    env.DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  server = startServer(env);
  await server.ready(90_000);
});

test.afterAll(async () => {
  await server?.stop();
  await cleanup();
});

/** The code of the log line "… enter the setup code XXXX-XXXX-XXXX-XXXX …" (it follows the listening line). */
async function setupCode(): Promise<string> {
  await expect.poll(() => /setup code ([A-Z2-9-]{19})/.exec(server.output())?.[1]).toBeTruthy();
  return /setup code ([A-Z2-9-]{19})/.exec(server.output())![1]!;
}

test('the first admin: the setup screen with the code from the log, then sign-in; afterwards the screen is closed', async ({
  page,
  browser,
}) => {
  await useEnglish(page);
  await page.goto(`${server.url}/auth/setup`);
  await expect(page.getByRole('heading', { name: 'Set up the first administrator' })).toBeVisible();
  // The screen no seeded server shows: the crawl of the guest routes never reaches it.
  expect(await seriousViolations(page)).toEqual([]);
  const arabic = await browser.newContext({ reducedMotion: 'reduce' });
  const rtl = await arabic.newPage();
  await rtl.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
  await rtl.goto(`${server.url}/auth/setup`);
  await expect(rtl.getByRole('heading', { name: 'إعداد المسؤول الأول' })).toBeVisible();
  await expect(rtl.locator('html')).toHaveAttribute('dir', 'rtl');
  await arabic.close();

  await page.getByLabel('Setup code').fill('AAAA-BBBB-CCCC-DDDD');
  await page.getByLabel('Full name').fill('Mai Tran');
  await page.getByLabel('Email address').fill('mai.tran@firm.example');
  await page.getByLabel('Password', { exact: true }).fill('a long enough secret');
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page.getByText('This setup code is not valid; copy it again from the server log')).toBeVisible();

  await page.getByLabel('Setup code').fill(await setupCode());
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page).not.toHaveURL(/\/auth\//);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // Signed out, a second visitor: the screen is gone; the new admin signs in with the form.
  const other = await browser.newContext({ reducedMotion: 'reduce' });
  const visitor = await other.newPage();
  await useEnglish(visitor);
  await visitor.goto(`${server.url}/auth/setup`);
  await expect(visitor).toHaveURL(/\/auth\/sign-in/);
  await visitor.getByLabel('Email address').fill('mai.tran@firm.example');
  await visitor.getByLabel('Password', { exact: true }).fill('a long enough secret');
  await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(visitor).not.toHaveURL(/\/auth\//);
  await expect(visitor.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await other.close();
});
