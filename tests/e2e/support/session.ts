import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234!';
export const ROLES = ['admin', 'hr_lead', 'sale_lead', 'developer', 'hr', 'sale', 'manager'] as const;
export type DemoRole = (typeof ROLES)[number];

export const demoEmail = (role: DemoRole) => `${role}@demo.local`;

/**
 * Signs in as a person already signed in arrives: the session's cookies (the ones the app writes
 * after its sign-in form) come from an API sign-in, then `path` opens — or, for a sign-in address,
 * its `returnTo`, else the dashboard. Resolves once the app shows a signed-in page. The form itself
 * is driven by the auth specs (`signInWithForm`); going through it in every test cost each test a
 * page load and a render of the dashboard.
 */
export async function signIn(page: Page, role: DemoRole, path = '/auth/sign-in') {
  const res = await page.request.post('/api/v1/auth/login', { data: { email: demoEmail(role), password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { accessToken, refreshToken } = (await res.json()) as { accessToken: string; refreshToken: string };
  const url = new URL(res.url()).origin;
  const cookie = (name: string, value: string) => ({ name, value, url, sameSite: 'Strict' as const, expires: expiry(value) });
  await page.context().addCookies([cookie('accessToken', accessToken), cookie('refreshToken', refreshToken)]);
  const target = path.startsWith('/auth/sign-in') ? (new URL(path, url).searchParams.get('returnTo') ?? '/') : path;
  await page.goto(target);
  await expect(page).not.toHaveURL(/\/auth\/sign-in/);
}

/** A token's expiry in seconds since the epoch, as the app's cookie keeps it. */
const expiry = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;

/** Signs in through the form; resolves once the app has left the sign-in page. */
export async function signInWithForm(page: Page, role: DemoRole, path = '/auth/sign-in') {
  await page.goto(path);
  await page.getByLabel('Email address').fill(demoEmail(role));
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth\/sign-in/);
}

/** Keeps tests in English whatever the browser says. */
export async function useEnglish(page: Page) {
  await page.addInitScript(() => {
    window.localStorage.setItem('i18nextLng', 'en');
  });
}
