// The access page end to end: an admin revokes a role's action with a note, a signed-in user of that
// role loses the button in their open page without reloading, and a reset brings it back.
import { expect, test, type APIRequestContext } from './support/test';
import { DEMO_PASSWORD, demoEmail, signIn, useEnglish } from './support/session';
import { presetShell, seriousViolations, settled } from './shell-support';

/**
 * The customers section back to the spec's defaults through the API, whatever a failed run left
 * behind (tokens last 5 s: a fresh login). The demo's own changes, in other sections, stay.
 */
async function resetCustomers(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', { data: { email: demoEmail('admin'), password: DEMO_PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const res = await request.post('/api/v1/access/reset', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { section: 'customers', note: 'End-to-end test clean-up' },
  });
  expect(res.status()).toBe(200);
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test.afterEach(async ({ request }) => {
  await resetCustomers(request);
});

test("revoking sale's customer edit hides a signed-in sale's Edit button at once; resetting the section brings it back", async ({
  page,
  browser,
}) => {
  // The sale, in a browser of their own, on the customers' list: each row has its Edit button.
  const saleContext = await browser.newContext({ locale: 'en-US' });
  const sale = await saleContext.newPage();
  await useEnglish(sale);
  await signIn(sale, 'sale', `/auth/sign-in?returnTo=${encodeURIComponent('/customers')}`);
  await expect(sale.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
  const edits = sale.getByRole('link', { name: /^Edit / });
  await expect(edits.first()).toBeVisible();

  // The admin reaches the page from the users list.
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/users')}`);
  await page.getByTestId('users-access-link').click();
  await expect(page).toHaveURL(/\/users\/access$/);
  await expect(page.getByRole('heading', { name: 'Access by role', level: 1 })).toBeVisible();

  // The grid moves with the arrow keys and opens a cell with Enter.
  const first = page.getByTestId('access-cell-admin-users-list');
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('access-cell-hr_lead-users-list')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('access-cell-hr_lead-users-show')).toBeFocused();

  // Revoke with a note.
  const cell = page.getByTestId('access-cell-sale-customers-edit');
  await expect(cell).toHaveAttribute('data-allowed', 'true');
  await expect(cell).toHaveAttribute('data-changed', 'false');
  await cell.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Change access' });
  await expect(dialog.getByRole('radio', { name: 'Not allowed' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(dialog.getByText('Required', { exact: true })).toBeVisible();
  await dialog.getByTestId('access-note').fill('Customer edits go through the sales lead this quarter');
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(dialog).toBeHidden();
  await expect(cell).toHaveAttribute('data-allowed', 'false');
  await expect(cell).toHaveAttribute('data-changed', 'true');
  await expect(page.getByTestId('access-changes-customers')).toContainText('Customer edits go through the sales lead this quarter');

  // The sale's open page follows without a reload.
  await expect(edits).toHaveCount(0);
  await expect(sale.getByRole('grid').getByRole('row').nth(1)).toBeVisible();

  // Reset the section, with a confirmation and a note.
  await page.getByTestId('access-reset-customers').click();
  const reset = page.getByRole('dialog', { name: 'Reset Customers to the defaults?' });
  await reset.getByTestId('access-reset-note').fill('Back to the spec');
  await reset.getByTestId('access-reset-confirm').click();
  await expect(reset).toBeHidden();
  await expect(cell).toHaveAttribute('data-changed', 'false');
  await expect(cell).toHaveAttribute('data-allowed', 'true');
  await expect(edits.first()).toBeVisible();
  await saleContext.close();
});

test('at 1400 px the matrix reads in words, is grouped as the navigation, scrolls with the page and jumps to a section from its index', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/users/access')}`);
  await expect(page.getByTestId('access-grid')).toBeVisible();
  // Actions and rules in words, each with its explanation: never a code.
  const send = page.getByTestId('access-action-invoices-send');
  await expect(send).toContainText('Send');
  await expect(send).toContainText('it gets its number');
  await expect(page.getByTestId('access-action-invoices-backToDraft')).toContainText('Back to draft');
  await expect(page.getByTestId('access-action-tickets-status')).toContainText('Move a ticket');
  const grid = page.getByTestId('access-grid');
  await expect(grid).not.toContainText('backToDraft');
  await expect(grid).not.toContainText('(requesterId)');
  await expect(grid).toContainText('the person who filed it');
  // Tickets under their own heading (the navigation's), after Leave; Dashboard holds no resource.
  const headings = await grid.getByRole('heading', { level: 3 }).allTextContents();
  expect(headings.indexOf('Tickets')).toBeGreaterThan(headings.indexOf('Leave'));
  expect(headings[0]).toBe('Dashboard');
  // One scroll: the grid has no box of its own, the page is as long as the matrix.
  const box = await page.evaluate(() => {
    const grid = document.querySelector('[data-testid="access-grid"]')!;
    const boxes = [];
    for (let el = grid.parentElement; el && el !== document.body; el = el.parentElement)
      if (el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'visible') boxes.push(el.className);
    return { boxes, page: document.documentElement.scrollHeight, grid: grid.getBoundingClientRect().height };
  });
  expect(box.boxes).toEqual([]);
  expect(box.page).toBeGreaterThan(box.grid);
  // The index jumps to a section, by keyboard too, and the focus goes with it.
  const index = page.getByRole('navigation', { name: 'Jump to a section' });
  await expect(index).toBeVisible();
  await index.getByRole('link', { name: 'Leave' }).focus();
  await page.keyboard.press('Enter');
  const leave = page.locator('#access-section-leave');
  await expect(leave).toBeFocused();
  await expect(leave).toBeInViewport();
  // The roles' header stays in sight under the app's header, and so does the index.
  await expect(grid.getByRole('columnheader', { name: 'Admin' })).toBeInViewport();
  await expect(index).toBeInViewport();
  await index.getByRole('link', { name: 'Tickets' }).click();
  await expect(page.locator('#access-section-tickets')).toBeInViewport();
  await expect(page.getByTestId('access-cell-developer-tickets-status')).toBeVisible();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the access page fits the screen, reads right to left in Arabic, and axe finds nothing serious in English and Arabic', async ({
    page,
  }) => {
    await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/users/access')}`);
    for (const lang of ['en', 'ar'] as const) {
      await presetShell(page, lang);
      await page.goto('/users/access');
      await settled(page);
      await expect(page.getByTestId('access-grid')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      // The demo's two changes are listed with their notes; the grid scrolls inside its card.
      await expect(page.getByTestId('access-changes-leave')).toContainText('Recruiters plan interviews');
      const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(scroll, lang).toBeLessThanOrEqual(width);
      // The index is there on a phone too, and jumps.
      await page.getByTestId('access-index-tickets').click();
      await expect(page.locator('#access-section-tickets')).toBeInViewport();
      expect(await seriousViolations(page), lang).toEqual([]);
    }
  });
});
