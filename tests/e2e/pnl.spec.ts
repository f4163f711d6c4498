// Profit & Loss end to end: an admin opens the last six months by customer, follows the cost of a
// customer the firm loses money on down to its rows (whose total is the cell), closes one of those
// rows' months and sees an edit of that cost refused with the reason; the month is reopened after.
// Axe in English and Arabic, 390 px, and a manager kept from salary rows and the person grouping.
import { expect, test } from './support/test';
import { signIn, useEnglish } from './support/session';
import { typeDate } from './support/pickers';
import { api, presetShell, seriousViolations, settled } from './shell-support';

/** A month as the app writes it in English: 'November 2026'. */
const monthWords = (ym: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${ym}-15T12:00:00Z`));

/** `YYYY-MM` of `back` months ago. */
function monthAgo(back: number): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}

test("the losing customer's cost opens rows totalling the cell; once its month is closed, an edit of that cost is refused", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await useEnglish(page);
  await signIn(page, 'admin', '/pnl');
  await expect(page.getByRole('heading', { level: 1, name: 'Profit & Loss' })).toBeVisible();
  await expect(page.getByTestId('pnl-from')).toContainText(monthWords(monthAgo(5)));
  await expect(page.getByTestId('pnl-to')).toContainText(monthWords(monthAgo(0)));
  await expect(page.getByTestId('pnl-group-by')).toHaveText('Customer');
  await expect(page.getByTestId('pnl-row-total')).toBeVisible();
  await expect(page.getByTestId('pnl-chart').locator('svg').first()).toBeVisible();

  // A customer with a negative profit and an external cost, read from the table.
  const rows = await page
    .getByTestId('pnl-table')
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll('td')].map((td) => td.querySelector('[data-value]')?.getAttribute('data-value') ?? '');
        // Revenue, salary cost, bonuses, commissions, external cost, profit.
        return { key: tr.getAttribute('data-testid')!.replace('pnl-row-', ''), externalCost: cells[4]!, profit: cells[5]! };
      }),
    );
  const losing = rows.find((r) => !['total', 'overhead'].includes(r.key) && r.profit.startsWith('-') && Number(r.externalCost) > 0);
  expect(losing, JSON.stringify(rows)).toBeTruthy();
  const cell = page.getByTestId(`pnl-cell-${losing!.key}-externalCost`);
  const shown = (await cell.innerText()).trim();
  await cell.click();
  const dialog = page.getByRole('dialog');
  await expect(page.getByTestId('pnl-drill-total')).toHaveAttribute('data-value', losing!.externalCost);
  await expect(page.getByTestId('pnl-drill-total')).toContainText(`${shown} from`);

  // One of those costs, in a month still open: its month gets closed (and reopened at the end,
  // the other tests of this worker share the server).
  const q = `from=${monthAgo(5)}&to=${monthAgo(0)}&groupBy=customer`;
  const pnl = await api(page.request, 'admin', 'get', `/api/v1/pnl?${q}`);
  const drill = await api(page.request, 'admin', 'get', `/api/v1/pnl/drill-down?${q}&key=${losing!.key}&measure=externalCost`);
  const cost = (drill.rows as Array<{ sourceId: string; month: string }>).find(
    (r) => !(pnl.closedMonths as string[]).includes(r.month) && r.month !== monthAgo(1),
  );
  expect(cost, JSON.stringify(drill.rows)).toBeTruthy();
  const month = cost!.month;
  // Its open items (the checklist, decision 021) confirmed by their counts.
  const checklist = (await api(page.request, 'admin', 'get', `/api/v1/month-closes/${month}/checklist`)) as {
    items: Array<{ key: string; count: number; blocking: boolean }>;
  };
  const confirm = Object.fromEntries(checklist.items.filter((i) => !i.blocking).map((i) => [i.key, i.count]));
  await api(page.request, 'admin', 'put', `/api/v1/month-closes/${month}`, { note: 'P&L end-to-end test', confirm });
  try {
    await dialog.locator(`a[href="/external-costs/${cost!.sourceId}/edit"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/external-costs/${cost!.sourceId}/edit$`));
    const form = page.getByTestId('external-cost-form');
    const description = form.getByLabel(/^Description/);
    await description.fill(`${await description.inputValue()} (corrected)`);
    await page.getByTestId('external-cost-form-submit').click();
    // The month in words, as the reader says it.
    const words = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-15T12:00:00Z`),
    );
    await expect(form).toContainText(`${words} is closed: its records can no longer change`);
    await expect(page).toHaveURL(/\/edit$/);
  } finally {
    await api(page.request, 'admin', 'post', `/api/v1/month-closes/${month}/reopen`, { note: 'P&L end-to-end test done' });
  }
});

