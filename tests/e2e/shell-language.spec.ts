import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './support/test';
import { signIn } from './support/session';
import { GUEST_ROUTES, builtRoutes, presetShell, settled, spaGo } from './shell-support';

// No English left on a non-English page: every visible text (and accessible name,
// placeholder, tooltip title and the document title) on every built route in fr, vi, cn
// and ar is compared with the English strings of `en` — our locale files plus the grid's
// and the date pickers' English texts. A string the language itself spells as English
// (a word kept as is, "KPI") is not a leak; neither are the brand and the data.

const LOCALES = join(import.meta.dirname, '..', '..', 'src', 'web', 'locales');
const BRAND = 'Staffing Office';

function strings(tree: unknown, out = new Set<string>()): Set<string> {
  if (typeof tree === 'string') out.add(tree.trim());
  else if (tree && typeof tree === 'object') for (const v of Object.values(tree)) strings(v, out);
  return out;
}

function bundle(lang: string): Set<string> {
  const all = new Set<string>();
  for (const file of readdirSync(join(LOCALES, lang)).filter((f) => f.endsWith('.json')))
    strings(JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')), all);
  return all;
}

async function componentEnglish(): Promise<Set<string>> {
  const grid = await import('@mui/x-data-grid/locales');
  const pickers = await import('@mui/x-date-pickers/locales');
  return new Set([
    ...strings(grid.enUS.components.MuiDataGrid.defaultProps.localeText),
    ...strings(pickers.enUS.components.MuiLocalizationProvider.defaultProps.localeText),
  ]);
}

/** English strings that would be a leak in `lang`: no placeholders, words, not kept by the language. */
async function englishFor(lang: string): Promise<Set<string>> {
  const own = bundle(lang);
  const english = new Set([...bundle('en'), ...(await componentEnglish())]);
  return new Set([...english].filter((s) => s && !s.includes('{{') && /[A-Za-z]{2}/.test(s) && s !== BRAND && !own.has(s)));
}

/** Everything a user can see or hear on the page. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>([document.title]);
    const visible = (el: Element | null) =>
      !!el && (el as HTMLElement).getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (text && visible(n.parentElement)) out.add(text);
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title]'))) {
      if (!visible(el)) continue;
      for (const attr of ['aria-label', 'placeholder', 'title']) {
        const v = el.getAttribute(attr)?.trim();
        if (v) out.add(v);
      }
    }
    return [...out];
  });
}

for (const lang of ['fr', 'vi', 'cn', 'ar'] as const) {
  test(`no English string on any built route in ${lang}`, async ({ page }) => {
    test.setTimeout(300_000);
    const english = await englishFor(lang);
    // The test itself can fail: an English-only string of the bundle is in the set.
    expect(english.has('Sign in to your account')).toBe(true);

    const leaks: Record<string, string[]> = {};
    const check = async (route: string) => {
      const found = (await shownTexts(page)).filter((s) => english.has(s) || english.has(s.replace(/\s*·\s*Staffing Office$/, '')));
      if (found.length) leaks[route] = found;
    };

    await presetShell(page, lang);
    for (const route of GUEST_ROUTES) {
      await page.goto(route);
      await settled(page);
      await check(route);
    }

    await presetShell(page, 'en');
    await signIn(page, 'admin');
    const routes = await builtRoutes(page, 'admin');
    await presetShell(page, lang);
    await page.goto('/');
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'cn' ? 'zh-CN' : lang);
    for (const route of routes) {
      await spaGo(page, route);
      await check(route);
    }
    // The header's menus and the bell, opened.
    await spaGo(page, '/');
    await page.getByTestId('notifications-button').click();
    await expect(page.getByTestId('notifications-panel')).toBeVisible();
    await check('bell');
    await page.keyboard.press('Escape');
    await page.getByTestId('account-button').click();
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await check('account menu');
    await page.keyboard.press('Escape');
    expect(leaks).toEqual({});
  });
}
