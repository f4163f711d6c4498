import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signIn, useEnglish, type DemoRole } from './support/session';
import { apiLogin, seriousViolations } from './shell-support';

// Saved views on a list: a lead saves a filtered invoice list and shares it with the sales, a sale
// applies it (the address then holds its filter); a person's default view fills a list opened with
// nothing in its address, on another device too. Each test removes the views it made, so that no
// other test finds a list opening on a default.

type View = { id: string; name: string; mine: boolean };

async function viewsOf(request: APIRequestContext, role: DemoRole, resource = 'invoices') {
  const { token } = await apiLogin(request, role);
  const res = await request.get(`/api/v1/saved-views?resource=${resource}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { token, views: ((await res.json()) as { data: View[] }).data };
}

async function removeViews(request: APIRequestContext, role: DemoRole, prefix: string, resource = 'invoices') {
  const { token, views } = await viewsOf(request, role, resource);
  for (const v of views.filter((v) => v.mine && v.name.startsWith(prefix)))
    expect((await request.delete(`/api/v1/saved-views/${v.id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204);
}

const menu = (page: Page) => page.getByRole('menu');

async function saveCurrentAs(page: Page, name: string, makeDefault = false) {
  await page.getByTestId('views-button').click();
  await menu(page).getByRole('menuitem', { name: 'Save current as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('Name').fill(name);
  if (makeDefault) await dialog.getByLabel('Open this list with this view').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('views-button')).toHaveText(name);
}

test('a sales lead shares a filtered view of the invoices; a sale applies it and the address holds its filter', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const name = `Sent to chase ${Date.now().toString(36)}`;
  try {
    await useEnglish(page);
    await signIn(page, 'sale_lead', '/invoices?status=sent');
    await expect(page.getByTestId('invoices-filters')).toContainText('Sent');
    await saveCurrentAs(page, name);

    await page.getByTestId('views-button').click();
    await menu(page).getByRole('menuitem', { name: 'Share with…' }).click();
    const share = page.getByRole('dialog', { name: `Share “${name}”` });
    await share.getByLabel('Sales', { exact: true }).check();
    await share.getByRole('button', { name: 'Save' }).click();
    await expect(share).toBeHidden();
    await page.getByTestId('views-button').click();
    await expect(menu(page).getByRole('menuitemradio', { name: new RegExp(name) })).toContainText('Shared with Sales');
    await page.keyboard.press('Escape');

    const context = await browser.newContext({ baseURL });
    const sale = await context.newPage();
    try {
      await useEnglish(sale);
      await signIn(sale, 'sale', '/invoices');
      await expect(sale).not.toHaveURL(/status=/);
      await sale.getByTestId('views-button').click();
      const shared = menu(sale).getByRole('menuitemradio', { name: new RegExp(name) });
      await expect(menu(sale)).toContainText('Shared with me');
      await expect(shared).toContainText('Shared by');
      // Read-only: offered as a copy, never to change.
      await shared.click();
      await expect(sale).toHaveURL(/[?&]status=sent(&|$)/);
      await expect(sale.getByTestId('invoices-filters')).toContainText('Sent');
      await sale.getByTestId('views-button').click();
      await expect(menu(sale).getByRole('menuitem', { name: 'Rename…' })).toHaveCount(0);
      await expect(menu(sale).getByRole('menuitem', { name: 'Delete…' })).toHaveCount(0);
      // A copy of it is the sale's own.
      await menu(sale).getByRole('menuitem', { name: 'Save a copy…' }).click();
      const copy = sale.getByRole('dialog', { name: 'Save a copy' });
      await expect(copy.getByLabel('Name')).toHaveValue(`${name} (copy)`);
      await copy.getByRole('button', { name: 'Save' }).click();
      await expect(copy).toBeHidden();
      await expect(sale.getByTestId('views-button')).toHaveText(`${name} (copy)`);
      await sale.getByTestId('views-button').click();
      await expect(menu(sale).getByRole('menuitem', { name: 'Rename…' })).toBeVisible();
      await sale.keyboard.press('Escape');
      // The list shows only sent invoices.
      const statuses = await sale
        .getByRole('gridcell')
        .filter({ hasText: /^(Draft|Paid|Cancelled)$/ })
        .count();
      expect(statuses).toBe(0);
    } finally {
      await context.close();
    }
  } finally {
    await removeViews(request, 'sale_lead', 'Sent to chase');
    await removeViews(request, 'sale', 'Sent to chase');
  }
});

test("a person's default view opens the list when its address holds nothing, on another device too", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const name = `Paid by default ${Date.now().toString(36)}`;
  try {
    await useEnglish(page);
    await signIn(page, 'manager', '/invoices?status=paid&sort=dueDate&order=asc');
    await saveCurrentAs(page, name, true);

    // The list waits for the default view: it never reads the whole list first (a flash of other rows).
    const reads: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/v1/invoice') reads.push(url.search);
    });
    await page.goto('/invoices');
    await expect(page).toHaveURL(/[?&]status=paid(&|$)/);
    await expect(page).toHaveURL(/sort=dueDate&order=asc/);
    await expect(page.getByTestId('views-button')).toHaveText(name);
    await expect(page.getByRole('grid').getByRole('row').nth(1)).toContainText('Paid');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((query) => !/[?&]status=paid(&|$)/.test(query))).toEqual([]);
    // A link with a filter of its own keeps it.
    await page.goto('/invoices?status=draft');
    await expect(page).toHaveURL(/[?&]status=draft(&|$)/);
    await expect(page).not.toHaveURL(/status=paid/);

    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    try {
      await useEnglish(other);
      await signIn(other, 'manager', '/invoices');
      await expect(other).toHaveURL(/[?&]status=paid(&|$)/);
      await expect(other.getByTestId('invoices-filters')).toContainText('Paid');
    } finally {
      await context.close();
    }

    // Changed, then updated, renamed, and no longer the default.
    await page.goto('/invoices');
    await expect(page).toHaveURL(/[?&]status=paid(&|$)/);
    await page.goto('/invoices?status=paid&status=sent&sort=dueDate&order=asc');
    const button = page.getByTestId('views-button');
    await button.click();
    await menu(page)
      .getByRole('menuitemradio', { name: new RegExp(name) })
      .click();
    await expect(page).not.toHaveURL(/status=sent/);
    await page.goto('/invoices?status=paid&status=sent&sort=dueDate&order=asc');
    await expect(button).toHaveText('Views');
    await button.click();
    await menu(page)
      .getByRole('menuitemradio', { name: new RegExp(name) })
      .click();
    await expect(button).toHaveText(name);
    await page.getByTestId('invoices-filters').getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Sent' }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/status=sent/);
    await expect(button).toHaveText(`${name} (changed)`);
    await button.click();
    await menu(page)
      .getByRole('menuitem', { name: `Update “${name}”` })
      .click();
    await expect(button).toHaveText(name);
    await button.click();
    await menu(page).getByRole('menuitem', { name: 'Rename…' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename view' });
    await rename.getByLabel('Name').fill(`${name} and sent`);
    await rename.getByLabel('Name').press('Enter');
    await expect(rename).toBeHidden();
    await expect(button).toHaveText(`${name} and sent`);
    await button.click();
    await menu(page).getByRole('menuitem', { name: 'Remove as default' }).click();
    await page.goto('/invoices');
    await expect(page).not.toHaveURL(/status=/);
    await button.click();
    await menu(page)
      .getByRole('menuitemradio', { name: new RegExp(`${name} and sent`) })
      .click();
    await expect(page).toHaveURL(/status=paid&status=sent|status=sent&status=paid/);
    await button.click();
    await menu(page).getByRole('menuitem', { name: 'Delete…' }).click();
    await page.getByRole('dialog', { name: 'Delete view' }).getByRole('button', { name: 'Delete' }).click();
    await expect(button).toHaveText('Views');
    expect((await viewsOf(request, 'manager')).views.filter((v) => v.name.startsWith('Paid by default'))).toEqual([]);
  } finally {
    await removeViews(request, 'manager', 'Paid by default');
  }
});