test("the commissions line opens the salaries' shares; a salary's tab lists the paid statement, which its link opens", async ({ page }) => {
  test.setTimeout(120_000);
  await useEnglish(page);
  await signIn(page, 'admin', `/pnl?from=${monthAgo(5)}&to=${monthAgo(0)}&groupBy=month`);
  await expect(page.getByRole('columnheader', { name: 'Bonuses', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Commissions', exact: true })).toBeVisible();
  const cell = page.getByTestId('pnl-cell-total-commissions');
  const value = (await cell.getAttribute('data-value'))!;
  expect(Number(value)).toBeGreaterThan(0);
  await cell.click();
  await expect(page.getByRole('dialog', { name: /^Commissions · Total/ })).toBeVisible();
  await expect(page.getByTestId('pnl-drill-total')).toHaveAttribute('data-value', value);
  // A share of a salary, opening that salary; its tab lists what was paid into it.
  const share = page.getByTestId('pnl-drill-table').locator('a[href^="/salary/"]').first();
  const salaryId = (await share.getAttribute('href'))!.split('/').pop()!;
  await share.click();
  await expect(page).toHaveURL(new RegExp(`/salary/${salaryId}$`));
  await page.getByRole('tab', { name: 'Paid bonuses and commissions' }).click();
  const item = page.locator('[data-testid="salary-pay-item-commissions"], [data-testid="salary-pay-item-hr-commissions"]').first();
  await expect(item).toContainText(/(Sales|HR) commission \d{4}-\d{2}/);
  const kind = (await item.getAttribute('data-testid'))!.replace('salary-pay-item-', '');
  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${kind === 'commissions' ? '/commission/' : '/hr-commission/statements/'}[0-9a-f-]{36}$`));
});

test('the P&L month grouping shows every month of the range, and the export downloads', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, 'admin', `/pnl?from=${monthAgo(5)}&to=${monthAgo(0)}`);
  await expect(page.getByTestId('pnl-row-total')).toBeVisible();
  await page.getByTestId('pnl-group-by').click();
  await page.getByRole('option', { name: 'Month', exact: true }).click();
  await expect(page).toHaveURL(/groupBy=month/);
  for (let back = 0; back <= 5; back++) await expect(page.getByTestId(`pnl-row-${monthAgo(back)}`)).toBeVisible();
  await typeDate(page.getByTestId('pnl-from'), monthAgo(2));
  await expect(page.getByTestId(`pnl-row-${monthAgo(3)}`)).toHaveCount(0);
  await expect(page.getByTestId(`pnl-row-${monthAgo(2)}`)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('pnl-export').click();
  expect((await download).suggestedFilename()).toBe(`pnl-${monthAgo(2)}-${monthAgo(0)}-month.xlsx`);
});

for (const lang of ['en', 'ar'] as const) {
  test(`the P&L has no serious axe finding in ${lang === 'en' ? 'English' : 'Arabic'}, and fits 390 px`, async ({ page }) => {
    await presetShell(page, lang);
    await signIn(page, 'admin', '/pnl');
    await expect(page.getByTestId('pnl-row-total')).toBeVisible();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('pnl-export')).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
}

test('a manager sees no salary rows and cannot group by person', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, 'manager', '/pnl');
  await expect(page.getByTestId('pnl-row-total')).toBeVisible();
  for (const measure of ['salaryCost', 'bonuses', 'commissions'])
    await expect(page.locator(`[data-testid$="-${measure}"]`), measure).toHaveCount(0);
  await page.getByTestId('pnl-group-by').click();
  await expect(page.getByRole('option', { name: 'Project', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Person', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/pnl?groupBy=person');
  await expect(page.getByText("Salary rows are for the Salary section's roles")).toBeVisible();
});

test("the dashboard's profit of last month opens that month's P&L, whose total profit reads the same", async ({ page }) => {
  await useEnglish(page);
  await signIn(page, 'admin');
  const figure = (await page.getByTestId('profit-last-month').textContent())!;
  expect(figure).toMatch(/\$/);
  await expect(page.getByTestId('profit-last-month-margin')).toHaveText(/^Margin -?[\d.]+ %$/);
  await page.getByTestId('profit-last-month').click();
  await expect(page).toHaveURL(new RegExp(`/pnl\\?from=${monthAgo(1)}&to=${monthAgo(1)}&groupBy=customer$`));
  await expect(page.getByTestId('pnl-row-total')).toContainText(figure);
});

test('the profit widgets have no serious axe finding in Arabic and fit 390 px', async ({ page }) => {
  await presetShell(page, 'ar');
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'sale_lead');
  await expect(page.getByTestId('costs-chart')).toBeVisible();
  await expect(page.getByTestId('widget-profit')).toContainText('الربح');
  // The categories in Arabic: their words are the external costs' (a namespace the dashboard loads).
  await expect(page.getByTestId('costs-chart')).not.toContainText(/office|software|equipment|recruitment|marketing|other/);
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
