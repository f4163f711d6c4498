import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn, useEnglish } from './support/session';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

test('sign-in, dashboard, users list and users form have no serious or critical axe violation', async ({ page }) => {
  await useEnglish(page);
  await page.goto('/auth/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await seriousViolations(page), 'sign-in').toEqual([]);

  await signIn(page, 'admin');
  await expect(page.getByTestId('welcome-card')).toBeVisible();
  expect(await seriousViolations(page), 'dashboard').toEqual([]);

  await page.goto('/users');
  await expect(page.getByRole('grid').getByRole('row')).toHaveCount(11);
  expect(await seriousViolations(page), 'users list').toEqual([]);

  await page.goto('/users/new');
  await expect(page.getByTestId('user-form')).toBeVisible();
  expect(await seriousViolations(page), 'users form').toEqual([]);
});
