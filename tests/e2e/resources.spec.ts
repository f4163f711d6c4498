// The resource kit end to end: one smoke per resource of the registry (list, create, edit,
// show with History, delete), URL-kept list state, export against the screen, projects created
// from a customer's page, a route guard that checks the action, two people saving one record,
// records that open like links, rows of others offered read-only, and Back from an unsaved form.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from './support/test';
import { RESOURCES } from '../../src/domain/resources';
import type { ResourceDecl } from '../../src/domain/resource';
import { signIn, useEnglish, type DemoRole } from './support/session';
import { apiLogin, presetShell } from './shell-support';

type Words = { title: string; one: string; search?: string; fields: Record<string, string> };
const words = (r: string, lang = 'en'): Words =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../src/web/locales', lang, `${r}.json`), 'utf8')) as Words;
// The list's data grid (it counts its rows), not another grid of the page such as a month calendar.
const grid = (page: Page) => page.locator('[role="grid"][aria-rowcount]');
const slug = (d: ResourceDecl) => d.label.toLowerCase().replace(/\s+/g, '-');
const searchBox = (page: Page, w: Words) => page.getByLabel(w.search ?? 'Search...').first();
/**
 * Search the list and wait until it shows the answer: the search is debounced into the URL, then
 * fetched; a row clicked before that answer lands can be re-rendered away under the click.
 */
