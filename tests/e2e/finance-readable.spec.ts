// Finance pages as a finance team reads and works them: a message never covers the page's next
// action (at a desk's width, a laptop's and a phone's), in English and Arabic.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn, useEnglish, type DemoRole } from './support/session';
import { apiLogin, seriousViolations, toasts } from './shell-support';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

async function api<T>(request: APIRequestContext, role: DemoRole, url: string, data?: object): Promise<T> {
  const { token } = await apiLogin(request, role);
  const headers = { authorization: `Bearer ${token}` };
  const res = data ? await request.post(url, { headers, data }) : await request.get(url, { headers });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
}

/** A draft invoice of Maple Health, in a month no close of the demo reaches. */
async function draftInvoice(request: APIRequestContext, subject: string): Promise<string> {
  const customers = await api<Array<{ id: string; name: string }>>(request, 'admin', '/api/v1/customers?_start=0&_end=5&q=Maple');
  const customerId = customers.find((c) => c.name.startsWith('Maple'))!.id;
  const invoice = await api<{ id: string }>(request, 'admin', '/api/v1/invoice', {
    subject,
    customerId,
    period: '2090-02',
    issueDate: '2090-02-28',
    taxRate: '10',
    lines: [{ description: 'Backend engineering', headcountId: null, unit: 'hour', quantity: '10', unitPrice: '45' }],
  });
  return invoice.id;
}

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`after Send, the next action is clickable while the message shows (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    const id = await draftInvoice(request, `Toast clearance ${width} ${Date.now().toString(36)}`);
    await signIn(page, 'admin', `/invoices/${id}`);
    await page.getByTestId('invoice-send').click();
    await expect(toasts(page).first()).toBeVisible();
    await expect(page.getByTestId('invoice-number')).toHaveText(/^INV-/);
    // The pointer rests on each action in turn while the message still shows: a message on top of
    // one would take the hover (and stay open) and Playwright's click would fail as covered.
    for (const action of ['invoice-cancel', 'invoice-pdf', 'invoice-mark-paid']) {
      await page.getByTestId(action).hover({ timeout: 3000 });
    }
    await expect(toasts(page).first()).toBeVisible();
    await page.getByTestId('invoice-cancel').click({ timeout: 3000 });
    await expect(page.getByRole('dialog', { name: /Cancel/ })).toBeVisible();
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`an invoice's page with its message shown is axe clean (${lang})`, async ({ page, request }) => {
    if (lang === 'ar') await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
    const id = await draftInvoice(request, `Toast axe ${lang} ${Date.now().toString(36)}`);
    await signIn(page, 'admin', `/invoices/${id}`);
    await page.getByTestId('invoice-send').click();
    await expect(toasts(page).first()).toBeVisible();
    await page.getByTestId('invoice-cancel').click({ timeout: 3000 });
    await page.keyboard.press('Escape');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('a French user picks a month in French, and the salary list has one Month field that the export follows', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'fr'));
  await signIn(page, 'hr_lead', '/salary?month=2026-11');
  const month = page.getByRole('group', { name: /^Mois/ });
  await expect(month).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: /^Mois/ })).toHaveCount(0);
  await expect(month).toContainText('novembre 2026');
  await expect(page.getByTestId('salary-export-month-button')).toHaveText('Exporter novembre 2026');
  // The calendar's months are French too, and a pick moves the list and its export.
  await month.getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: 'octobre' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'octobre' }).click();
  await expect(page).toHaveURL(/month=2026-10/);
  await expect(page.getByTestId('salary-export-month-button')).toHaveText('Exporter octobre 2026');
});

test('the P&L by project names every bar, the largest first, the rest as one "others" bar', async ({ page }) => {
  await signIn(page, 'admin', '/pnl?groupBy=project');
  const chart = page.getByTestId('pnl-chart');
  const names = chart.locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel');
  await expect(names).toHaveCount(11);
  await expect(names.last()).toHaveText(/^Others \(\d+\)$/);
  for (const name of await names.all()) await expect(name).toBeVisible();
});

test('the French analytics: the date in French, and the ageing chart keeps every bucket’s name', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'fr'));
  await signIn(page, 'admin', '/invoices/analytics?asOf=2026-11-28');
  // The date picked reads in French, day first.
  await expect(page.getByTestId('analytics-as-of')).toContainText('28/11/2026');
  const names = page.getByTestId('analytics-ageing').locator('svg .MuiChartsAxis-tickLabel');
  for (const bucket of ['Pas encore échues', '0 à 30 jours', '31 à 60 jours', '61 à 90 jours', 'Plus de 90 jours'])
    await expect(names.filter({ hasText: bucket })).toBeVisible();
});

test('an invoice line’s description shows whole in the edit form, and saving returns to the invoice', async ({ page, request }) => {
  const id = await draftInvoice(request, `Long line ${Date.now().toString(36)}`);
  await signIn(page, 'admin', `/invoices/${id}/edit`);
  const description = page.getByTestId('invoice-line-0').getByLabel(/^Description/);
  const long = 'Backend engineering for the patient portal — 22 working days × 8 h at the monthly rate, pro rata';
  await description.fill(long);
  await expect(description).toHaveValue(long);
  const cut = await description.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
  expect(cut).toBe(false);
  await page.getByTestId('invoice-form-submit').click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${id}$`));
  await expect(page.getByTestId('invoice-summary')).toContainText(long);
});

test('the invoice list at 1400 px keeps Status and Overdue in view', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'admin', '/invoices');
  const headers = page.getByRole('grid').getByRole('columnheader');
  await expect(headers.filter({ hasText: /^Status$/ })).toBeVisible();
  await expect(headers.filter({ hasText: /^Overdue$/ })).toBeVisible();
  await expect(headers.filter({ hasText: /^Subject$/ })).toBeVisible();
});

test('in Arabic, names keep their period at their end and the revenue card keeps its amounts inside their halves; axe clean', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
  await signIn(page, 'admin', '/');
  const figures = page.getByTestId('widget-revenue').locator('[data-testid^="revenue-"]');
  await expect(figures.first()).toBeVisible();
  for (const figure of await figures.all()) {
    const spills = await figure.evaluate((el) => {
      const cell = el.closest('a')?.parentElement ?? el.parentElement!;
      const a = el.getBoundingClientRect();
      const b = cell.getBoundingClientRect();
      return a.left < b.left - 1 || a.right > b.right + 1;
    });
    expect(spills, (await figure.textContent()) ?? '').toBe(false);
  }
  await page.goto('/invoices/analytics');
  // An isolated name keeps "Inc." at its end in a right-to-left table.
  await expect(page.locator('th bdi', { hasText: /^Maple Health Inc\.$/ }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/pnl?groupBy=customer');
  await expect(page.locator('th bdi', { hasText: /^Maple Health Inc\.$/ }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The chart's axis labels are whole, inside the chart, by customer and by month.
  for (const groupBy of ['customer', 'month']) {
    await page.goto(`/pnl?groupBy=${groupBy}`);
    const chart = page.getByTestId('pnl-chart');
    await expect(chart.locator('.MuiChartsAxis-tickLabel').first()).toBeVisible();
    const cut = await chart.evaluate((box) => {
      const svg = box.getBoundingClientRect();
      return [...box.querySelectorAll('.MuiChartsAxis-tickLabel')]
        .map((el) => ({ text: el.textContent, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.left < svg.left - 1 || r.right > svg.right + 1)
        .map(({ text }) => text);
    });
    expect(cut, groupBy).toEqual([]);
  }
});
