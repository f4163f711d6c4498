import { expect, test, type APIRequestContext, type Page } from './support/test';
import { signIn, useEnglish } from './support/session';
import { apiLogin, chooseLanguage, dismissToasts, englishFor, englishLeaks, liveJoined, settled, spaGo, toasts } from './shell-support';

const CHANGED: Record<string, RegExp> = { fr: /La langue a été changée/, ar: /تم تغيير اللغة/ };

/** Switches the language and waits until its texts are loaded (the switch's success toast). */
async function switchTo(page: Page, lang: 'fr' | 'ar') {
  await chooseLanguage(page, lang);
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`));
  await expect(toasts(page).filter({ hasText: CHANGED[lang] }).first()).toBeVisible();
  await dismissToasts(page);
}

// Every word and number in the user's language: notifications worded by type and params, years
// never digit-grouped and months named, validation that says "Required" and shows dates as the
// fields do, required marks, money cells that keep amount and currency, names isolated in
// right-to-left text.

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

/** A Monday of 2040-2049, different on every run: the leave asked for never overlaps an earlier run's. */
function randomMonday(): string {
  const base = Date.parse('2040-01-02T00:00:00Z'); // a Monday
  const weeks = Math.floor(Math.random() * 520);
  return new Date(base + weeks * 7 * 86_400_000).toISOString().slice(0, 10);
}
const plusDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const frDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function askLeave(request: APIRequestContext, startDate: string, endDate: string) {
  const { token } = await apiLogin(request, 'developer');
  const res = await request.post('/api/leave-requests', {
    headers: { Authorization: `Bearer ${token}` },
    data: { type: 'sick', reason: 'Flu', startDate, endDate },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

async function openBell(page: Page) {
  await dismissToasts(page);
  await page.getByTestId('notifications-button').click();
  return page.getByTestId('notifications-panel');
}

test('a leave notice reads in French, live and in the bell, and opens the approvals', async ({ page, request }) => {
  const joined = liveJoined(page);
  await signIn(page, 'manager');
  await joined;
  await switchTo(page, 'fr');
  const start = randomMonday();
  const end = plusDays(start, 1);
  await askLeave(request, start, end);

  // Live: the toast is worded in French, dates as French dates, days in the French plural.
  const toast = toasts(page).filter({ hasText: 'Demande de congé à approuver' }).first();
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(`du ${frDate(start)} au ${frDate(end)}, 2 jours`);

  const panel = await openBell(page);
  const item = panel
    .getByTestId('notification-item')
    .filter({ hasText: `du ${frDate(start)} au ${frDate(end)}` })
    .first();
  await expect(item).toContainText('Demande de congé à approuver');
  await expect(item).toContainText('congé (Maladie)');
  await expect(item).not.toContainText('day(s)');
  expect(await englishLeaks(page, await englishFor('fr'))).toEqual([]);
  await item.click();
  await expect(page).toHaveURL(/\/leave\/approvals$/);
});

test('years are not digit-grouped and months are named in French', async ({ page }) => {
  await signIn(page, 'admin');
  await switchTo(page, 'fr');
  // In-app navigation: a reload would go back to English (the tests' preset).
  await spaGo(page, '/leave/matrix');
  const years = await page.locator('.MuiDataGrid-row [data-field="year"]').allTextContents();
  expect(years.length).toBeGreaterThan(0);
  for (const y of years) expect(y.trim()).toMatch(/^\d{4}$/);

  await spaGo(page, '/salary');
  const months = await page.locator('.MuiDataGrid-row [data-field="month"]').allTextContents();
  expect(months.length).toBeGreaterThan(0);
  const names = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];
  for (const m of months) {
    const [name, year] = m.trim().split(/\s+/);
    expect(names, m).toContain(name);
    expect(year).toMatch(/^\d{4}$/);
  }
  expect(await englishLeaks(page, await englishFor('fr'))).toEqual([]);
});

test('an empty required reference says Required, dates are described as the field shows them, required fields are marked', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/projects/new');
  await settled(page);
  const form = page.getByTestId('project-form');
  // The required fields carry their mark; the optional date does not.
  await expect(form.locator('.MuiFormLabel-root', { hasText: 'Customer' })).toHaveText(/^Customer\s*\*$/);
  await expect(form.locator('.MuiFormLabel-root', { hasText: 'Name' })).toHaveText(/^Name\s*\*$/);
  await expect(form.locator('.MuiFormLabel-root', { hasText: 'Start date' })).toHaveText('Start date');
  await page.getByTestId('project-form-submit').click();
  const customer = form.locator('.MuiFormControl-root', { has: page.getByRole('combobox', { name: 'Customer' }) });
  await expect(customer).toContainText('Required');
  await expect(form).not.toContainText('Not a valid id');

  // A bad date, in French: the example or bounds are written as the field shows dates.
  await switchTo(page, 'fr');
  const start = form.getByRole('group', { name: 'Date de début' });
  await start.click();
  await page.keyboard.type('01011800');
  await page.getByTestId('project-form-submit').click();
  await expect(form).toContainText(/Utilisez une date (comme 31\/01\/2024|entre 01\/01\/1900 et 31\/12\/2099)/);
  await expect(form).not.toContainText('{{');
  await expect(form.locator('.MuiFormLabel-root', { hasText: 'Client' })).toHaveText(/^Client\s*\*$/);
});

for (const lang of ['fr', 'ar'] as const) {
  test(`money cells keep the whole amount and its currency, names keep their letters (${lang})`, async ({ page }) => {
    // Wide enough for the total column: narrower, the list keeps status and overdue before amounts.
    await page.setViewportSize({ width: 1920, height: 1000 });
    await signIn(page, 'admin');
    await switchTo(page, lang);
    await spaGo(page, '/invoices');
    const cells = page.locator('.MuiDataGrid-row [data-field="total"] > *');
    // Once the list's rows are in (the page shows before its first answer).
    await expect(cells.first()).toBeVisible();
    const cut = await cells.evaluateAll((els) =>
      els.filter((el) => el.textContent && el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    // The customer's name is a link isolated from the surrounding text's direction.
    const link = page.locator('.MuiDataGrid-row [data-field="customerId"] a').first();
    await expect(link).toBeVisible();
    expect(await link.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('isolate');
  });
}

test('an export asks for the screen’s French labels; the re-import file does not', async ({ page }) => {
  await signIn(page, 'admin');
  await switchTo(page, 'fr');
  await spaGo(page, '/tickets');
  const exported = page.waitForRequest((r) => r.url().includes('/tickets/export'));
  await page.getByRole('button', { name: 'Exporter' }).click();
  await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
  const labels = JSON.parse(new URL((await exported).url()).searchParams.get('labels') ?? '{}') as {
    columns?: Record<string, string>;
  };
  expect(labels.columns?.category).toBe('Catégorie');
  // The re-import file's own request (an xlsx), not a late one of the CSV before it.
  const raw = page.waitForRequest((r) => r.url().includes('/tickets/export') && new URL(r.url()).searchParams.get('format') === 'xlsx');
  await page.getByRole('button', { name: 'Exporter' }).click();
  await page.getByRole('menuitem', { name: 'Excel, pour réimport (clés brutes)' }).click();
  expect(new URL((await raw).url()).searchParams.has('labels')).toBe(false);
});
