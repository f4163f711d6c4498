// Candidates end to end: hashtags typed in the form, a duplicate e-mail refused on its field with
// a link to the other candidate, and a CV uploaded, previewed, refused when not a document, and
// deleted after a confirmation; on a phone, the CV under the edit form, changed while the form is;
// the jobs a candidate is in, on their page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/test';
import { pdf, png } from '../fixtures/documents';
import { signIn, useEnglish } from './support/session';
import { apiLogin, presetShell } from './shell-support';

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

test("a candidate's page lists the jobs they are in, with each customer and stage, in English and in French", async ({ page, request }) => {
  const { token } = await apiLogin(request, 'hr');
  const headers = { authorization: `Bearer ${token}` };
  // A seeded job with someone in its pipeline, read as the recruiter's screen would.
  const jobs = (await (await request.get('/api/v1/jobs?_start=0&_end=20&status=open', { headers })).json()) as Array<{
    id: string;
    title: string;
  }>;
  let entry: { candidateId: string; candidateName: string; stage: string } | undefined;
  let job: { id: string; title: string } | undefined;
  for (const j of jobs) {
    const rows = (await (await request.get(`/api/v1/jobs/${j.id}/candidates`, { headers })).json()) as Array<{
      candidateId: string;
      candidateName: string;
      stage: string;
    }>;
    if (rows[0]) [entry, job] = [rows[0], j];
    if (entry) break;
  }
  expect(entry, 'a seeded open job has a pipeline').toBeTruthy();
  const words = JSON.parse(readFileSync(join(import.meta.dirname, '../../src/web/locales/fr/jobs.json'), 'utf8')) as {
    stages: Record<string, string>;
  };

  await signIn(page, 'hr', `/auth/sign-in?returnTo=${encodeURIComponent(`/candidates/${entry!.candidateId}`)}`);
  await expect(page.getByRole('heading', { name: entry!.candidateName })).toBeVisible();
  await page.getByRole('tab', { name: 'Jobs' }).click();
  const row = page.getByTestId('candidate-jobs').getByRole('row').filter({ hasText: job!.title });
  await expect(row.getByRole('link', { name: job!.title })).toHaveAttribute('href', `/jobs/${job!.id}?tab=pipeline`);
  await expect(page).toHaveURL(/[?&]tab=jobs/);

  await presetShell(page, 'fr');
  await page.reload();
  const rowFr = page.getByTestId('candidate-jobs').getByRole('row').filter({ hasText: job!.title });
  await expect(page.getByRole('tab', { name: 'Postes' })).toHaveAttribute('aria-selected', 'true');
  await expect(rowFr).toContainText(words.stages[entry!.stage]!);
  await rowFr.getByRole('link', { name: job!.title }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${job!.id}\\?tab=pipeline$`));
});
