import { expect, test, type Page } from './support/test';
import { useEnglish } from './support/session';
import { codeFromMail } from './support/mail';

// Sign-up → verify and reset → update password with the codes the server really
// mails (SMTP to the capture server of the global setup).

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

const person = () => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { fullName: `Mia Mailer ${stamp}`, email: `e2e.mail.${stamp}@example.com` };
};

async function signUp(page: Page, fullName: string, email: string, password: string) {
  await page.goto('/auth/sign-up');
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const since = Date.now();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/verify\?email=/);
  return since;
}

async function expectSignedInAs(page: Page, fullName: string, email: string) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('nav-side')).toBeVisible();
  await page.getByTestId('account-button').click();
  // The account panel: the user's name and e-mail above the menu's items.
  const panel = page.getByTestId('account-panel');
  await expect(panel).toContainText(fullName);
  await expect(panel).toContainText(email);
  await page.keyboard.press('Escape');
}

test('sign up, verify with the mailed code, and land signed in on the dashboard', async ({ page }) => {
  const { fullName, email } = person();
  const since = await signUp(page, fullName, email, 'correct-horse-battery');
  await expect(page.getByLabel('Email address')).toHaveValue(email);

  const code = await codeFromMail(email, /verify/i, since);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSignedInAs(page, fullName, email);

  // Signed in for real: a reload keeps the session.
  await page.reload();
  await expect(page.getByTestId('account-button')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('reset the password with a mailed code, then sign in with the new one', async ({ page }) => {
  test.setTimeout(90_000);
  const { fullName, email } = person();
  const oldPassword = 'first-long-passphrase';
  const newPassword = 'second-long-passphrase';

  // An account of its own (demo passwords stay as they are for the other specs).
  const since = await signUp(page, fullName, email, oldPassword);
  await page.getByLabel('6-digit code').fill(await codeFromMail(email, /verify/i, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectSignedInAs(page, fullName, email);
  await page.getByTestId('account-button').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/auth\/sign-in/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/reset-password/);
  // The address changes before the page does: the sign-in form, with its own e-mail field, stays
  // on screen until the reset page has loaded.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  const resetSince = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/auth\/update-password\?email=/);
  await expect(page.getByLabel('Email address')).toHaveValue(email);

  const code = await codeFromMail(email, /reset/i, resetSince);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Your password has been updated')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-in/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(oldPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('[data-testid="form-error"], [aria-invalid="true"]').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-in/);

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectSignedInAs(page, fullName, email);
});
