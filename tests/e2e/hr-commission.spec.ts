// HR commission end to end: a recruiter's hire that has passed its probation appears in their
// commission as earned and in the twelve months' trend, beside another still in probation; hr_lead
// calculates the month on the dashboard, approves and marks it paid on its statement, and the
// recruiter reads it paid. Axe on the dashboard and a statement in English and Arabic, and the
// dashboard at 390 px.
import { expect, test, type APIRequestContext } from './support/test';
import { signIn, useEnglish } from './support/session';
import { api, apiLogin, dismissToasts, presetShell, seriousViolations } from './shell-support';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
type Trend = { data: Array<{ month: string; earned: string; paid: string }> };
type Mine = { placements: Array<{ id: string; state: string; shares: Array<{ amount: string | null }> }> };

/** A seat of a developer with room for it (1 % of their time), recruited by the demo hr, started `start`. */
async function placement(request: APIRequestContext, start: string, title: string) {
  const { token } = await apiLogin(request, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  const { userId: hrId } = await apiLogin(request, 'hr');
  const developers = (await (await request.get('/api/v1/user?_start=0&_end=30&role=developer', { headers })).json()) as Array<{
    id: string;
  }>;
  const customers = (await (await request.get('/api/v1/customers?_start=0&_end=1&status=active', { headers })).json()) as Array<{
    id: string;
  }>;
  for (const dev of developers) {
    const res = await request.post('/api/v1/headcount', {
      headers,
      data: {
        title,
        userId: dev.id,
        customerId: customers[0]!.id,
        billingRate: 6000,
        rateUnit: 'month',
        allocation: 1,
        startDate: start,
        status: 'active',
        hrId,
        currency: 'USD',
      },
    });
    if (res.ok()) return ((await res.json()) as { id: string }).id;
  }
  throw new Error('no developer with room for a seat');
}

test('a recruiter’s hire passes probation: it shows earned in their commission and the trend; the lead calculates, approves and pays the month', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await useEnglish(page);
  // Started 70 days ago: 60 days of probation, counting the start day, ended 11 days ago.
  const earned = await placement(page.request, daysAgo(70), 'Backend Engineer (passed probation)');
  const waiting = await placement(page.request, daysAgo(30), 'Backend Engineer (in probation)');
  const month = daysAgo(10).slice(0, 7);
  const mine = await api<Mine>(page.request, 'hr', 'get', '/api/v1/hr-commission/my-commission');
  const part = mine.placements.find((p) => p.id === earned)!.shares[0]!.amount!;
  expect(Number(part)).toBeGreaterThan(0);
  const trend = await api<Trend>(page.request, 'hr', 'get', '/api/v1/hr-commission/trend');
  const cell = trend.data.find((m) => m.month === month)!;

  await signIn(page, 'hr', '/hr-commission/dashboard');
  const row = page.getByTestId(`hr-commission-placement-${earned}`);
  await expect(row).toContainText('Earned');
  await expect(row).toContainText(`$${Number(part).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  await expect(page.getByTestId(`hr-commission-placement-${waiting}`)).toContainText('In probation');
  const trendRow = page.getByTestId(`hr-commission-trend-${month}`);
  await expect(trendRow).toContainText(`$${Number(cell.earned).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  // The recruiter calculates nothing and splits nothing.
  await expect(page.getByTestId('hr-commission-calculate')).toHaveCount(0);
  await expect(page.getByTestId('hr-commission-placements')).toHaveCount(0);

  // hr_lead calculates the month, opens the recruiter's statement, approves it and marks it paid.
  const lead = await browser.newPage();
  await useEnglish(lead);
  await signIn(lead, 'hr_lead', '/hr-commission/dashboard');
  await lead.getByTestId('hr-commission-month').fill(month);
  await lead.getByTestId('hr-commission-calculate').click();
  await expect(lead.getByText(/created|updated/)).toBeVisible();
  expect(await seriousViolations(lead), 'the dashboard in English').toEqual([]);
  const { userId: hrId } = await apiLogin(lead.request, 'hr');
  const statements = await api<Array<{ id: string; state: string }>>(
    lead.request,
    'hr_lead',
    'get',
    `/api/v1/hr-commission?_start=0&_end=1&userId=${hrId}&period=${month}`,
  );
  await dismissToasts(lead);
  await lead.goto(`/hr-commission/statements/${statements[0]!.id}?tab=statement`);
  await expect(lead.getByTestId(`statement-line-placement:${earned}`)).toBeVisible();
  if (statements[0]!.state === 'draft') {
    await lead.getByTestId('hr-commission-approve').click();
    await expect(lead.getByText('Statement approved: its figures are frozen')).toBeVisible();
  }
  await lead.getByTestId('hr-commission-mark-paid').click();
  await expect(lead.getByText('Statement marked paid')).toBeVisible();
  await expect(lead.getByTestId('hr-commission-mark-paid')).toHaveCount(0);
  expect(await seriousViolations(lead), 'the statement in English').toEqual([]);
  await lead.close();

  // The recruiter reads the month paid, and the trend's paid column holds it.
  await page.reload();
  await expect(page.getByTestId(`hr-commission-mine-statement-${month}`)).toContainText('Paid');
  const after = await api<Trend>(page.request, 'hr', 'get', '/api/v1/hr-commission/trend');
  const paid = after.data.find((m) => m.month === month)!.paid;
  expect(Number(paid)).toBeGreaterThanOrEqual(Number(part));
  await expect(trendRow).toContainText(`$${Number(paid).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
});

test('the HR commission dashboard, a statement and the matrix read in Arabic, right to left, without serious violations; the dashboard fits 390 px', async ({
  page,
}) => {
  await presetShell(page, 'ar');
  await signIn(page, 'hr_lead', '/hr-commission/dashboard');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('hr-commission-trend').getByRole('table')).toBeVisible();
  await expect(page.getByTestId('hr-commission-placements').getByRole('table')).toBeVisible();
  expect(await seriousViolations(page), 'the dashboard in Arabic').toEqual([]);
  const paid = await api<Array<{ id: string }>>(page.request, 'hr_lead', 'get', '/api/v1/hr-commission?_start=0&_end=1&state=paid');
  await page.goto(`/hr-commission/statements/${paid[0]!.id}?tab=statement`);
  await expect(page.getByTestId('statement-total')).toBeVisible();
  expect(await seriousViolations(page), 'a statement in Arabic').toEqual([]);
  await page.goto('/hr-commission/matrix');
  await expect(page.getByRole('grid')).toBeVisible();
  expect(await seriousViolations(page), 'the matrix in Arabic').toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/hr-commission/dashboard');
  await expect(page.getByTestId('hr-commission-trend').getByRole('table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the split dialog: shares not totalling 100 % are refused on the field, an equal split is saved', async ({ page }) => {
  await useEnglish(page);
  const seat = await placement(page.request, daysAgo(5), 'Backend Engineer (split)');
  await signIn(page, 'hr_lead', '/hr-commission/dashboard');
  const row = page.getByTestId(`hr-commission-placement-${seat}`);
  await row.getByRole('button', { name: /^Split/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('split-add').click();
  await dialog.getByRole('combobox', { name: 'Recruiter 2' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByTestId('split-percent-0').fill('50');
  await dialog.getByTestId('split-percent-1').fill('40');
  await dialog.getByTestId('split-save').click();
  await expect(dialog.getByTestId('split-error')).toHaveText('The shares must total exactly 100 %');
  await dialog.getByTestId('split-percent-0').fill('');
  await dialog.getByTestId('split-percent-1').fill('');
  await dialog.getByTestId('split-save').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row).toContainText('50 %');
});

// A matrix version is named by its month, which the resources smoke cannot type as free text: its
// form, page, History and archive are driven here.
test('hr_lead adds a matrix version from a later month, corrects it, reads it in History, and archives it', async ({ page }) => {
  await useEnglish(page);
  const month = `${2100 + (Date.now() % 700)}-${String((Date.now() % 12) + 1).padStart(2, '0')}`;
  await signIn(page, 'hr_lead', '/hr-commission/matrix/new');
  const form = page.getByTestId('commission-matrix-form');
  await form.getByLabel(/^Effective from/).fill(month);
  await form.getByRole('combobox', { name: /^Basis/ }).click();
  await page.getByRole('option', { name: 'Amount per level' }).click();
  for (const [level, amount] of [
    ['Intern', '150'],
    ['Junior', '400'],
    ['Middle', '600'],
    ['Senior', '900'],
    ['Lead', '1300'],
  ])
    await form.getByLabel(new RegExp(`^${level}`)).fill(amount);
  await page.getByTestId('commission-matrix-form-submit').click();
  await expect(page).not.toHaveURL(/\/new$/);
  const [version] = await api<Array<{ id: string; senior: string }>>(
    page.request,
    'admin',
    'get',
    `/api/v1/hr-commission/matrix?_start=0&_end=1&effectiveMonth=${month}`,
  );
  expect(version!.senior).toBe('900.00');

  await page.goto(`/hr-commission/matrix/${version!.id}`);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await form.getByLabel(/^Senior/).fill('950');
  await page.getByTestId('commission-matrix-form-submit').click();
  // Saved before the page is left (leaving at once could cancel the save).
  await expect(page).not.toHaveURL(/\/edit$/);
  await page.goto(`/hr-commission/matrix/${version!.id}`);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history')).toContainText('950');

  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page).toHaveURL(/\/hr-commission\/matrix$/);
  const left = await api<unknown[]>(page.request, 'admin', 'get', `/api/v1/hr-commission/matrix?_start=0&_end=1&effectiveMonth=${month}`);
  expect(left).toEqual([]);
});
