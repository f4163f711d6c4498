import { expect, test } from './support/test';
import { DEMO_PASSWORD, demoEmail, signIn } from './support/session';
import { presetShell } from './shell-support';

// Honest states: with the API blocked in the browser (the real server keeps running), the
// page says the server cannot be reached — translated, never "Network Error" — and recovers
// with Retry once the API is back.

test('sign-in says when the server cannot be reached and recovers with retry', async ({ page }) => {
  await presetShell(page, 'fr');
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.goto('/auth/sign-in');
  const notice = page.getByTestId('error-state');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Serveur injoignable');
  await expect(page.locator('body')).not.toContainText('Network Error');

  // A submit while it is down says the same, not a form error in English.
  await page.getByLabel('Adresse e-mail').fill(demoEmail('admin'));
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('form-error')).toHaveCount(0);

  await page.unroute('**/api/**');
  await notice.getByRole('button', { name: 'Réessayer' }).click();
  await expect(notice).toHaveCount(0);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth\/sign-in/);
});

test('a signed-in user whose session cannot be checked sees a notice, not the sign-in page', async ({ page }) => {
  await presetShell(page, 'en');
  await signIn(page, 'admin');
  await page.route('**/api/v1/auth/**', (route) => route.abort('connectionrefused'));
  await page.goto('/users');
  await expect(page.getByTestId('session-error')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/users$/);
  await page.unroute('**/api/v1/auth/**');
  await page.getByTestId('error-state-retry').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});

// Passes once the users list (the lead's generic list) renders ErrorState on a failed fetch.
test('users list offline notice + retry', async ({ page }) => {
  test.setTimeout(90_000);
  await presetShell(page, 'en');
  await signIn(page, 'admin');
  await page.route('**/api/v1/user**', (route) => route.abort('connectionrefused'));
  await page.goto('/users');
  const notice = page.getByTestId('error-state');
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice).toContainText('Server unreachable');
  await expect(page.locator('main')).not.toContainText('Network Error');
  await expect(page).toHaveURL(/\/users$/);

  await page.unroute('**/api/v1/user**');
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('grid').getByRole('row')).toHaveCount(11);
  await expect(notice).toHaveCount(0);
});

test('a missing record is not retried for seconds', async ({ page }) => {
  await presetShell(page, 'en');
  await signIn(page, 'admin');
  const calls: number[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/user\/00000000-0000-4000-8000-000000000000/.test(r.url())) calls.push(Date.now());
  });
  await page.goto('/users/00000000-0000-4000-8000-000000000000/edit');
  // The page asks once (however long it takes to start), then no more for seconds.
  await expect.poll(() => calls.length).toBe(1);
  await page.waitForTimeout(4000);
  expect(calls.length).toBe(1);
});

// A list whose server fails: while the three retries run the skeleton says so, then the failure
// is told in the user's language with a retry (never a raw "status code"); a refusal (4xx) is
// told at once, without retries.
test('a failing list says it is retrying, then fails in French with retry; a 4xx is not retried', async ({ page }) => {
  test.setTimeout(90_000);
  await presetShell(page, 'en');
  await signIn(page, 'admin');
  await presetShell(page, 'fr');
  const isList = (url: URL) => url.pathname === '/api/v1/customers';
  let calls = 0;
  let status = 500;
  await page.route(isList, (route) => {
    calls++;
    return route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: status, code: 'internal', message: 'boom' }),
    });
  });
  await page.goto('/customers');
  await expect(page.getByTestId('list-retrying')).toContainText('nouvelle tentative (1 sur 3)');
  await expect(page.getByTestId('list-retrying')).toContainText('(3 sur 3)', { timeout: 20_000 });
  const notice = page.getByTestId('error-state');
  await expect(notice).toContainText('Erreur du serveur', { timeout: 20_000 });
  expect(calls).toBe(4);
  // Told once, in place: no toast with a bare code ("Erreur (code : 500)") besides. Read once, not
  // awaited: a toast goes away by itself, so a retrying assertion would wait until it has.
  await page.waitForTimeout(500);
  expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
  expect(await page.locator('body').innerText()).not.toMatch(/code\s*:\s*500|status code|boom/i);

  await page.unroute(isList);
  await notice.getByRole('button', { name: 'Réessayer' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();

  calls = 0;
  status = 400;
  await page.route(isList, (route) => {
    calls++;
    return route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 400, code: 'validation_failed', message: 'bad' }),
    });
  });
  await page.goto('/customers?page=2');
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('list-retrying')).toHaveCount(0);
  await page.waitForTimeout(1500);
  expect(calls).toBe(1);
});
