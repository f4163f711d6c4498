// Invoices end to end: an admin drafts an invoice with two lines and sees the totals computed as
// typed, saves it, sends it (the number appears), downloads its PDF, and records its payment.
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { pdf } from '../fixtures/documents';
import { pdfText } from '../fixtures/pdf-text';
import { signIn, useEnglish } from './support/session';
import { expectDate } from './support/pickers';

const label = (name: string) => new RegExp(`^${name}`);
const mmddyyyy = (date: string) => date.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2$3$1');

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('an admin drafts an invoice with two lines, sees its total, sends it and marks it paid', async ({ page }) => {
  const subject = `October services ${Date.now().toString(36)}`;
  const today = new Date().toISOString().slice(0, 10);
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/invoices/new')}`);
  const form = page.getByTestId('invoice-form');
  await form.getByLabel(label('Customer')).fill('Maple');
  await page.getByRole('option', { name: 'Maple Health Inc.' }).click();
  await form.getByLabel(label('Billing period')).fill('2026-10');
  await form
    .getByRole('group', { name: label('Issue date') })
    .getByRole('spinbutton')
    .first()
    .click();
  await page.keyboard.type(mmddyyyy(today));
  await form.getByLabel(label('Subject')).fill(subject);
  // The customer's currency is taken.
  await expect(form.getByRole('combobox', { name: label('Currency') })).toHaveText('USD');
  await form.getByLabel(label('Tax rate')).fill('10');

  const lines: Array<[string, string, string]> = [
    ['Backend engineering, 160 h', '160', '45.125'],
    ['Licence', '1', '99.995'],
  ];
  for (const [i, [description, quantity, price]] of lines.entries()) {
    await page.getByTestId('invoice-add-line').click();
    const line = page.getByTestId(`invoice-line-${i}`);
    await line.getByLabel(label('Description')).fill(description);
    await line.getByLabel(label('Quantity')).fill(quantity);
    await line.getByLabel(label('Unit price')).fill(price);
  }
  // 160 × 45.125 = 7220.00; 1 × 99.995 = 100.00 (half up); 10 % tax = 732.00.
  await expect(page.getByTestId('invoice-line-0-amount')).toHaveText('$7,220.00');
  await expect(page.getByTestId('invoice-line-1-amount')).toHaveText('$100.00');
  await expect(page.getByTestId('invoice-subtotal')).toHaveText('$7,320.00');
  await expect(page.getByTestId('invoice-tax')).toHaveText('$732.00');
  await expect(page.getByTestId('invoice-total')).toHaveText('$8,052.00');
  // Saved, the invoice opens: sending it is the next step.
  await page.getByTestId('invoice-form-submit').click();
  await expect(page).toHaveURL(/\/invoices\/[\w-]+$/);
  await expect(page.getByTestId('invoice-number')).toHaveText('Draft (no number yet)');
  await expect(page.getByTestId('invoice-show-total')).toHaveText('$8,052.00');
  // A draft is not paid yet.
  await expect(page.getByTestId('invoice-mark-paid')).toHaveCount(0);

  await page.getByTestId('invoice-send').click();
  await expect(page.getByTestId('invoice-number')).toHaveText(new RegExp(`^INV-${today.slice(0, 4)}-\\d{4,}$`));
  await expect(page.getByTestId('invoice-send')).toHaveCount(0);

  // The PDF the customer receives is named after the number and carries the figures on screen.
  const number = (await page.getByTestId('invoice-number').textContent())!;
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-pdf').click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const text = await pdfText(await readFile(await download.path()));
  expect(text).toContain(`INVOICE ${number}`);
  expect(text).toMatch(/Total \(USD\)\s+\$8,052\.00/);

  await page.getByTestId('invoice-mark-paid').click();
  await expect(page.getByTestId('invoice-paid-amount')).toHaveValue('8052.00');
  // The payment's day in the app's picker (the reader's language and order), today by default.
  await expectDate(page.getByTestId('invoice-paid-at'), today);
  await page.getByTestId('invoice-paid-confirm').click();
  await expect(page.getByTestId('invoice-summary').getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-show-paidAmount')).toHaveText('$8,052.00');
  await expect(page.getByTestId('invoice-mark-paid')).toHaveCount(0);
  await expect(page.getByTestId('invoice-cancel')).toHaveCount(0);

  // The customer's signed copy is attached to the paid invoice, in its Files tab.
  await page.getByRole('tab', { name: 'Files' }).click();
  const slot = page.getByTestId('invoice-file');
  await expect(slot).toContainText('Signed copy or purchase order');
  await expect(slot).toContainText('No file yet');
  await page
    .getByTestId('invoice-file-input')
    .setInputFiles({ name: 'Signed copy.pdf', mimeType: 'application/pdf', buffer: await pdf(subject) });
  await expect(page.getByTestId('invoice-file-name')).toHaveText('Signed copy.pdf');
  await page.reload();
  await expect(page.getByTestId('invoice-file-name')).toHaveText('Signed copy.pdf');
});
