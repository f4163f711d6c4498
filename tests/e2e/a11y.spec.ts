import { expect, test, type Browser, type Page } from './support/test';
import { signIn, type DemoRole } from './support/session';
import {
  GUEST_ROUTES,
  SHELL_MODES,
  builtRoutesOf,
  englishFor,
  englishLeaks,
  modeName,
  presetShell,
  seriousViolations,
  settled,
  spaGo,
  type ShellMode,
} from './shell-support';

// Accessibility and language, page by page, each thing checked once:
// - One crawl per language (fr, vi, cn, ar) visits every guest page and every built route of
//   admin and developer (the signed-in routes come from the app's own navigation, shell-support.ts)
//   in the light mode. On every visit no English string may show (the leak check of every
//   language on every route), and on its share of the visits axe (serious and critical, WCAG
//   2.0/2.1 A and AA) checks the page's structure: a seeded shuffle deals each route to one of the
//   four languages, so every route passes axe once per role per run, in a language that changes
//   from run to run.
// - Right to left and the dark modes are checked on a few fixed screens (sign-in, the dashboard, a
//   list, a form, a detail page): the Arabic crawl runs axe on them too, and each dark mode has a
//   test of its own. The colours of every theme, mode and preset are proved on the theme's tokens
//   by unit tests (src/web/theme/create-theme.test.ts), not by crawling every route in every mode:
//   axe measures colour contrast (its costliest rule) on the fixed screens only, and the crawl's
//   other axe visits check structure — names, roles, landmarks, focus.
// - A fixed time budget, not one that grows with every module: a crawl's first round (its axe
//   routes, and its fixed screens) always completes, so each route is reached every run; its other
//   visits (leak checks only) share A11Y_BUDGET_MS (default 60 000 in all, a quarter per language)
//   between the roles by their number of routes, in a seeded order. They are few on purpose: an
//   English string left in the code shows in every language, so the axe visit of each route (in
//   one language) finds it already, and a key missing in one language fails the locale test
//   (src/web/i18n/locales.test.ts) before any browser starts. The crawl names
//   what it left for another run (a new seed each run). The seed is printed; A11Y_SEED=<seed>
//   replays a run.

test.describe.configure({ mode: 'parallel' });

const LANGS = ['fr', 'vi', 'cn', 'ar'] as const;
type Lang = (typeof LANGS)[number];
const CRAWLED: DemoRole[] = ['admin', 'developer'];
const SEED = Number(process.env.A11Y_SEED ?? 1);
const BUDGET_MS = Number(process.env.A11Y_BUDGET_MS ?? 60_000);
const htmlLang = (lang: string) => (lang === 'cn' ? 'zh-CN' : lang);

/** A small seeded generator (mulberry32) of numbers in [0, 1). */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The items in an order fixed by the run's seed and `salt`. */
function shuffled<T>(items: readonly T[], salt: string): T[] {
  let h = SEED >>> 0;
  for (const c of salt) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const next = generator(h);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The language whose crawl runs axe on each route: dealt round the languages in a seeded order. */
function axeLanguage(routes: readonly string[], salt: string): Map<string, Lang> {
  const langs = shuffled(LANGS, `${salt} languages`);
  return new Map(shuffled(routes, `${salt} axe`).map((route, i) => [route, langs[i % langs.length]!]));
}

type Report = { leaks: Record<string, string[]>; axe: Record<string, unknown> };

/** Checks the page as it is: English shown, and (when it is this page's turn) axe, with colour contrast on a fixed screen. */
async function check(page: Page, english: Set<string>, report: Report, where: string, axe: boolean, contrast = false) {
  const leaks = await englishLeaks(page, english);
  if (leaks.length) report.leaks[where] = leaks;
  if (!axe) return;
  const found = await seriousViolations(page, { contrast });
  if (found.length) report.axe[where] = found;
}

/** A signed-in page of `role` in `lang`, on the dashboard. */
async function signedInPage(browser: Browser, role: DemoRole, lang: string, mode: ShellMode = SHELL_MODES[0]!) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await presetShell(page, lang, mode);
  await signIn(page, role, '/');
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(lang));
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  return page;
}

// Right to left is checked on the fixed screens in the Arabic crawl (its light mode), the dark modes
// by tests of their own (below).
const FIXED_ROUTES = ['/', '/users', '/users/new'];

/** The first customer's page, opened from the list as a person would, once its record is in. */
async function openCustomer(page: Page) {
  await spaGo(page, '/customers');
  await page.locator('main [role="grid"][aria-rowcount] [data-field="name"][role="gridcell"]').first().click();
  // The address changes before the page does.
  await expect(page).toHaveURL(/\/customers\/[\w-]+$/);
  await expect(page.getByTestId('customers-show').getByRole('heading', { level: 1 })).not.toBeEmpty();
  await settled(page);
  // The pointer leaves the row it clicked: the page is checked, not a hovered row of the list.
  await page.mouse.move(0, 0);
}

