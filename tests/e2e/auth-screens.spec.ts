import { expect, test } from './support/test';
import { demoEmail, signIn, useEnglish } from './support/session';

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test('the auth content is 420 px wide', async ({ page }) => {
  await page.goto('/auth/sign-in');
  const box = await page.getByTestId('auth-content').boundingBox();
  expect(Math.round(box!.width)).toBe(420);
});

for (const lang of ['en', 'fr'] as const) {
  test(`sign-in checks its fields before sending, on each field, and clears them as they are fixed (${lang})`, async ({ page }) => {
    const w = {
      en: {
        email: 'Email address',
        password: 'Password',
        submit: 'Sign in',
        required: 'Email is required',
        invalid: 'Email must be a valid email address',
        noPassword: 'Password is required',
      },
      fr: {
        email: 'Adresse e-mail',
        password: 'Mot de passe',
        submit: 'Se connecter',
        required: 'L’e-mail est obligatoire',
        invalid: 'L’e-mail doit être une adresse valide',
        noPassword: 'Le mot de passe est obligatoire',
      },
    }[lang];
    if (lang === 'fr') await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'fr'));
    const logins: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/auth/login')) logins.push(r.url());
    });
    await page.goto('/auth/sign-in');
    const email = page.getByLabel(w.email);
    const password = page.getByLabel(w.password, { exact: true });
    await page.getByRole('button', { name: w.submit, exact: true }).click();
    await expect(page.getByText(w.required)).toBeVisible();
    await expect(page.getByText(w.noPassword)).toBeVisible();
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('admin@demo');
    await expect(page.getByText(w.invalid)).toBeVisible();
    await email.fill(demoEmail('admin'));
    await expect(page.getByText(w.invalid)).toHaveCount(0);
    await page.getByRole('button', { name: w.submit, exact: true }).click();
    await expect(password).toBeFocused();
    expect(logins).toEqual([]);
    await password.fill('Demo1234!');
    await expect(page.getByText(w.noPassword)).toHaveCount(0);
    await page.getByRole('button', { name: w.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test('sign-up leads to the verify screen; a wrong code is refused on its field', async ({ page }) => {
  const email = `e2e.signup.${Date.now()}@example.com`;
  await page.goto('/auth/sign-up');
  await page.getByLabel('Full name').fill('Sam Signup');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(new RegExp(`/auth/verify\\?email=${encodeURIComponent(email).replace(/\./g, '\\.')}`));
  await expect(page.getByLabel('Email address')).toHaveValue(email);

  await page.getByLabel('6-digit code').fill('12');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Enter the 6-digit code')).toBeVisible();

  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.locator('[aria-invalid="true"], [data-testid="form-error"]').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/verify/);
});

test('sign-up shows the server field error for a taken e-mail', async ({ page }) => {
  await page.goto('/auth/sign-up');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Email address').fill(demoEmail('admin'));
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  const emailInput = page.getByLabel('Email address');
  // Either the server names the field or says it at the top; the form stays put.
  await expect(page.locator('[aria-invalid="true"], [data-testid="form-error"]').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/sign-up/);
  await expect(emailInput).toHaveValue(demoEmail('admin'));
});

test('reset-password goes on to update-password with the e-mail filled in', async ({ page }) => {
  await page.goto('/auth/reset-password');
  await page.getByLabel('Email address').fill(demoEmail('sale'));
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/auth\/update-password\?email=sale%40demo\.local/);
  await expect(page.getByLabel('Email address')).toHaveValue(demoEmail('sale'));
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByLabel('New password', { exact: true }).fill('another-long-passphrase');
  await page.getByLabel('Confirm new password').fill('different-passphrase');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

test('personal info edits the own profile and refuses a wrong current password on its field', async ({ page }) => {
  await signIn(page, 'manager');
  await page.getByTestId('account-button').click();
  await page.getByRole('menuitem', { name: 'Personal Info' }).click();
  await expect(page).toHaveURL(/\/personal-info$/);
  const profile = page.getByTestId('profile-form');
  await expect(profile).toHaveAttribute('data-loaded', 'true');
  await expect(profile.getByLabel('Email')).toHaveValue(demoEmail('manager'));
  const title = `Delivery Manager ${Date.now() % 1000}`;
  await profile.getByLabel('Job title').fill(title);
  await profile.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-form')).toHaveAttribute('data-loaded', 'true');
  await expect(page.getByTestId('profile-form').getByLabel('Job title')).toHaveValue(title);

  const pwd = page.getByTestId('password-form');
  await pwd.getByLabel('Current password').fill('not-my-password');
  await pwd.getByLabel('New password', { exact: true }).fill('a-brand-new-passphrase');
  await pwd.getByLabel('Confirm new password').fill('a-brand-new-passphrase');
  await pwd.getByRole('button', { name: 'Update password' }).click();
  await expect(pwd.locator('[aria-invalid="true"], .MuiAlert-root').first()).toBeVisible();
});
