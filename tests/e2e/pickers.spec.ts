// The kit's pickers keep what is typed: a filter's reference picker searches the server as one
// types, shows the best match first, never picks a row of an earlier answer with Enter, and keeps
// unpicked text when the field is left.
import { expect, test } from './support/test';
import { signIn, useEnglish } from './support/session';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('a filter picker keeps the typed text and Enter picks the best match of what is typed, never a stale row', async ({ page }) => {
  await signIn(page, 'hr', `/auth/sign-in?returnTo=${encodeURIComponent('/candidates')}`);
  const filters = page.getByTestId('candidates-filters');
  const stacks = filters.getByRole('combobox', { name: 'Tech stacks' });
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();

  // The server is slow to answer "Reac": until it does, the answer for "" is all there is.
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('/tech-stacks/lookup') && url.searchParams.get('q') === 'Reac',
    async (route) => {
      await answered;
      await route.continue();
    },
  );
  await stacks.click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await stacks.pressSequentially('Reac');
  await page.waitForTimeout(600);
  await stacks.press('Enter');
  // Nothing of the earlier answer was picked, and the letters are still there.
  await expect(filters.getByRole('button', { name: /React|Apache|Angular|\.NET/ })).toHaveCount(0);
  await expect(page).not.toHaveURL(/techStackIds=/);
  await expect(stacks).toHaveValue('Reac');

  release();
  await expect(page.getByRole('option').first()).toHaveText('React');
  await stacks.press('Enter');
  await expect(page).toHaveURL(/techStackIds=/);
  await expect(filters.getByText('React', { exact: true })).toBeVisible();
  await expect(stacks).toHaveValue('');

  // Text typed and left unpicked stays in the field.
  await stacks.pressSequentially('Node');
  await expect(page.getByRole('option').first()).toHaveText('Node.js');
  await stacks.press('Tab');
  await expect(stacks).toHaveValue('Node');
});
