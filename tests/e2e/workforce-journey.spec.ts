// The workforce journey end to end, each role in its own browser: a developer logs last week in
// the week grid by keyboard and asks for three days of annual leave; their manager hears of it
// live (bell) and approves it; the developer hears the decision live and sees the days in their
// calendar; hr exports everyone's month, and the workbook holds the hours of the grid and, for
// everyone else, the entries the API reads back. The leave is cancelled at the end, so a rerun
// on the same server finds its dates free again.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { demoEmail, signIn, useEnglish, type DemoRole } from './support/session';
import { apiLogin, dismissToasts, liveJoined } from './shell-support';

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const time = (date: string) => Date.parse(`${date}T00:00:00Z`);
const addDays = (date: string, n: number) => iso(time(date) + n * DAY);
const weekdayOf = (date: string) => (new Date(time(date)).getUTCDay() + 6) % 7; // Monday 0
const mmddyyyy = (date: string) => date.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2$3$1');
const monthTitle = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(time(date)));
const badge = (page: Page) => page.getByTestId('notifications-badge').locator('.MuiBadge-badge');
/** The bell's count as shown (an empty badge is 0). */
const shownUnread = async (page: Page) => Number((await badge(page).textContent()) || 0);

/** Hours typed into last week's Monday to Friday of the first project row. */
const HOURS = ['8', '7.5', '8', '6.25', '7'];

/** A role's API access; the e2e server's access tokens live five seconds, so each call signs in again when needed. */
type Auth = { role: DemoRole; userId: string; token: string; at: number };
async function login(request: APIRequestContext, role: DemoRole): Promise<Auth> {
  return { role, ...(await apiLogin(request, role)), at: Date.now() };
}
async function bearer(request: APIRequestContext, a: Auth) {
  if (Date.now() - a.at > 3000) Object.assign(a, await login(request, a.role));
  return { Authorization: `Bearer ${a.token}` };
}

