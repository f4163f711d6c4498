// The spec's other readings of section 2: `/clients` is the customers' list and pages, and
// `/tickets` the request desk — a developer files a ticket, hr_lead takes it on and resolves it,
// and the developer's bell says so.
import { expect, test, type Page } from './support/test';
import { signIn, useEnglish } from './support/session';
import { apiLogin, dismissToasts, presetShell, seriousViolations, settled } from './shell-support';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

// The demo developer's name (the seed's).
const DEVELOPER = 'Nguyễn Văn An';
// The list's data grid (it counts its rows).
const grid = (page: Page) => page.locator('[role="grid"][aria-rowcount]');

test('/clients lists the customers, keeps a search in its address, and opens a customer by id', async ({ page, request }) => {
  const { token } = await apiLogin(request, 'admin');
  const res = await request.get('/api/v1/customers/paginated?page=1&limit=1&sort=name&order=asc', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [first] = ((await res.json()) as { data: Array<{ id: string; name: string }> }).data;
  expect(first, 'the demo firm has customers').toBeTruthy();

  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent('/clients')}`);
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole('heading', { name: 'Customers', exact: true })).toBeVisible();
  await expect(grid(page).getByRole('row').nth(1)).toBeVisible();

  // A link of the other reading with a search: the same list, the search kept.
  const word = first!.name.split(/\s+/)[0]!;
  await page.goto(`/clients?q=${encodeURIComponent(word)}`);
  await expect(page).toHaveURL(new RegExp(`/customers\\?q=${encodeURIComponent(word)}$`));
  await expect(page.getByLabel('Search name, code or billing contact…').first()).toHaveValue(word);
  await expect(grid(page).getByRole('row').filter({ hasText: first!.name }).first()).toBeVisible();

  await page.goto(`/clients/${first!.id}`);
  await expect(page).toHaveURL(new RegExp(`/customers/${first!.id}$`));
  await expect(page.getByRole('heading', { name: first!.name })).toBeVisible();
  await page.goto(`/clients/${first!.id}/edit`);
  await expect(page).toHaveURL(new RegExp(`/customers/${first!.id}/edit$`));
});

test('a developer files a ticket; hr_lead takes it on and resolves it; the developer’s bell shows it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const title = `Badge does not open the 5th floor ${Date.now().toString(36)}`;

  // The developer files it: what the desk sets (assignee) is not on their form.
  await signIn(page, 'developer', `/auth/sign-in?returnTo=${encodeURIComponent('/tickets/new')}`);
  const form = page.getByTestId('ticket-form');
  await expect(form).toBeVisible();
  await expect(form.getByLabel(/^Assignee/)).toHaveCount(0);
  await form.getByLabel(/^Title/).fill(title);
  await form.getByLabel(/^Category/).click();
  await page.getByRole('option', { name: 'Access', exact: true }).click();
  await form.getByLabel(/^Description/).fill('Since Tuesday the card reader stays red.');
  await page.getByTestId('ticket-form-submit').click();
  await expect(page).toHaveURL(/\/tickets$/);
  const row = grid(page).getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Open');
  await row.getByRole('gridcell').filter({ hasText: title }).first().click();
  await expect(page).toHaveURL(/\/tickets\/[\w-]+$/);
  const ticketUrl = new URL(page.url()).pathname;
  // The requester makes no move on an open ticket: the desk takes it on.
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('ticket-move-in_progress')).toHaveCount(0);
  // They add a detail in the ticket's conversation.
  await page.locator('[data-tab="conversation"]').click();
  await expect(page.getByTestId('ticket-thread')).toContainText('No replies yet.');
  await page.getByLabel('Your reply').fill('It stays red on the 5th floor only.');
  await page.getByTestId('ticket-reply-send').click();
  await expect(page.getByTestId('ticket-reply')).toHaveCount(1);
  await expect(page.getByTestId('ticket-reply').first()).toContainText(DEVELOPER);

  // hr_lead, in another browser, takes it on and resolves it.
  const lead = await browser.newContext();
  const leadPage = await lead.newPage();
  await useEnglish(leadPage);
  await signIn(leadPage, 'hr_lead', `/auth/sign-in?returnTo=${encodeURIComponent(ticketUrl)}`);
  await expect(leadPage.getByRole('heading', { name: title })).toBeVisible();
  await leadPage.getByTestId('ticket-move-in_progress').click();
  await expect(leadPage.locator('[data-field="status"]')).toContainText('In progress');
  // The move's toast sits over the page's top-right buttons (the spec's top-right toaster) and a
  // pointer resting on it keeps it there: close it, as a person would.
  await dismissToasts(leadPage);
  // The desk reads the requester's reply and answers in the same thread.
  await leadPage.locator('[data-tab="conversation"]').click();
  await expect(leadPage.getByTestId('ticket-reply').first()).toContainText('It stays red on the 5th floor only.');
  await leadPage.getByLabel('Your reply').fill('The reader on the 5th floor is being replaced today.');
  await leadPage.getByTestId('ticket-reply-send').click();
  await expect(leadPage.getByTestId('ticket-reply')).toHaveCount(2);
  await dismissToasts(leadPage);
  // Resolving asks how it was handled; the note is required.
  await leadPage.getByTestId('ticket-move-resolved').click();
  const resolve = leadPage.getByRole('dialog', { name: 'How was this ticket handled?' });
  await expect(resolve.getByTestId('ticket-resolve-confirm')).toBeDisabled();
  await resolve.getByLabel(/^Resolution note/).fill('New card reader fitted on the 5th floor.');
  await resolve.getByTestId('ticket-resolve-confirm').click();
  await expect(resolve).toHaveCount(0);
  await leadPage.locator('[data-tab="details"]').click();
  await expect(leadPage.locator('[data-field="status"]')).toContainText('Resolved');
  await lead.close();

  // The developer's bell, without a reload: the resolution, in their language, naming the ticket.
  await dismissToasts(page);
  await page.getByTestId('notifications-button').click();
  const panel = page.getByTestId('notifications-panel');
  const item = panel.getByTestId('notification-item').filter({ hasText: title }).filter({ hasText: 'Your ticket is resolved' });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-type', 'ticket_resolved');
  await expect(item).toContainText('by Hélène Dubois');
  await page.keyboard.press('Escape');
  // Their ticket page follows the move too, says how it was handled, and now offers them to close or reopen it.
  await page.locator('[data-tab="details"]').click();
  await expect(page.locator('[data-field="status"]')).toContainText('Resolved');
  await expect(page.locator('[data-field="resolution"]')).toContainText('New card reader fitted on the 5th floor.');
  await expect(page.getByTestId('ticket-move-closed')).toBeVisible();
  await expect(page.getByTestId('ticket-move-open')).toBeVisible();
  // Taking it on made it hr_lead's: the developer reads who handles it (and who filed it) by name.
  await expect(page.locator('[data-field="assigneeId"]')).toContainText('Hélène Dubois');
  await expect(page.locator('[data-field="requesterId"]')).toContainText(DEVELOPER);
  // The thread holds both sides, and History names each reply.
  await page.locator('[data-tab="conversation"]').click();
  await expect(page.getByTestId('ticket-reply')).toHaveCount(2);
  await expect(page.getByTestId('ticket-reply').nth(1)).toContainText('Hélène Dubois');
  await expect(page.getByTestId('ticket-reply').nth(1)).toContainText('The reader on the 5th floor is being replaced today.');
  await page.locator('[data-tab="history"]').click();
  await expect(page.locator('[data-action="replied"]')).toHaveCount(2);
  await expect(page.locator('[data-action="replied"]').first()).toContainText('The reader on the 5th floor is being replaced today.');
});

test('the desk reads right to left in Arabic and axe finds nothing serious in English and Arabic, list and ticket', async ({ page }) => {
  await signIn(page, 'hr_lead', `/auth/sign-in?returnTo=${encodeURIComponent('/tickets')}`);
  const findings: Record<string, unknown> = {};
  for (const lang of ['en', 'ar'] as const) {
    await presetShell(page, lang);
    await page.goto('/tickets');
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(grid(page).getByRole('row').nth(1)).toBeVisible();
    await settled(page);
    findings[`${lang} list`] = await seriousViolations(page);
    await grid(page).getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/tickets\/[\w-]+/);
    await settled(page);
    findings[`${lang} ticket`] = await seriousViolations(page);
    await page.locator('[data-tab="conversation"]').click();
    await expect(page.getByTestId('ticket-thread')).toBeVisible();
    await settled(page);
    findings[`${lang} conversation`] = await seriousViolations(page);
  }
  expect(findings).toEqual({
    'en list': [],
    'en ticket': [],
    'en conversation': [],
    'ar list': [],
    'ar ticket': [],
    'ar conversation': [],
  });
});
