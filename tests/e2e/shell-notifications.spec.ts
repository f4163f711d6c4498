import { expect, test, type APIRequestContext, type Page } from './support/test';
import { DEMO_PASSWORD, demoEmail, signIn, useEnglish } from './support/session';
import {
  DEFAULT_SETTINGS,
  SETTINGS_KEY,
  apiLogin,
  contrastRatio,
  createNotification,
  dismissToasts,
  liveJoined,
  toasts,
} from './shell-support';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const badge = (page: Page) => page.getByTestId('notifications-badge').locator('.MuiBadge-badge');

async function openBell(page: Page) {
  await dismissToasts(page);
  await page.getByTestId('notifications-button').click();
  const panel = page.getByTestId('notifications-panel');
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  return panel;
}

async function clearNotifications(request: APIRequestContext, role: Parameters<typeof apiLogin>[1]) {
  const { token } = await apiLogin(request, role);
  const headers = { Authorization: `Bearer ${token}` };
  for (;;) {
    const res = await request.get('/api/v1/notifications?page=1&limit=100', {
      headers,
    });
    const { data } = (await res.json()) as { data: Array<{ id: string }> };
    if (!data.length) return;
    for (const n of data) await request.delete(`/api/v1/notifications/${n.id}`, { headers });
  }
}

test('a notification created for the signed-in user appears in the bell and as a toast without reload', async ({ page, request }) => {
  const joined = liveJoined(page);
  await signIn(page, 'admin');
  await expect(page.getByTestId('notifications-button')).toBeVisible();
  const { userId } = await apiLogin(request, 'admin');
  // Once the live connection has joined its room (it then also holds the unread count).
  await joined;
  const before = Number((await badge(page).textContent()) || 0);
  const title = unique('Job opened');
  const jobId = '3f8b2f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

  await createNotification(request, 'admin', {
    userIds: [userId],
    type: 'job_created',
    title,
    message: 'A new job is waiting for candidates',
    jobId,
  });

  const toast = toasts(page).filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('A new job is waiting for candidates');
  await expect(badge(page)).toHaveText(String(before + 1));

  const panel = await openBell(page);
  await expect(panel.getByTestId('notifications-unread-text')).toHaveText(`You have ${before + 1} unread messages`);
  const item = panel.getByTestId('notification-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-type', 'job_created');
  await expect(item.getByTestId('notification-unread-dot')).toBeVisible();
  await expect(item).toContainText('Amelia Carter');

  // Click: marked read, and the job's page opens after 100 ms.
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));
  await expect.poll(async () => Number((await badge(page).textContent()) || 0)).toBe(before);
});

test('mark all as read, its toast, and the empty state', async ({ page, request }) => {
  await clearNotifications(request, 'hr');
  const joined = liveJoined(page);
  await signIn(page, 'hr');
  let panel = await openBell(page);
  await expect(panel.getByTestId('notifications-empty')).toHaveText('No notifications');
  await expect(panel.getByTestId('notifications-unread-text')).toHaveText('You have 0 unread messages');
  await page.keyboard.press('Escape');

  const { userId } = await apiLogin(request, 'hr');
  await joined;
  for (const n of [1, 2]) {
    await createNotification(request, 'admin', {
      userIds: [userId],
      type: 'candidate_added',
      title: unique(`Candidate ${n}`),
      message: 'Added',
    });
  }
  await expect(badge(page)).toHaveText('2');
  panel = await openBell(page);
  await expect(panel.getByTestId('notification-item')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(toasts(page).filter({ hasText: 'All notifications marked as read' })).toBeVisible();
  await expect(panel.getByTestId('notifications-unread-text')).toHaveText('You have 0 unread messages');
  await expect(panel.getByTestId('notification-unread-dot')).toHaveCount(0);
  await expect(badge(page)).toHaveClass(/MuiBadge-invisible/);
});

test('in dark mode the "Mark all as read" icon reads at 4.5:1 on the panel', async ({ page, request }) => {
  const { userId } = await apiLogin(request, 'hr_lead');
  await createNotification(request, 'admin', { userIds: [userId], title: unique('Dark'), message: 'Unread' });
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key, value),
    [SETTINGS_KEY, JSON.stringify({ ...DEFAULT_SETTINGS, colorScheme: 'dark' })],
  );
  await signIn(page, 'hr_lead');
  const panel = await openBell(page);
  const markAll = panel.getByRole('button', { name: 'Mark all as read' });
  await expect(markAll).toBeVisible();
  const [icon, paper] = await Promise.all([
    markAll.locator('svg').evaluate((el) => getComputedStyle(el).color),
    panel.evaluate((el) => getComputedStyle(el).backgroundColor),
  ]);
  expect(paper).toBe('rgb(28, 37, 46)'); // the dark paper
  expect(contrastRatio(icon, paper), `${icon} on ${paper}`).toBeGreaterThanOrEqual(4.5);
});

