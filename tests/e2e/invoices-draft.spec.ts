// A draft from headcount end to end: an admin drafts this month for a customer from its seats,
// lands on the draft's edit page with one line per seat, and a second draft of the same month is
// refused naming the first.
import { expect, test } from './support/test';
import { signIn, useEnglish } from './support/session';
import { typeDate } from './support/pickers';

const label = (name: string) => new RegExp(`^${name}`);

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test("an admin drafts this month's invoice for a customer from its seats, and cannot draft it twice", async ({ page }) => {
  // The demo bills every month up to the one just ended: this month is not billed yet.
  const month = new Date().toISOString().slice(0, 7);
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/invoices')}`);
  const draft = async () => {
    await page.getByTestId('draft-from-headcount').click();
    const dialog = page.getByRole('dialog', { name: 'Draft from headcount' });
    await dialog.getByLabel(label('Customer')).fill('Maple');
    await page.getByRole('option', { name: 'Maple Health Inc.' }).click();
    await typeDate(dialog.getByTestId('draft-period'), month);
    await dialog.getByTestId('draft-submit').click();
    return dialog;
  };
  await draft();
  await expect(page).toHaveURL(/\/invoices\/[\w-]+\/edit$/);
  const draftUrl = page.url();
  const first = page.getByTestId('invoice-line-0').getByLabel(label('Description'));
  // Each line says where its quantity and rate come from.
  await expect(first).toHaveValue(/ — .*(working days|logged at)/);

  await page.goto('/invoices');
  const dialog = await draft();
  // The month in words, and the invoice that already bills it a click away.
  const words = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
  await expect(dialog.getByRole('alert')).toContainText(`already bills this placement for ${words}`);
  await expect(page).toHaveURL(/\/invoices$/);
  await dialog.getByTestId('draft-other-invoice').click();
  await expect(page).toHaveURL(/\/invoices\/[\w-]+$/);
  await expect(page.getByTestId('invoice-number')).toHaveText('Draft (no number yet)');

  // The draft moved to the month just ended, which the demo billed already: the save is refused on
  // the line, and the invoice that bills the seat is a link under it.
  const ended = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 15)).toISOString().slice(0, 7);
  await page.goto(draftUrl);
  const form = page.getByTestId('invoice-form');
  await form.getByLabel(label('Billing period')).fill(ended);
  await page.getByTestId('invoice-form-submit').click();
  const other = form.getByTestId('lines.0.headcountId-other-row');
  await expect(other).toBeVisible();
  await expect(form.getByTestId('invoice-line-0')).toContainText('already bills this placement');
  // The changed period is not saved: leaving asks first.
  page.once('dialog', (d) => void d.accept());
  await other.click();
  await expect(page).toHaveURL(/\/invoices\/[\w-]+$/);
  expect(page.url()).not.toBe(draftUrl.replace(/\/edit$/, ''));
});
