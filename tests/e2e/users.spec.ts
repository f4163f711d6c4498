import { expect, test, type Page } from './support/test';
import { signIn, useEnglish } from './support/session';

const grid = (page: Page) => page.getByRole('grid');

async function search(page: Page, text: string) {
  await page.getByLabel('Search name or email...').fill(text);
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await signIn(page, 'admin', '/auth/sign-in?returnTo=%2Fusers');
  await expect(page).toHaveURL(/\/users$/);
});

test('the list pages, sorts, filters and searches on the server', async ({ page }) => {
  test.setTimeout(120_000);
  await expect(grid(page).getByRole('row')).toHaveCount(11); // header + 10 rows
  await expect(page.getByText(/1–10 of \d+/)).toBeVisible();

  const request = page.waitForRequest((r) => r.url().includes('/api/v1/user?') && r.url().includes('_start=10'));
  await page.getByRole('button', { name: 'Go to next page' }).click();
  const url = new URL((await request).url());
  expect(url.searchParams.get('_end')).toBe('20');
  expect(url.searchParams.get('_t')).toMatch(/^\d+$/);

  const sorted = page.waitForRequest((r) => r.url().includes('/api/v1/user?') && r.url().includes('_sort=email'));
  await grid(page).getByRole('columnheader', { name: 'Email' }).click();
  expect(new URL((await sorted).url()).searchParams.get('_order')).toBe('asc');

  const filtered = page.waitForRequest((r) => r.url().includes('role=developer'));
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Developer' }).click();
  await filtered;
  await expect(grid(page).getByRole('row').nth(1)).toContainText('Developer');
  for (const cell of await grid(page).locator('[data-field="role"][role="gridcell"]').allTextContents()) expect(cell).toBe('Developer');

  await search(page, 'amelia');
  await expect(grid(page).getByRole('row')).toHaveCount(1 + 0); // Amelia is an admin: none among developers
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'All' }).click();
  await expect(grid(page).getByRole('row')).toHaveCount(2);
  await expect(grid(page)).toContainText('admin@demo.local');
});

test('create, edit and delete a user; a server field error lands on its field', async ({ page }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const email = `e2e.user.${stamp}@example.com`;
  await page.getByRole('link', { name: 'New user' }).click();
  await expect(page).toHaveURL(/\/users\/new$/);

  const form = page.getByTestId('user-form');
  await form.getByLabel('Full name').fill('Zoe E2E Tester');
  await form.getByLabel('Email').fill('admin@demo.local');
  await form.getByLabel('Phone').fill('+84 90 123 4567');
  await form.getByLabel('Job title').fill('QA Engineer');
  await form.getByLabel('Password').fill('a-long-enough-passphrase');
  await page.getByTestId('user-form-submit').click();

  // The server refuses the duplicate e-mail: its message sits under the e-mail field.
  const emailField = form.getByLabel('Email');
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('This value is already used by another record')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/new$/);

  await emailField.fill(email);
  await page.getByTestId('user-form-submit').click();
  await expect(page).toHaveURL(/\/users$/);
  await search(page, email);
  await expect(grid(page).getByRole('row')).toHaveCount(2);
  await expect(grid(page)).toContainText('Zoe E2E Tester');

  await page.getByRole('link', { name: 'Edit Zoe E2E Tester' }).click();
  await expect(page).toHaveURL(/\/users\/[\w-]+\/edit$/);
  await expect(form.getByLabel('Full name')).toHaveValue('Zoe E2E Tester');
  await form.getByLabel('Job title').fill('Senior QA Engineer');
  await page.getByTestId('user-form-submit').click();
  await expect(page).toHaveURL(/\/users$/);
  await search(page, email);
  await expect(grid(page)).toContainText('Senior QA Engineer');

  await page.getByRole('button', { name: 'Delete Zoe E2E Tester' }).click();
  const dialog = page.getByRole('dialog');
  // A user is archived, not lost: the dialog says so.
  await expect(dialog).toContainText('Archive user?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(grid(page)).toContainText('Zoe E2E Tester');
  await page.getByRole('button', { name: 'Delete Zoe E2E Tester' }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(grid(page).getByRole('row')).toHaveCount(1);
  await expect(page.getByText('0–0 of 0')).toBeVisible();
});

test('client-side validation stops an empty form', async ({ page }) => {
  await page.goto('/users/new');
  await page.getByTestId('user-form-submit').click();
  await expect(page.getByTestId('user-form').getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/users\/new$/);
});

test('on a 1366 px screen every column, the actions too, is in view without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const firstRow = grid(page).getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const scroller = page.locator('.MuiDataGrid-virtualScroller');
  await expect.poll(() => scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await expect(firstRow.getByRole('link', { name: /^Edit / })).toBeInViewport({ ratio: 1 });
  await expect(firstRow.getByRole('button', { name: /^Delete / })).toBeInViewport({ ratio: 1 });
});

test('the join date is a date picker limited to 1900–2099, saved as a date', async ({ page }) => {
  await page.goto(`/users/${await firstUserId(page)}/edit`);
  await page.getByRole('button', { name: /choose date/i }).click();
  const calendar = page.getByRole('dialog');
  await calendar.getByRole('button', { name: /calendar view is open, switch to year view/i }).click();
  await expect(calendar.getByRole('radio', { name: '1900' })).toBeVisible();
  await expect(calendar.getByRole('radio', { name: '2099' })).toBeAttached();
  await expect(calendar.getByRole('radio', { name: '1899' })).toHaveCount(0);
  await expect(calendar.getByRole('radio', { name: '2100' })).toHaveCount(0);
  await calendar.getByRole('radio', { name: '2001' }).click();
  await calendar.getByRole('gridcell', { name: '15' }).click();
  // The saved answer, not a 401 of an access token that lapsed (5 s in e2e) before the refresh and replay.
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/v1/user/') && r.ok());
  await page.getByTestId('user-form-submit').click();
  expect((await (await saved).json()).joinDate).toMatch(/^2001-\d{2}-15$/);
});

async function firstUserId(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/user/paginated?limit=1&q=olivia', {
    headers: { authorization: `Bearer ${(await page.context().cookies()).find((c) => c.name === 'accessToken')!.value}` },
  });
  return (await res.json()).data[0].id;
}