test('pages of 10 with Load more while the total exceeds what is loaded', async ({ page, request }) => {
  await clearNotifications(request, 'manager');
  const { userId } = await apiLogin(request, 'manager');
  for (let i = 1; i <= 12; i++) {
    await createNotification(request, 'admin', {
      userIds: [userId],
      type: 'job_updated',
      title: `Update ${i}`,
      message: `Job changed ${i}`,
    });
  }
  await signIn(page, 'manager');
  const panel = await openBell(page);
  await expect(panel.getByTestId('notification-item')).toHaveCount(10);
  await panel.getByRole('button', { name: 'Load more' }).click();
  await expect(panel.getByTestId('notification-item')).toHaveCount(12);
  await expect(panel.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('mark as read failures show the server message, else the fallback', async ({ page, request }) => {
  const { userId } = await apiLogin(request, 'sale_lead');
  await createNotification(request, 'admin', {
    userIds: [userId],
    title: unique('Heads up'),
    message: 'Read me',
  });
  await signIn(page, 'sale_lead');

  await page.route('**/api/v1/notifications/mark-as-read*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 500, message: 'Store is read-only' }),
    }),
  );
  let panel = await openBell(page);
  await panel.locator('[data-testid="notification-item"][data-read="false"]').first().click();
  await expect(toasts(page).filter({ hasText: 'Store is read-only' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.unroute('**/api/v1/notifications/mark-as-read*');
  await page.route('**/api/v1/notifications/mark-all-as-read*', (route) => route.abort('failed'));
  panel = await openBell(page);
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(toasts(page).filter({ hasText: 'Failed to mark all as read' })).toBeVisible();
});

test('live notifications keep arriving after the access token expired and the page reloaded', async ({ page, request }) => {
  await signIn(page, 'sale');
  const { userId } = await apiLogin(request, 'sale');
  // The e2e server issues 5-second access tokens: let the cookie lapse, then reload.
  await page.waitForTimeout(6500);
  const joined = liveJoined(page);
  await page.reload();
  await expect(page.getByTestId('notifications-button')).toBeVisible();
  await joined;
  const title = unique('After expiry');
  await createNotification(request, 'admin', {
    userIds: [userId],
    type: 'candidate_status_changed',
    title,
    message: 'Still live',
  });
  await expect(toasts(page).filter({ hasText: title })).toBeVisible();
  const panel = await openBell(page);
  await expect(panel.getByTestId('notification-item').filter({ hasText: title })).toHaveAttribute('data-type', 'candidate_status_changed');
});

test('one socket.io connection per tab carries both the bell and the live lists, and closes on logout', async ({ page, request }) => {
  test.setTimeout(90_000);
  const sockets: import('./support/test').WebSocket[] = [];
  page.on('websocket', (ws) => {
    if (ws.url().includes('/socket.io/')) sockets.push(ws);
  });
  const joined = liveJoined(page);
  await signIn(page, 'admin', '/auth/sign-in?returnTo=%2Fusers');
  await expect(page).toHaveURL(/\/users$/);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row')).toHaveCount(11);

  // Around the app and back: the bell stays, the list's live subscription comes and goes.
  const nav = page.getByTestId('nav-side');
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(grid.getByRole('row')).toHaveCount(11);
  await joined;

  // The bell's events arrive on it...
  const { userId, token } = await apiLogin(request, 'admin');
  const title = unique('Shared socket');
  await createNotification(request, 'admin', {
    userIds: [userId],
    type: 'job_updated',
    title,
    message: 'One connection',
  });
  await expect(toasts(page).filter({ hasText: title })).toBeVisible();

  // ...and so do the list's live events: a user created elsewhere shows up unasked.
  const fullName = `Aaaa Live ${Date.now().toString(36)}`;
  const created = await request.post('/api/v1/user', {
    data: {
      fullName,
      email: `e2e.live.${Date.now()}@example.com`,
      password: 'a-long-enough-passphrase',
      role: 'developer',
      status: 'active',
    },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await expect(grid).toContainText(fullName);

  expect(sockets.map((ws) => ws.url())).toHaveLength(1);
  expect(sockets[0].url()).toContain('/socket.io/?EIO=4&transport=websocket');
  expect(sockets[0].isClosed()).toBe(false);

  await dismissToasts(page);
  await page.getByTestId('account-button').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/auth\/sign-in/);
  await expect.poll(() => sockets[0].isClosed()).toBe(true);
  expect(sockets).toHaveLength(1);
});

test("after a logout the next user sees nothing of the previous one's in the bell", async ({ page, request }) => {
  test.setTimeout(90_000);
  await clearNotifications(request, 'developer');
  const { userId: adminId } = await apiLogin(request, 'admin');
  const title = unique('Admin only');
  await createNotification(request, 'admin', {
    userIds: [adminId],
    type: 'job_status_changed',
    title,
    message: "For the admin's eyes",
  });

  await signIn(page, 'admin', '/auth/sign-in?returnTo=%2Fusers');
  await expect(page.getByRole('grid').getByRole('row')).toHaveCount(11);
  let panel = await openBell(page);
  await expect(panel.getByTestId('notification-item').filter({ hasText: title })).toBeVisible();
  await expect(badge(page)).not.toHaveClass(/MuiBadge-invisible/);
  await page.keyboard.press('Escape');
  await page.getByTestId('account-button').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/auth\/sign-in/);

  // Hold the next user's notification calls: whatever shows meanwhile comes from the cache.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/notifications**', async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  try {
    // On the sign-in page the logout led to: no reload, the same tab's memory.
    await page.getByLabel('Email address').fill(demoEmail('developer'));
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('notifications-button')).toBeVisible();
    await expect(badge(page)).toHaveClass(/MuiBadge-invisible/);
    panel = await openBell(page);
    await expect(panel.getByTestId('notification-item')).toHaveCount(0);
    await expect(panel).not.toContainText(title);
    await expect(panel.getByTestId('notifications-unread-text')).toHaveText('You have 0 unread messages');
  } finally {
    release();
  }
  await expect(panel.getByTestId('notifications-empty')).toHaveText('No notifications');
  await expect(panel).not.toContainText(title);
});
