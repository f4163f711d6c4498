// The invoices' analytic view end to end: an admin sends and pays a draft of the month just ended
// and sees that month's figures move by its amount; a bar of the chart and a cell of the table open
// the invoice list whose total equals the figure; axe finds nothing serious in English and Arabic,
// and the page fits 390 px.
import { expect, test, type Page } from './support/test';
import { signIn, useEnglish } from './support/session';
import { presetShell, seriousViolations, settled } from './shell-support';
import { formatMoney, subtract } from '../../src/domain/money';

/** The month just ended (`YYYY-MM`): the demo data leaves drafts there. */
function lastMonth(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}
const figure = async (page: Page, testId: string) => (await page.getByTestId(testId).getAttribute('data-total'))!;
const diff = (a: string, b: string) => formatMoney(subtract(a, b), 'USD');

test('sending and paying a draft moves its month; a bar and a cell open the list whose total equals them', async ({ page }) => {
  await useEnglish(page);
  const month = lastMonth();
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/invoices')}`);
  await page.getByTestId('invoice-analytics-link').click();
  await expect(page).toHaveURL(/\/invoices\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Invoice analytics' })).toBeVisible();
  await expect(page.getByTestId(`month-${month}-draft`)).toBeVisible();
  const draftBefore = await figure(page, `month-${month}-draft`);
  const paidBefore = await figure(page, `month-${month}-paid`);
  const totalBefore = await figure(page, `month-${month}-total`);
  expect(Number(draftBefore)).toBeGreaterThan(0);

  // The draft cell opens the month's drafts, whose total is the figure.
  await page.getByTestId(`month-${month}-draft`).click();
  await expect(page).toHaveURL(new RegExp(`/invoices\\?period=${month}&status=draft$`));
  // Revenue figures are net of tax: the list's net.
  await expect(page.getByTestId('invoice-list-total')).toHaveAttribute('data-net', draftBefore);
  const row = page.getByRole('grid').getByRole('row').nth(1);
  const edit = (await row.getByRole('link', { name: /^Edit / }).getAttribute('href'))!;
  await page.goto(edit.replace(/\/edit.*$/, ''));
  await page.getByTestId('invoice-send').click();
  await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-\d{4}-\d{4,}$/);
  await page.getByTestId('invoice-mark-paid').click();
  await page.getByTestId('invoice-paid-confirm').click();
  await expect(page.getByTestId('invoice-summary').getByText('Paid', { exact: true })).toBeVisible();

  await page.goto('/invoices/analytics');
  await expect(page.getByTestId(`month-${month}-paid`)).not.toHaveAttribute('data-total', paidBefore);
  const paidAfter = await figure(page, `month-${month}-paid`);
  const draftAfter = await figure(page, `month-${month}-draft`);
  // What left the drafts arrived among the paid; the month's revenue stays.
  expect(diff(paidAfter, paidBefore)).toBe(diff(draftBefore, draftAfter));
  expect(Number(diff(paidAfter, paidBefore))).toBeGreaterThan(0);
  expect(await figure(page, `month-${month}-total`)).toBe(totalBefore);

  // The month's "paid" bar opens the list of exactly those invoices.
  const months = await page.getByTestId('analytics-months').locator('tbody tr').count();
  const index = (
    await page
      .getByTestId('analytics-months')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')))
  ).indexOf(`analytics-month-${month}`);
  expect(index).toBeGreaterThanOrEqual(0);
  expect(months).toBe(12);
  await page.getByTestId('analytics-months-chart').locator('.MuiBarElement-series-paid').nth(index).click();
  await expect(page).toHaveURL(new RegExp(`/invoices\\?period=${month}&status=paid$`));
  await expect(page.getByTestId('invoice-list-total')).toHaveAttribute('data-net', paidAfter);
});

test('the analytic view is axe clean in English and Arabic, and fits 390 px', async ({ browser }) => {
  for (const lang of ['en', 'ar']) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await presetShell(page, 'en');
    await signIn(page, 'admin');
    await presetShell(page, lang);
    await page.goto('/invoices/analytics');
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('analytics-months')).toBeVisible();
    expect(await seriousViolations(page), lang).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${lang}: page wider than the screen`).toBeLessThanOrEqual(0);
    await context.close();
  }
});

test("the dashboard's revenue figures open the invoice lists they sum", async ({ page }) => {
  await useEnglish(page);
  await signIn(page, 'sale_lead');
  await expect(page.getByTestId('widget-revenue')).toBeVisible();
  for (const id of ['revenue-last-month', 'revenue-overdue']) {
    await page.goto('/');
    const figure = (await page.getByTestId(id).textContent())!;
    await page.getByTestId(id).click();
    await expect(page).toHaveURL(/\/invoices\?/);
    // The list's total in the base currency reads as the figure did.
    await expect(page.getByTestId('invoice-list-total')).toContainText(figure);
  }
});
