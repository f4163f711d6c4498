import { expect, test } from './support/test';
import { signIn, useEnglish } from './support/session';
import { DEFAULT_SETTINGS, SETTINGS_KEY, chooseLanguage, dismissToasts, openSettings, storedSettings } from './shell-support';

// The drawer and the header as most people get them: with their motion (the suite's default asks for less).
test.use({ reducedMotion: 'no-preference' });

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

const bodyBackground = (page: import('./support/test').Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('first visit stores the default settings under app-settings', async ({ page }) => {
  await signIn(page, 'admin');
  await expect.poll(() => storedSettings(page)).toEqual(DEFAULT_SETTINGS);
  const drawer = await openSettings(page);
  await expect(drawer.getByTestId('settings-reset-dot').locator('.MuiBadge-badge')).toHaveClass(/MuiBadge-invisible/);
});

test('settings are saved at once and survive a reload', async ({ page }) => {
  await signIn(page, 'admin');
  const drawer = await openSettings(page);

  await drawer
    .getByRole('switch', { name: 'Dark mode' })
    .or(drawer.getByRole('checkbox', { name: 'Dark mode' }))
    .check();
  await drawer
    .getByRole('checkbox', { name: 'Contrast' })
    .or(drawer.getByRole('switch', { name: 'Contrast' }))
    .check();
  await drawer
    .getByRole('checkbox', { name: 'Compact' })
    .or(drawer.getByRole('switch', { name: 'Compact' }))
    .uncheck();
  await drawer.getByRole('button', { name: 'Mini' }).click();
  await drawer.getByRole('button', { name: 'Apparent' }).click();
  await drawer.getByRole('button', { name: 'Blue' }).click();
  await drawer.getByRole('button', { name: 'Inter Variable' }).click();
  const slider = drawer.getByRole('slider', { name: 'Size' });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(drawer.getByTestId('settings-font-size-value')).toHaveText('18px');

  const expected = {
    ...DEFAULT_SETTINGS,
    colorScheme: 'dark',
    contrast: 'hight',
    compactLayout: false,
    navLayout: 'mini',
    navColor: 'apparent',
    primaryColor: 'preset3',
    fontFamily: 'Inter Variable',
    fontSize: 18,
  };
  // Saved immediately, no explicit save step.
  await expect.poll(() => storedSettings(page)).toEqual(expected);
  await expect(drawer.getByTestId('settings-reset-dot').locator('.MuiBadge-badge')).not.toHaveClass(/MuiBadge-invisible/);
  expect(await page.evaluate(() => window.localStorage.getItem('theme-mode'))).toBe('dark');

  await page.reload();
  await expect(page.getByTestId('settings-button')).toBeVisible();
  expect(await storedSettings(page)).toEqual(expected);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('18px');
  expect(await bodyBackground(page)).not.toBe('rgb(255, 255, 255)');

  const again = await openSettings(page);
  await expect(again.getByRole('checkbox', { name: 'Dark mode' }).or(again.getByRole('switch', { name: 'Dark mode' }))).toBeChecked();
  await expect(again.getByRole('button', { name: 'Mini' })).toHaveAttribute('aria-pressed', 'true');
  await expect(again.getByRole('button', { name: 'Blue' })).toHaveAttribute('aria-pressed', 'true');

  // Reset all: defaults back, colour mode to the default scheme, dot gone.
  await again.getByRole('button', { name: 'Reset all' }).click();
  await expect.poll(() => storedSettings(page)).toEqual(DEFAULT_SETTINGS);
  await expect.poll(() => bodyBackground(page)).toBe('rgb(255, 255, 255)');
  expect(await page.evaluate(() => window.localStorage.getItem('theme-mode'))).toBe('light');
  await expect(again.getByTestId('settings-reset-dot').locator('.MuiBadge-badge')).toHaveClass(/MuiBadge-invisible/);
});

test('a stored record of another version is reset to the defaults', async ({ page }) => {
  await signIn(page, 'admin');
  await page.evaluate((key) => {
    window.localStorage.setItem(
      key,
      JSON.stringify({
        colorScheme: 'dark',
        direction: 'rtl',
        navLayout: 'mini',
        fontSize: 20,
        primaryColor: 'preset5',
        version: '0.9.0',
      }),
    );
  }, SETTINGS_KEY);
  await page.reload();
  await expect(page.getByTestId('settings-button')).toBeVisible();
  await expect.poll(() => storedSettings(page)).toEqual(DEFAULT_SETTINGS);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  expect(await bodyBackground(page)).toBe('rgb(255, 255, 255)');

  // A record without any version is reset too.
  await page.evaluate((key) => {
    window.localStorage.setItem(key, JSON.stringify({ colorScheme: 'dark', navLayout: 'horizontal' }));
  }, SETTINGS_KEY);
  await page.reload();
  await expect(page.getByTestId('settings-button')).toBeVisible();
  await expect.poll(() => storedSettings(page)).toEqual(DEFAULT_SETTINGS);
});

test('each group shows its own reset control only when it differs from the default', async ({ page }) => {
  await signIn(page, 'admin');
  const drawer = await openSettings(page);
  const presets = drawer.getByTestId('settings-presets');
  const font = drawer.getByTestId('settings-font');
  await expect(presets.getByRole('button', { name: /^Reset/ })).toHaveCount(0);
  await presets.getByRole('button', { name: 'Red' }).click();
  await expect(presets.getByRole('button', { name: 'Reset Presets' })).toBeVisible();
  await expect(font.getByRole('button', { name: /^Reset/ })).toHaveCount(0);
  await presets.getByRole('button', { name: 'Reset Presets' }).click();
  await expect(presets.getByRole('button', { name: /^Reset/ })).toHaveCount(0);
  await expect.poll(async () => (await storedSettings(page))?.primaryColor).toBe('default');
});

test('the drawer shows the spec texts and tooltips', async ({ page }) => {
  await signIn(page, 'admin');
  const drawer = await openSettings(page);
  const box = await drawer.boundingBox();
  expect(Math.round(box!.width)).toBe(360);
  for (const label of [
    'Dark mode',
    'Contrast',
    'Right to left',
    'Compact',
    'Nav',
    'Layout',
    'Color',
    'Presets',
    'Font',
    'Family',
    'Size',
  ]) {
    await expect(drawer.getByText(label, { exact: true }).first()).toBeVisible();
  }
  await drawer
    .getByRole('img', {
      name: 'Dashboard only and available at large resolutions > 1600px (xl)',
    })
    .hover();
  await expect(
    page.getByRole('tooltip', {
      name: 'Dashboard only and available at large resolutions > 1600px (xl)',
    }),
  ).toBeVisible();
  await drawer.getByRole('img', { name: 'Dashboard only', exact: true }).hover();
  await expect(page.getByRole('tooltip', { name: 'Dashboard only', exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Full Screen' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Full Screen' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
});

test('compact layout keeps the dashboard content 1200 px wide only above 1600 px', async ({ page }) => {
  const content = page.getByTestId('main-content');
  const width = async () => Math.round((await content.boundingBox())!.width);
  const nav = 300;
  const padding = 2 * 40; // main's horizontal padding from lg up

  await page.setViewportSize({ width: 1920, height: 1000 });
  await signIn(page, 'admin');
  await expect(content).toHaveAttribute('data-compact', 'true');
  await expect.poll(width).toBe(1200);
  // Centred in the space beside the navigation.
  const box = (await content.boundingBox())!;
  expect(Math.round(box.x - nav)).toBe(Math.round(1920 - (box.x + box.width)));

  // At exactly 1600 px (not above) the content takes the full width.
  await page.setViewportSize({ width: 1600, height: 1000 });
  await expect.poll(width).toBe(1600 - nav - padding);
  await page.setViewportSize({ width: 1601, height: 1000 });
  await expect.poll(width).toBe(1200);

  // Switched off in the drawer: full width at any size, at once.
  await page.setViewportSize({ width: 1920, height: 1000 });
  const drawer = await openSettings(page);
  await drawer
    .getByRole('checkbox', { name: 'Compact' })
    .or(drawer.getByRole('switch', { name: 'Compact' }))
    .uncheck();
  await page.keyboard.press('Escape');
  await expect(content).toHaveAttribute('data-compact', 'false');
  await expect.poll(width).toBe(1920 - nav - padding);
});

// The admin's sixteen items, labelled in each language (the longest labels are French and Vietnamese).
const LEAVE_LABEL = { en: 'Leave', fr: 'Congés', vi: 'Nghỉ phép', cn: '休假', ar: 'الإجازات' } as const;

test('horizontal layout: at 1440 px all items are in view, no arrows, in each language; icons where there is room', async ({ page }) => {
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key, value),
    [SETTINGS_KEY, JSON.stringify({ ...DEFAULT_SETTINGS, navLayout: 'horizontal' })],
  );
  await page.setViewportSize({ width: 1920, height: 900 });
  await signIn(page, 'admin');
  const nav = page.getByTestId('nav');
  const items = nav.locator('[data-nav-item]');
  await expect(items).toHaveCount(16);
  // Wide screen: icon and label.
  await expect(nav).toHaveAttribute('data-icons', 'true');
  await expect(nav.locator('[data-nav-item="leave"] svg').first()).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  for (const lang of ['en', 'fr', 'vi', 'cn', 'ar'] as const) {
    if (lang !== 'en') {
      await dismissToasts(page);
      await chooseLanguage(page, lang);
    }
    await expect(nav.locator('[data-nav-item="leave"]')).toHaveText(LEAVE_LABEL[lang]);
    await expect(page.getByTestId('nav-scroll-end'), lang).toHaveCount(0);
    await expect(page.getByTestId('nav-scroll-start'), lang).toHaveCount(0);
    for (const item of await items.all()) {
      await expect(item, `${lang} ${await item.getAttribute('data-nav-item')}`).toBeInViewport({ ratio: 1 });
    }
    const bar = await nav.boundingBox();
    const last = await items.last().boundingBox();
    // Inside the bar, on its end side (the right in left-to-right, the left in Arabic).
    if (lang === 'ar') expect(last!.x, lang).toBeGreaterThanOrEqual(bar!.x);
    else expect(last!.x + last!.width, lang).toBeLessThanOrEqual(bar!.x + bar!.width);
  }
});

test('horizontal layout: items that do not fit are reached with the arrows at its ends', async ({ page }) => {
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key, value),
    [SETTINGS_KEY, JSON.stringify({ ...DEFAULT_SETTINGS, navLayout: 'horizontal' })],
  );
  // The smallest desktop width (lg): even without their icons the English items do not fit.
  await page.setViewportSize({ width: 1200, height: 800 });
  await signIn(page, 'admin');
  const nav = page.getByTestId('nav');
  // The last item: once it is in view, there is nothing more to scroll to.
  const last = nav.locator('[data-nav-item]').last();
  await expect(nav.locator('[data-nav-item="dashboard"]')).toBeInViewport();
  await expect(last).not.toBeInViewport({ ratio: 0.95 });
  await expect(page.getByTestId('nav-scroll-start')).toHaveCount(0);

  const more = page.getByTestId('nav-scroll-end');
  await expect(more).toHaveAccessibleName('Show more items');
  for (let i = 0; i < 5 && !(await last.evaluate(isFullyShown)); i++) {
    await more.click();
    await page.waitForTimeout(400);
  }
  await expect(last).toBeInViewport({ ratio: 0.95 });
  await expect(page.getByTestId('nav-scroll-end')).toHaveCount(0);
  await expect(page.getByTestId('nav-scroll-start')).toBeVisible();
  // Leave, next to the end, opens its menu.
  await nav.locator('[data-nav-item="leave"]').click();
  await expect(page.getByRole('menu')).toBeVisible();
});

function isFullyShown(el: Element) {
  const box = el.getBoundingClientRect();
  const bar = el.closest('[data-testid="nav-horizontal-items"]')!.getBoundingClientRect();
  return box.left >= bar.left - 1 && box.right <= bar.right + 1;
}
