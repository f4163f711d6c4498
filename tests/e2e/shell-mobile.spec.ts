import { expect, test, type Locator, type Page } from './support/test';
import { signIn } from './support/session';
import { presetShell, settled, spaGo } from './shell-support';
import { todayIn } from '../../src/domain/modules/leave/leave.rules';
import { addDays } from '../../src/web/modules/timesheets/week-dates';

// 390 px wide, by thumb: no sideways scroll, nothing cut, targets of 44 px; with the motion most
// phones show (the suite's default asks for less): the navigation drawer slides in and out.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'no-preference' });

async function noSidewaysScroll(page: Page, where: string) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `${where}: page wider than the screen`).toBeLessThanOrEqual(width);
}

async function thumbSized(target: Locator, what: string) {
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  expect(Math.round(box!.width), `${what} width`).toBeGreaterThanOrEqual(44);
  expect(Math.round(box!.height), `${what} height`).toBeGreaterThanOrEqual(44);
}

for (const lang of ['en', 'ar', 'vi'] as const) {
  test(`header, navigation, bell and forms fit 390 px and take a thumb (${lang})`, async ({ page }) => {
    await presetShell(page, 'en');
    await page.goto('/auth/sign-in');
    await noSidewaysScroll(page, 'sign-in');
    await signIn(page, 'admin');
    await presetShell(page, lang);
    await page.goto('/');
    await settled(page);
    for (const route of ['/', '/users', '/users/new', '/personal-info']) {
      await spaGo(page, route);
      await noSidewaysScroll(page, route);
    }
    const header = page.locator('header').first();
    for (const id of ['language-switcher', 'notifications-button', 'account-button']) await thumbSized(page.getByTestId(id), id);
    await thumbSized(header.getByRole('button').first(), 'open navigation');

    await header.getByRole('button').first().click();
    const items = page.getByTestId('nav').locator('a[href], [role="button"]');
    await expect(items.first()).toBeVisible();
    const count = await items.count();
    for (let i = 0; i < count; i++) {
      const item = items.nth(i);
      if (!(await item.isVisible())) continue;
      const box = (await item.boundingBox())!;
      expect(Math.round(box.height), `nav item ${i} height`).toBeGreaterThanOrEqual(44);
      // Not cut: the label's text fits its box (it wraps rather than being clipped).
      const cut = await item.evaluate((el) => Array.from(el.querySelectorAll('span, p')).some((t) => t.scrollWidth > t.clientWidth + 1));
      expect(cut, `nav item ${i} cut`).toBe(false);
    }
    await page.keyboard.press('Escape');

    await page.getByTestId('notifications-button').click();
    const panel = page.getByTestId('notifications-panel');
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
}

// A list on a phone: its filters fold behind one button that counts the active ones, so the
// first rows are on the first screen; unfolded, each filter takes the whole width.
for (const lang of ['en', 'fr'] as const) {
  test(`a list's filters fold behind a Filters button with their count at 390 px (${lang})`, async ({ page }) => {
    const words = {
      en: { filters: 'Filters', status: 'Status', active: 'Filters, 1 active' },
      fr: { filters: 'Filtres', status: 'Statut', active: 'Filtres, 1 actifs' },
    }[lang];
    await presetShell(page, 'en');
    await signIn(page, 'admin');
    await presetShell(page, lang);
    await page.goto('/customers');
    // On a phone the list is a card per row.
    const firstRow = page.getByTestId('list-cards').getByRole('listitem').first();
    await expect(firstRow).toBeVisible();
    const toggle = page.getByTestId('filters-toggle');
    await expect(toggle).toHaveText(words.filters);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('combobox', { name: words.status })).toHaveCount(0);
    // The first row is on the first screen, without scrolling.
    await expect.poll(async () => (await firstRow.boundingBox())?.y ?? Infinity).toBeLessThan(844 - 20);
    await thumbSized(toggle, 'filters button');

    await toggle.click();
    const status = page.getByRole('combobox', { name: words.status });
    await expect(status).toBeVisible();
    expect(Math.round((await status.boundingBox())!.width)).toBeGreaterThan(250);
    await status.click();
    await page.getByRole('option').nth(1).click();
    await expect(page).toHaveURL(/[?&]status=/);
    await page.keyboard.press('Escape');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-label', words.active);
    await expect(page.getByTestId('filters-count')).toContainText('1');
    await expect.poll(async () => (await firstRow.boundingBox())?.y ?? Infinity).toBeLessThan(844 - 20);
    await noSidewaysScroll(page, '/customers');
    await page.screenshot({ path: `test-results/phone-list-${lang}.png` });
  });
}

// My logwork on a phone: one day at a time, today first, moved by day across weeks, kept in the address.
for (const lang of ['en', 'fr'] as const) {
  test(`the week grid shows today and moves by day at 390 px (${lang})`, async ({ page }) => {
    const words = { en: { next: 'Next day', previous: 'Previous day' }, fr: { next: 'Jour suivant', previous: 'Jour précédent' } }[lang];
    await presetShell(page, 'en');
    await signIn(page, 'developer');
    await presetShell(page, lang);
    await page.goto('/logwork');
    const today = todayIn();
    const grid = page.getByTestId('logwork-grid');
    await expect(grid).toBeVisible();
    // One day column between the project and the week's total; it is today.
    await expect(grid.locator('thead th')).toHaveCount(3);
    await expect(grid.getByTestId(`day-total-${today}`)).toBeVisible();
    await noSidewaysScroll(page, '/logwork');

    // Eight days on: the next week, a day at a time.
    const next = page.getByRole('button', { name: words.next });
    await thumbSized(next, 'next day');
    for (let i = 1; i <= 8; i++) {
      await next.click();
      await expect(grid.getByTestId(`day-total-${addDays(today, i)}`)).toBeVisible();
    }
    await expect(page).toHaveURL(new RegExp(`[?&]day=${addDays(today, 8)}`));
    await page.reload();
    await expect(grid.getByTestId(`day-total-${addDays(today, 8)}`)).toBeVisible();
    await page.getByRole('button', { name: words.previous }).click();
    await expect(grid.getByTestId(`day-total-${addDays(today, 7)}`)).toBeVisible();
    await expect(grid.locator('thead th')).toHaveCount(3);
  });
}
