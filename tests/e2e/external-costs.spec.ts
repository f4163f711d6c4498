// External costs end to end: an admin records a cost with its vendor's PDF invoice, closes the
// cost's month on the closed months page, and an edit of that cost is refused with the reason
// naming the month; reopening (with a reason) lets it change again. Axe on the cost pages, and the
// form usable on a 390 px phone. The month is far ahead, clear of every other spec's rows.
import { expect, test, type Page } from './support/test';
import { pdf } from '../fixtures/documents';
import { signIn, useEnglish } from './support/session';
import { typeDate } from './support/pickers';
import { dismissToasts, seriousViolations } from './shell-support';

const label = (name: string) => new RegExp(`^${name}`);
const MONTH = '2087-03';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

/**
 * The checklist's open items confirmed when there are some, until the close is offered — once it is
 * the checklist of the month typed: a date typed digit by digit passes through other months, whose
 * checklists (with open items) come and go before it. The checklist follows the month live, and other
 * tests' rows come and go in it (a placement with no end lacks logwork in every month ahead), so its
 * confirmation may appear or vanish while it is ticked: tried again until the close is offered.
 */
async function confirmOpenItems(page: Page, month: string) {
  const checklist = page.getByTestId('month-checklist');
  await expect(checklist.getByRole('heading', { name: `Still open in ${month}` })).toBeVisible();
  const confirm = checklist.getByTestId('checklist-confirm');
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.check({ timeout: 2_000 });
    await expect(page.getByTestId('close-month-confirm')).toBeEnabled({ timeout: 1_000 });
  }).toPass();
}

async function axeClean(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
}

/** Fills the new cost form on the page it is on, up to its save; a date is typed as MMDDYYYY. */
async function fillCost(
  page: Page,
  cost: {
    description: string;
    date: string;
    category: string;
    vendor: string;
    number: string;
    amount: string;
    currency?: string;
    rate?: string;
  },
) {
  const form = page.getByTestId('external-cost-form');
  await form.getByLabel(label('Description')).fill(cost.description);
  await form
    .getByRole('group', { name: label('Date') })
    .getByRole('spinbutton')
    .first()
    .click();
  await page.keyboard.type(cost.date);
  await form.getByRole('combobox', { name: label('Category') }).click();
  await page.getByRole('option', { name: cost.category, exact: true }).click();
  await form.getByLabel(label('Vendor'), { exact: false }).first().fill(cost.vendor);
  await form.getByLabel(label('Vendor invoice number')).fill(cost.number);
  await form.getByLabel(label('Amount')).fill(cost.amount);
  if (cost.currency) {
    await form.getByRole('combobox', { name: label('Currency') }).click();
    await page.getByRole('option', { name: cost.currency, exact: true }).click();
    await form.getByLabel(label('Exchange rate')).fill(cost.rate!);
  }
}

test('an admin records a cost with a vendor PDF, closes its month, and an edit of it is refused with the month named', async ({ page }) => {
  // A journey with four axe scans: more than the default budget when the machine is busy.
  test.setTimeout(180_000);
  const description = `Dell monitors ${Date.now().toString(36)}`;
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/external-costs/new')}`);
  const form = page.getByTestId('external-cost-form');
  await fillCost(page, {
    description,
    date: '03142087',
    category: 'Equipment',
    vendor: 'Phong Vũ Computer',
    number: `PV-${description.slice(-6)}`,
    amount: '1234.50',
  });
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
  await typeDate(page.getByTestId('close-month-input'), MONTH);
  await expect(page.getByTestId('close-month-warning')).toContainText('March 2087');
  await confirmOpenItems(page, 'March 2087');
  await page.getByTestId('close-month-confirm').click();
  await expect(page.getByTestId(`closed-${MONTH}`)).toContainText('March 2087');
  await dismissToasts(page);
  await axeClean(page, 'the closed months page');

  // The cost of that month can no longer change: the reason names the month.
  await page.goto(edit);
  await form.getByLabel(label('Description')).fill(`${description} (corrected)`);
  await page.getByTestId('external-cost-form-submit').click();
  // The month in words, as the reader says it.
  await expect(form).toContainText('March 2087 is closed: its records can no longer change');
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

test('a vendor invoice number seen twice is warned about, a vendor file already on another cost is flagged with a link to it, and the rate and base amount show', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const number = `INV-${tag}`;
  const file = { name: `vendor ${tag}.pdf`, mimeType: 'application/pdf', buffer: await pdf(`Vendor invoice ${tag}`) };

  /** A new cost of April 2087 from Kyber Cloud, under the same vendor invoice number, up to its save. */
  const fillKyber = async (description: string, money: { amount: string; currency?: string; rate?: string }) => {
    await page.goto('/external-costs/new');
    await fillCost(page, { description, date: '04102087', category: 'Software', vendor: 'Kyber Cloud', number, ...money });
  };
  /** Saves the form and opens the saved cost's edit page from the list. */
  async function saveAndOpen(description: string) {
    await page.getByTestId('external-cost-form-submit').click();
    await expect(page).toHaveURL(/\/external-costs$/);
    await page.getByRole('searchbox', { name: /^Search description/ }).fill(description);
    const row = page.getByRole('grid').getByRole('row').nth(1);
    await expect(row).toContainText(description);
    const edit = (await row.getByRole('link', { name: new RegExp(`^Edit ${description}`) }).getAttribute('href'))!;
    await page.goto(edit);
    return edit;
  }

  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/external-costs')}`);
  const first = `Kyber hosting ${tag}`;
  await fillKyber(first, { amount: '500.00' });
  const firstEdit = await saveAndOpen(first);
  await page.getByTestId('external-cost-upload-invoices-input').setInputFiles(file);
  await expect(page.getByTestId('external-cost-upload-invoices-item')).toHaveCount(1);
  await expect(page.getByTestId('external-cost-upload-invoices-duplicate')).toHaveCount(0);

  // The same vendor and invoice number on a second cost: a warning naming the first, the save still allowed.
  const second = `Kyber hosting again ${tag}`;
  await fillKyber(second, { amount: '1000.00', currency: 'EUR', rate: '1.0845' });
  const seen = page.getByTestId('vendor-invoice-seen');
  await expect(seen).toContainText('This vendor invoice number is already on another cost');
  await expect(seen.getByRole('link', { name: new RegExp(`^${first}`) })).toHaveAttribute(
    'href',
    `/external-costs/${firstEdit.split('/')[2]}`,
  );
  const secondEdit = await saveAndOpen(second);

  // The saved rate and the amount the server converted with it, in the base currency.
  await expect(page.getByTestId('external-cost-in-base')).toHaveText(
    'As saved: €1,000.00 at a rate of 1.0845 = 1,084.50 in the base currency',
  );

  // The first cost's file attached again: flagged, with a link to the cost that already has it.
  await page.getByTestId('external-cost-upload-invoices-input').setInputFiles(file);
  const flag = page.getByTestId('external-cost-upload-invoices-duplicate');
  await expect(flag).toHaveCount(1);
  await flag.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/external-costs/${firstEdit.split('/')[2]}`));
  expect(secondEdit).not.toBe(firstEdit);
  await dismissToasts(page);
  await axeClean(page, 'a cost whose file is on another cost');
});
