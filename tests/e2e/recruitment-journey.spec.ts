// The recruitment journey across two people at once: a sale opens a job through the form; the
// recruiter hears of it live in the bell, opens it from there, adds a candidate, uploads the CV
// sent, drags the card to Interview with a note; the sale hears of the move live; the recruiter
// downloads the branded CV from the candidate's page, whose text has the name and skills and no
// contact details.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test';
import { pdf } from '../fixtures/documents';
import { pdfText } from '../fixtures/pdf-text';
import { apiLogin, dismissToasts, liveJoined } from './shell-support';
import { signIn, useEnglish } from './support/session';

/** The form's label of a field, with or without the required mark. */
const label = (text: string) => new RegExp(`^${text}(\\s*\\*)?$`);

async function openBell(page: Page) {
  await dismissToasts(page);
  await page.getByTestId('notifications-button').click();
  const panel = page.getByTestId('notifications-panel');
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  return panel;
}

test('a sale opens a job, the recruiter moves a candidate to interview, both hear of it live; the branded CV has no contacts', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const jobTitle = `Kỹ sư Backend E2E ${stamp}`;
  const name = `Phạm Thị Ánh Ngọc ${stamp}`;
  const email = `anh.ngoc.${stamp}@example.com`;
  const phone = `+84 903 ${String(stamp).slice(-6, -3)} ${String(stamp).slice(-3)}`;

  // The candidate the recruiter has found: Vietnamese name, a few skills, contacts the customer must not see.
  const { token } = await apiLogin(request, 'hr');
  const headers = { Authorization: `Bearer ${token}` };
  const stacks = (await (await request.get('/api/v1/tech-stacks?_start=0&_end=3&sort=name', { headers })).json()) as Array<{
    id: string;
    name: string;
  }>;
  expect(stacks).toHaveLength(3);
  const created = await request.post('/api/v1/candidates', {
    headers,
    data: {
      fullName: name,
      email,
      phone,
      location: 'Đà Nẵng',
      yearsOfExperience: 5,
      level: 'middle',
      techStackIds: stacks.map((s) => s.id),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const candidateId = ((await created.json()) as { id: string }).id;

  // Two people, two browsers, one server: this worker's.
  const saleContext = await browser.newContext({ baseURL, locale: 'en-US' });
  const recruiterContext = await browser.newContext({ baseURL, locale: 'en-US', acceptDownloads: true });
  try {
    const sale = await saleContext.newPage();
    const recruiter = await recruiterContext.newPage();
    await useEnglish(sale);
    await useEnglish(recruiter);

    // The recruiter is at work before the job opens, their live connection joined.
    const recruiterJoined = liveJoined(recruiter);
    await signIn(recruiter, 'hr');
    await expect(recruiter.getByTestId('notifications-button')).toBeVisible();
    await recruiterJoined;

    // The sale opens the job through the form, with the recruiter on it.
    const saleJoined = liveJoined(sale);
    await signIn(sale, 'sale', `/auth/sign-in?returnTo=${encodeURIComponent('/jobs/new')}`);
    const form = sale.getByTestId('job-form');
    await form.getByLabel(label('Title')).fill(jobTitle);
    await form.getByLabel(label('Customer')).click();
    await sale.getByRole('option').first().click();
    await form.getByLabel(label('Recruiters')).fill('Trần Thị Mai');
    await sale.getByRole('option', { name: 'Trần Thị Mai' }).first().click();
    await sale.keyboard.press('Escape');
    await sale.getByTestId('job-form-submit').click();
    await expect(sale).toHaveURL(/\/jobs$/);
    await expect(sale.getByTestId('notifications-button')).toBeVisible();
    await saleJoined;

    // job_created arrives in the recruiter's bell without a reload, and opens the job.
    const recruiterBell = await openBell(recruiter);
    const opened = recruiterBell.getByTestId('notification-item').filter({ hasText: jobTitle });
    await expect(opened).toBeVisible();
    await expect(opened).toHaveAttribute('data-type', 'job_created');
    await expect(opened).toContainText('Omar Haddad');
    await opened.click();
    await expect(recruiter).toHaveURL(/\/jobs\/[\w-]+$/);
    await expect(recruiter.getByRole('heading', { name: jobTitle })).toBeVisible();

    // The candidate goes into the pipeline, with the CV sent to this customer.
    await recruiter.getByRole('tab', { name: 'Pipeline' }).click();
    const pipeline = recruiter.getByTestId('job-pipeline');
    const picker = pipeline.getByRole('combobox', { name: 'Add a candidate' });
    await picker.click();
    await picker.fill(String(stamp));
    await recruiter.getByRole('option', { name }).click();
    await pipeline.getByRole('button', { name: 'Add', exact: true }).click();
    const row = pipeline.getByTestId(`pipeline-row-${candidateId}`);
    await expect(row).toContainText('Sourced');
    await row.getByLabel('Upload the CV sent', { exact: true }).setInputFiles({
      name: `CV ${name}.pdf`,
      mimeType: 'application/pdf',
      buffer: await pdf(name),
    });
    await expect(row).toContainText(`CV ${name}.pdf`);

    // On the board, the card dragged to Interview asks for the move with a note.
    await pipeline.getByTestId('pipeline-view-board').click();
    const board = pipeline.getByTestId('pipeline-board');
    const card = board.getByRole('group', { name: /^Sourced/ }).getByText(name);
    await expect(card).toBeVisible();
    await card.dragTo(board.getByRole('group', { name: /^Interview/ }));
    const dialog = recruiter.getByRole('dialog');
    await expect(dialog.getByRole('combobox', { name: 'Stage' })).toHaveText('Interview');
    await dialog.getByLabel('Note').fill('Technical interview with the customer on Thursday');
    await dialog.getByRole('button', { name: 'Change stage' }).click();
    await expect(board.getByRole('group', { name: /^Interview/ })).toContainText(name);

    // candidate_status_changed arrives in the sale's bell without a reload.
    const saleBell = await openBell(sale);
    // (candidate_added came before it, for the same candidate.)
    const moved = saleBell.locator('[data-testid="notification-item"][data-type="candidate_status_changed"]').filter({ hasText: name });
    await expect(moved).toBeVisible();
    await expect(moved).toContainText(jobTitle);
    await expect(moved).toContainText('Sourced → Interview');

    // The recruiter downloads the branded CV from the candidate's page.
    await recruiter.goto(`/candidates/${candidateId}`);
    await expect(recruiter.getByRole('heading', { name, level: 1 })).toBeVisible();
    await recruiter.getByRole('tab', { name: 'CV' }).click();
    const branded = recruiter.getByTestId('candidate-branded-cv');
    const [download] = await Promise.all([
      recruiter.waitForEvent('download'),
      branded.getByRole('button', { name: 'Generate branded CV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${name} — branded CV.pdf`);
    const text = await pdfText(await readFile((await download.path())!));
    expect(text).toContain(name);
    for (const s of stacks) expect(text).toContain(s.name);
    expect(text).toContain('Đà Nẵng');
    expect(text).not.toContain(email);
    expect(text).not.toContain('@');
    expect(text.replace(/\D/g, '')).not.toContain(phone.replace(/\D/g, ''));
    await expect(branded.getByTestId('candidate-branded-cv-error')).toHaveCount(0);
    // Every letter of a Vietnamese profile has its glyph: no warning of empty boxes.
    await expect(branded.getByTestId('candidate-branded-cv-missing')).toHaveCount(0);
  } finally {
    await saleContext.close();
    await recruiterContext.close();
  }
});
