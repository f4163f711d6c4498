// KPI end to end: a sale's invoice is paid and their revenue actual rises on their progress page,
// the counted invoice listed as a link to it; hr_lead opens the quarter's evaluation from the
// progress page and approves it (its statement line by line); the sale questions a line and the
// lead answers. Axe on the progress page and the statement in English and Arabic.
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { signIn, useEnglish } from './support/session';
import { api, dismissToasts, presetShell, seriousViolations } from './shell-support';

const today = () => new Date().toISOString().slice(0, 10);
const thisQuarter = () => {
  const d = new Date();
  return `${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
};
type Quarter = { metrics: Array<{ kind: string; actual: string | null }>; evaluation: { id: string } | null };

/** The sale pays… their customer pays an invoice today: answers its id and number. */
async function paidInvoiceToday(request: APIRequestContext, saleCustomerId: string) {
  const invoice = await api<{ id: string; total: string }>(request, 'sale', 'post', '/api/v1/invoice', {
    subject: 'KPI journey: backend work',
    customerId: saleCustomerId,
    projectId: null,
    period: today().slice(0, 7),
    issueDate: today(),
    taxRate: '10',
    lines: [{ description: 'Backend engineering', unit: 'hour', quantity: '10', unitPrice: '150.50' }],
  });
  const sent = await api<{ number: string }>(request, 'sale', 'post', `/api/v1/invoice/${invoice.id}/send`);
  await api(request, 'admin', 'post', `/api/v1/invoice/${invoice.id}/mark-paid`, { paidAt: today(), amount: invoice.total });
  return { id: invoice.id, number: sent.number };
}

async function openStatement(page: Page, id: string) {
  await page.goto(`/kpi/evaluations/${id}?tab=statement`);
  await expect(page.getByTestId('statement-total')).toBeVisible();
}

test('a paid invoice raises the sale’s KPI; hr_lead evaluates and approves the quarter; the sale questions a line and the lead answers', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await useEnglish(page);
  const period = thisQuarter();
  const year = period.slice(0, 4);
  await signIn(page, 'sale', '/');
  const me = await api<{ id: string }>(page.request, 'sale', 'get', '/api/v1/auth/me');
  const customers = await api<Array<{ id: string }>>(
    page.request,
    'sale',
    'get',
    `/api/v1/customers?_start=0&_end=1&status=active&ownerSaleId=${me.id}`,
  );
  const before = await api<Quarter>(page.request, 'sale', 'get', `/api/v1/kpi/my-kpi?period=${period}`);
  expect(before.metrics[0]!.kind).toBe('revenue');

  await page.goto(`/kpi/progress/${me.id}/${year}`);
  const actual = page.getByTestId(`kpi-actual-${period}-0`);
  await expect(actual).toBeVisible();
  const shownBefore = await actual.innerText();
  const invoice = await paidInvoiceToday(page.request, customers[0]!.id);
  await page.reload();
  await expect(actual).not.toHaveText(shownBefore);
  const after = await api<Quarter>(page.request, 'sale', 'get', `/api/v1/kpi/my-kpi?period=${period}`);
  expect(Number(after.metrics[0]!.actual)).toBeGreaterThan(Number(before.metrics[0]!.actual));
  const card = page.getByTestId(`kpi-quarter-${period}`);
  await expect(card.getByRole('cell', { name: /min\(.+\) × 50 = / })).toBeVisible();
  expect(await seriousViolations(page), 'the progress page').toEqual([]);
  await card.getByRole('link', { name: new RegExp(invoice.number) }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));

  // hr_lead opens the quarter's evaluation from the sale's progress page and approves it.
  const lead = await browser.newPage();
  await useEnglish(lead);
  await signIn(lead, 'hr_lead', `/kpi/progress/${me.id}/${year}`);
  await lead.getByTestId(`kpi-evaluate-${period}`).click();
  await expect(lead).toHaveURL(/\/kpi\/evaluations\/[0-9a-f-]{36}$/);
  const evaluationId = lead.url().split('/').pop()!;
  await lead.getByRole('tab', { name: 'Statement' }).click();
  await expect(lead.getByTestId('statement-line-metric:0')).toContainText('Revenue');
  await lead.getByTestId('statement-approve').click();
  await expect(lead.getByText('Approved: its figures are frozen')).toBeVisible();
  await expect(lead.getByTestId('statement-approve')).toHaveCount(0);

  // The sale questions the revenue line; the lead answers it.
  await openStatement(page, evaluationId);
  await page.getByTestId('ask-metric:0').click();
  await page.getByTestId('question-text').fill('The invoice paid today: is it in?');
  await page.getByTestId('question-send').click();
  await expect(page.getByTestId('question')).toContainText('The invoice paid today: is it in?');
  await expect(page.getByTestId('answer-text')).toHaveCount(0);

  await dismissToasts(lead);
  await openStatement(lead, evaluationId);
  await lead.getByTestId('answer-text').fill('Yes: it is counted on the revenue line.');
  await lead.getByTestId('answer-send').click();
  await expect(lead.getByTestId('question-answer')).toHaveText('Yes: it is counted on the revenue line.');
  await page.reload();
  await expect(page.getByTestId('question-answer')).toHaveText('Yes: it is counted on the revenue line.');
  expect(await seriousViolations(lead), 'the statement in English').toEqual([]);

  // The quarter's bonus: calculated from the approved evaluation, approved and paid; the salary of
  // this month holds it, with a link back to the bonus.
  await dismissToasts(lead);
  await lead.goto(`/kpi/quarterly-summary?period=${period}`);
  await lead.getByTestId('kpi-quarter-calculate').click();
  const row = lead.getByTestId(`kpi-quarter-row-${me.id}`);
  await row.getByRole('link', { name: 'Pending' }).last().click();
  await expect(lead).toHaveURL(/\/kpi\/bonuses\/[0-9a-f-]{36}$/);
  const bonusId = lead.url().split('/').pop()!;
  await lead.getByRole('tab', { name: 'Statement' }).click();
  await expect(lead.getByTestId('statement-line-bonus')).toContainText('× ');
  await lead.getByTestId('statement-approve').click();
  await expect(lead.getByTestId('statement-mark-paid')).toBeVisible();
  await lead.getByTestId('statement-mark-paid').click();
  await expect(lead.getByTestId('statement-mark-paid')).toHaveCount(0);
  const month = today().slice(0, 7);
  const salaries = await api<Array<{ id: string }>>(lead.request, 'hr_lead', 'get', `/api/v1/salary?userId=${me.id}&month=${month}`);
  await lead.goto(`/salary/${salaries[0]!.id}`);
  await lead.getByRole('tab', { name: 'Paid bonuses and commissions' }).click();
  const item = lead.getByTestId('salary-pay-item-kpi-bonuses');
  await expect(item).toContainText(`Quarter bonus ${period}`);
  await item.getByRole('link').click();
  await expect(lead).toHaveURL(new RegExp(`/kpi/bonuses/${bonusId}$`));
  await lead.close();
});

test('hr_lead sets a new bonus scale from a later quarter: its levels, read back as it pays', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, 'hr_lead', '/kpi/bonus-scales/new');
  const quarter = `20${30 + (Date.now() % 60)}-Q${(Date.now() % 4) + 1}`;
  await page.getByLabel('From the quarter').fill(quarter);
  await page.getByLabel('Bonus fund (% of the quarter’s profit)').fill('5');
  await page.getByLabel('Fund threshold (achievement %)').fill('70');
  const levels = page.getByTestId('scale-levels');
  await levels.getByLabel('Achievement (%)').first().fill('80');
  await levels.getByLabel('% of the target bonus').first().fill('50');
  await levels.getByRole('button', { name: 'Add a level' }).click();
  await levels.getByLabel('Achievement (%)').nth(1).fill('120');
  await levels.getByLabel('% of the target bonus').nth(1).fill('150');
  // 100 % is halfway: 100 % of the target bonus.
  await expect(page.getByTestId('scale-preview')).toContainText('100 % → 100 %');
  await page.getByTestId('bonus-scale-form-submit').click();
  await expect(page).not.toHaveURL(/\/new$/);
  await expect(page.getByText(quarter).first()).toBeVisible();
  expect(await seriousViolations(page), 'the bonus scales').toEqual([]);
});

test('the progress page and a statement read in Arabic, right to left, without serious violations', async ({ page }) => {
  await presetShell(page, 'ar');
  await signIn(page, 'hr_lead', '/kpi/dashboard');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('table')).toBeVisible();
  expect(await seriousViolations(page), 'the dashboard in Arabic').toEqual([]);
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/kpi\/progress\//);
  await expect(page.getByTestId('kpi-progress-chart')).toBeVisible();
  expect(await seriousViolations(page), 'the progress page in Arabic').toEqual([]);
  const evaluations = await api<Array<{ id: string }>>(
    page.request,
    'hr_lead',
    'get',
    '/api/v1/kpi-bonus/evaluation?_start=0&_end=1&state=approved',
  );
  await openStatement(page, evaluations[0]!.id);
  expect(await seriousViolations(page), 'a statement in Arabic').toEqual([]);
});

test('a recruiter, whose role has no KPI section, reads their quarter’s achievement and its lines on the dashboard', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, 'hr', '/');
  const widget = page.getByTestId('widget-my-kpi');
  await expect(widget).toBeVisible();
  await expect(widget.getByTestId('my-kpi-total')).toHaveText(/\d+\.\d\d %/);
  await expect(widget).toContainText('Hires');
  await expect(widget.getByText(/min\(.+\) × 60 = /)).toBeVisible();
  // No way into the KPI section's pages from it: the figure is not a link for this role.
  await expect(widget.getByRole('link')).toHaveCount(0);
});

test('KPI targets through the form: the weights summed as one types, a refusal by field, then saved, edited with History, and archived', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await useEnglish(page);
  const year = String(2050 + (Date.now() % 40));
  await signIn(page, 'sale_lead', '/kpi/new');
  const form = page.getByTestId('kpi-form');
  await form.getByLabel(/^Person/).click();
  await page.getByRole('option').first().click();
  await form.getByLabel(/^Year/).fill(year);
  await form.getByLabel(/^Quarter number/).fill('2');
  await form.getByLabel(/^Focus/).fill('Renewals in Hải Phòng');
  const first = page.getByTestId('kpi-metric-0');
  await first.getByLabel(/^Metric/).fill('Revenue');
  await first.getByLabel(/^Target/).fill('80000');
  await first.getByLabel(/^Weight/).fill('60');
  await expect(page.getByTestId('kpi-weight-total')).toContainText('60 % of 100 %');
  await page.getByTestId('kpi-add-metric').click();
  const second = page.getByTestId('kpi-metric-1');
  await second.getByLabel(/^Metric/).fill('Customer visits');
  await second.getByLabel(/^Target/).fill('12');
  await second.getByLabel(/^Weight/).fill('30');
  await second.getByLabel(/^Achieved/).fill('9');
  await second.getByLabel(/^Where the figure comes from/).fill('Visit log');
  await page.getByTestId('kpi-form-submit').click();
  await expect(page.getByText('The weights of the applicable metrics must total 100 %')).toBeVisible();
  await expect(page).toHaveURL(/\/kpi\/new$/);
  await second.getByLabel(/^Weight/).fill('40');
  await expect(page.getByTestId('kpi-weight-total')).toContainText('100 % of 100 %');
  await page.getByTestId('kpi-form-submit').click();
  await expect(page).not.toHaveURL(/\/new$/);

  await page.goto(`/kpi?year=${year}&quarter=2`);
  const row = page.locator('[role="grid"][aria-rowcount]').getByRole('row').nth(1);
  await expect(row).toContainText(`${year}-Q2`);
  await row
    .getByRole('gridcell')
    .filter({ hasText: `${year}-Q2` })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: `${year}-Q2` })).toBeVisible();
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page
    .getByTestId('kpi-form')
    .getByLabel(/^Focus/)
    .fill('Renewals and upsell in Hải Phòng');
  await page.getByTestId('kpi-form-submit').click();
  await expect(page.getByRole('heading', { name: `${year}-Q2` })).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history')).toContainText('Renewals and upsell in Hải Phòng');
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page).toHaveURL(/\/kpi$/);
});

// A performance record is named by its month, which the resources smoke cannot type as free text:
// its form, page, History and archive are driven here.
test('a lead records a month’s performance score, corrects it, reads it in History, and archives it', async ({ page }) => {
  await useEnglish(page);
  const month = `${2100 + (Date.now() % 700)}-${String((Date.now() % 12) + 1).padStart(2, '0')}`;
  await signIn(page, 'sale_lead', '/kpi/performance/new');
  const form = page.getByTestId('performance-record-form');
  await form.getByLabel(/^Month/).fill(month);
  await form.getByLabel(/^Person/).click();
  await page.getByRole('option').first().click();
  await form.getByLabel(/^Score/).fill('82.5');
  await page.getByTestId('performance-record-form-submit').click();
  await expect(page).not.toHaveURL(/\/new$/);
  const [record] = await api<Array<{ id: string; score: string }>>(
    page.request,
    'admin',
    'get',
    `/api/v1/kpi-bonus/performance?_start=0&_end=1&month=${month}`,
  );
  expect(record!.score).toBe('82.50');

  await page.goto(`/kpi/performance/${record!.id}`);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await form.getByLabel(/^Score/).fill('90');
  await page.getByTestId('performance-record-form-submit').click();
  // Saved before the page is left: going on at once could cut the save off.
  await expect(page).not.toHaveURL(/\/edit$/);
  await page.goto(`/kpi/performance/${record!.id}`);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history')).toContainText('90');
  expect(await seriousViolations(page), 'a performance record').toEqual([]);

  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page).toHaveURL(/\/kpi\/performance$/);
  const left = await api<unknown[]>(page.request, 'admin', 'get', `/api/v1/kpi-bonus/performance?_start=0&_end=1&month=${month}`);
  expect(left).toEqual([]);
});
