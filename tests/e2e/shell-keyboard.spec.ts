import { expect, test, type Page } from './support/test';
import { DEMO_PASSWORD, demoEmail } from './support/session';
import { expectFocusVisible, presetShell, settled } from './shell-support';

// Keyboard only: sign in, open the users list, edit a user and save, open the bell, switch
// language — each step asserted on where the focus is and that it is visible.

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      name: el?.getAttribute('aria-label') ?? el?.getAttribute('name') ?? el?.textContent?.trim() ?? '',
      href: el?.getAttribute('href') ?? '',
      testid: el?.getAttribute('data-testid') ?? '',
    };
  });

/** Presses Tab until `match` holds for the focused element (each stop must show its focus). */
async function tabTo(page: Page, what: string, match: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 60) {
  const trail: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    trail.push(`${f.tag}:${f.name.slice(0, 20)}`);
    if (f.tag !== 'body') await expectFocusVisible(page, `on the way to ${what}`);
    if (match(f)) return;
  }
  throw new Error(`Tab never reached ${what}: ${trail.join(' → ')}`);
}

test('sign in, users list, edit and save, bell, language — by keyboard, focus visible at each step', async ({ page }) => {
  test.setTimeout(180_000);
  await presetShell(page, 'en');
  const meCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v1/auth/me') meCalls.push(r.url());
  });

  // Sign in: e-mail (focused on arrival) → password → show/hide → sign in; "Forgot password?" after.
  await page.goto('/auth/sign-in');
  await expect(page.getByLabel('Email address')).toBeFocused();
  await expect(page).toHaveTitle('Sign in to your account · Staffing Office');
  await page.keyboard.type(demoEmail('admin'));
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expectFocusVisible(page, 'password');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
  await expectFocusVisible(page, 'show password');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeFocused();
  await expectFocusVisible(page, 'sign in');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('forgot-password')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await settled(page);

  // The skip link is the first stop of the page and takes the keyboard to the content. (Signing in
  // put the focus on the dashboard's heading, whose widgets' links come next: start from the top.)
  await page.evaluate(() => {
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-link')).toBeFocused();
  expect((await page.getByTestId('skip-link').boundingBox())!.y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // The users list from the navigation; focus lands on the new page's heading.
  await page.keyboard.press('Shift+Tab');
  await page
    .locator('body')
    .press('Home')
    .catch(() => {});
  await page.getByTestId('skip-link').focus();
  await tabTo(page, 'the Users navigation item', (f) => f.href === '/users');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();
  await expect(page).toHaveTitle('Users · Staffing Office');
  await settled(page);

  // Edit the first user and save.
  await tabTo(page, 'a user’s edit link', (f) => /^\/users\/[^/]+\/edit$/.test(f.href), 120);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/users\/[^/]+\/edit$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await settled(page);
  await tabTo(page, 'the Full name field', (f) => f.name === 'fullName');
  await page.keyboard.press('End');
  await page.keyboard.type(' K');
  await tabTo(page, 'Save', (f) => /^Save/.test(f.name) && f.tag === 'button');
  await page.keyboard.press('Enter');
  // After the save: back on the list, focus on its heading (not lost on the body).
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeFocused();

  // The bell: opens by keyboard, Escape returns the focus to it.
  await tabTo(page, 'the bell', (f) => f.testid === 'notifications-button');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('notifications-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notifications-button')).toBeFocused();
  await expectFocusVisible(page, 'bell after closing');

  // The language: the button named with its visible code, the menu by arrows.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('language-switcher')).toBeFocused();
  await expect(page.getByTestId('language-switcher')).toHaveAccessibleName(/^EN\b.*Change language/);
  await expectFocusVisible(page, 'language');
  await page.keyboard.press('Enter');
  const french = page.getByRole('menuitem', { name: 'Français' });
  for (let i = 0; i < 5 && !(await french.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(french).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByTestId('language-switcher')).toBeFocused();
  await expect(page).toHaveTitle('Utilisateurs · Staffing Office');

  // One session check per sign-in, not one per route change.
  expect(meCalls.length).toBeLessThanOrEqual(1);
});
