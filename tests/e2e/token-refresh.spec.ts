import { expect, test } from './support/test';
import { signIn, signInWithForm, useEnglish } from './support/session';

// The server runs with 5-second access tokens (ACCESS_TOKEN_TTL_S=5).
test('after the access token expires, ten parallel requests cause exactly one refresh and all succeed', async ({ page }) => {
  await useEnglish(page);
  await page.addInitScript(() => window.localStorage.setItem('e2e-hooks', '1'));
  await signInWithForm(page, 'admin');
  await expect(page.getByTestId('welcome-card')).toBeVisible();

  // Let the access token (and its cookie) expire.
  await page.waitForTimeout(6_500);
  expect((await page.context().cookies()).some((c) => c.name === 'accessToken')).toBe(false);

  const refreshes: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/v1/auth/refresh')) refreshes.push(req.url());
  });

  const statuses = await page.evaluate(async () => {
    const http = (
      window as unknown as {
        __http: { get: (u: string, config?: unknown) => Promise<{ status: number }> };
      }
    ).__http;
    const calls = Array.from({ length: 10 }, (_, i) =>
      http
        .get(i % 2 ? '/api/v1/user/me' : '/api/v1/user', {
          params: { _start: 0, _end: 1 },
        } as never)
        .then((r) => r.status),
    );
    return Promise.all(calls);
  });

  expect(statuses).toEqual(Array(10).fill(200));
  expect(refreshes).toHaveLength(1);
  expect((await page.context().cookies()).some((c) => c.name === 'accessToken')).toBe(true);
});

test('a failed refresh clears the session and goes to sign-in', async ({ page }) => {
  await useEnglish(page);
  await signIn(page, 'admin');
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  // The list's rows are in: any refresh its request needed on the way is over (on a slow machine
  // the 5-second access token can lapse while the page loads, and a refresh answered after the
  // change below would store a good token again).
  await expect(page.getByRole('grid').getByRole('row')).toHaveCount(11);
  // Make the stored refresh token unusable, then wait for the access token to expire.
  const cookies = await page.context().cookies();
  const refresh = cookies.find((c) => c.name === 'refreshToken')!;
  await page.context().addCookies([{ ...refresh, value: refresh.value.slice(0, -4) + 'AAAA' }]);
  await page.waitForTimeout(6_500);
  await page.getByLabel('Search name or email...').fill('zz');
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  expect((await page.context().cookies()).some((c) => c.name === 'refreshToken')).toBe(false);
});
