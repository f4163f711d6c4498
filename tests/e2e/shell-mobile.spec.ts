import { expect, test, type Locator, type Page } from './support/test';
import { signIn } from './support/session';
import { presetShell, settled, spaGo } from './shell-support';

// 390 px wide, by thumb: no sideways scroll, nothing cut, targets of 44 px.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

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
