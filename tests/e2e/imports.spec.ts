// Any resource's import end to end, on customers: an admin opens the import from the list, reads
// the template, uploads a sheet LibreOffice wrote (not our ExcelJS) with one bad row, reads the
// problem in the resource's words and gets the failing row back as a file, fixes it, previews the
// changes, applies them and finds the customers in the list; a preview gone stale is refused and
// previewed again; the stepper by keyboard; a role that may not import sees no
// Import; the stepper with its problems table fits 390 px and has no serious axe finding in
// English nor in Arabic (right to left).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from './support/test';
import { apiLogin, presetShell, seriousViolations } from './shell-support';
import { signIn, useEnglish } from './support/session';
import { libreOfficeSheet } from './support/libreoffice-sheet';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function readBook(path: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return (await file.path())!;
}

// Two new customers, as LibreOffice Calc 7 saved them (`soffice --headless --convert-to xlsx` of
// the .csv beside each): the second's status is "maybe" in the first file, "inactive" once fixed.
const fromLibreOffice = (name: string) => readFileSync(new URL(`../fixtures/workbooks/${name}`, import.meta.url));
const BAD_SHEET = fromLibreOffice('customers-libreoffice-bad-status.xlsx');
const FIXED_SHEET = fromLibreOffice('customers-libreoffice.xlsx');
const upload = (page: Page, name: string, buffer: Buffer) =>
  page.getByTestId('import-file').setInputFiles({ name, mimeType: XLSX, buffer });

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('an admin imports customers from a LibreOffice sheet: the bad row reported and downloaded, fixed, previewed, applied, listed', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, 'admin', '/customers');
  // Beside Export, for a role that may import.
  await page.getByTestId('list-import').click();
  await expect(page).toHaveURL(/\/customers\/import$/);
  await expect(page.getByRole('heading', { name: 'Import Customers', level: 1 })).toBeVisible();
  await expect(page.getByTestId('import-step-title')).toBeFocused();

  // The template is the list's export with raw keys: the columns the import reads.
  const template = await readBook(await download(page, () => page.getByTestId('import-template').click()));
  const headers = (template.getRow(1).values as unknown[]).filter(Boolean);
  expect(headers).toEqual(expect.arrayContaining(['name', 'code', 'status']));

  await upload(page, 'clients-libreoffice.xlsx', BAD_SHEET);
  await expect(page.getByTestId('import-file-name')).toHaveText('clients-libreoffice.xlsx');
  await page.getByTestId('import-validate').click();
  const errors = page.getByTestId('import-errors');
  await expect(errors.getByRole('row')).toHaveCount(2);
  const bad = errors.getByRole('row').nth(1);
  await expect(bad).toContainText('3');
  await expect(bad).toContainText('Status');
  await expect(bad).toContainText('maybe');
  await expect(page.getByTestId('import-preview')).toBeDisabled();
  const errorFile = await readBook(await download(page, () => page.getByTestId('import-download-errors').click()));
  expect(errorFile.actualRowCount).toBe(2);
  expect(errorFile.getRow(2).getCell(2).value).toBe('ZEB-IMP');
  expect((errorFile.getRow(1).values as unknown[]).filter(Boolean)).toContain('errors');

  // Fixed and uploaded again.
  await upload(page, 'clients-fixed.xlsx', FIXED_SHEET);
  await expect(page.getByTestId('import-errors')).toHaveCount(0);
  await page.getByTestId('import-validate').click();
  await expect(page.getByTestId('import-validation')).toContainText('2 rows read, no problem found');
  await page.getByTestId('import-preview').click();
  await expect(page.getByTestId('import-step-title')).toHaveText('Preview the changes');
  await expect(page.getByTestId('import-count-create')).toHaveText('2 to create');
  await expect(page.getByTestId('import-count-update')).toHaveText('0 to update');
  const changes = page.getByTestId('import-changes');
  const zebra = changes.getByRole('row').filter({ hasText: 'Zebra Imports Ltd' });
  // The resource's own words: its field labels and its values' labels.
  await expect(zebra).toContainText('Status: Inactive');
  await expect(changes.getByRole('row').filter({ hasText: 'Công ty Sông Hồng Nhập' })).toContainText('Payment terms (days): 45');

  await page.getByTestId('import-execute').click();
  await page.getByTestId('import-execute-confirm').click();
  await expect(page.getByTestId('import-result')).toContainText('2 created, 0 updated, 0 unchanged');
  await expect(page.getByTestId('import-history')).toContainText('clients-fixed.xlsx');
  await expect(page.getByTestId('import-history')).toContainText('2 created');

  await page.getByTestId('import-see').click();
  await expect(page).toHaveURL(/\/customers$/);
  await page.goto(`/customers?q=${encodeURIComponent('Imp')}`);
  const grid = page.getByRole('grid');
  await expect(grid).toContainText('Công ty Sông Hồng Nhập');
  await expect(grid).toContainText('Zebra Imports Ltd');
  await expect(grid.getByRole('row').filter({ hasText: 'ZEB-IMP' })).toContainText('Inactive');
});

