// The kit's pickers keep what is typed: a filter's reference picker searches the server as one
// types, shows the best match first, never picks a row of an earlier answer with Enter, and keeps
// unpicked text when the field is left.
import { expect, test } from './support/test';
import { DEMO_PASSWORD, demoEmail, signIn, useEnglish } from './support/session';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('a filter picker keeps the typed text and Enter picks the best match of what is typed, never a stale row', async ({ page }) => {
  await signIn(page, 'hr', `/auth/sign-in?returnTo=${encodeURIComponent('/candidates')}`);
  const filters = page.getByTestId('candidates-filters');
  const stacks = filters.getByRole('combobox', { name: 'Tech stacks' });
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();

  // The server is slow to answer what is typed: until it does, the answer for "" is all there is.
  // Every search is held, not only "Reac": a slow machine sends one for "R" or "Rea" too when the
  // letters come slower than the picker's pause, and an answer for "Rea" rightly offers React.
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('/tech-stacks/lookup') && !!url.searchParams.get('q'),
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

test('the pipeline’s add-candidate picker tells namesakes apart by e-mail and phone, and offers no one already in it', async ({ page }) => {
  await signIn(page, 'hr_lead', `/auth/sign-in?returnTo=${encodeURIComponent('/jobs?status=open')}`);
  const grid = page.getByRole('grid');
  await grid.getByRole('row').nth(1).getByRole('gridcell').nth(1).click();
  await page.getByRole('tab', { name: 'Pipeline' }).click();
  const pipeline = page.getByTestId('job-pipeline');
  const inPipeline = await pipeline.getByRole('row').allInnerTexts();
  const picker = pipeline.getByRole('combobox', { name: 'Add a candidate' });
  await picker.click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const texts = await options.allInnerTexts();
  expect(texts.length).toBeGreaterThan(3);
  // Each option: the name, then what tells it apart (an e-mail or a phone).
  for (const text of texts) expect(text).toMatch(/\n.*(@|\+\d)/);
  const names = texts.map((x) => x.split('\n')[0]!.trim());
  for (const name of names) expect(inPipeline.some((row) => row.includes(name) && row.split('\n').includes(name))).toBe(false);
});

test('an account owner is picked among the sales only', async ({ page, request }) => {
  const login = await request.post('/api/v1/auth/login', { data: { email: demoEmail('admin'), password: DEMO_PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const people = (await (
    await request.get('/api/v1/user?_start=0&_end=100', { headers: { authorization: `Bearer ${accessToken}` } })
  ).json()) as Array<{ fullName: string; role: string }>;
  const sales = new Set(people.filter((p) => p.role === 'sale' || p.role === 'sale_lead').map((p) => p.fullName));
  expect(sales.size).toBeGreaterThan(1);

  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/customers/new')}`);
  const owner = page.getByRole('combobox', { name: 'Account owner' });
  await owner.click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const offered = (await options.allInnerTexts()).map((x) => x.split('\n')[0]!.trim());
  expect(offered.length).toBeGreaterThan(1);
  for (const name of offered) expect(sales.has(name), name).toBe(true);
});
