import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234!';
export const ROLES = ['admin', 'hr_lead', 'sale_lead', 'developer', 'hr', 'sale', 'manager'] as const;
export type DemoRole = (typeof ROLES)[number];

export const demoEmail = (role: DemoRole) => `${role}@demo.local`;

/** Signs in through the form; resolves once the app has left the sign-in page. */
export async function signIn(page: Page, role: DemoRole, path = '/auth/sign-in') {
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
