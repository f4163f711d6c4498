// Helpers shared by the shell-*.spec.ts files (settings, languages, notifications) and the
// accessibility and language crawl (a11y.spec.ts).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, signIn, type DemoRole } from './support/session';

export const SETTINGS_KEY = 'app-settings';

export const DEFAULT_SETTINGS = {
  colorScheme: 'light',
  direction: 'ltr',
  contrast: 'default',
  navLayout: 'vertical',
  primaryColor: 'default',
  navColor: 'integrate',
  compactLayout: true,
  fontSize: 16,
  fontFamily: 'Public Sans Variable',
  version: '1.0.0',
};

export async function storedSettings(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  }, SETTINGS_KEY);
}

export async function openSettings(page: Page) {
  await page.getByTestId('settings-button').click();
  const drawer = page.getByTestId('settings-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Settings' })).toBeVisible();
  return drawer;
}

export const toasts = (page: Page) => page.locator('[data-sonner-toast]');

/**
 * One API call as a demo user, signed in afresh (the e2e servers' access tokens live 5 seconds, so a
 * token kept across a test's steps could lapse); a failed answer fails the test with its body.
 */
export async function api<T = Record<string, unknown>>(
  request: APIRequestContext,
  role: DemoRole,
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  url: string,
  data?: object,
): Promise<T> {
  const { token } = await apiLogin(request, role);
  const res = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBeTruthy();
  return (res.status() === 204 ? undefined : await res.json()) as T;
}