for (const lang of ['en', 'ar'] as const) {
  test(`the Views menu is axe clean and works by keyboard (${lang}${lang === 'ar' ? ', 390 px' : ''})`, async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    const { token } = await apiLogin(request, 'admin');
    const made = await request.post('/api/v1/saved-views', {
      headers: { Authorization: `Bearer ${token}` },
      data: { resource: 'candidates', name: `Axe ${stamp}`, state: { filters: {} }, sharedWithRoles: ['hr'] },
    });
    expect(made.ok(), await made.text()).toBeTruthy();
    try {
      if (lang === 'ar') {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ar'));
      } else await useEnglish(page);
      await signIn(page, 'admin', '/candidates');
      const button = page.getByTestId('views-button');
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(menu(page)).toBeVisible();
      const items = menu(page).locator('[role^="menuitem"]');
      await expect(items.first()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(items.nth(1)).toBeFocused();
      if (lang === 'ar') {
        const box = (await menu(page).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      }
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(menu(page)).toBeHidden();
      await expect(button).toBeFocused();
    } finally {
      // A fresh token: the e2e servers' access tokens last five seconds.
      await removeViews(request, 'admin', `Axe ${stamp}`, 'candidates');
      expect((await viewsOf(request, 'admin', 'candidates')).views.map((v) => v.name)).not.toContain(`Axe ${stamp}`);
    }
  });
}
