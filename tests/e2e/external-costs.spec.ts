// External costs end to end: an admin records a cost with its vendor's PDF invoice, closes the
// cost's month on the closed months page, and an edit of that cost is refused with the reason
// naming the month; reopening (with a reason) lets it change again. Axe on the cost pages, and the
// form usable on a 390 px phone. The month is far ahead, clear of every other spec's rows.
import { expect, test, type Page } from './support/test';
import { pdf } from '../fixtures/documents';
import { signIn, useEnglish } from './support/session';
import { dismissToasts, seriousViolations } from './shell-support';

const label = (name: string) => new RegExp(`^${name}`);
const MONTH = '2087-03';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

async function axeClean(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
}

test('an admin records a cost with a vendor PDF, closes its month, and an edit of it is refused with the month named', async ({ page }) => {
  // A journey with four axe scans: more than the default budget when the machine is busy.
  test.setTimeout(180_000);
  const description = `Dell monitors ${Date.now().toString(36)}`;
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/external-costs/new')}`);
  const form = page.getByTestId('external-cost-form');
  await form.getByLabel(label('Description')).fill(description);
  await form
    .getByRole('group', { name: label('Date') })
    .getByRole('spinbutton')
    .first()
    .click();
  await page.keyboard.type('03142087');
  await form.getByRole('combobox', { name: label('Category') }).click();
  await page.getByRole('option', { name: 'Equipment', exact: true }).click();
  await form.getByLabel(label('Vendor'), { exact: false }).first().fill('Phong Vũ Computer');
  await form.getByLabel(label('Vendor invoice number')).fill(`PV-${description.slice(-6)}`);
  await form.getByLabel(label('Amount')).fill('1234.50');
  await axeClean(page, 'the new cost form');
  await page.getByTestId('external-cost-form-submit').click();
  await expect(page).toHaveURL(/\/external-costs$/);
  // The list as it rests: its rows in, and the "saved" toast gone (axe reads a fading toast's
  // colours half way, as too faint).
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
  await dismissToasts(page);
  await axeClean(page, 'the cost list');

  await page.getByRole('searchbox', { name: /^Search description/ }).fill(description);
  const row = page.getByRole('grid').getByRole('row').nth(1);
  await expect(row).toContainText('$1,234.50');
  await expect(row).toContainText('Equipment');
  const edit = (await row.getByRole('link', { name: new RegExp(`^Edit ${description}`) }).getAttribute('href'))!;
  await page.goto(edit);

  // The vendor's invoice, under the form: its content is checked by the server, and it lists.
  const files = page.getByTestId('external-cost-upload-invoices');
  await expect(files).toContainText('No file yet');
  await page
    .getByTestId('external-cost-upload-invoices-input')
    .setInputFiles({ name: 'PV invoice.pdf', mimeType: 'application/pdf', buffer: await pdf(description) });
  await expect(page.getByTestId('external-cost-upload-invoices-item')).toHaveCount(1);
  await expect(page.getByTestId('external-cost-upload-invoices-item')).toContainText('PV invoice.pdf');
  await dismissToasts(page);
  await axeClean(page, 'the cost edit page');

  // Admin closes the month, after a confirmation that says what it makes read-only.
  await page.goto('/external-costs/month-close');
  await page.getByTestId('close-month').click();
  await page.getByTestId('close-month-input').fill(MONTH);
  await expect(page.getByTestId('close-month-warning')).toContainText('March 2087');
  await page.getByTestId('close-month-confirm').click();
  await expect(page.getByTestId(`closed-${MONTH}`)).toContainText('March 2087');
  await dismissToasts(page);
  await axeClean(page, 'the closed months page');

  // The cost of that month can no longer change: the reason names the month.
  await page.goto(edit);
  await form.getByLabel(label('Description')).fill(`${description} (corrected)`);
  await page.getByTestId('external-cost-form-submit').click();
  await expect(form).toContainText(`${MONTH} is closed: its records can no longer change`);
  await expect(page).toHaveURL(/\/edit/);

  // Reopened with a reason, the same edit goes through.
  await page.goto('/external-costs/month-close');
  await page.getByTestId(`reopen-${MONTH}`).click();
  await page.getByTestId('reopen-confirm').click();
  await expect(page.getByRole('dialog')).toContainText('Required');
  await page.getByTestId('reopen-note').fill('The vendor sent a corrected invoice');
  await page.getByTestId('reopen-confirm').click();
  await expect(page.getByTestId(`closed-${MONTH}`)).toHaveCount(0);
  await page.goto(edit);
  await form.getByLabel(label('Description')).fill(`${description} (corrected)`);
  await page.getByTestId('external-cost-form-submit').click();
  await expect(page).toHaveURL(/\/external-costs$/);
});

test('on a 390 px phone the cost form and the closed months fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/external-costs/new')}`);
  await expect(page.getByTestId('external-cost-form')).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByTestId('external-cost-form-submit').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('external-cost-form-submit')).toBeInViewport();
  await page.goto('/external-costs/month-close');
  await expect(page.getByTestId('close-month')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
