// The month close checks first (decision 021), end to end: admin opens the close of last month and
// sees its checklist with the counts the server gives, the drafts refusing the close; the drafts'
// link opens exactly those invoices. Then, on a month of its own (last month's drafts are other
// specs' to send), the admin follows the link to the month's draft, cancels it, comes back, ticks
// the open items named by their counts and closes; that month's records then offer no change and
// say why. Axe on the dialog in English and Arabic.
import { expect, test, type Page } from './support/test';
import { signIn, useEnglish } from './support/session';
import { expectDate, typeDate } from './support/pickers';
import { api, presetShell, seriousViolations } from './shell-support';

function lastMonth(): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

type Checklist = { items: Array<{ key: string; count: number }> };
const countOf = (c: Checklist, key: string) => c.items.find((i) => i.key === key)!.count;

async function openClose(page: Page, month?: string) {
  await page.goto('/external-costs/month-close');
  await page.getByTestId('close-month').click();
  if (month) await typeDate(page.getByTestId('close-month-input'), month);
  await expect(page.getByTestId('month-checklist')).toBeVisible();
}

test('admin sees last month’s checklist with its counts, and its drafts refuse the close; the drafts link opens them', async ({ page }) => {
  await useEnglish(page);
  const month = lastMonth();
  await signIn(page, 'admin', '/external-costs/month-close');
  const expected = (await api(page.request, 'admin', 'get', `/api/v1/month-closes/${month}/checklist`)) as unknown as Checklist;
  const drafts = countOf(expected, 'draftInvoices');
  expect(drafts, 'the demo leaves drafts in the month just ended').toBeGreaterThan(0);

  await openClose(page);
  await expectDate(page.getByTestId('close-month-input'), month);
  for (const item of expected.items) await expect(page.getByTestId(`count-${item.key}`)).toHaveText(String(item.count));
  await expect(page.getByTestId('checklist-blocked')).toContainText('Send or cancel the draft invoices first');
  await expect(page.getByTestId('close-month-confirm')).toBeDisabled();
  expect(await seriousViolations(page), 'the close dialog').toEqual([]);

  await page.getByTestId('check-draftInvoices').getByRole('link', { name: 'Draft invoices' }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices\\?period=${month}&status=draft$`));
  await expect(page.getByTestId('invoices-list')).toContainText(`of ${drafts}`);
});

test('admin handles the month’s draft through the checklist’s link, confirms the open items by their counts and closes; the month’s records then say it is closed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await useEnglish(page);
  const month = '2089-04';
  await signIn(page, 'admin', '/external-costs/month-close');
  const customers = (await api(page.request, 'admin', 'get', '/api/v1/customers/paginated?page=1&limit=1')) as {
    data: Array<{ id: string }>;
  };
  const invoice = await api(page.request, 'admin', 'post', '/api/v1/invoice', {
    subject: 'April retainer to cancel',
    customerId: customers.data[0]!.id,
    period: month,
    issueDate: `${month}-28`,
    currency: 'USD',
    lines: [{ description: 'Retainer', quantity: '1', unit: 'month', unitPrice: '1200' }],
  });
  const cost = await api(page.request, 'admin', 'post', '/api/v1/external-costs', {
    description: 'April licences',
    date: `${month}-10`,
    category: 'software',
    vendor: 'JetBrains',
    amount: '300.00',
    currency: 'USD',
  });

  await openClose(page, month);
  await expect(page.getByTestId('count-draftInvoices')).toHaveText('1');
  await expect(page.getByTestId('count-costsWithoutVendorInvoice')).toHaveText('1');
  await expect(page.getByTestId('close-month-confirm')).toBeDisabled();

  // The link opens the month's drafts: the one draft, cancelled from its page.
  await page.getByTestId('check-draftInvoices').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/invoices\\?period=${month}&status=draft$`));
  await page
    .getByRole('row', { name: /April retainer to cancel/ })
    .getByRole('link', { name: 'April retainer to cancel', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${String(invoice.id)}$`));
  await page.getByTestId('invoice-cancel').click();
  await page.getByTestId('invoice-cancel-confirm').click();
  await expect(page.getByTestId('invoice-cancel')).toHaveCount(0);

  // Back to the close: no draft left, the cost without its vendor invoice is confirmed by its count.
  await openClose(page, month);
  await expect(page.getByTestId('count-draftInvoices')).toHaveText('0');
  await expect(page.getByTestId('checklist-blocked')).toHaveCount(0);
  await expect(page.getByTestId('close-month-confirm')).toBeDisabled();
  await expect(page.getByTestId('month-checklist')).toContainText('Close with these items still open (Costs without a vendor invoice: 1)');
  await page.getByTestId('checklist-confirm').check();
  await page.getByTestId('close-month-confirm').click();
  await expect(page.getByTestId(`closed-${month}`)).toContainText('April 2089');

  // The month's cost offers neither Edit nor Archive, and one line says why.
  await page.goto(`/external-costs/${String(cost.id)}`);
  await expect(page.getByTestId('month-closed-note')).toHaveText('April 2089 is closed: its records can no longer change');
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Archive' })).toHaveCount(0);
  await page.goto(`/invoices/${String(invoice.id)}`);
  await expect(page.getByTestId('month-closed-note')).toBeVisible();
  await expect(page.getByTestId('invoice-pdf')).toBeVisible();
  await api(page.request, 'admin', 'post', `/api/v1/month-closes/${month}/reopen`, { note: 'End-to-end test done' });
});

test('the close dialog’s checklist is axe clean in Arabic', async ({ page }) => {
  await presetShell(page, 'ar');
  await signIn(page, 'admin', '/external-costs/month-close');
  await openClose(page);
  expect(await seriousViolations(page), 'the close dialog in Arabic').toEqual([]);
});

test('the close dialog’s month is written in the reader’s language (French: the month’s name in French)', async ({ page }) => {
  await presetShell(page, 'fr');
  await signIn(page, 'admin', '/external-costs/month-close');
  await openClose(page);
  const field = page.getByTestId('close-month-input');
  const name = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' }).format(new Date(`${lastMonth()}-15T12:00:00Z`));
  await expect(field).toContainText(name);
  await expectDate(field, lastMonth());
});
