import { expect, test } from './support/test';
import { signIn, type DemoRole } from './support/session';
import { GUEST_ROUTES, SHELL_MODES, builtRoutes, modeName, presetShell, seriousViolations, settled, spaGo } from './shell-support';

// Axe (serious and critical, WCAG 2.0/2.1 A and AA) on every built route — the signed-in
// routes come from the app's own navigation (shell-support.ts) — for admin and developer: in
// English in light, dark and both high-contrast modes, and in Arabic right-to-left in the light
// mode. The themes' colours are the same in both directions, so Arabic is crawled once, for its
// layout: six crawls fewer, each of them a minute or more of the suite.

test.describe.configure({ timeout: 600_000 });

for (const lang of ['en', 'ar'] as const) {
  test(`guest pages have no serious axe finding in every mode (${lang})`, async ({ page }) => {
    const findings: Record<string, unknown> = {};
    for (const mode of SHELL_MODES) {
      await page.context().clearCookies();
      await presetShell(page, lang, mode);
      for (const route of GUEST_ROUTES) {
        await page.goto(route);
        await settled(page);
        const found = await seriousViolations(page);
        if (found.length) findings[`${route} ${modeName(mode)}`] = found;
      }
    }
    expect(findings).toEqual({});
  });

  // One test per role and mode: each crawl stays well inside its time on a busy machine, and a
  // finding names its mode in the test's title.
  for (const role of ['admin', 'developer'] as DemoRole[]) {
    for (const mode of lang === 'en' ? SHELL_MODES : SHELL_MODES.slice(0, 1)) {
      test(`every built route has no serious axe finding (${role}, ${lang}, ${modeName(mode)})`, async ({ page }) => {
        await presetShell(page, 'en');
        await signIn(page, role);
        const routes = await builtRoutes(page, role);
        expect(routes.length).toBeGreaterThan(3);
        console.log(`${role}: ${routes.join(' ')}`);
        const findings: Record<string, unknown> = {};
        await presetShell(page, lang, mode);
        await page.goto('/');
        await settled(page);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        for (const route of routes) {
          await spaGo(page, route);
          const found = await seriousViolations(page);
          if (found.length) findings[route] = found;
        }
        expect(findings).toEqual({});
      });
    }
  }
}
