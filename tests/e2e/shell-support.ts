// Helpers shared by the shell-*.spec.ts files (settings, languages, notifications).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, type DemoRole } from './support/session';

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
