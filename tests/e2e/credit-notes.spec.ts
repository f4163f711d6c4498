// Credit notes end to end: a sales lead opens a sent invoice, issues a credit note for part of it
// (one line's hours lowered, the other line removed), sends it and reads its CN number; the invoice
// then says what was credited, lists the note as a link, and offers no Cancel any more. Axe finds
// nothing serious in English nor in Arabic, and both pages fit a 390 px phone.
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { signIn, useEnglish } from './support/session';
import { api, presetShell, seriousViolations, settled } from './shell-support';

const label = (name: string) => new RegExp(`^${name}`);
type Invoice = { id: string; number: string | null; total: string; credited: string };

/**
 * A sent USD invoice of this month: 100 h at 50.00 and a 200.00 licence, 10 % tax — 5,720.00.
 * This month is never closed by the demo, and a credit note is booked in it by default.
 */
async function sentInvoice(request: APIRequestContext): Promise<Invoice> {
  const [maple] = await api<Array<{ id: string }>>(request, 'admin', 'get', '/api/v1/customers?_start=0&_end=1&code=MAPLE');
  const today = new Date().toISOString().slice(0, 10);
  const draft = await api<Invoice>(request, 'admin', 'post', '/api/v1/invoice', {
    subject: `Credit note journey ${Date.now().toString(36)}`,
    customerId: maple!.id,
    period: today.slice(0, 7),
    issueDate: today,
    taxRate: '10',
    lines: [
      { description: 'Backend engineering', quantity: '100', unit: 'hour', unitPrice: '50' },
      { description: 'Licence', quantity: '1', unit: 'item', unitPrice: '200' },
    ],
  });
  const sent = await api<Invoice>(request, 'admin', 'post', `/api/v1/invoice/${draft.id}/send`, {});
  expect(sent.total).toBe('5720.00');
  return sent;
}

/** The page is as wide as the screen: nothing makes it scroll sideways. */
const fits = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('a lead credits part of a sent invoice: the note is sent under its CN number, the invoice shows it credited and cannot be cancelled', async ({
  page,
}) => {
  await useEnglish(page);
  const invoice = await sentInvoice(page.request);
  await signIn(page, 'sale_lead', `/invoices/${invoice.id}`);
  await expect(page.getByTestId('invoice-number')).toHaveText(invoice.number!);
  await expect(page.getByTestId('invoice-cancel')).toBeVisible();
  await expect(page.getByTestId('invoice-credited')).toHaveCount(0);

  await page.getByTestId('invoice-credit-note').click();
  const dialog = page.getByRole('dialog', { name: `Credit note for ${invoice.number}` });
  await expect(dialog.getByTestId('invoice-credit-left')).toHaveText('Left to credit: $5,720.00');
  await dialog.getByTestId('invoice-credit-confirm').click();

  // The draft opens to edit, with every line of the invoice: 10 of the 100 hours are given back.
  await expect(page).toHaveURL(/\/invoices\/[\w-]+\/edit/);
  await expect(page.getByTestId('credit-note-hint')).toContainText(`Credit note of ${invoice.number}`);
  const form = page.getByTestId('invoice-form');
  await expect(form.getByRole('combobox', { name: label('Currency') })).toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('invoice-line-0').getByLabel(label('Quantity')).fill('10');
  await page.getByRole('button', { name: 'Remove line 2' }).click();
  // Counted negative as typed: 10 × 50.00 = 500.00, 10 % tax = 50.00.
  await expect(page.getByTestId('invoice-line-0-amount')).toHaveText('-$500.00');
  await expect(page.getByTestId('invoice-total')).toHaveText('-$550.00');
  await page.getByTestId('invoice-form-submit').click();

  await expect(page).toHaveURL(/\/invoices\/[\w-]+$/);
  const noteUrl = page.url();
  await expect(page.getByTestId('invoice-kind')).toHaveText('Credit note');
  await expect(page.getByTestId('invoice-show-total')).toHaveText('-$550.00');
  await page.getByTestId('invoice-send').click();
  await expect(page.getByTestId('invoice-number')).toHaveText(new RegExp(`^CN-${new Date().getUTCFullYear()}-\\d{4,}$`));
  const number = (await page.getByTestId('invoice-number').textContent())!;
  // A credit note is never paid.
  await expect(page.getByTestId('invoice-mark-paid')).toHaveCount(0);
  await expect(page.getByTestId('invoice-back-to-draft')).toBeVisible();
  expect(await seriousViolations(page), 'the credit note in English').toEqual([]);

  // Its invoice, one click away, says what was credited, lists the note, and is no longer cancelled.
  await page.getByTestId('invoice-credits').getByRole('link', { name: invoice.number! }).click();
  await expect(page.getByTestId('invoice-number')).toHaveText(invoice.number!);
  await expect(page.getByTestId('invoice-credited')).toHaveText('Credited: $550.00 of $5,720.00');
  const notes = page.getByTestId('invoice-credit-notes');
  await expect(notes.getByRole('listitem')).toHaveCount(1);
  await expect(notes.getByRole('listitem')).toContainText('Sent');
  await expect(notes.getByRole('listitem')).toContainText('-$550.00');
  await expect(page.getByTestId('invoice-cancel')).toHaveCount(0);
  await expect(page.getByTestId('invoice-credit-note')).toBeVisible();
  expect(await seriousViolations(page), 'the credited invoice in English').toEqual([]);
  await notes.getByRole('link', { name: number }).click();
  await expect(page).toHaveURL(noteUrl);

  // The list filters on the kind; the note's row reads as one by its number and its subject.
  await page.goto('/invoices?kind=credit_note');
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText(`Credit note · ${invoice.number}`);
});

test('a credit note and its invoice read right to left in Arabic without serious violations, and fit 390 px', async ({ page }) => {
  await presetShell(page, 'ar');
  const invoice = await sentInvoice(page.request);
  const note = await api<Invoice>(page.request, 'admin', 'post', `/api/v1/invoice/${invoice.id}/credit-note`, {
    lines: [{ description: 'Backend engineering', quantity: '10', unit: 'hour', unitPrice: '50' }],
  });
  await api(page.request, 'admin', 'post', `/api/v1/invoice/${note.id}/send`, {});

  await signIn(page, 'sale_lead', `/invoices/${note.id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('invoice-kind')).toHaveText('إشعار دائن');
  await expect(page.getByTestId('invoice-number')).toHaveText(/^CN-/);
  // The minus stays with its figure: "-550.00", whatever digits the locale writes.
  await expect(page.getByTestId('invoice-show-total')).toContainText(/-\s*[\d٠-٩]/);
  await settled(page);
  expect(await seriousViolations(page), 'the credit note in Arabic').toEqual([]);

  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByTestId('invoice-credit-notes').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('invoice-credited')).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page), 'the credited invoice in Arabic').toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('invoice-credit-notes')).toBeVisible();
  await fits(page);
  await page.goto(`/invoices/${note.id}`);
  await expect(page.getByTestId('invoice-credits')).toBeVisible();
  await fits(page);
});