/** A fresh API token for a demo user (the app's own session is left alone). */
export async function apiLogin(request: APIRequestContext, role: DemoRole) {
  const res = await request.post('/api/v1/auth/login', {
    data: { email: demoEmail(role), password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { accessToken } = (await res.json()) as { accessToken: string };
  const me = await request.get('/api/v1/auth/me', {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(me.ok(), await me.text()).toBeTruthy();
  const user = (await me.json()) as { id: string; user?: { id: string } };
  return { token: accessToken, userId: user.user?.id ?? user.id };
}

export async function createNotification(
  request: APIRequestContext,
  asRole: DemoRole,
  body: {
    userIds: string[];
    type?: string;
    title: string;
    message: string;
    jobId?: string;
  },
) {
  const { token } = await apiLogin(request, asRole);
  const res = await request.post('/api/v1/notifications', {
    data: body,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * Resolves once a live connection the page opens from now on has joined its rooms: the server
 * answers the join with the unread count, so from then on notifications and list events reach the
 * page live. Call it before the page connects (before signing in, or a reload).
 */
export function liveJoined(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"unread-count"')) resolve();
      });
    });
  });
}

/** Toasts sit top-right over the header (spec position): clear them before using header buttons. */
export async function dismissToasts(page: Page) {
  // A hovered toaster pauses its timers; move away, close what is shown, let the rest expire.
  await page.mouse.move(0, 0);
  const close = page.locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"]) [data-close-button]');
  for (let i = 0; i < 6 && (await close.count()) > 0; i++) {
    await close
      .first()
      .click({ force: true, timeout: 1000 })
      .catch(() => {});
    await page.waitForTimeout(200);
  }
  await page.mouse.move(0, 0);
  await expect(toasts(page)).toHaveCount(0, { timeout: 15_000 });
}

/** Picks a language in the header's language switcher. */
export async function chooseLanguage(page: Page, lang: string) {
  await page.getByTestId('language-switcher').click();
  await page.locator(`[role="menuitem"][data-lang="${lang}"]`).click();
}

/** WCAG 2 contrast ratio of two computed CSS colours ('rgb(…)' / 'rgba(…)', opaque). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// ---------------------------------------------------------------------------------
// Every built route, from the app itself: the signed-in navigation's links (so a module
// added to the navigation is covered without editing the tests), the new/edit/detail links
// each list page offers, the account pages and a not-found address. Pages that show the
// "coming soon" placeholder count once (they are one component).

export type ShellMode = { colorScheme: 'light' | 'dark'; contrast: 'default' | 'hight' };
export const SHELL_MODES: ShellMode[] = [
  { colorScheme: 'light', contrast: 'default' },
  { colorScheme: 'dark', contrast: 'default' },
  { colorScheme: 'light', contrast: 'hight' },
  { colorScheme: 'dark', contrast: 'hight' },
];
export const modeName = (m: ShellMode) => `${m.colorScheme}/${m.contrast === 'hight' ? 'high' : 'default'} contrast`;

export const GUEST_ROUTES = [
  '/auth/sign-in',
  '/auth/sign-up',
  '/auth/reset-password',
  '/auth/verify?email=nobody%40demo.local',
  '/auth/update-password?email=nobody%40demo.local',
  '/no-such-page',
];

/** Language and settings for the next page loads (before any script of the app runs). */
export async function presetShell(page: Page, lang: string, mode: ShellMode = SHELL_MODES[0]!) {
  await page.addInitScript(
    ({ key, settings, lng }) => {
      window.localStorage.setItem('i18nextLng', lng);
      window.localStorage.setItem(key, JSON.stringify(settings));
    },
    {
      key: SETTINGS_KEY,
      settings: { ...DEFAULT_SETTINGS, ...mode, direction: lang === 'ar' ? 'rtl' : 'ltr' },
      lng: lang,
    },
  );
}

/**
 * A client-side navigation (no reload), then waits for the page to settle. The router renders the
 * new route in a transition: the old page stays on screen until the new one (its code loaded)
 * commits, and the route's progress bar starts with that commit — so the wait is for the bar to
 * appear (watched from before the navigation, it cannot be missed; a bar still running from the
 * previous navigation is let finish first), then for the page to settle.
 */
export async function spaGo(page: Page, path: string) {
  await expect(page.getByTestId('route-progress')).toHaveCount(0);
  const committed = await page.evaluate(async (to) => {
    const moved = new URL(to, window.location.href).pathname !== window.location.pathname;
    const shown = new Promise<boolean>((resolve) => {
      if (!moved) return resolve(true);
      const timer = setTimeout(() => resolve(false), 15_000);
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="route-progress"]')) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve(true);
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return shown;
  }, path);
  expect(committed, `the page of ${path} within 15 s`).toBe(true);
  await settled(page);
}

/** The page has its heading, no loading indicator (the route's progress bar too), and the network is quiet. */
export async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[role="progressbar"]:visible, .MuiSkeleton-root:visible')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState('networkidle').catch(() => {});
}

const routeCache = new Map<string, string[]>();

/** The built routes a signed-in user can reach (the page must be signed in). */
export async function builtRoutes(page: Page, cacheKey: string): Promise<string[]> {
  const cached = routeCache.get(cacheKey);
  if (cached) return cached;
  if (new URL(page.url()).pathname !== '/') await page.goto('/');
  await expect(page.getByTestId('nav').first()).toBeVisible();
  const hrefs = (
    await page
      .getByTestId('nav')
      .first()
      .locator('a[href]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!))
  ).filter((h) => h.startsWith('/'));
  const routes: string[] = [];
  const add = (r: string) => !routes.includes(r) && routes.push(r);
  let comingSoon = false;
  for (const href of [...new Set(hrefs)]) {
    await spaGo(page, href);
    if ((await page.getByTestId('coming-soon').count()) > 0) {
      if (!comingSoon) add(href);
      comingSoon = true;
      continue;
    }
    add(href);
    if (href === '/') continue;
    // A list's links are in its rows: wait for them (or for its empty state) before reading them.
    const list = page.locator('main [role="grid"][aria-rowcount]');
    if ((await list.count()) > 0) await expect(list.first().getByRole('row').nth(1).or(page.getByTestId('empty-state'))).toBeVisible();
    // The list's own links: create, and the first record's edit or detail page (a record's links are
    // in the grid's rows when there is a grid: a page's other links, e.g. /invoices/analytics, are no record).
    const links = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    const rowLinks = (await list.count())
      ? await list
          .first()
          .locator('a[href]')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))
      : links;
    const esc = href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const edit = new RegExp(`^${esc}/[^/]+/edit$`);
    const show = new RegExp(`^${esc}/[^/]+$`);
    for (const link of [
      links.find((l) => l === `${href}/new`),
      rowLinks.find((l) => edit.test(l)),
      rowLinks.find((l) => show.test(l) && l !== `${href}/new`),
    ])
      if (link) add(link);
  }
  add('/personal-info');
  add('/no-such-page');
  routeCache.set(cacheKey, routes);
  return routes;
}

/**
 * `builtRoutes` of a demo role, found once per run: every worker's server is a copy of the same
 * seeded database (the same records, the same ids), so the first worker to need a role's routes
 * finds them on its server in a browser of its own and leaves them in the run's folder
 * (E2E_RUN_DIR) for the other, which waits for them rather than crawling the navigation again.
 */
export async function builtRoutesOf(browser: Browser, baseURL: string | undefined, role: DemoRole): Promise<string[]> {
  const dir = process.env.E2E_RUN_DIR;
  const file = dir ? join(dir, `routes-${role}.json`) : undefined;
  const shared = (): string[] | undefined => {
    try {
      return (routeCache.get(role) ?? JSON.parse(readFileSync(file!, 'utf8'))) as string[];
    } catch {
      return undefined; // not there yet, or still being written
    }
  };
  const gaveUp = () => {
    try {
      return !!readFileSync(`${file}.failed`);
    } catch {
      return false;
    }
  };
  let mine = false;
  if (file && !shared()) {
    try {
      mkdirSync(`${file}.lock`);
      mine = true;
    } catch {
      // Another worker is finding them: wait for its list, unless it gives up.
      for (let i = 0; i < 360 && !shared() && !gaveUp(); i++) await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const known = shared();
  if (known) {
    routeCache.set(role, known);
    if (mine) rmSync(`${file}.lock`, { recursive: true, force: true });
    return known;
  }
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await presetShell(page, 'en');
    await signIn(page, role);
    const routes = await builtRoutes(page, role);
    if (file) {
      writeFileSync(`${file}.tmp`, JSON.stringify(routes));
      renameSync(`${file}.tmp`, file);
    }
    return routes;
  } catch (err) {
    if (file && mine) writeFileSync(`${file}.failed`, String(err));
    throw err;
  } finally {
    if (file && mine) rmSync(`${file}.lock`, { recursive: true, force: true });
    await context.close();
  }
}

// ---------------------------------------------------------------------------------
// No English left on a non-English page: every visible text (and accessible name, placeholder,
// tooltip title and the document title) is compared with the English strings of `en` — our
// locale files plus the grid's and the date pickers' English texts. A string the language itself
// spells as English (a word kept as is, "KPI") is not a leak; neither are the brand and the data.

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
export async function englishFor(lang: string): Promise<Set<string>> {
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

/** The English strings (of `englishFor`) shown on the page as it is. */
export async function englishLeaks(page: Page, english: Set<string>): Promise<string[]> {
  return (await shownTexts(page)).filter((s) => english.has(s) || english.has(s.replace(/\s*·\s*Staffing Office$/, '')));
}

/** Axe's serious and critical findings (WCAG 2.0/2.1 A and AA) on the current page. */
// axe-core runs in the page itself, injected once per document: the Playwright wrapper's analyze()
// injected it into every frame on every call and finished each run in a new blank page, which cost
// several times the audit on our two cores. The app has no frames of its own to audit.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe's serious and critical findings (WCAG 2.0/2.1 A and AA) on the page as it is. `contrast: false`
 * leaves out colour contrast, the costliest rule (it measures every text's colours): the crawl checks
 * structure on every route, and contrast is proved on the theme's tokens and on the fixed screens.
 */
export async function seriousViolations(page: Page, { contrast = true } = {}) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // The page at rest: a button enabled a moment ago still fades from grey to its colour, and axe
  // would measure the contrast of the fade. Endless animations (a skeleton's pulse) are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(
    async ({ tags, contrast }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const results = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: contrast ? {} : { 'color-contrast': { enabled: false } },
        resultTypes: ['violations'],
        iframes: false,
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 4).map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
      }));
    },
    { tags: AXE_TAGS, contrast },
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`),
    }));
}

/** The focused element shows a focus indicator (an outline of 2 px or more, or a focused input's 2 px border). */
export async function expectFocusVisible(page: Page, what: string) {
  const info = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false, why: 'nothing focused' };
    const cs = getComputedStyle(el);
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2;
    const input = el.closest('.MuiOutlinedInput-root');
    const fieldset = input?.querySelector('fieldset');
    const border = !!input?.classList.contains('Mui-focused') && !!fieldset && parseFloat(getComputedStyle(fieldset).borderTopWidth) >= 2;
    return {
      ok: outline || border,
      why: `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 30)}: outline ${cs.outlineStyle} ${cs.outlineWidth}`,
    };
  });
  expect(info.ok, `${what}: ${info.why}`).toBe(true);
}
