// Salaries end to end: hr_lead imports a month — the template downloaded, a sheet with two bad rows
// uploaded, the errors read and downloaded, the rows fixed, the preview's counts and totals, the
// import applied — and sees the month's salaries; the stepper by keyboard, in Arabic (mirrored) and
// at 390 px, with no serious axe finding; an admin creates, approves and pays one salary.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from './support/test';
import { presetShell, seriousViolations } from './shell-support';
import { signIn, useEnglish } from './support/session';
import { typeDate } from './support/pickers';

async function readBook(path: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  return wb;
}
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return (await file.path())!;
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('hr_lead imports a month: two bad rows found and downloaded, fixed, previewed, applied, and listed', async ({ page }) => {
  test.setTimeout(150_000);
  const month = '2033-03';
  await signIn(page, 'hr_lead', `/auth/sign-in?returnTo=${encodeURIComponent('/salary/import')}`);
  await expect(page.getByRole('heading', { name: 'Import salaries' })).toBeVisible();
  await typeDate(page.getByTestId('import-month'), month);
  const template = await readBook(await download(page, () => page.getByTestId('import-template').click()));
  const ws = template.worksheets[0]!;
  expect(ws.getRow(1).getCell(1).value).toBe('email');
  const rowOf = (email: string) => ws.getColumn(1).values.indexOf(email);
  const fill = (email: string, base: unknown, bonus: unknown = 0) => {
    const r = ws.getRow(rowOf(email));
    expect(r.getCell(3).value).toBe(month);
    r.getCell(4).value = base as ExcelJS.CellValue;
    r.getCell(7).value = bonus as ExcelJS.CellValue;
    r.getCell(10).value = 'USD';
  };
  fill('developer@demo.local', 2450.5, 100);
  fill('hr@demo.local', 'two thousand');
  fill('sale@demo.local', 1800, -50);
  const dir = await mkdtemp(join(tmpdir(), 'salary-import-'));
  const bad = join(dir, 'march.xlsx');
  await writeFile(bad, Buffer.from(await template.xlsx.writeBuffer()));

  await page.getByTestId('import-next').click();
  await page.getByTestId('import-file').setInputFiles(bad);
  await expect(page.getByTestId('import-file-name')).toHaveText('march.xlsx');
  await page.getByTestId('import-validate').click();
  const errors = page.getByTestId('import-errors');
  await expect(errors.getByRole('row')).toHaveCount(3);
  await expect(errors).toContainText('Enter a number like 1234.50');
  await expect(errors).toContainText('Must not be negative');
  await expect(page.getByTestId('import-preview')).toBeDisabled();
  const errorFile = await readBook(await download(page, () => page.getByTestId('import-download-errors').click()));
  const es = errorFile.worksheets[0]!;
  expect(es.actualRowCount).toBe(3);
  expect(es.getRow(1).getCell(11).value).toBe('errors');
  expect([es.getRow(2).getCell(1).value, es.getRow(3).getCell(1).value].sort()).toEqual(['hr@demo.local', 'sale@demo.local']);

  fill('hr@demo.local', 2000);
  fill('sale@demo.local', 1800, 50);
  const good = join(dir, 'march-fixed.xlsx');
  await writeFile(good, Buffer.from(await template.xlsx.writeBuffer()));
  await page.getByTestId('import-file').setInputFiles(good);
  await page.getByTestId('import-validate').click();
  await expect(page.getByTestId('import-validation')).toContainText('no problem found');
  await page.getByTestId('import-preview').click();
  await expect(page.getByTestId('import-count-create')).toHaveText('3 to create');
  await expect(page.getByTestId('import-count-update')).toHaveText('0 to update');
  // 2 450.50 + 100 + 2 000 + 1 800 + 50 = 6 400.50
  await expect(page.getByTestId('import-totals').getByRole('row').filter({ hasText: 'USD' })).toContainText('$6,400.50');
  await page.getByTestId('import-execute').click();
  await page.getByTestId('import-execute-confirm').click();
  await expect(page.getByTestId('import-result')).toContainText('3 created, 0 updated, 0 unchanged');
  await expect(page.getByTestId('import-history')).toContainText('march-fixed.xlsx');

  await page.getByTestId('import-see-month').click();
  await expect(page).toHaveURL(/\/salary\?month=2033-03/);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row')).toHaveCount(4);
  await expect(grid).toContainText('$2,550.50');
});

