// Sales commission end to end: a sale's invoice is paid; the lead previews and stores the sale's
// month from the dashboard; the sale's statement shows it tier by tier, the invoice a link to it;
// the lead approves it and marks it paid. At 390 px the statement reads without a horizontal page
// scroll. Axe on the dashboard and the statement in English and Arabic.
import { expect, test } from './support/test';
import { signIn, useEnglish } from './support/session';
import { api, dismissToasts, presetShell, seriousViolations } from './shell-support';

const today = () => new Date().toISOString().slice(0, 10);

test('a sale’s paid invoice shows on their month tier by tier; the lead stores, approves and pays it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await useEnglish(page);
  await signIn(page, 'sale', '/');
  const me = await api<{ id: string; fullName: string }>(page.request, 'sale', 'get', '/api/v1/auth/me');
  const [customer] = await api<Array<{ id: string }>>(
    page.request,
    'sale',
    'get',
    `/api/v1/customers?_start=0&_end=1&status=active&ownerSaleId=${me.id}`,
  );
  const invoice = await api<{ id: string; total: string }>(page.request, 'sale', 'post', '/api/v1/invoice', {
    subject: 'Commission journey: backend work',
    customerId: customer!.id,
    projectId: null,
    period: today().slice(0, 7),
    issueDate: today(),
    currency: 'USD',
    exchangeRate: '1',
    taxRate: '0',
    lines: [{ description: 'Backend engineering', unit: 'month', quantity: '1', unitPrice: '12000' }],
  });
  const { number } = await api<{ number: string }>(page.request, 'sale', 'post', `/api/v1/invoice/${invoice.id}/send`);
  await api(page.request, 'admin', 'post', `/api/v1/invoice/${invoice.id}/mark-paid`, { paidAt: today(), amount: invoice.total });

  // The lead previews the sale's month, then stores it.
  const lead = await browser.newPage();
  await useEnglish(lead);
  await signIn(lead, 'sale_lead', '/commission/dashboard');
  const panel = lead.getByTestId('commission-calculate');
  await panel.getByRole('combobox').click();
  await lead.getByRole('option', { name: me.fullName, exact: true }).click();
  await panel.getByTestId('commission-preview').click();
  await expect(lead.getByTestId('commission-preview-result')).toContainText(/% of /);
  expect(await seriousViolations(lead), 'the dashboard in English').toEqual([]);
  await panel.getByTestId('commission-store').click();
  await expect(lead).toHaveURL(/\/commission\/[0-9a-f-]{36}$/);
  const id = lead.url().split('/').pop()!;

  // The sale reads their month: tier by tier, the invoice a link to it.
  await page.goto(`/commission/${id}?tab=statement`);
  await expect(page.getByTestId('statement-total')).toBeVisible();
  const first = page.getByTestId('statement-line-tier:0');
  await expect(first).toContainText(/5 % of 10 000\.00 = 500\.00|6 % of 10 000\.00 = 600\.00/);
  await expect(page.getByTestId('statement-line-tier:1')).toBeVisible();
  await expect(page.getByTestId('commission-approve')).toHaveCount(0);
  await first.getByRole('link', { name: new RegExp(number) }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));

  // The lead approves it and marks it paid; it is frozen.
  await lead.getByRole('tab', { name: 'Statement' }).click();
  await lead.getByTestId('commission-approve').click();
  await expect(lead.getByText('Statement approved: its figures are frozen')).toBeVisible();
  await dismissToasts(lead);
  await lead.getByTestId('commission-mark-paid').click();
  await expect(lead.getByText('Statement marked paid')).toBeVisible();
  await expect(lead.getByTestId('commission-mark-paid')).toHaveCount(0);
  const paid = await api<{ state: string; paidAt: string | null }>(lead.request, 'sale_lead', 'get', `/api/commission/${id}`);
  expect(paid.state).toBe('paid');
  expect(paid.paidAt).not.toBeNull();
  expect(await seriousViolations(lead), 'the statement in English').toEqual([]);

  // At 390 px the sale's statement fits the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/commission/${id}?tab=statement`);
  await expect(page.getByTestId('statement-total')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await lead.close();
});

test('the commission dashboard and a statement read in Arabic, right to left, without serious violations', async ({ page }) => {
  await presetShell(page, 'ar');
  await signIn(page, 'sale_lead', '/commission/dashboard');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('commission-chart')).toBeVisible();
  expect(await seriousViolations(page), 'the dashboard in Arabic').toEqual([]);
  const [statement] = await api<Array<{ id: string }>>(page.request, 'sale_lead', 'get', '/api/commission?_start=0&_end=1&state=paid');
  await page.goto(`/commission/${statement!.id}?tab=statement`);
  await expect(page.getByTestId('statement-total')).toBeVisible();
  expect(await seriousViolations(page), 'a statement in Arabic').toEqual([]);
});

test('the matrix is its keepers’: a sale is refused it; hr_lead reads the versions and opens a new plan with its tiers', async ({
  page,
}) => {
  await useEnglish(page);
  await signIn(page, 'sale', '/commission/matrix');
  await expect(page.getByTestId('permission-denied')).toBeVisible();
  await signIn(page, 'hr_lead', '/commission/matrix');
  await expect(page.getByRole('gridcell', { name: 'Revised sales plan' }).first()).toBeVisible();
  await page.goto('/commission/matrix/new');
  await expect(page.getByTestId('commission-tier-2')).toBeVisible();
  await expect(page.getByLabel('Tier 3: to')).toHaveValue('');
  await page.getByTestId('commission-add-tier').click();
  await expect(page.getByLabel('Tier 4: from')).toHaveValue('');
  expect(await seriousViolations(page), 'the matrix form').toEqual([]);
});
