// The invoice a customer can pay from: an admin saves the firm's tax id and payment details, gives a
// customer Vietnamese as its invoice language, and the invoice's PDF, downloaded from an English
// screen, speaks Vietnamese and carries what to pay to. Axe checks the settings page in English and Arabic.
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { pdfText } from '../fixtures/pdf-text';
import { signIn, useEnglish } from './support/session';
import { apiLogin, dismissToasts, presetShell, seriousViolations, settled } from './shell-support';

test('an admin saves the firm’s details and a customer’s language; the PDF follows both', async ({ page, request }) => {
  test.setTimeout(120_000);
  await useEnglish(page);
  const taxId = `0312${Date.now().toString().slice(-6)}`;
  await signIn(page, 'admin', '/auth/sign-in');
  await page.getByTestId('account-button').click();
  await page.getByTestId('account-firm-settings').click();
  await expect(page).toHaveURL(/\/firm-settings$/);
  await expect(page.getByRole('heading', { name: 'Firm details' })).toBeVisible();
  const form = page.getByTestId('firm-settings-form');
  await form.getByLabel(/^Tax ID/).fill(taxId);
  await form.getByLabel(/^Payment details/).fill('Vietcombank Sài Gòn\nSTK 0071001234567 · SWIFT BFTVVNVX');
  await page.getByTestId('firm-settings-save').click();
  await expect(page.getByText('Firm details saved')).toBeVisible();
  await dismissToasts(page);

  // A customer in Vietnamese, through its form.
  const { token } = await apiLogin(request, 'admin');
  const auth = { Authorization: `Bearer ${token}` };
  const [customer] = (await (await request.get('/api/v1/customers?_start=0&_end=1&code=SAOVIET', { headers: auth })).json()) as Array<{
    id: string;
  }>;
  await page.goto(`/customers/${customer!.id}/edit`);
  await page.getByRole('combobox', { name: /^Invoice language/ }).click();
  await page.getByRole('option', { name: 'Vietnamese', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).not.toHaveURL(/\/edit$/);
  await page.goto(`/customers/${customer!.id}`);
  await expect(page.locator('[data-field="language"]')).toContainText('Vietnamese');

  // Its invoice, sent, downloaded from the English screen: Vietnamese labels, the firm's tax id and payment details.
  // The e2e server's access tokens live five seconds: a fresh one for the call.
  const created = await request.post('/api/v1/invoice', {
    headers: { Authorization: `Bearer ${(await apiLogin(request, 'admin')).token}` },
    data: {
      subject: 'PDF in the customer’s language',
      customerId: customer!.id,
      period: '2026-10',
      issueDate: '2026-10-31',
      dueDate: '2026-11-30',
      exchangeRate: '0.0000393',
      lines: [{ description: 'Kỹ sư phần mềm', quantity: '1', unit: 'month', unitPrice: '150000000' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/invoices/${id}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-pdf').click()]);
  const text = await pdfText(await readFile(await download.path()));
  expect(text).toContain('HÓA ĐƠN');
  expect(text).toContain('Thông tin thanh toán');
  expect(text).toContain(`Mã số thuế: ${taxId}`);
  expect(text).toContain('STK 0071001234567 · SWIFT BFTVVNVX');
  expect(text.replace(/\s/g, ' ')).toContain('150.000.000 ₫');
});

test('the firm’s details page: right to left in Arabic, and axe finds nothing serious in English and Arabic', async ({ page }) => {
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/firm-settings')}`);
  const findings: Record<string, unknown> = {};
  for (const lang of ['en', 'ar'] as const) {
    await presetShell(page, lang);
    await page.goto('/firm-settings');
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('firm-settings-form')).toBeVisible();
    await settled(page);
    findings[lang] = await seriousViolations(page);
  }
  expect(findings).toEqual({ en: [], ar: [] });
});
