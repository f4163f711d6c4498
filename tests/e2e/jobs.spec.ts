// Jobs end to end: from a job's page, a candidate is added to the pipeline with the picker, moved
// to another stage with a note that History shows, and taken out after a confirmation; the
// pipeline's table and board pass axe in English and in Arabic (right to left).
import { expect, test } from './support/test';
import { SHELL_MODES, modeName, presetShell, seriousViolations } from './shell-support';
import { signIn, useEnglish } from './support/session';

test('the pipeline: add a candidate, move them with a note, read their history, remove them', async ({ page }) => {
  test.setTimeout(120_000);
  await useEnglish(page);
  await signIn(page, 'hr_lead', `/auth/sign-in?returnTo=${encodeURIComponent('/jobs?status=open')}`);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await grid.getByRole('row').nth(1).getByRole('gridcell').nth(1).click();
  await expect(page).toHaveURL(/\/jobs\/[\w-]+$/);
  await page.getByRole('tab', { name: 'Pipeline' }).click();
  const pipeline = page.getByTestId('job-pipeline');
  await expect(pipeline.getByTestId('job-openings')).toHaveText(/^\d+ of \d+$/);

  const picker = pipeline.getByRole('combobox', { name: 'Add a candidate' });
  await picker.click();
  await picker.fill('a');
  const option = page.getByRole('option').first();
  await expect(option).toBeVisible();
  // The option's first line is the name; the second tells namesakes apart.
  const name = (await option.innerText()).split('\n')[0]!.trim();
  await option.click();
  await pipeline.getByRole('button', { name: 'Add', exact: true }).click();
  const row = pipeline.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Sourced');

  await row.getByRole('button', { name: `Change stage: ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Screening' }).click();
  await dialog.getByLabel('Note').fill('Phone screen on Monday');
  await dialog.getByRole('button', { name: 'Change stage' }).click();
  await expect(row).toContainText('Screening');

  // On the board, a card dragged to another column asks for the stage change with that stage chosen.
  await pipeline.getByRole('button', { name: 'Board' }).click();
  const board = pipeline.getByTestId('pipeline-board');
  const card = board.getByRole('group', { name: /^Screening/ }).getByText(name);
  await expect(card).toBeVisible();
  await card.dragTo(board.getByRole('group', { name: /^Interview/ }));
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Stage' })).toHaveText('Interview');
  await page.getByRole('dialog').getByRole('button', { name: 'Change stage' }).click();
  await expect(board.getByRole('group', { name: /^Interview/ })).toContainText(name);
  // The tab and the board are in the address: a reload shows the board again.
  await expect(page).toHaveURL(/[?&]tab=pipeline/);
  await expect(page).toHaveURL(/[?&]view=board/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Pipeline' })).toHaveAttribute('aria-selected', 'true');
  await expect(board.getByRole('group', { name: /^Interview/ })).toContainText(name);
  await pipeline.getByRole('button', { name: 'Table' }).click();
  await expect(page).not.toHaveURL(/view=board/);
  await expect(row).toContainText('Interview');
  // From an interview, the stage dialog offers the offer first.
  await row.getByRole('button', { name: `Change stage: ${name}` }).click();
  await expect(dialog.getByRole('combobox', { name: 'Stage' })).toHaveText('Offered');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await row.getByRole('button', { name: `History: ${name}` }).click();
  await expect(page.getByRole('dialog')).toContainText('Sourced → Screening');
  await expect(page.getByRole('dialog')).toContainText('Phone screen on Monday');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: `Remove: ${name}` }).click();
  await page.getByTestId('pipeline-confirm-remove').click();
  await expect(pipeline.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

for (const mode of [SHELL_MODES[0]!, SHELL_MODES[3]!]) {
  test(`the pipeline's table and board have no serious axe finding, in English and in Arabic (${modeName(mode)})`, async ({ page }) => {
    test.setTimeout(120_000);
    await presetShell(page, 'en');
    await signIn(page, 'hr_lead');
    const findings: Record<string, unknown> = {};
    for (const lang of ['en', 'ar'] as const) {
      await presetShell(page, lang, mode);
      await page.goto('/jobs?status=open');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      const grid = page.getByRole('grid');
      await expect(grid.getByRole('row').nth(1)).toBeVisible();
      await grid.getByRole('row').nth(1).getByRole('gridcell').nth(1).click();
      await expect(page).toHaveURL(/\/jobs\/[\w-]+$/);
      await page.getByRole('tab').nth(1).click();
      const pipeline = page.getByTestId('job-pipeline');
      await expect(pipeline.getByRole('table')).toBeVisible();
      findings[`${lang} table`] = await seriousViolations(page);
      await page.getByTestId('pipeline-view-board').click();
      await expect(pipeline.getByTestId('pipeline-board')).toBeVisible();
      findings[`${lang} board`] = await seriousViolations(page);
    }
    expect(findings).toEqual({ 'en table': [], 'en board': [], 'ar table': [], 'ar board': [] });
  });
}
