// All developers' logwork end to end: hr opens the month, moves to the one where a developer's
// hours were logged through the API, narrows it to that developer and to people with missing
// logs, exports, and the downloaded workbook holds those hours and nobody else.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from './support/test';
import { signIn, useEnglish, demoEmail } from './support/session';
import { apiLogin, presetShell, SHELL_MODES, modeName, seriousViolations, settled } from './shell-support';

// May 2023 is clear of the demo data; June is where the page is opened, to step back a month.
const MONTH = '2023-05';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('hr filters the month, sees hours and missing days, and exports exactly what is on screen', async ({ page, request }) => {
  const dev = await apiLogin(request, 'developer');
  const headers = { Authorization: `Bearer ${dev.token}` };
  const lookup = await request.get('/api/v1/projects/lookup?limit=1', { headers });
  expect(lookup.ok(), await lookup.text()).toBeTruthy();
  const [project] = (await lookup.json()) as Array<{ id: string; label: string }>;
  const entries = [
    { date: `${MONTH}-02`, hours: 8, note: 'Sprint planning' },
    { date: `${MONTH}-03`, hours: 5.5, note: 'Bug fixing' },
  ];
  for (const e of entries) {
    const res = await request.post('/api/v1/timesheet', { headers, data: { projectId: project!.id, ...e } });
    // A rerun on the same server finds its entries already there.
    expect([201, 409], await res.text()).toContain(res.status());
  }

  await signIn(page, 'hr', `/auth/sign-in?returnTo=${encodeURIComponent('/logwork/all-devs?month=2023-06')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'All developers' })).toBeVisible();
  await page.getByTestId('month-prev').click();
  await expect(page).toHaveURL(/month=2023-05/);
  await expect(page.getByTestId('month-label')).toHaveText('May 2023');

  await page.getByTestId('all-devs-search').fill(demoEmail('developer'));
  await expect(page).toHaveURL(/q=developer/);
  const table = page.getByTestId('all-devs-table');
  const row = table.getByTestId(`all-devs-row-${dev.userId}`);
  await expect(row).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(row.locator(`[data-day="${MONTH}-02"]`)).toHaveText('8');
  await expect(row.locator(`[data-day="${MONTH}-03"]`)).toHaveText('5.5');
  // Monday the 1st was a working day with nothing logged: marked by an icon with a name, not colour alone.
  await expect(row.locator(`[data-day="${MONTH}-01"]`).getByRole('img', { name: 'Missing log' })).toBeVisible();

  await page.getByTestId('filter-missing').click();
  await expect(page).toHaveURL(/missing=true/);
  // The address changes first; the page renders the filter after it (a router transition). What
  // the user sees, and what the export then sends, is the switch turned on.
  await expect(page.getByTestId('filter-missing').locator('input')).toBeChecked();
  await expect(row).toBeVisible();

  const requested = page.waitForRequest((r) => r.url().includes('/api/v1/excel/timesheet/all-devs'));
  const download = page.waitForEvent('download');
  await page.getByTestId('all-devs-export').click();
  const sent = new URL((await requested).url()).searchParams;
  sent.delete('_t'); // the http client's cache-buster
  expect(Object.fromEntries(sent)).toEqual({ month: MONTH, q: demoEmail('developer'), missing: 'true', sort: 'name', order: 'asc' });
  const file = await download;
  // The button shows progress while the file comes, and is back once it is saved.
  await expect(page.getByTestId('all-devs-export')).toBeEnabled();
  expect(file.suggestedFilename()).toBe(`logwork-${MONTH}-all-developers.xlsx`);

  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  const head = rows.findIndex((r) => r[0] === 'Name');
  const people = rows.slice(head + 1, -1);
  expect(people.map((r) => r[1])).toEqual([demoEmail('developer')]);
  const [person] = people;
  for (const e of entries) expect(person![2 + Number(e.date.slice(8)) - 1]).toBe(e.hours);
  expect(person![2 + 31 + 1]).toBe(entries.reduce((s, e) => s + e.hours, 0));
  expect(person![2]).toBe('missing');

  // At 390 px the days scroll inside the table; the page itself does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(row).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('all-devs-390.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('in Arabic the month reads right to left with no serious axe finding, light and dark', async ({ page }) => {
  test.setTimeout(180_000);
  // Signed in through the English form; then the shell in Arabic.
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/logwork/all-devs')}`);
  await presetShell(page, 'ar');
  await page.reload();
  const table = page.getByTestId('all-devs-table');
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The previous month lies to the right, and its arrow points there.
  const [prev, next] = [page.getByTestId('month-prev'), page.getByTestId('month-next')];
  expect((await prev.boundingBox())!.x).toBeGreaterThan((await next.boundingBox())!.x);
  await expect(prev.getByTestId('ChevronRightIcon')).toBeVisible();
  // The sticky names sit at the start of the line: on the right.
  const name = (await table.locator('tbody tr').first().locator('th').boundingBox())!;
  const firstDay = (await table.locator('tbody tr').first().locator('td').first().boundingBox())!;
  expect(name.x).toBeGreaterThan(firstDay.x);
  const findings: Record<string, unknown> = {};
  // The light mode and the dark one of high contrast, the two ends: every mode's colours are proved
  // on the theme's tokens (src/web/theme/create-theme.test.ts), and axe on this month's grid of
  // every person and day is slow.
  for (const mode of [SHELL_MODES[0]!, SHELL_MODES[3]!]) {
    await presetShell(page, 'ar', mode);
    await page.reload();
    await settled(page);
    await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
    const found = await seriousViolations(page);
    if (found.length) findings[modeName(mode)] = found;
  }
  expect(findings).toEqual({});
});
