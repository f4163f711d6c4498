// Candidates end to end: hashtags typed in the form, a duplicate e-mail refused on its field with
// a link to the other candidate, and a CV uploaded, previewed, refused when not a document, and
// deleted after a confirmation; on a phone, the CV under the edit form, changed while the form is.
import { expect, test } from './support/test';
import { pdf, png } from '../fixtures/documents';
import { signIn, useEnglish } from './support/session';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('hashtags, a duplicate named on its field, and the CV from upload to delete', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const name = `Lê Thị E2E ${stamp}`;
  const email = `le.thi.${stamp}@example.com`;
  await signIn(page, 'hr', `/auth/sign-in?returnTo=${encodeURIComponent('/candidates/new')}`);

  const form = page.getByTestId('candidate-form');
  await form.getByLabel(/^Full name/).fill(name);
  await form.getByLabel(/^E-mail/).fill(email);
  const tags = form.getByLabel('Hashtags');
  await tags.fill('Remote,');
  await tags.fill('Spring Boot');
  await tags.press('Enter');
  await page.getByTestId('candidate-form-submit').click();
  await expect(page).toHaveURL(/\/candidates$/);

  // The same person again, the e-mail in capitals: refused on the field, with a link to them.
  await page.goto('/candidates/new');
  await form.getByLabel(/^Full name/).fill(`${name} bis`);
  await form.getByLabel(/^E-mail/).fill(email.toUpperCase());
  await page.getByTestId('candidate-form-submit').click();
  await expect(form.getByText(`This candidate already exists: ${name}`)).toBeVisible();
  // The form holds unsaved changes: leaving for the other candidate is confirmed first.
  page.once('dialog', (dialog) => void dialog.accept());
  await form.getByTestId('email-other-row').click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const candidateUrl = page.url();
  await expect(page.locator('[data-field="hashtags"]')).toContainText('#remote');
  await expect(page.locator('[data-field="hashtags"]')).toContainText('#spring boot');

  await page.getByRole('tab', { name: 'CV' }).click();
  const cv = page.getByTestId('candidate-cv');
  await expect(cv).toContainText('No file yet');
  await page
    .getByTestId('candidate-cv-input')
    .setInputFiles({ name: `CV ${name}.pdf`, mimeType: 'application/pdf', buffer: await pdf(name) });
  await expect(page.getByTestId('candidate-cv-name')).toHaveText(`CV ${name}.pdf`);
  await cv.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('candidate-cv-preview')).toBeVisible();

  // A picture named like a document is refused by its content.
  await page.getByTestId('candidate-cv-converted-input').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: png(8) });
  await expect(page.getByTestId('candidate-cv-converted-error')).toHaveText('This file type is not supported');
  await expect(page.getByTestId('candidate-cv-converted')).toContainText('No file yet');

  await cv.getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('candidate-cv-confirm-delete').click();
  await expect(cv).toContainText('No file yet');

  // At 390 px the edit page shows the CV under the form. A CV uploaded while the form holds changes
  // moves the version the form saves from: the save goes through, not refused as someone else's change.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${candidateUrl}/edit`);
  await form.getByLabel(/^Full name/).fill(`${name} (edited)`);
  await page
    .getByTestId('candidate-cv-input')
    .setInputFiles({ name: 'CV again.pdf', mimeType: 'application/pdf', buffer: await pdf(name) });
  await expect(page.getByTestId('candidate-cv-name')).toHaveText('CV again.pdf');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByTestId('candidate-form-submit').click();
  await expect(page).toHaveURL(/\/candidates$/);
});
