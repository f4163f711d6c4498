import { expect, type Locator } from '@playwright/test';

/**
 * Types a month ('YYYY-MM') or a day ('YYYY-MM-DD') into one of the app's date pickers (a group of
 * spin buttons, one per part, in the language's order): each part, known by its largest value,
 * takes its digits, whatever its words ("novembre" takes 11).
 */
export async function typeDate(field: Locator, value: string): Promise<void> {
  const [year, month, day] = value.split('-') as [string, string, string | undefined];
  const parts = field.getByRole('spinbutton');
  for (let i = 0; i < (await parts.count()); i += 1) {
    const part = parts.nth(i);
    const max = Number(await part.getAttribute('aria-valuemax'));
    const digits = max === 12 ? month : max <= 31 ? day : year;
    if (!digits) continue;
    await part.click();
    await part.pressSequentially(digits);
  }
}

/**
 * Expects one of the app's date pickers to hold a month ('YYYY-MM') or a day ('YYYY-MM-DD'): its
 * spin buttons' values, whatever the language writes them as.
 */
export async function expectDate(field: Locator, value: string): Promise<void> {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number | undefined];
  const parts = field.getByRole('spinbutton');
  await expect(parts.first()).toBeVisible();
  for (let i = 0; i < (await parts.count()); i += 1) {
    const part = parts.nth(i);
    const max = Number(await part.getAttribute('aria-valuemax'));
    const want = max === 12 ? month : max <= 31 ? day : year;
    if (want !== undefined) await expect(part).toHaveAttribute('aria-valuenow', String(want));
  }
}
