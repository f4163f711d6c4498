// Headcount end to end: the bench one click from the list, a seat that would take a person past
// 100 % refused on its field, and a customer's share link opened without signing in, then revoked.
import { expect, test, type Page } from './support/test';
import { signIn, useEnglish } from './support/session';

/** The detail page of `resource` once its record is in: its title. */
async function shownTitle(page: Page, resource: string): Promise<string> {
  const heading = page.getByTestId(`${resource}-show`).getByRole('heading', { level: 1 });
  await expect(heading).not.toBeEmpty();
  return (await heading.textContent())!.trim();
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('the bench is one click from the list, and placing someone from it opens the form with the person', async ({ page }) => {
  await signIn(page, 'sale_lead', `/auth/sign-in?returnTo=${encodeURIComponent('/headcounts')}`);
  await expect(page.getByRole('heading', { name: 'Headcount', exact: true })).toBeVisible();
  await page.getByTestId('bench-tab').click();
  await expect(page).toHaveURL(/view=bench/);
  const bench = page.getByTestId('bench');
  await expect(bench.getByRole('row').nth(1)).toBeVisible();
  const person = (await bench.getByRole('row').nth(1).getByRole('cell').first().textContent())!.trim();
  await bench.getByRole('row').nth(1).getByRole('link', { name: 'Place' }).click();
  await expect(page).toHaveURL(/\/headcounts\/new\?userId=/);
  await expect(page.getByRole('combobox', { name: /^Person/ })).toHaveValue(person);
});

test("a seat past the person's 100 % is refused on its field, naming the seat it would share time with", async ({ page }) => {
  // Someone with a full seat (the list filtered to them): a second full seat from today is too much.
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/headcounts?status=active&allocation_gte=100')}`);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await grid.getByRole('row').nth(1).getByRole('gridcell').nth(1).click();
  await expect(page).toHaveURL(/\/headcounts\/[\w-]+$/);
  const seatTitle = await shownTitle(page, 'headcounts');
  const idIn = async (field: string) => (await page.locator(`[data-field="${field}"] dd a`).getAttribute('href'))!.split('/').pop()!;
  const [userId, customerId] = [await idIn('userId'), await idIn('customerId')];
  const today = new Date().toISOString().slice(0, 10);
  // The person and the customer preset as a page linking here would (a bench's "Place", a customer's page).
  await page.goto(`/headcounts/new?userId=${userId}&customerId=${customerId}&startDate=${today}`);
  const form = page.getByTestId('headcount-form');
  await form.getByLabel(/^Title/).fill('Second full seat');
  await form.getByLabel(/^Billing rate/).fill('5000');
  await page.getByTestId('headcount-form-submit').click();
  const allocation = form.getByLabel(/^Allocation/);
  await expect(allocation).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(/would add up to 200 %/)).toContainText(seatTitle);
});

test("a customer's share link shows its people without signing in, and stops when revoked", async ({ page, browser }) => {
  // A lead shares any customer's link (a sale, only their own customers').
  await signIn(page, 'sale_lead', `/auth/sign-in?returnTo=${encodeURIComponent('/headcounts?status=active')}`);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await grid.getByRole('row').nth(1).getByRole('gridcell').nth(1).click();
  await shownTitle(page, 'headcounts');
  await page.locator('[data-field="customerId"] dd a').click();
  await expect(page).toHaveURL(/\/customers\/[\w-]+$/);
  const customer = await shownTitle(page, 'customers');

  await page.getByRole('tab', { name: 'Share link' }).click();
  await page.getByRole('button', { name: 'Create link' }).click();
  const url = (await page.getByTestId('share-url').textContent())!.trim();
  expect(url).toMatch(/\/share\/headcount#[\w-]{40,}$/);

  // The visitor's own browser, signed in nowhere; the link is absolute (this worker's server).
  const visitor = await browser.newContext({ locale: 'en-US' });
  const view = await visitor.newPage();
  await view.goto(url);
  await expect(view.getByRole('heading', { name: `${customer} · headcount` })).toBeVisible();
  await expect(view.getByTestId('shared-seats').getByRole('row').nth(1)).toBeVisible();
  await expect(view.getByText(/billing|rate/i)).toHaveCount(0);

  await page.getByTestId('share-links').getByRole('button', { name: 'Revoke' }).first().click();
  await page.getByTestId('confirm-dialog').click();
  await expect(
    page
      .getByTestId('share-links')
      .getByText(/^Revoked/)
      .first(),
  ).toBeVisible();
  await view.reload();
  await expect(view.getByTestId('share-invalid')).toBeVisible();
  await visitor.close();
});