test('the stepper moves by keyboard and takes the focus to each step', async ({ page }) => {
  await signIn(page, 'sale_lead', `/auth/sign-in?returnTo=${encodeURIComponent('/salary/import')}`);
  await typeDate(page.getByTestId('import-month'), '2033-04');
  await page.getByTestId('import-next').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('import-step-title')).toBeFocused();
  await expect(page.getByTestId('import-step-title')).toHaveText('Check the file');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('import-choose')).toBeFocused();
});

test('a manager has no salary screen', async ({ page }) => {
  await signIn(page, 'manager', `/auth/sign-in?returnTo=${encodeURIComponent('/salary/import')}`);
  await expect(page.getByText(/permission|access/i).first()).toBeVisible();
  await expect(page.getByTestId('import-month')).toHaveCount(0);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the import and the list fit the screen; in Arabic the stepper is mirrored; axe finds nothing serious', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'hr_lead', `/auth/sign-in?returnTo=${encodeURIComponent('/salary/import')}`);
    for (const lang of ['en', 'ar'] as const) {
      await presetShell(page, lang);
      await page.goto('/salary/import');
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByTestId('import-month')).toBeVisible();
      const steps = page.locator('.MuiStep-root');
      await expect(steps).toHaveCount(4);
      const [first, last] = [(await steps.first().boundingBox())!, (await steps.last().boundingBox())!];
      // Left to right in English, right to left in Arabic.
      expect(lang === 'ar' ? first.x > last.x : first.x < last.x, lang).toBe(true);
      const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(scroll, lang).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page), `${lang} import`).toEqual([]);
      await page.goto('/salary');
      // On a phone the list is a card per salary.
      await expect(page.getByTestId('list-cards').getByRole('listitem').first()).toBeVisible();
      expect(await seriousViolations(page), `${lang} list`).toEqual([]);
    }
  });
});

test('an admin creates a salary (the net computed), approves it and records it paid', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/salary/new')}`);
  const form = page.getByTestId('salary-form');
  await form.getByLabel(/^Person/).click();
  await page.getByRole('option').first().click();
  await form.getByLabel(/^Month/).fill('2033-05');
  await form.getByLabel(/^Base/).fill('2450');
  await form.getByLabel(/^Deductions/).fill('250.25');
  await page.getByTestId('salary-form-submit').click();
  await expect(page).toHaveURL(/\/salary$/);
  await page.goto('/salary?month=2033-05');
  const row = page.getByRole('grid').getByRole('row').nth(1);
  await expect(row).toContainText('$2,199.75');
  await row.getByRole('gridcell').filter({ hasText: 'May 2033' }).first().click();
  await expect(page).toHaveURL(/\/salary\/[\w-]+$/);
  const [edit, archive] = [
    page.getByRole('link', { name: 'Edit', exact: true }),
    page.getByRole('button', { name: 'Archive', exact: true }),
  ];
  await expect(edit).toBeVisible();
  await page.getByTestId('salary-approve').click();
  await page.getByTestId('salary-action-confirm').click();
  await expect(page.getByTestId('salary-mark-paid')).toBeVisible();
  // Approved: no longer edited, still archived if it was a mistake.
  await expect(edit).toHaveCount(0);
  await expect(archive).toBeVisible();
  await page.getByTestId('salary-mark-paid').click();
  await page.getByTestId('salary-action-confirm').click();
  await expect(page.getByTestId('salary-mark-paid')).toHaveCount(0);
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  // Paid: kept for good.
  await expect(archive).toHaveCount(0);
});
