import { expect, test } from './support/test';
import { signIn } from './support/session';
import { SETTINGS_KEY, chooseLanguage, storedSettings, toasts } from './shell-support';

// English to start with, but a language chosen during the test must survive reloads.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!window.sessionStorage.getItem('shell-e2e-started')) {
      window.sessionStorage.setItem('shell-e2e-started', '1');
      window.localStorage.setItem('i18nextLng', 'en');
    }
  });
});

test('Arabic switches the page to right-to-left with a mirrored layout', async ({ page }, testInfo) => {
  await signIn(page, 'admin');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  const navBefore = await page.getByTestId('nav-side').boundingBox();
  expect(navBefore!.x).toBeLessThan(100);

  await chooseLanguage(page, 'ar');
  await expect(toasts(page).filter({ hasText: 'تم تغيير اللغة!' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe('ar');
  await expect.poll(async () => (await storedSettings(page))?.direction).toBe('rtl');

  // Mirrored: the side navigation now sits on the right edge, its labels in Arabic.
  const viewport = page.viewportSize()!;
  await expect
    .poll(async () => {
      const box = await page.getByTestId('nav-side').boundingBox();
      return box ? Math.round(box.x + box.width) : 0;
    })
    .toBeGreaterThan(viewport.width - 5);
  await expect(page.getByTestId('nav-side').getByText('لوحة التحكم').first()).toBeVisible();
  const direction = await page.evaluate(() => getComputedStyle(document.body).direction);
  expect(direction).toBe('rtl');

  await page.waitForTimeout(500);
  await page.screenshot({
    path: testInfo.outputPath('arabic-rtl.png'),
    fullPage: false,
  });

  // The drawer opens from the other side too and says so in Arabic.
  await page.getByTestId('settings-button').click();
  const drawer = page.getByTestId('settings-drawer');
  await expect(drawer.getByRole('heading', { name: 'الإعدادات' })).toBeVisible();
  const drawerBox = await drawer.boundingBox();
  expect(drawerBox!.x).toBeLessThan(5);
  await expect(drawer.getByRole('checkbox', { name: 'من اليمين إلى اليسار' })).toBeChecked();
  await page.waitForTimeout(400);
  await page.screenshot({ path: testInfo.outputPath('arabic-rtl-drawer.png') });
  await page.keyboard.press('Escape');

  // Survives a reload.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

  // Back to English: left-to-right again.
  await chooseLanguage(page, 'en');
  await expect(toasts(page).filter({ hasText: 'Language has been changed!' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(async () => (await storedSettings(page))?.direction).toBe('ltr');
});

// Translation files load on demand: in dev as /src/web/locales/<lang>/*.json, in the
// build as hashed chunks under /assets/ (any chunk not loaded yet, at that point).
const lazyChunks = (lang: string) => new RegExp(`/locales/${lang}/|/assets/.+\\.js$`);

test('a language change shows the loading then the success toast, translated', async ({ page }) => {
  await signIn(page, 'admin');
  // Slow the translation chunks a little so the loading toast is observable.
  await page.route(lazyChunks('fr'), async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  await chooseLanguage(page, 'fr');
  await expect(toasts(page).filter({ hasText: 'Loading...' })).toBeVisible();
  await expect(toasts(page).filter({ hasText: 'La langue a été changée !' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-drawer').getByRole('heading', { name: 'Paramètres' })).toBeVisible();
});

test('a failing language load shows the error toast and logs it', async ({ page }) => {
  await signIn(page, 'admin');
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // Only once the page's own chunks are in: from here on, new chunks fail.
  await expect(page.getByTestId('language-switcher')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.route(lazyChunks('vi'), (route) => route.abort());
  await chooseLanguage(page, 'vi');
  await expect(
    toasts(page).filter({
      hasText: /Error changing language!|Lỗi khi thay đổi ngôn ngữ!/,
    }),
  ).toBeVisible();
  expect(errors.length).toBeGreaterThan(0);
});

test("the users grid's pagination follows the language (French, Arabic)", async ({ page }) => {
  await signIn(page, 'admin', '/auth/sign-in?returnTo=%2Fusers');
  await expect(page).toHaveURL(/\/users$/);
  const pagination = page.locator('.MuiDataGrid-footerContainer');
  await expect(pagination).toContainText('Rows per page:');
  await expect(pagination).toContainText(/1–10 of \d+/);

  await chooseLanguage(page, 'fr');
  await expect(pagination).toContainText('Lignes par page :');
  await expect(pagination).toContainText(/1–10 sur \d+/);
  await expect(page.getByRole('button', { name: 'Aller à la page suivante' })).toBeVisible();
  await expect(pagination).not.toContainText('Rows per page');

  await chooseLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(pagination).toContainText('عدد الصفوف في الصفحة:');
  await expect(pagination).not.toContainText('Rows per page');
  await expect(pagination).toContainText(/من \d+/);
  await expect(pagination).not.toContainText(' of ');

  // A Latin e-mail keeps its own direction in the mirrored grid: it reads, and is cut,
  // from its start.
  const email = page.getByRole('grid').locator('[data-field="email"][role="gridcell"] [dir="auto"]').first();
  await expect(email).toContainText('@');
  expect(await email.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
});

test('the date picker speaks Arabic and is mirrored in right-to-left', async ({ page }) => {
  await signIn(page, 'admin', '/auth/sign-in?returnTo=%2Fusers%2Fnew');
  await expect(page.getByTestId('user-form')).toBeVisible();
  await chooseLanguage(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // The empty field: Arabic placeholders, read in the same order as the digits typed into them.
  const day = page.getByRole('spinbutton', { name: 'اليوم' });
  const month = page.getByRole('spinbutton', { name: 'الشهر' });
  const year = page.getByRole('spinbutton', { name: 'السنة' });
  await expect(day).toHaveText('يوم');
  await expect(month).toHaveText('شهر');
  await expect(year).toHaveText('سنة');
  expect((await day.boundingBox())!.x).toBeLessThan((await year.boundingBox())!.x);

  await page.getByRole('button', { name: 'اختر التاريخ' }).click();
  const calendar = page.getByRole('dialog');
  // Month names from the Arabic date locale, the picker's own texts in Arabic.
  await expect(calendar).toContainText(/(يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر) \d{4}/);
  const previous = calendar.getByRole('button', { name: 'الشهر السابق' });
  const next = calendar.getByRole('button', { name: 'الشهر التالي' });
  // Mirrored: the previous month is on the right and its arrow points right.
  expect((await previous.boundingBox())!.x).toBeGreaterThan((await next.boundingBox())!.x);
  await expect(previous.locator('svg')).toHaveAttribute('data-testid', 'ArrowRightIcon');
  await expect(next.locator('svg')).toHaveAttribute('data-testid', 'ArrowLeftIcon');

  await calendar.getByRole('button', { name: /عرض التقويم مفتوح/ }).click();
  await calendar.getByRole('radio', { name: '2001' }).click();
  await calendar.getByRole('gridcell', { name: '15' }).click();
  await expect(day).toHaveText('15');
  await expect(year).toHaveText('2001');
  await expect(page.getByRole('button', { name: /^اختر التاريخ، التاريخ المختار هو 15 / })).toBeVisible();
});

test('the users list shows every status and filter choice whole in Vietnamese, at 16 and 20 px', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin', '/auth/sign-in?returnTo=%2Fusers');
  await expect(page).toHaveURL(/\/users$/);
  await chooseLanguage(page, 'vi');
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('columnheader', { name: 'Trạng thái' })).toBeVisible();

  // A filter is an any-of picker: its chosen values show as chips beside its input.
  const filter = (name: string) => page.locator('.MuiAutocomplete-root', { has: page.getByRole('combobox', { name }) });
  const all = async (name: string) => {
    await page.getByRole('combobox', { name }).click();
    await page.getByRole('option', { name: 'Tất cả', exact: true }).click();
    await page.keyboard.press('Escape');
  };
  const choose = async (name: string, label: string) => {
    await all(name);
    await page.getByRole('combobox', { name }).click();
    await page.getByRole('option', { name: label, exact: true }).click();
    await page.keyboard.press('Escape');
    const chosen = filter(name).locator('.MuiChip-label');
    await expect(chosen).toHaveText([label]);
    const [scroll, client] = await chosen.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scroll, `${name} filter: ${label}`).toBeLessThanOrEqual(client);
  };
  const whole = async (status: 'active' | 'inactive', label: string) => {
    await choose('Trạng thái', label);
    const chip = grid.locator('[data-field="status"][role="gridcell"] .MuiChip-label').first();
    await expect(chip).toHaveText(label);
    const [scroll, client] = await chip.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scroll, `${status} chip`).toBeLessThanOrEqual(client);
  };
  const check = async () => {
    // Filters live in the URL and survive the reload between the two font sizes.
    await all('Vai trò');
    await whole('active', 'Đang hoạt động');
    await whole('inactive', 'Ngừng hoạt động');
    await choose('Vai trò', 'Trưởng nhóm kinh doanh');
  };
  await check();

  // The largest font size setting.
  await page.evaluate((key) => {
    const settings = JSON.parse(window.localStorage.getItem(key)!) as Record<string, unknown>;
    window.localStorage.setItem(key, JSON.stringify({ ...settings, fontSize: 20 }));
  }, SETTINGS_KEY);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.locator('html')).toHaveCSS('font-size', '20px');
  await check();
});