async function getJson<T>(request: APIRequestContext, auth: Auth, url: string): Promise<T> {
  const res = await request.get(url, { headers: await bearer(request, auth) });
  expect(res.ok(), `${url}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** Every row of a resource list, page by page (100 a page at most). */
async function listAll<T>(request: APIRequestContext, auth: Auth, url: string): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; ; start += 100) {
    const page = await getJson<T[] | { data: T[] }>(
      request,
      auth,
      `${url}${url.includes('?') ? '&' : '?'}_start=${start}&_end=${start + 100}`,
    );
    const rows = Array.isArray(page) ? page : page.data;
    out.push(...rows);
    if (rows.length < 100) return out;
  }
}

/** A browser of its own for `role`, on this worker's server. */
async function openAs(browser: Browser, baseURL: string | undefined, role: DemoRole, path: string) {
  const context = await browser.newContext({ baseURL, locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await useEnglish(page);
  // Back once its live connection has joined: from then on what happens reaches the page live.
  const joined = liveJoined(page);
  await signIn(page, role, `/auth/sign-in?returnTo=${encodeURIComponent(path)}`);
  await joined;
  return page;
}

type LeaveRow = { id: string; startDate: string; endDate: string; status: string };

/**
 * Three working days (Monday to Wednesday) from a week ahead, clear of holidays and of the
 * developer's pending or approved leave (the demo's and earlier runs'), in this year if it can be.
 */
async function freeLeaveDays(request: APIRequestContext, dev: Auth, today: string): Promise<string[]> {
  const { data: mine } = await getJson<{ data: LeaveRow[] }>(request, dev, '/api/leave-requests/my-requests');
  const taken = mine.filter((r) => r.status === 'pending' || r.status === 'approved');
  let monday = addDays(today, 7);
  monday = addDays(monday, (7 - weekdayOf(monday)) % 7);
  for (let i = 0; i < 30; i++, monday = addDays(monday, 7)) {
    const days = [monday, addDays(monday, 1), addDays(monday, 2)];
    const { holidays } = await getJson<{ holidays: Array<{ date: string }> }>(request, dev, `/api/calendar?from=${days[0]}&to=${days[2]}`);
    if (holidays.length) continue;
    if (taken.some((r) => r.startDate <= days[2]! && r.endDate >= days[0]!)) continue;
    return days;
  }
  throw new Error('no three free working days in the next 30 weeks');
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('a developer logs a week and takes leave, the manager approves live, hr exports the month', async ({ browser, request, baseURL }) => {
  test.setTimeout(300_000);
  const [dev, manager, admin] = [await login(request, 'developer'), await login(request, 'manager'), await login(request, 'admin')];
  // The demo's line: the demo developer reports to the demo manager, who approves their leave.
  const devUser = await getJson<{ managerId: string | null; fullName: string }>(request, admin, `/api/v1/user/${dev.userId}`);
  expect(devUser.managerId).toBe(manager.userId);

  // ── The developer logs last week by keyboard: every day past, its month still open. ──
  const devPage = await openAs(browser, baseURL, 'developer', '/logwork');
  await expect(devPage.getByRole('heading', { name: 'My logwork', level: 1 })).toBeVisible();
  await devPage.getByTestId('week-prev').click();
  const grid = devPage.getByTestId('logwork-grid');
  const first = devPage.getByTestId('cell-0-0');
  await expect(first).toBeVisible();
  await expect(first).not.toHaveAttribute('readonly');
  const projectId = (await grid.locator('tbody tr').first().getAttribute('data-testid'))!.replace('logwork-row-', '');
  await first.focus();
  for (const [i, hours] of HOURS.entries()) {
    await expect(devPage.getByTestId(`cell-0-${i}`)).toBeFocused();
    // The focused cell's text is selected: typing replaces what the demo logged there.
    await devPage.keyboard.type(hours);
    await devPage.keyboard.press(i < HOURS.length - 1 ? 'ArrowRight' : 'Enter');
  }
  for (const [i, hours] of HOURS.entries()) await expect(devPage.getByTestId(`cell-0-${i}`)).toHaveValue(hours);
  // No cell is refused (the totals below are of stored hours, so they also say the cells were saved).
  await expect(devPage.getByTestId('logwork-errors')).toHaveCount(0);
  // The week total is every row's hours: the typed ones and the other projects' of the week.
  const typed = HOURS.reduce((s, h) => s + Number(h), 0);
  await expect
    .poll(async () => {
      const cells = await grid.locator('[data-cell]').evaluateAll((els) => els.map((e) => Number((e as HTMLInputElement).value || 0)));
      const total = cells.reduce((s, h) => s + h, 0);
      return total >= typed && (await devPage.getByTestId('week-total').textContent()) === new Intl.NumberFormat('en-US').format(total);
    })
    .toBe(true);

  // What the grid saved, read back: the dates of the first row's Monday to Friday.
  const today = await getJson<{ today: string }>(request, admin, '/api/leave-requests/dashboard').then((d) => d.today);
  const thisMonday = addDays(today, -weekdayOf(today));
  const lastMonday = addDays(thisMonday, -7);
  const loggedDays = HOURS.map((_, i) => addDays(lastMonday, i));
  type Sheet = { entries: Array<{ projectId: string; date: string; hours: number }> };
  const readWeek = () => getJson<Sheet>(request, dev, `/api/v1/timesheet/sheet?from=${lastMonday}&to=${addDays(lastMonday, 6)}`);
  // The cells save as the focus leaves them, one request each: the last may still be on its way.
  await expect
    .poll(async () => {
      const { entries } = await readWeek();
      return loggedDays.map((date) => entries.find((e) => e.projectId === projectId && e.date === date)?.hours);
    })
    .toEqual(HOURS.map(Number));
  const sheet = await readWeek();

  // ── The manager waits on the approvals page; the developer asks for three days. ──
  const managerPage = await openAs(browser, baseURL, 'manager', '/leave/approvals');
  await expect(managerPage.getByRole('heading', { name: 'Leave approvals', level: 1 })).toBeVisible();
  // What the bell says before anything happens: the server's count, once the page shows it.
  const unread = async (a: Auth) => (await getJson<{ count: number }>(request, a, '/api/v1/notifications/unread-count')).count;
  const managerUnread = await unread(manager);
  await expect.poll(() => shownUnread(managerPage)).toBe(managerUnread);
  const leaveDays = await freeLeaveDays(request, dev, today);
  const [start, , end] = leaveDays as [string, string, string];

  // In the app, as a person would: the navigation's Leave group, then My Requests.
  await devPage.getByRole('button', { name: 'Leave', exact: true }).click();
  await devPage.getByRole('link', { name: 'My Requests' }).click();
  await expect(devPage).toHaveURL(/\/leave$/);
  const balance = devPage.getByTestId('leave-balance');
  const sameYear = start.slice(0, 4) === today.slice(0, 4);
  await expect(balance.getByTestId('leave-balance-pending')).not.toBeEmpty({ timeout: 30_000 });
  const pendingBefore = Number(await balance.getByTestId('leave-balance-pending').textContent());
  await devPage.getByRole('link', { name: 'New leave request' }).first().click();
  await expect(devPage).toHaveURL(/\/leave\/new$/);
  const form = devPage.getByTestId('leave-request-form');
  for (const [name, date] of [
    ['Start date', start],
    ['End date', end],
  ] as const) {
    await form
      .getByRole('group', { name: new RegExp(`^${name}`) })
      .getByRole('spinbutton')
      .first()
      .click();
    await devPage.keyboard.type(mmddyyyy(date));
  }
  await form.getByLabel(/^Reason/).fill('Family trip to Hội An');
  await expect(devPage.getByTestId('leave-preview-days')).toHaveText('This request: 3 working day(s)');
  await devPage.getByTestId('leave-request-form-submit').click();
  await expect(devPage).toHaveURL(/\/leave$/);
  if (sameYear) await expect(balance.getByTestId('leave-balance-pending')).toHaveText(String(pendingBefore + 3));
  const { data: mine } = await getJson<{ data: Array<LeaveRow & { type: string }> }>(request, dev, '/api/leave-requests/my-requests');
  const leave = mine.find((r) => r.startDate === start && r.endDate === end && r.status === 'pending')!;
  expect(leave, 'the request is stored as pending').toBeTruthy();

  // My calendar shows the days as pending, in words.
  const calendar = devPage.getByTestId('my-leave-calendar');
  const shownMonth = devPage.getByTestId('my-leave-calendar-title');
  for (let i = 0; i < 14 && (await shownMonth.textContent({ timeout: 10_000 })) !== monthTitle(start); i++)
    await devPage.getByTestId('my-leave-calendar-next').click();
  await expect(devPage.getByTestId('my-leave-calendar-title')).toHaveText(monthTitle(start));
  const day = (date: string) => calendar.locator(`[data-date="${date}"]`);
  for (const d of leaveDays) await expect(day(d).getByTestId('calendar-leave')).toHaveAttribute('data-status', 'pending');
  await expect(day(start).getByTestId('calendar-leave')).toContainText('Annual · pending');
  const devUnread = await unread(dev);
  await expect.poll(() => shownUnread(devPage)).toBe(devUnread);

  // ── The manager hears of it without reloading, and approves it. ──
  await expect(badge(managerPage)).toHaveText(String(managerUnread + 1));
  await dismissToasts(managerPage);
  await managerPage.getByTestId('notifications-button').click();
  const asked = managerPage
    .getByTestId('notifications-panel')
    .getByTestId('notification-item')
    .filter({ hasText: devUser.fullName })
    .first();
  await expect(asked).toHaveAttribute('data-type', 'leave_requested');
  await managerPage.keyboard.press('Escape');
  await managerPage.reload();
  await expect(managerPage.getByTestId('leave-approvals')).toContainText(devUser.fullName);
  await managerPage.getByTestId(`approve-${leave.id}`).click();
  await managerPage.getByTestId('decision-note').fill('Enjoy Hội An');
  await managerPage.getByTestId('decision-submit').click();
  await expect(managerPage.getByTestId(`approve-${leave.id}`)).toHaveCount(0);

  // ── The developer hears the decision live: the bell, the calendar and the balance follow. ──
  await expect(badge(devPage)).toHaveText(String(devUnread + 1));
  for (const d of leaveDays) await expect(day(d).getByTestId('calendar-leave')).toHaveAttribute('data-status', 'approved');
  await expect(day(start).getByTestId('calendar-leave')).toHaveText('Annual');
  if (sameYear) await expect(balance.getByTestId('leave-balance-pending')).toHaveText(String(pendingBefore));
  await dismissToasts(devPage);
  await devPage.getByTestId('notifications-button').click();
  await expect(devPage.getByTestId('notifications-panel').getByTestId('notification-item').first()).toHaveAttribute(
    'data-type',
    'leave_approved',
  );
  await devPage.keyboard.press('Escape');
  // At 390 px the calendar is a list of the days that hold something; the page does not scroll sideways.
  await devPage.setViewportSize({ width: 390, height: 800 });
  const list = devPage.getByTestId('my-leave-calendar-list');
  await expect(list).toBeVisible();
  for (const d of leaveDays) await expect(list.locator(`[data-date="${d}"]`).getByTestId('calendar-leave')).toHaveText('Annual');
  // Only the days that hold something are listed.
  expect(await list.getByRole('listitem').count()).toBeLessThan(15);
  expect(await devPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // ── hr exports everyone's month of the logged Monday. ──
  const month = lastMonday.slice(0, 7);
  const hrPage = await openAs(browser, baseURL, 'hr', `/logwork/all-devs?month=${month}`);
  await expect(hrPage.getByRole('heading', { level: 1, name: 'All developers' })).toBeVisible();
  await expect(hrPage.getByTestId(`all-devs-row-${dev.userId}`)).toBeVisible();
  const download = hrPage.waitForEvent('download');
  await hrPage.getByTestId('all-devs-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`logwork-${month}-all-developers.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  const head = rows.findIndex((r) => r[0] === 'Name');
  const people = rows.slice(head + 1, -1);
  const monthDays = (rows[head]!.length ?? 0) - 2 - 5;

  // The entries of that month as the API reads them back, summed by person and day.
  const users = await listAll<{ id: string; email: string }>(request, admin, '/api/v1/user');
  const emailOf = new Map(users.map((u) => [u.id, u.email]));
  const entries = await listAll<{ userId: string; date: string; hours: number }>(
    request,
    admin,
    `/api/v1/timesheet?date_gte=${month}-01&date_lte=${month}-${String(monthDays).padStart(2, '0')}`,
  );
  const byPersonDay = new Map<string, number>();
  for (const e of entries) {
    const key = `${emailOf.get(e.userId)}|${e.date}`;
    byPersonDay.set(key, (byPersonDay.get(key) ?? 0) + Number(e.hours));
  }
  const hoursIn = (row: unknown[], d: number) => (typeof row[2 + d - 1] === 'number' ? (row[2 + d - 1] as number) : 0);

  const devRow = people.find((r) => r[1] === demoEmail('developer'))!;
  expect(devRow, 'the developer has a row').toBeTruthy();
  for (const date of loggedDays.filter((d) => d.startsWith(month))) {
    // The grid's first row plus whatever the developer's other projects hold that day.
    const others = sheet.entries.filter((e) => e.date === date && e.projectId !== projectId).reduce((s, e) => s + e.hours, 0);
    expect(hoursIn(devRow, Number(date.slice(8))), date).toBe(Number(HOURS[loggedDays.indexOf(date)]) + others);
  }
  // Every row, every day: the sheet says what the API's entries say.
  const seen = new Set<string>();
  for (const row of people) {
    const email = String(row[1]);
    seen.add(email);
    for (let d = 1; d <= monthDays; d++) {
      const date = `${month}-${String(d).padStart(2, '0')}`;
      expect(hoursIn(row, d), `${email} ${date}`).toBe(byPersonDay.get(`${email}|${date}`) ?? 0);
    }
  }
  // And nobody who logged hours that month is left out.
  for (const key of byPersonDay.keys()) expect(seen.has(key.split('|')[0]!), key).toBe(true);

  // The leave is taken back, so its dates are free for the next run.
  const cancel = await request.post(`/api/leave-requests/${leave.id}/cancel`, { headers: await bearer(request, dev), data: {} });
  expect(cancel.ok(), await cancel.text()).toBeTruthy();
});
