// Archives a person can see and undo, and a History they can read: a customer's archive dialog
// lists what depends on it (and holds while a project is still at work), the archived customer
// is found under Archived, opens read-only with its mark, is restored, and its History tells
// who did what in words — in English and in French.
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './support/test';
import { signIn, useEnglish } from './support/session';
import { api, chooseLanguage, dismissToasts, toasts } from './shell-support';

const grid = (page: Page) => page.locator('[role="grid"][aria-rowcount]');

/** The API as admin, with a token fresh for each call (the e2e server's tokens last seconds). */

async function customerWithProject(request: APIRequestContext, name: string) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.toUpperCase();
  const customer = await api(request, 'admin', 'post', '/api/v1/customers', { name, code: `E2E${stamp}`, country: 'FR' });
  const project = await api(request, 'admin', 'post', '/api/v1/projects', {
    name: 'Archive Portal',
    code: `E2EP${stamp}`,
    customerId: customer.id,
    startDate: '2026-01-01',
    status: 'active',
  });
  return { customerId: customer.id, projectId: project.id };
}

test('a customer is archived with its dependants listed, found under Archived, opened read-only, restored, and its History read', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await useEnglish(page);
  const name = `Archive Journey ${Date.now().toString(36)}`;
  const { customerId, projectId } = await customerWithProject(request, name);
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent(`/customers/${customerId}`)}`);
  // The first page after sign-in waits out a token refresh (the e2e server's tokens last seconds).
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });

  // A project still at work: the dialog names it, links to it, and offers no Archive.
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  const dialog = page.getByTestId('archive-dialog');
  await expect(dialog.getByRole('heading', { name: 'Archive Customer?' })).toBeVisible();
  await expect(dialog).toContainText('What depends on it');
  const projects = dialog.getByRole('link', { name: 'Projects: 1' });
  await expect(projects).toHaveAttribute('href', new RegExp(`/projects\\?customerId=${customerId}&status=active&status=paused`));
  await expect(dialog).toContainText('1 still in progress');
  await expect(dialog.getByTestId('archive-blocked')).toBeVisible();
  await expect(dialog.getByTestId('confirm-delete')).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Once the project is closed the dialog still lists it, and the archive goes through.
  await api(request, 'admin', 'patch', `/api/v1/projects/${projectId}`, { status: 'closed' });
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(dialog.getByRole('link', { name: 'Projects: 1' })).toHaveAttribute('href', new RegExp(`customerId=${customerId}`));
  await expect(dialog.getByTestId('archive-blocked')).toHaveCount(0);
  await dialog.getByTestId('confirm-delete').click();
  await expect(page).toHaveURL(/\/customers$/);
  // Its toast waits under the pointer (a hovered toaster keeps its toasts) to be closed by a click.
  const toast = toasts(page).filter({ hasText: `“${name}” archived` });
  await toast.hover();

  // Gone from the live list, there under Archived: searched once the list has come, as a person would.
  // The address changes first and the customer's page stays until the list is ready: its own list of
  // projects has a search box and rows too.
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await expect(grid(page).getByRole('row').nth(1)).toBeVisible();
  // The toast closed with its ✕, then the search typed at once: the text stays in the box. A toast
  // whose button took the focus sent it back to the heading as it left, and the typing went there.
  await toast.locator('[data-close-button]').click();
  const search = page.getByRole('searchbox').first();
  await search.click();
  await page.keyboard.type(name);
  await expect(search).toHaveValue(name);
  await expect(page).toHaveURL(/q=/);
  await dismissToasts(page);
  await expect(grid(page).getByRole('progressbar')).toHaveCount(0);
  await expect(grid(page)).not.toContainText(name);
  await page.getByTestId('archived-toggle').click();
  await expect(page).toHaveURL(/archived=true/);
  await expect(grid(page).getByRole('progressbar')).toHaveCount(0);
  await expect(grid(page).getByRole('link', { name })).toBeVisible();
  await grid(page).getByRole('link', { name }).click();

  // Read-only, with its mark: no Edit, no Archive; Restore.
  await expect(page).toHaveURL(new RegExp(`/customers/${customerId}$`));
  const banner = page.getByTestId('archived-banner');
  await expect(banner).toContainText('Archived on');
  await expect(banner).toContainText('This customer is read-only');
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Archive', exact: true })).toHaveCount(0);
  // Its projects are read too, not changed from here.
  await expect(page.getByRole('link', { name: 'Archive Portal' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New Project' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByTestId('history');
  await expect(history.locator('li').first()).toContainText(/Archived by Amelia Carter · (this minute|\d+ minutes? ago)/);

  await banner.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(`“${name}” restored`)).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();
  await expect(history.locator('li').first()).toContainText('Restored by Amelia Carter');
  // A creation reads as what it set: the country, in words; the exact time beside the relative one.
  await expect(history.locator('li').last()).toContainText('Created by Amelia Carter');
  await expect(history.locator('li').last()).toContainText('Country: France');
  await expect(history.locator('li').last().locator('time')).toHaveAttribute('title', /\d{2}\/\d{2}\/\d{4}/);
});

test('in French: the Archived view, the archived mark, Restore and the History speak French', async ({ page, request }) => {
  test.setTimeout(120_000);
  await useEnglish(page);
  const name = `Archivage Société ${Date.now().toString(36)}`;
  const { customerId, projectId } = await customerWithProject(request, name);
  await api(request, 'admin', 'patch', `/api/v1/projects/${projectId}`, { status: 'closed' });
  await api(request, 'admin', 'patch', `/api/v1/customers/${customerId}`, { status: 'inactive' });
  await api(request, 'admin', 'delete', `/api/v1/customers/${customerId}`);

  await signIn(page, 'admin', '/auth/sign-in?returnTo=%2Fcustomers');
  await chooseLanguage(page, 'fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await dismissToasts(page);
  await page.getByTestId('archived-toggle').click();
  await expect(page.getByTestId('archived-toggle')).toContainText('Archivés');
  await expect(page).toHaveURL(/archived=true/);
  await page.getByRole('searchbox').first().fill(name);
  // The search lands in the URL, then its answer: a row clicked before can be re-rendered away.
  await expect(page).toHaveURL(/q=.*archived=true|archived=true.*q=/);
  await expect(grid(page).getByRole('progressbar')).toHaveCount(0);
  await expect(grid(page).getByRole('link', { name })).toBeVisible();
  await grid(page).getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${customerId}$`));

  const banner = page.getByTestId('archived-banner');
  await expect(banner).toContainText('Archivé le', { timeout: 30_000 });
  await expect(banner).toContainText('lecture seule');
  await page.getByRole('tab', { name: 'Historique' }).click();
  const history = page.getByTestId('history');
  const first = history.locator('li').first();
  await expect(first).toContainText(/Archivé par Amelia Carter · (cette minute-ci|il y a \d+ minutes?)/);
  // The status change, label and values in French.
  await expect(history).toContainText('Statut : Actif → Inactif');

  await banner.getByRole('button', { name: 'Restaurer' }).click();
  await expect(banner).toHaveCount(0);
  await expect(first).toContainText('Restauré par Amelia Carter');
});