function crawl(lang: Lang) {
  test(`no English and no serious axe finding on the guest pages and the built routes (${lang})`, async ({ page, browser, baseURL }) => {
    const budget = BUDGET_MS / LANGS.length;
    test.setTimeout(budget + 420_000);
    console.log(`a11y crawl (${lang}): seed ${SEED} (A11Y_SEED=${SEED} replays it), budget ${Math.round(budget / 1000)} s`);
    const english = await englishFor(lang);
    // The test itself can fail: an English-only string of the bundle is in the set.
    expect(english.has('Sign in to your account')).toBe(true);
    const report: Report = { leaks: {}, axe: {} };
    const axeDone: string[] = [];
    const fixed = lang === 'ar';
    // The routes first: the first crawl to start finds them for the others (shell-support.ts).
    const routes = Object.fromEntries(await Promise.all(CRAWLED.map(async (r) => [r, await builtRoutesOf(browser, baseURL, r)] as const)));

    // Every guest page, reached in the app as from a link.
    const guestAxe = axeLanguage(GUEST_ROUTES, 'guest');
    await presetShell(page, lang);
    for (const [i, route] of GUEST_ROUTES.entries()) {
      if (i === 0) {
        await page.goto(route);
        await settled(page);
      } else await spaGo(page, route);
      const fixedScreen = fixed && route === '/auth/sign-in';
      const axe = guestAxe.get(route) === lang || fixedScreen;
      await check(page, english, report, route, axe, fixedScreen);
      if (axe) axeDone.push(route);
    }
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLang(lang));

    // Every built route of each role. First, always, the routes whose axe turn is this language's;
    // then the others, in a seeded order, within the role's share of the budget.
    const plans = CRAWLED.map((role) => {
      const axeLang = axeLanguage(routes[role]!, role);
      const fixedScreen = (route: string) => fixed && role === 'admin' && FIXED_ROUTES.includes(route);
      const axeHere = (route: string) => axeLang.get(route) === lang || fixedScreen(route);
      const order = shuffled(routes[role]!, `${role} ${lang}`);
      return { role, first: order.filter(axeHere), then: order.filter((r) => !axeHere(r)), fixedScreen };
    });
    const total = plans.reduce((n, p) => n + p.then.length, 0);
    const left: string[] = [];
    for (const { role, first, then, fixedScreen } of plans) {
      const share = (budget * then.length) / total;
      const signedIn = await signedInPage(browser, role, lang);
      for (const route of first) {
        await spaGo(signedIn, route);
        await check(signedIn, english, report, `${role} ${route}`, true, fixedScreen(route));
        axeDone.push(`${role} ${route}`);
      }
      const started = Date.now();
      for (const [i, route] of then.entries()) {
        if (Date.now() - started > share) {
          left.push(...then.slice(i).map((r) => `${role} ${r}`));
          break;
        }
        await spaGo(signedIn, route);
        await check(signedIn, english, report, `${role} ${route}`, false);
      }
      if (role === 'admin') {
        // The header's menus and the bell, opened.
        await spaGo(signedIn, '/');
        await signedIn.getByTestId('notifications-button').click();
        await expect(signedIn.getByTestId('notifications-panel')).toBeVisible();
        await check(signedIn, english, report, 'bell', false);
        await signedIn.keyboard.press('Escape');
        await signedIn.getByTestId('account-button').click();
        await expect(signedIn.getByTestId('account-menu')).toBeVisible();
        await check(signedIn, english, report, 'account menu', false);
        await signedIn.keyboard.press('Escape');
        if (fixed) {
          await openCustomer(signedIn);
          await check(signedIn, english, report, 'admin a customer', true, true);
          axeDone.push('admin a customer');
        }
      }
      await signedIn.context().close();
    }
    console.log(`a11y crawl (${lang}): axe on ${axeDone.join(' ')}`);
    if (left.length) {
      console.log(`a11y crawl (${lang}): out of budget, left for another run: ${left.join(' ')}`);
      test.info().annotations.push({ type: 'a11y budget', description: `left: ${left.join(' ')}` });
    }
    // What was found, first and whole: a long run's output is often read only in part.
    expect(report, `a11y crawl (${lang}, A11Y_SEED=${SEED}) found: ${JSON.stringify(report)}`).toEqual({ leaks: {}, axe: {} });
  });
}

// The dark modes on the fixed screens (in English): sign-in, the dashboard, a list, a form and a
// detail page.
function darkScreens(mode: ShellMode) {
  test(`sign-in, dashboard, a list, a form and a detail page have no serious axe finding (en, ${modeName(mode)})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const findings: Record<string, unknown> = {};
    const axe = async (p: Page, where: string) => {
      const found = await seriousViolations(p);
      if (found.length) findings[where] = found;
    };
    await presetShell(page, 'en', mode);
    await page.goto('/auth/sign-in');
    await settled(page);
    await axe(page, '/auth/sign-in');
    // The check itself can fail: an image without a text alternative is a critical finding.
    await page.evaluate(() => {
      const img = document.body.appendChild(document.createElement('img'));
      img.id = 'unnamed-image';
      img.src = '/favicon.ico';
    });
    expect((await seriousViolations(page)).map((v) => v.id)).toContain('image-alt');
    await page.evaluate(() => document.getElementById('unnamed-image')?.remove());

    const signedIn = await signedInPage(browser, 'admin', 'en', mode);
    for (const route of FIXED_ROUTES) {
      await spaGo(signedIn, route);
      await axe(signedIn, route);
    }
    await openCustomer(signedIn);
    await axe(signedIn, 'a customer');
    await signedIn.context().close();
    expect(findings).toEqual({});
  });
}

// In this order, two at a time: the first crawl finds the routes while a dark-mode test runs.
crawl('fr');
darkScreens(SHELL_MODES[1]!);
crawl('vi');
darkScreens(SHELL_MODES[3]!);
crawl('cn');
crawl('ar');
