import { expect, test, type APIRequestContext } from './support/test';
import { signIn } from './support/session';
import { apiLogin, presetShell, seriousViolations, settled, SHELL_MODES } from './shell-support';

// The header's search, by keyboard only: Ctrl+K opens it anywhere, part of a name typed without its
// accents finds the record, Enter opens it. The open dialog passes axe in English (desktop, light)
// and in Arabic (right to left, dark, a 390 px phone where it fills the screen).

/** A customer of this test's own, named with accents, made through the API as the lead. */
async function customer(request: APIRequestContext) {
  const { token } = await apiLogin(request, 'hr_lead');
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Công ty Ánh Dương ${stamp}`;
  const res = await request.post('/api/v1/customers', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, code: `AD${stamp}`.slice(0, 20) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, name, typed: `anh duong ${stamp.toLowerCase()}` };
}

test('a lead opens the search with Ctrl+K, types part of a name and opens the record with the keyboard', async ({ page, request }) => {
  const record = await customer(request);
  await presetShell(page, 'en');
  await signIn(page, 'hr_lead', '/');
  await settled(page);

  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Search records' });
  await expect(input).toBeFocused();
  await page.keyboard.type(record.typed);
  const option = page.getByRole('option', { name: new RegExp(record.name) });
  // The best hit is the active one, under its resource's name.
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('group', { name: 'Customers' }).getByRole('option', { name: new RegExp(record.name) })).toBeVisible();
  await expect(input).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  expect(await seriousViolations(page), 'the open dialog in English').toEqual([]);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/customers/${record.id}$`));
  await expect(page.getByRole('heading', { name: record.name })).toBeVisible();
  await expect(page.getByTestId('search-dialog')).toHaveCount(0);

  // Escape closes it again; what is not found says so.
  await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  await page.keyboard.type('zzqqxx no such thing');
  await expect(page.getByTestId('search-status')).toHaveText(/No results for “.zzqqxx no such thing.”/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-dialog')).toHaveCount(0);
});

test('in Arabic, dark, on a 390 px phone the search fills the screen, reads right to left and passes axe', async ({ page, request }) => {
  const record = await customer(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await presetShell(page, 'ar', SHELL_MODES[1]);
  await signIn(page, 'hr_lead', '/');
  await settled(page);

  await page.getByTestId('search-open').click();
  const dialog = page.getByRole('dialog');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.type(record.typed);
  await expect(page.getByRole('option', { name: new RegExp(record.name) })).toHaveAttribute('aria-selected', 'true');
  const box = (await dialog.boundingBox())!;
  expect(Math.round(box.width)).toBe(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  expect(await seriousViolations(page), 'the open dialog in Arabic').toEqual([]);
  await page.getByRole('button', { name: 'إغلاق البحث' }).click();
  await expect(page.getByTestId('search-dialog')).toHaveCount(0);
});
