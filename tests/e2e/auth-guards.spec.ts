import { expect, test } from './support/test';
import { DEMO_PASSWORD, demoEmail, signIn, useEnglish } from './support/session';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('signed-out /users goes to sign-in with returnTo and comes back after signing in', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/auth\/sign-in\?returnTo=%2Fusers$/);
  await page.getByLabel('Email address').fill(demoEmail('admin'));
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
});

test('the redirect to sign-in replaces history', async ({ page }) => {
  await page.goto('/auth/sign-up');
  await page.goto('/users');
  await expect(page).toHaveURL(/\/auth\/sign-in\?returnTo=%2Fusers$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/auth\/sign-up$/);
});

test('a signed-in user on a guest page goes to the dashboard', async ({ page }) => {
  await signIn(page, 'developer');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('welcome-card')).toContainText('Developer');
  await page.goto('/auth/sign-in');
  await expect(page).toHaveURL(/\/$/);
});

test('wrong credentials show the server message', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email address').fill('nobody@demo.local');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('form-error')).toContainText('Invalid e-mail or password');
});

test('unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('logout from the account menu returns to sign-in', async ({ page }) => {
  await signIn(page, 'hr');
  await page.getByTestId('account-button').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/sign-in\?returnTo=%2F$/);
});

test('logout still works once the access token has expired, and ends the session on the server', async ({ page }) => {
  await signIn(page, 'hr');
  const refreshToken = (await page.context().cookies()).find((c) => c.name === 'refreshToken')?.value;
  expect(refreshToken).toBeTruthy();
  // The e2e server issues 5-second access tokens: let the cookie lapse.
  await page.waitForTimeout(6500);
  await page.getByTestId('account-button').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await expect(page.getByText('Unable to logout!')).toHaveCount(0);
  expect((await page.context().cookies()).filter((c) => ['accessToken', 'refreshToken'].includes(c.name))).toEqual([]);
  // The session is revoked: its last refresh token no longer renews anything.
  const latest = await page.request.post('/api/v1/auth/refresh', {
    data: { token: refreshToken },
  });
  expect(latest.status()).toBe(401);
});