async function searchList(page: Page, w: Words, text: string) {
  // As a person would: once the list has come (its title, then its rows or its empty state). The
  // address changes first, and the page left stays until the list is ready: a record's page may show
  // a list of its own, with a search box and rows.
  await expect(page.getByRole('heading', { name: w.title, exact: true, level: 1 })).toBeVisible();
  await expect(grid(page).getByRole('row').nth(1).or(page.getByTestId('empty-state'))).toBeVisible();
  await searchBox(page, w).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}(&|$)`));
  await expect(grid(page).getByRole('progressbar')).toHaveCount(0);
}
/** A field's label, with or without the required mark. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
/** A country picked as a person picks it: part of its name typed, then the name in the list. */
async function pickCountry(page: Page, field: Locator, typed: string, name: string) {
  await field.fill(typed);
  await page.getByRole('option', { name, exact: true }).click();
}
type Shape = Record<string, { safeParse: (v: unknown) => { success: boolean } }>;

/**
 * A weekday of the 2040s from the run's stamp: the same for every date field of a form (a one-day
 * leave request), free of the demo data's holidays and requests, unique enough for a unique date.
 */
function dateFor(stamp: number): string {
  const t = Date.UTC(2041, 0, 1) + (stamp % 3000) * 86_400_000;
  const day = new Date(t).getUTCDay();
  return new Date(t + (day === 6 ? 2 : day === 0 ? 1 : 0) * 86_400_000).toISOString().slice(0, 10);
}

/** A month of the 22nd to 28th century from the run's stamp: past any demo data, a new version's own. */
const monthFor = (stamp: number) => `${2100 + (Math.floor(stamp / 1000) % 700)}-${String((stamp % 12) + 1).padStart(2, '0')}`;

/** A value for each field the create schema requires (no default, not nullable), and the record title. */
// References whose first option would break the resource's own rules: the admin holds no seat, so a
// new full-time seat for them fits within 100 % (the API factory makes the same choice).
// An invoice's customer in the base currency (another needs its exchange rate).
const REF_CHOICE: Record<string, string> = { 'headcounts.userId': 'Amelia Carter', 'invoices.customerId': 'Maple Health Inc.' };
/** Texts with a format of their own: a billing period is a month. */
const TEXT_VALUE: Record<string, string> = { 'invoices.period': '2026-10', 'project-bonuses.month': '2089-05' };

async function fillRequired(page: Page, decl: ResourceDecl, stamp: number, titleValue: string) {
  const shape = (decl.schemas.create as unknown as { shape: Shape }).shape;
  const w = words(decl.name);
  const form = page.getByTestId(`${slug(decl)}-form`);
  for (const [name, f] of Object.entries(decl.fields)) {
    const s = shape[name];
    // The record title is what the test searches for: filled even where the server has a default.
    if (!s || (name !== decl.recordTitle && (s.safeParse(undefined).success || s.safeParse(null).success))) continue;
    if (f.type === 'enum') continue; // a preset or the schema's default
    if (f.type === 'date') {
      // A date picker's sections take the digits in the field's order (MM/DD/YYYY in English).
      await form
        .getByRole('group', { name: label(w.fields[name]!) })
        .getByRole('spinbutton')
        .first()
        .click();
      await page.keyboard.type(dateFor(stamp).replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2$3$1'));
      continue;
    }
    const field = form.getByLabel(label(w.fields[name]!));
    if (name === decl.recordTitle) await field.fill(titleValue);
    else if (TEXT_VALUE[`${decl.name}.${name}`]) await field.fill(TEXT_VALUE[`${decl.name}.${name}`]!);
    else if (f.display === 'month') await field.fill(monthFor(stamp));
    else if (f.type === 'int') await field.fill(String(2040 + (stamp % 60)));
    else if (f.type === 'money' || f.type === 'decimal') await field.fill('1000');
    else if (name === 'code') await field.fill(`E2E${stamp % 1_000_000}`);
    else if (f.type === 'email') await field.fill(`e2e.${stamp}@example.com`);
    else if (f.type === 'password') await field.fill('a-long-enough-passphrase');
    else if (f.type === 'ref') {
      const choice = REF_CHOICE[`${decl.name}.${name}`];
      if (choice) await field.fill(choice);
      else await field.click();
      await (choice ? page.getByRole('option', { name: choice }) : page.getByRole('option')).first().click();
    } else await field.fill(`E2E ${name} ${stamp}`);
  }
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

/**
 * Resources whose list route is a special screen rather than a list, with the spec that drives it.
 * My logwork is a week grid: hours are typed in cells, never through a form of one entry (whose
 * date would also have to be a past, unlocked working day).
 */
// A salary's record title is its month (YYYY-MM), not a free text the smoke can type and search:
// its list, form, detail page and import are driven by salaries.spec.ts.
// KPI targets are named by their quarter (set from the year and quarter), evaluations by the quarter
// they evaluate: kpi.spec.ts drives their forms, pages and statements. Likewise every statement
// (bonuses, commissions, HR commissions: named by their period, made by a calculation) and the
// records named by a month (performance scores, HR matrix versions) have their spec; the bonus
// scale's levels and the commission plans' tiers are edited where their specs open them.
const SPECIAL_SCREENS: Record<string, string> = {
  timesheets: 'logwork.spec.ts',
  salaries: 'salaries.spec.ts',
  kpi: 'kpi.spec.ts',
  'kpi-evaluations': 'kpi.spec.ts',
  'kpi-bonuses': 'kpi.spec.ts',
  'bonus-scales': 'kpi.spec.ts',
  performances: 'kpi.spec.ts',
  commissions: 'commissions.spec.ts',
  'hr-commissions': 'hr-commission.spec.ts',
  'hr-commission-matrices': 'hr-commission.spec.ts',
};

test('every resource left out of the smoke is declared and has its own spec', () => {
  for (const [name, spec] of Object.entries(SPECIAL_SCREENS)) {
    expect(RESOURCES.some((d) => d.name === name)).toBe(true);
    expect(existsSync(join(import.meta.dirname, spec))).toBe(true);
  }
});

for (const decl of RESOURCES.filter((d) => !(d.name in SPECIAL_SCREENS))) {
  test(`${decl.name}: list, create, edit, show with History, delete`, async ({ page }) => {
    test.setTimeout(120_000);
    const w = words(decl.name);
    const stamp = Date.now();
    const title = `E2E ${decl.label} ${stamp}`;
    await signIn(page, 'admin', `/auth/sign-in?returnTo=${encodeURIComponent(decl.route)}`);
    await expect(page.getByRole('heading', { name: w.title, exact: true })).toBeVisible();
    // Seeded rows, or the empty state of a resource without demo data (a freshly scaffolded one).
    await expect(grid(page).getByRole('row').nth(1).or(page.getByTestId('empty-state'))).toBeVisible();

    await page
      .getByRole('link', { name: `New ${w.one}`, exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${decl.route}/new$`));
    await fillRequired(page, decl, stamp, title);
    await page.getByTestId(`${slug(decl)}-form-submit`).click();
    // A save returns to the list, or opens the record where its next step is there (an invoice to send).
    await expect(page).not.toHaveURL(/\/new$/);
    await expect(page).toHaveURL(new RegExp(`${decl.route}(/[\\w-]+)?$`));
    if (!new URL(page.url()).pathname.endsWith(decl.route)) await page.goto(decl.route);

    await searchList(page, w, title);
    await expect(grid(page).getByRole('row')).toHaveCount(2);
    // The record's own title in its row, as a person would click it once it shows.
    const titleCell = grid(page).getByRole('row').nth(1).getByRole('gridcell').filter({ hasText: title }).first();
    await expect(titleCell).toHaveText(title);
    await titleCell.click();
    await expect(page).toHaveURL(new RegExp(`${decl.route}/[\\w-]+$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    const form = page.getByTestId(`${slug(decl)}-form`);
    const titleField = form.getByLabel(label(w.fields[decl.recordTitle]!));
    await expect(titleField).toHaveValue(title);
    await titleField.fill(`${title} v2`);
    await page.getByTestId(`${slug(decl)}-form-submit`).click();
    await expect(page.getByRole('heading', { name: `${title} v2` })).toBeVisible();

    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByTestId('history');
    await expect(history).toContainText('Updated by Amelia Carter');
    await expect(history).toContainText(`${title} v2`);
    await expect(history).toContainText('Created by Amelia Carter');

    // A soft-deleting resource archives (and says so); the others delete.
    await page.getByRole('button', { name: decl.softDelete ? 'Archive' : 'Delete', exact: true }).click();
    await page.getByTestId('confirm-delete').click();
    await expect(page).toHaveURL(new RegExp(`${decl.route}$`));
    await searchList(page, w, title);
    await expect(grid(page).getByRole('row')).toHaveCount(1);
  });
}

test('customers filtered by status keep their page through reload and back; the export holds the same rows', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', '/auth/sign-in?returnTo=%2Fcustomers');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await expect(page).toHaveURL(/status=active/);
  // Page 2 of the active customers, as the server answers it. While it comes the grid says
  // "11–20 of N" over page 1's rows (kept on screen until the new page lands): what a person
  // waits for is the footer, then the new page's rows.
  // (Its answer, not a 401 of an access token that lapsed before the refresh and replay.)
  const secondPage = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return (
      r.ok() &&
      url.pathname === '/api/v1/customers' &&
      url.searchParams.getAll('status').includes('active') &&
      url.searchParams.get('_start') === '10'
    );
  });
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  const names = () => grid(page).locator('[data-field="name"][role="gridcell"]').allTextContents();
  const answered = ((await (await secondPage).json()) as Array<{ name: string }>).map((c) => c.name);
  expect(answered.length).toBeGreaterThan(0);
  await expect(page.getByText(/^11–\d+ of \d+/)).toBeVisible();
  await expect.poll(names).toEqual(answered);
  const onPage2 = await names();

  await page.reload();
  await expect(page.getByText(/^11–\d+ of \d+/)).toBeVisible();
  await expect.poll(names).toEqual(onPage2);
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(page).not.toHaveURL(/page=2/);
  await page.goBack();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(names).toEqual(onPage2);
  for (const cell of await grid(page).locator('[data-field="status"][role="gridcell"]').allTextContents()) expect(cell).toBe('Active');

  // The export is the whole filtered list in the list's order: page 2's rows are rows 11–20.
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  const request = page.waitForRequest((r) => r.url().includes('/customers/export'));
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  const sent = new URL((await request).url()).searchParams;
  expect(sent.get('format')).toBe('xlsx');
  expect(sent.getAll('status')).toEqual(['active']);
  expect(sent.get('_sort')).toBe('name');
  const file = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const nameCol = header.findIndex((h) => /^name$/i.test(h));
  const statusCol = header.findIndex((h) => /^status$/i.test(h));
  expect(nameCol).toBeGreaterThan(0);
  const rows = sheet.getRows(2, sheet.rowCount - 1) ?? [];
  const exported = rows.map((r) => String(r.getCell(nameCol).value ?? ''));
  expect(exported.slice(10, 10 + onPage2.length)).toEqual(onPage2);
  if (statusCol > 0) for (const r of rows) expect(String(r.getCell(statusCol).value).toLowerCase()).toBe('active');
  // The screen's total may be the server's estimate; the file holds at least every row seen.
  expect(rows.length).toBeGreaterThanOrEqual(10 + onPage2.length);
});

test("a project created from a customer's page, the customer picked by part of its name, edited with its author in History", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  await signIn(page, 'admin', '/auth/sign-in?returnTo=%2Fcustomers');
  const firstName = (await grid(page).locator('[data-field="name"][role="gridcell"]').first().textContent())!.trim();
  await grid(page).locator('[data-field="name"][role="gridcell"]').first().click();
  await expect(page.getByRole('heading', { name: firstName })).toBeVisible();
  const customerUrl = page.url();

  // Pre-filled: the picker shows the customer's name.
  const projects = page.getByTestId('projects-list');
  await projects.getByRole('link', { name: 'New project', exact: true }).first().click();
  await expect(page).toHaveURL(/\/projects\/new\?customerId=/);
  const form = page.getByTestId('project-form');
  await expect(form.getByLabel(label('Customer'))).toHaveValue(firstName);
  // Picked by typing part of a name: another customer, then back to this one.
  const part = firstName.slice(1, 5);
  await form.getByLabel(label('Customer')).fill(part);
  await page.getByRole('option', { name: firstName }).click();
  await expect(form.getByLabel(label('Customer'))).toHaveValue(firstName);
  await form.getByLabel(label('Name')).fill(`E2E Project ${stamp}`);
  await form.getByLabel(label('Code')).fill(`P${stamp % 1_000_000}`);
  await expect(form.getByRole('link', { name: 'Manage tech stacks' })).toBeVisible();
  await page.getByTestId('project-form-submit').click();
  await expect(page).toHaveURL(customerUrl);
  await expect(projects).toContainText(`E2E Project ${stamp}`);

  await projects.getByRole('link', { name: `Edit E2E Project ${stamp}` }).click();
  await expect(form.getByLabel(label('Name'))).toHaveValue(`E2E Project ${stamp}`);
  await form.getByLabel(label('Name')).fill(`E2E Project ${stamp} renamed`);
  await page.getByTestId('project-form-submit').click();
  await expect(page).toHaveURL(customerUrl);
  await projects.getByText(`E2E Project ${stamp} renamed`).click();
  await expect(page.getByRole('heading', { name: `E2E Project ${stamp} renamed` })).toBeVisible();
  await expect(page.getByRole('link', { name: firstName })).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history')).toContainText('Updated by Amelia Carter');
  await expect(page.getByTestId('history')).toContainText(`E2E Project ${stamp} renamed`);
});

test('the route guard checks the action: hr may list users but not open the new-user form', async ({ page }) => {
  await signIn(page, 'hr', '/auth/sign-in?returnTo=%2Fusers%2Fnew');
  await expect(page.getByTestId('permission-denied')).toBeVisible();
  await expect(page.getByTestId('user-form')).toHaveCount(0);
  await page.goto('/users');
  await expect(grid(page).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('link', { name: 'New user' })).toHaveCount(0);
});

test("two people edit one customer: the second save shows the first person's change beside theirs, then saves over it deliberately", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const { userId: saleId } = await apiLogin(request, 'sale');
  // Access tokens of the end-to-end servers last seconds: one per call.
  const asAdmin = async () => ({ Authorization: `Bearer ${(await apiLogin(request, 'admin')).token}` });
  const created = await request.post('/api/v1/customers', {
    headers: await asAdmin(),
    data: { name: `Two Editors ${stamp}`, code: `TE${stamp % 10_000_000}`, ownerSaleId: saleId, country: 'JP' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const countryNow = async () => {
    const res = await request.get(`/api/v1/customers/${id}`, { headers: await asAdmin() });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { country: string }).country;
  };

  // The COO and the sales lead open the same account at once.
  const open = async (role: DemoRole) => {
    const context = await browser.newContext({ baseURL, locale: 'en-US' });
    const page = await context.newPage();
    await useEnglish(page);
    await signIn(page, role, `/auth/sign-in?returnTo=${encodeURIComponent(`/customers/${id}/edit`)}`);
    const form = page.getByTestId('customer-form');
    await expect(form.getByLabel(label('Country'))).toHaveValue('Japan');
    return { context, page, form };
  };
  const coo = await open('admin');
  const lead = await open('sale_lead');

  await pickCountry(coo.page, coo.form.getByLabel(label('Country')), 'viet', 'Vietnam');
  await coo.page.getByTestId('customer-form-submit').click();
  await expect(coo.page).toHaveURL(/\/customers$/);

  await pickCountry(lead.page, lead.form.getByLabel(label('Country')), 'singa', 'Singapore');
  await lead.page.getByTestId('customer-form-submit').click();
  const conflict = lead.page.getByTestId('stale-record');
  await expect(conflict).toContainText('Amelia Carter changed this customer');
  await expect(conflict.getByTestId('stale-country-theirs')).toHaveText('Vietnam');
  await expect(conflict.getByTestId('stale-country-yours')).toHaveText('Singapore');
  // Nothing of theirs was lost, and the lead's input is still in the form.
  await expect(lead.form.getByLabel(label('Country'))).toHaveValue('Singapore');
  expect(await countryNow()).toBe('VN');

  await conflict.getByTestId('stale-overwrite').click();
  await expect(lead.page).toHaveURL(/\/customers$/);
  expect(await countryNow()).toBe('SG');
  await coo.context.close();
  await lead.context.close();
});

test("a list's records open like links: the title is a link (a new tab with Ctrl), and Enter on a focused row opens it", async ({
  page,
}) => {
  await signIn(page, 'admin', '/auth/sign-in?returnTo=%2Fcustomers');
  const titleCells = grid(page).locator('[data-field="name"][role="gridcell"]');
  const first = titleCells.first().getByRole('link');
  const name = (await first.textContent())!.trim();
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/customers\/[0-9a-f-]{36}$/);

  // Ctrl-click: the record in a new tab, this list left as it was.
  const [tab] = await Promise.all([page.context().waitForEvent('page'), first.click({ modifiers: ['Control'] })]);
  // A new tab opens on about:blank, and its load can be over before the record's address commits.
  await expect(tab).toHaveURL((url) => url.pathname === href);
  await expect(tab.getByRole('heading', { name })).toBeVisible();
  await tab.close();
  await expect(page).toHaveURL(/\/customers(\?|$)/);

  // By keyboard: a cell of the second row (not its title) focused, Enter opens that record.
  const second = grid(page).locator('[role="row"][data-rowindex="1"]');
  const secondHref = await second.locator('[data-field="name"] a').getAttribute('href');
  await second.locator('[role="gridcell"][data-field="status"]').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${secondHref}$`));
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  // A plain click on the title opens it in place.
  await grid(page).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
});