test('a preview gone stale (the customer changed meanwhile) is refused in words, previewed again, then applied', async ({ page }) => {
  test.setTimeout(120_000);
  const { token } = await apiLogin(page.request, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/v1/customers', {
    headers,
    data: { name: 'Stale Preview Co', code: 'STALE-IMP', paymentTermsDays: 30 },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };
  const terms = (days: number) =>
    libreOfficeSheet([
      ['name', 'code', 'paymentTermsDays'],
      ['Stale Preview Co', 'STALE-IMP', days],
    ]);

  await signIn(page, 'admin', '/customers/import');
  await upload(page, 'terms.xlsx', terms(60));
  await page.getByTestId('import-validate').click();
  await page.getByTestId('import-preview').click();
  const row = page.getByTestId('import-changes').getByRole('row').filter({ hasText: 'Stale Preview Co' });
  await expect(row).toContainText('Payment terms (days): 30 → 60');
  // Someone else changes the customer between the preview and the import (with a token of their own:
  // the suite's access tokens last 5 s, and the steps above can take longer).
  const other = await apiLogin(page.request, 'admin');
  const changed = await page.request.patch(`/api/v1/customers/${id}`, {
    headers: { Authorization: `Bearer ${other.token}` },
    data: { paymentTermsDays: 45 },
  });
  expect(changed.ok(), await changed.text()).toBeTruthy();
  await page.getByTestId('import-execute').click();
  await page.getByTestId('import-execute-confirm').click();
  const refusal = page.getByTestId('import-error');
  await expect(refusal).toContainText('The records changed since the preview: preview the file again');
  await expect(page.getByTestId('import-result')).toHaveCount(0);
  await page.getByTestId('import-preview-again').click();
  await expect(refusal).toHaveCount(0);
  await expect(row).toContainText('Payment terms (days): 45 → 60');
  await page.getByTestId('import-execute').click();
  await page.getByTestId('import-execute-confirm').click();
  await expect(page.getByTestId('import-result')).toContainText('0 created, 1 updated, 0 unchanged');
  const after = await page.request.get(`/api/v1/customers/${id}`, {
    headers: { Authorization: `Bearer ${(await apiLogin(page.request, 'admin')).token}` },
  });
  expect(after.ok(), await after.text()).toBeTruthy();
  expect(((await after.json()) as { paymentTermsDays: number }).paymentTermsDays).toBe(60);
});

test("by keyboard: from the step's heading to the template, then to the file chooser", async ({ page }) => {
  await signIn(page, 'sale_lead', '/customers/import');
  await expect(page.getByTestId('import-step-title')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('import-template')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('import-choose')).toBeFocused();
  // Enter must reach the file input as a click (that is what opens the system's chooser). The
  // chooser itself is not awaited: headless Chromium under load sometimes never reports it.
  await page.getByTestId('import-file').evaluate((input) =>
    input.addEventListener('click', (e) => {
      e.preventDefault();
      input.dataset.asked = 'yes';
    }),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('import-file')).toHaveAttribute('data-asked', 'yes');
  await upload(page, 'clients.xlsx', FIXED_SHEET);
  await expect(page.getByTestId('import-file-name')).toHaveText('clients.xlsx');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('import-validate')).toBeFocused();
});

test('a role that may read customers but not import them has no Import, nor the stepper', async ({ page }) => {
  await signIn(page, 'hr', '/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await expect(page.getByTestId('list-import')).toHaveCount(0);
  await page.goto('/customers/import');
  await expect(page.getByText(/permission|access/i).first()).toBeVisible();
  await expect(page.getByTestId('import-drop')).toHaveCount(0);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the stepper, its problems and its preview fit the screen, mirrored in Arabic; axe finds nothing serious', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin', '/customers');
    for (const lang of ['en', 'ar'] as const) {
      await presetShell(page, lang);
      await page.goto('/customers/import');
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByTestId('import-drop')).toBeVisible();
      const steps = page.locator('.MuiStep-root');
      await expect(steps).toHaveCount(3);
      const [first, last] = [(await steps.first().boundingBox())!, (await steps.last().boundingBox())!];
      expect(lang === 'ar' ? first.x > last.x : first.x < last.x, lang).toBe(true);
      expect(await seriousViolations(page), `${lang} file step`).toEqual([]);
      // With a sheet's problems listed.
      await upload(page, 'clients.xlsx', BAD_SHEET);
      await page.getByTestId('import-validate').click();
      await expect(page.getByTestId('import-errors').getByRole('row')).toHaveCount(2);
      const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(scroll, lang).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page), `${lang} problems`).toEqual([]);
      // And its preview: a card per row on a phone.
      await upload(page, 'clients.xlsx', FIXED_SHEET);
      await page.getByTestId('import-validate').click();
      await page.getByTestId('import-preview').click();
      await expect(page.getByTestId('import-changes').getByRole('listitem')).toHaveCount(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page), `${lang} preview`).toEqual([]);
    }
  });
});
