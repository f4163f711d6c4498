// My logwork end to end: hours typed into the week grid by keyboard only, saved, refused on their
// cell with the rule's words, undone with Escape, and still there after a reload.
import type { Request } from '@playwright/test';
import { expect, test, type Page } from './support/test';
import { signIn, useEnglish } from './support/session';
import { expectDate } from './support/pickers';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

/**
 * Moves the grid by a week as a person does: clicks the arrow, then waits for the title to name
 * another week. The address changes at once, but the new week renders in a transition: until it
 * lands, the week shown, its cells included, is still the old one (a slow machine typed into it).
 */
async function moveWeek(page: Page, arrow: 'week-prev' | 'week-next') {
  const title = page.getByTestId('week-title');
  const shown = await title.textContent();
  await page.getByTestId(arrow).click();
  await expect(title).not.toHaveText(shown ?? '');
}

test('hours are typed, saved and refused in the week grid by keyboard', async ({ page }) => {
  await signIn(page, 'developer', `/auth/sign-in?returnTo=${encodeURIComponent('/logwork')}`);
  await expect(page.getByRole('heading', { name: 'My logwork', level: 1 })).toBeVisible();
  const grid = page.getByTestId('logwork-grid');
  const monday = page.getByTestId('cell-0-0');
  await expect(grid).toBeVisible();
  // Last week: every day is past and its month still open.
  await moveWeek(page, 'week-prev');
  await expect(monday).toBeVisible();

  // A value other than the stored one (a retry finds the first try's hours there).
  const hours = (await monday.inputValue()) === '6.5' ? '5.75' : '6.5';
  await monday.focus();
  await page.keyboard.type(hours);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('save-status')).toHaveText('Saved');
  await expect(monday).toHaveValue(hours);
  // Escape puts the stored hours back selected, as a cell is on arrival: what is typed next replaces them.
  await monday.focus();
  await page.keyboard.type('9');
  await page.keyboard.press('Escape');
  await expect(monday).toHaveValue(hours);
  await page.keyboard.type('4');
  await expect(monday).toHaveValue('4');
  await page.keyboard.press('Escape');
  await expect(monday).toHaveValue(hours);

  // The next day, by arrow key: a value off the quarter hour is refused on its cell.
  await monday.focus();
  await page.keyboard.press('ArrowRight');
  const tuesday = page.getByTestId('cell-0-1');
  await expect(tuesday).toBeFocused();
  const before = await tuesday.inputValue();
  // Enter saves and moves down: the cell is sent once, not again when it loses the focus. Counted
  // when sent; a send the server answers 401 is replayed after the token refresh (tokens last 5 s
  // here), so it is taken back: the replay is the same send.
  const sends: Request[] = [];
  const isCellSend = (request: Request) => request.method() === 'PUT' && request.url().includes('/api/v1/timesheet/cells');
  page.on('request', (request) => {
    if (isCellSend(request)) sends.push(request);
  });
  page.on('response', (r) => {
    const at = sends.indexOf(r.request());
    if (at >= 0 && r.status() === 401) sends.splice(at, 1);
  });
  await page.keyboard.type('7.3');
  await page.keyboard.press('Enter');
  await expect(tuesday).toHaveAttribute('aria-invalid', 'true');
  expect(sends).toHaveLength(1);
  await expect(page.getByTestId('logwork-errors')).toContainText('steps of 0.25');
  await expect(page.getByTestId('save-status')).toHaveText('Not saved');
  // Escape puts back what is stored.
  await tuesday.focus();
  await page.keyboard.press('Escape');
  await expect(tuesday).toHaveValue(before);
  await expect(tuesday).not.toHaveAttribute('aria-invalid', 'true');

  // A refusal stays with its week: the next week opens without it.
  await tuesday.focus();
  await page.keyboard.type('7.3');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('logwork-errors')).toBeVisible();
  await moveWeek(page, 'week-next');
  await expect(page.getByTestId('cell-0-0')).toBeVisible();
  await expect(page.getByTestId('logwork-errors')).toHaveCount(0);
  await expect(page.getByTestId('save-status')).not.toHaveText('Not saved');
  await moveWeek(page, 'week-prev');
  await expect(tuesday).toHaveValue(before);

  // The week is in the address: a reload shows the same week.
  await expect(page).toHaveURL(/[?&]day=\d{4}-\d{2}-\d{2}/);
  await page.reload();
  await expect(grid.getByTestId('cell-0-0')).toHaveValue(hours);
  // The month view shows the day's total; the tab and the month survive a reload too.
  await page.getByTestId('logwork-month-tab').click();
  await expect(page.getByTestId('month-total')).toContainText('Month total');
  await page.reload();
  await expect(page.getByTestId('logwork-month-tab')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('month-total')).toContainText('Month total');
  // A day of the month opens its week, by keyboard.
  const day = page.locator('[role="grid"] [data-date][tabindex="0"]');
  await day.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('logwork-week-tab')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('logwork-grid')).toBeVisible();
});

test('the month lock is the firm’s close: admin closes the month from logwork and reopens it with a reason; its page shows the close', async ({
  page,
}) => {
  // Far ahead, clear of the demo's closed months and of every other spec's rows.
  const month = '2088-05';
  await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent(`/logwork?view=month&month=${month}`)}`);
  await page.getByTestId('month-lock').click();
  await expectDate(page.getByTestId('close-month-input'), month);
  await expect(page.getByTestId('close-month-warning')).toContainText('May 2088');
  // A month to come has nothing open: no confirmation is asked.
  await expect(page.getByTestId('month-checklist')).toContainText('Nothing is left open in this month.');
  await page.getByTestId('close-month-confirm').click();
  await expect(page.getByTestId('month-locked')).toBeVisible();

  await page.getByTestId('month-lock').click();
  await page.getByTestId('reopen-confirm').click();
  await expect(page.getByRole('dialog')).toContainText('Required');
  await page.getByTestId('reopen-note').fill('Hours of a late timesheet');
  await page.getByTestId('reopen-confirm').click();
  await expect(page.getByTestId('month-locked')).toHaveCount(0);
});

test('a lead reads the month in logwork but has no button to close it (the close is admin’s)', async ({ page }) => {
  await signIn(page, 'hr_lead', `/auth/sign-in?returnTo=${encodeURIComponent('/logwork?view=month&month=2088-06')}`);
  await expect(page.getByTestId('month-total')).toBeVisible();
  await expect(page.getByTestId('month-lock')).toHaveCount(0);
});
