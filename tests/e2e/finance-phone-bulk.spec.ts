// Lists on a phone and bulk work, as a finance team does it: a sale on a 390 px phone finds an
// invoice in the card list (its subject, status, number and total; no grid), opens it by keyboard,
// reads its lines stacked and downloads its PDF in the customer's language; the cards in Arabic
// (right to left) and dark mode fit the screen. An hr_lead approves a filtered month's salaries in
// one action, then marks the month paid, and reads what was refused and why; a salary's page and
// confirmation name its person and month. Axe finds nothing serious in English and Arabic.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { pdfText } from '../fixtures/pdf-text';
import { expect, test } from './support/test';
import { signIn, useEnglish, type DemoRole } from './support/session';
import { apiLogin, presetShell, seriousViolations, SHELL_MODES, toasts } from './shell-support';

async function api<T>(request: APIRequestContext, role: DemoRole, url: string, data?: object): Promise<T> {
  // The e2e server's access tokens live five seconds: a fresh one for each call.
  const { token } = await apiLogin(request, role);
  const headers = { authorization: `Bearer ${token}` };
  const res = data ? await request.post(url, { headers, data }) : await request.get(url, { headers });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
}

async function noSidewaysScroll(page: Page, where: string) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `${where}: page wider than the screen`).toBeLessThanOrEqual(width);
}

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a sale finds an invoice in the card list, opens it by keyboard and downloads its PDF in the customer’s language', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const s = stamp();
    const { userId: saleId } = await apiLogin(request, 'sale');
    // A customer of the sale's, billed in French.
    const customer = await api<{ id: string }>(request, 'admin', '/api/v1/customers', {
      name: `Boulangerie Phone ${s}`,
      code: `PH${s}`.toUpperCase().slice(0, 20),
      ownerSaleId: saleId,
      language: 'fr',
    });
    const subject = `Phone invoice ${s}`;
    const invoice = await api<{ id: string }>(request, 'sale', '/api/v1/invoice', {
      subject,
      customerId: customer.id,
      period: '2090-03',
      issueDate: '2090-03-31',
      dueDate: '2090-04-30',
      lines: [{ description: 'Développement backend, sprint 12 du portail client', quantity: '10', unit: 'hour', unitPrice: '45' }],
    });
    const sent = await api<{ number: string }>(request, 'sale', `/api/v1/invoice/${invoice.id}/send`, {});

    await useEnglish(page);
    await signIn(page, 'sale', '/invoices');
    // The list is cards: no grid to scroll sideways.
    await expect(page.getByTestId('list-cards')).toBeVisible();
    await expect(page.getByRole('grid')).toHaveCount(0);
    await page.getByRole('searchbox').fill(subject);
    const cards = page.getByTestId('list-cards').getByRole('listitem');
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    await expect(card.getByRole('heading')).toHaveText(subject);
    await expect(card).toContainText('Sent');
    await expect(card).toContainText(sent.number);
    await expect(card).toContainText(`Boulangerie Phone ${s}`);
    await expect(card).toContainText('$450.00');
    await noSidewaysScroll(page, 'invoice cards');
    expect(await seriousViolations(page), 'invoice cards (en)').toEqual([]);

    // By keyboard: the card's title is a link that Enter opens.
    await card.getByRole('link', { name: subject, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
    // Its lines stack: the description whole, then quantity × price and the amount, inside the screen.
    const lines = page.getByTestId('invoice-lines-stacked');
    await expect(lines).toContainText('Développement backend, sprint 12 du portail client');
    await expect(lines).toContainText('$450.00');
    await expect(page.getByRole('table', { name: 'Lines' })).toHaveCount(0);
    await noSidewaysScroll(page, 'invoice page');
    expect(await seriousViolations(page), 'invoice page (en)').toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-pdf').click()]);
    const text = await pdfText(await readFile((await download.path())!));
    expect(text).toContain('FACTURÉ À');
    expect(text).toContain('450,00 $US');
    expect(text).toContain('Prix unitaire');
    expect(text).toContain(sent.number);

    // The same two pages in Arabic: right to left, inside the screen, axe clean.
    await presetShell(page, 'ar');
    await page.goto(`/invoices?q=${encodeURIComponent(subject)}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('list-cards').getByRole('listitem')).toHaveCount(1);
    await noSidewaysScroll(page, 'invoice cards (ar)');
    expect(await seriousViolations(page), 'invoice cards (ar)').toEqual([]);
    await page.goto(`/invoices/${invoice.id}`);
    await expect(page.getByTestId('invoice-lines-stacked')).toBeVisible();
    await noSidewaysScroll(page, 'invoice page (ar)');
    expect(await seriousViolations(page), 'invoice page (ar)').toEqual([]);
  });

  test('the cards read right to left in Arabic and in dark mode, fit the screen, and axe finds nothing serious', async ({ page }) => {
    await signIn(page, 'hr_lead', '/auth/sign-in');
    await presetShell(page, 'ar', SHELL_MODES[1]);
    await page.goto('/salary');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const card = page.getByTestId('list-cards').getByRole('listitem').first();
    await expect(card).toBeVisible();
    // Dark: the card is dark. Right to left: its name sits on the right, each figure's label right of its value.
    const [bg, title, box, term, value] = await Promise.all([
      card.evaluate((el) => getComputedStyle(el).backgroundColor),
      card.getByRole('heading').boundingBox(),
      card.boundingBox(),
      card.getByRole('term').first().boundingBox(),
      card.getByRole('definition').first().boundingBox(),
    ]);
    const [r, g, b] = bg.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!, bg).toBeLessThan(200);
    expect(title!.x + title!.width, 'title on the right').toBeGreaterThan(box!.x + box!.width * 0.75);
    expect(term!.x, 'label right of its value').toBeGreaterThan(value!.x + value!.width);
    await noSidewaysScroll(page, 'salary cards (ar)');
    expect(await seriousViolations(page), 'salary cards (ar, dark)').toEqual([]);
  });
});

test('an hr_lead approves a filtered month’s salaries in one action, marks the month paid and reads what was refused and why', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await useEnglish(page);
  // A month of its own, far from the demo's: four people, one salary each, all drafts.
  const month = `20${91 + (Date.now() % 8)}-0${1 + (Date.now() % 9)}`;
  const people = await api<Array<{ id: string; fullName: string }>>(request, 'admin', '/api/v1/user?_start=0&_end=4&_sort=email');
  const ids: string[] = [];
  for (const p of people) {
    const row = await api<{ id: string }>(request, 'hr_lead', '/api/v1/salary', { userId: p.id, month, base: '1000', currency: 'USD' });
    ids.push(row.id);
  }
  const first = people[0];

  // One salary's page and confirmation name its person and month.
  await signIn(page, 'hr_lead', `/salary/${ids[0]}`);
  const monthWords = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${first!.fullName} · ${monthWords}`);
  await page.getByTestId('salary-approve').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`Approve ${first!.fullName}'s salary for ${monthWords} — net $1,000.00?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // The month's drafts, filtered, approved in one action.
  await page.goto(`/salary?month=${month}&status=draft`);
  await expect(page.getByRole('grid').getByRole('row')).toHaveCount(1 + people.length);
  const all = page.getByTestId('bulk-approve-all');
  await expect(all).toHaveText(`Approve all ${people.length} rows of this list`);
  await all.click();
  await expect(page.getByRole('dialog')).toContainText(`Approve ${people.length} salaries?`);
  // By keyboard: the confirmation's button takes Enter.
  await page.getByTestId('bulk-confirm').focus();
  await page.keyboard.press('Enter');
  await expect(toasts(page).filter({ hasText: `${people.length} salaries approved` })).toBeVisible();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  for (const id of ids) expect((await api<{ status: string }>(request, 'admin', `/api/v1/salary/${id}`)).status).toBe('approved');

  // A fifth salary, still a draft, then the whole month marked paid: the draft is refused, and says why.
  const extra = await api<Array<{ id: string; fullName: string }>>(request, 'admin', '/api/v1/user?_start=4&_end=5&_sort=email');
  await api(request, 'hr_lead', '/api/v1/salary', { userId: extra[0]!.id, month, base: '2000', currency: 'USD' });
  await page.goto(`/salary?month=${month}`);
  await expect(page.getByRole('grid').getByRole('row')).toHaveCount(2 + people.length);
  await page.getByTestId('bulk-mark-paid-all').click();
  await page.getByTestId('bulk-confirm').click();
  const summary = page.getByTestId('bulk-summary');
  await expect(summary.getByTestId('bulk-summary-done')).toHaveText(`${people.length} salaries marked paid`);
  const refused = summary.getByTestId('bulk-summary-refused').getByRole('listitem');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText(`${extra[0]!.fullName} · ${monthWords}`);
  await expect(refused).toContainText('Draft');
  await expect(refused).toContainText("This salary's status doesn't allow this step");
  expect(await seriousViolations(page), 'bulk summary (en)').toEqual([]);
  await summary.getByTestId('bulk-summary-close').click();
  for (const id of ids) expect((await api<{ status: string }>(request, 'admin', `/api/v1/salary/${id}`)).status).toBe('paid');

  // The rows picked: a selection offers the bulk actions beside the count; in Arabic, axe clean.
  await presetShell(page, 'ar');
  await page.goto(`/salary?month=${month}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const draftRow = page.getByRole('grid').getByRole('row').filter({ hasText: extra[0]!.fullName });
  await draftRow.getByRole('checkbox').check();
  await expect(page.getByTestId('bulk-approve-selected')).toBeVisible();
  expect(await seriousViolations(page), 'salary list with a selection (ar)').toEqual([]);
});