test("a sale is offered Edit only on their own customers; another sale's customer opens read-only (English, then French)", async ({
  page,
  request,
}) => {
  const { token, userId } = await apiLogin(request, 'sale');
  const res = await request.get('/api/v1/customers?_start=0&_end=100&sort=name&order=asc', {
    headers: { authorization: `Bearer ${token}` },
  });
  const customers = (await res.json()) as Array<{ id: string; name: string; ownerSaleId: string | null }>;
  const mine = customers.find((c) => c.ownerSaleId === userId)!;
  const theirs = customers.find((c) => c.ownerSaleId !== userId)!;
  expect(mine && theirs, 'the demo firm has customers of this sale and of others').toBeTruthy();

  await signIn(page, 'sale', '/auth/sign-in?returnTo=%2Fcustomers');
  const w = words('customers');
  for (const c of [mine, theirs]) {
    await searchList(page, w, c.name);
    await expect(grid(page).getByRole('link', { name: c.name, exact: true })).toBeVisible();
    // The row's own actions: Edit on the sale's customer, none on another's.
    await expect(grid(page).getByRole('link', { name: `Edit ${c.name}` })).toHaveCount(c === mine ? 1 : 0);
  }
  await grid(page).getByRole('link', { name: theirs.name, exact: true }).click();
  await expect(page.getByRole('heading', { name: theirs.name })).toBeVisible();
  await expect(page.getByTestId('customers-show')).toBeVisible();
  expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);

  // The edit form reached by its address says why it can't be saved, before any typing.
  await page.goto(`/customers/${theirs.id}/edit`);
  await expect(page.getByTestId('form-not-yours')).toHaveText("This record is someone else's: you can read it, not change it.");
  await expect(page.getByTestId('customer-form-submit')).toBeDisabled();
  await presetShell(page, 'fr');
  await page.reload();
  await expect(page.getByTestId('form-not-yours')).toHaveText(
    "Cet enregistrement appartient à quelqu'un d'autre : vous pouvez le lire, pas le modifier.",
  );
  // Their own customer's form saves as before. Its country is picked by its French name, which the
  // list then shows, and by which the list's filter (the same picker) finds it.
  await page.goto(`/customers/${mine.id}/edit`);
  await expect(page.getByTestId('customer-form-submit')).toBeEnabled();
  await expect(page.getByTestId('form-not-yours')).toHaveCount(0);
  const fr = words('customers', 'fr');
  const country = page.getByTestId('customer-form').getByLabel(label(fr.fields.country!));
  await pickCountry(page, country, 'allem', 'Allemagne');
  await expect(country).toHaveValue('Allemagne');
  await page.getByTestId('customer-form-submit').click();
  await expect(page).toHaveURL(/\/customers$/);
  await searchList(page, fr, mine.name);
  const row = grid(page).getByRole('row').filter({ hasText: mine.name });
  await expect(row.locator('[data-field="country"]')).toHaveText('Allemagne');
  // The cleared search reaches the address after its debounce: wait for it, or it lands after the
  // country's rows and replaces them under the click below.
  await searchBox(page, fr).fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);
  await pickCountry(page, page.getByRole('combobox', { name: fr.fields.country! }), 'allem', 'Allemagne');
  await expect(page).toHaveURL(/[?&]country=DE(&|$)/);
  await expect(grid(page).getByRole('progressbar')).toHaveCount(0);
  await expect(row).toBeVisible();
  // The filtered answer replaces the rows shown before it (the address changes first): wait for it.
  const cells = grid(page).locator('[role="gridcell"][data-field="country"]');
  await expect.poll(async () => [...new Set(await cells.allTextContents())]).toEqual(['Allemagne']);
  // The detail page names it too.
  await grid(page).getByRole('link', { name: mine.name, exact: true }).click();
  await expect(page.getByTestId('customers-show')).toContainText('Allemagne');
});

test('Back from a form with unsaved input asks first; staying keeps the input, leaving goes back', async ({ page }) => {
  await signIn(page, 'admin', '/auth/sign-in?returnTo=%2Fcustomers');
  const first = grid(page).locator('[data-field="name"][role="gridcell"] a').first();
  const href = (await first.getAttribute('href'))!;
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  const form = page.getByTestId('customer-form');
  const name = form.getByLabel(label(words('customers').fields.name!));
  await expect(name).not.toHaveValue('');
  await name.fill('Typed but not saved');

  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.type());
    void d.dismiss();
  });
  await page.goBack();
  await expect.poll(() => asked).toEqual(['confirm']);
  await expect(page).toHaveURL(new RegExp(`${href}/edit`));
  await expect(name).toHaveValue('Typed but not saved');

  page.once('dialog', (d) => void d.accept());
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByTestId('customers-show')).toBeVisible();
});
