import type { Page } from '@playwright/test';
import { expect, snapshot, test } from './fixtures';
import { codeFromOutbox } from './outbox';

const VERIFY_SUBJECT = /verification code/;
const RECOVERY_SUBJECT = /password reset code/;

async function enterCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(`${name}\\s*, account menu`) }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out?' });
  await dialog.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Logout Successful')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible({
    timeout: 10_000,
  });
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a person signs up, verifies, signs out, logs in, recovers the password and logs in with it', async ({
  page,
  foreignRequests,
}, testInfo) => {
  test.setTimeout(90_000);
  const name = 'Ada Lovelace';
  const email = `ada-${testInfo.project.name}-${Date.now()}@example.com`;
  const password = 'analytical-engine-1843';
  const newPassword = 'difference-engine-1822';

  await page.goto('/');
  await page.locator('header').getByRole('link', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  const confirm = page.getByRole('textbox', { name: 'Confirm Password' });
  await expect(confirm).toBeDisabled();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await confirm.fill('analytical');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Signup' })).toBeDisabled();
  await confirm.fill(password);
  await snapshot(page, 'signup');
  await page.getByRole('button', { name: 'Signup' }).click();
  await expect(page.getByText('Signup Successful')).toBeVisible();

  await expect(page).toHaveURL(/\/verify$/, { timeout: 10_000 });
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/Available in 0[12]:\d\d/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend Otp' })).toBeDisabled();
  await snapshot(page, 'verify');
  await enterCode(page, await codeFromOutbox(email, VERIFY_SUBJECT));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Verification Successful')).toBeVisible();
  await expect(
    page.getByRole('button', { name: new RegExp(`${name}\\s*, account menu`) }),
  ).toBeVisible({
    timeout: 10_000,
  });
  await snapshot(page, 'app-shell');

  await signOut(page, name);

  await login(page, email, password);
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(
    page.getByRole('button', { name: new RegExp(`${name}\\s*, account menu`) }),
  ).toBeVisible({
    timeout: 10_000,
  });
  // A signed-in person is sent away from the login page.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await signOut(page, name);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { name: 'Find your account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Find Account' }).click();
  await expect(page.getByRole('heading', { name: 'Is this your account?' })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();
  await snapshot(page, 'recover-identify');
  await page.getByRole('button', { name: 'Yes, this is my account' }).click();
  await expect(page.getByText('Otp Sent Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/recover\/verify$/, { timeout: 10_000 });
  await enterCode(page, await codeFromOutbox(email, RECOVERY_SUBJECT));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/recover\/reset$/, { timeout: 10_000 });
  const reset = page.getByRole('button', { name: 'Reset Password' });
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await expect(reset).toBeDisabled();
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(newPassword);
  await snapshot(page, 'recover-reset');
  await reset.click();
  await expect(page.getByText('Password Reset Successful')).toBeVisible();
  await expect(
    page.getByRole('button', { name: new RegExp(`${name}\\s*, account menu`) }),
  ).toBeVisible({
    timeout: 10_000,
  });
  await signOut(page, name);

  await login(page, email, password);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await login(page, email, newPassword);
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(
    page.getByRole('button', { name: new RegExp(`${name}\\s*, account menu`) }),
  ).toBeVisible({
    timeout: 10_000,
  });
  expect(foreignRequests).toEqual([]);
});

test('the verify and recovery screens send a visitor back when their step is not reached', async ({
  page,
}) => {
  await page.goto('/verify');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/recover/identify');
  await expect(page).toHaveURL(/\/recover$/);
  await page.goto('/recover/reset');
  await expect(page).toHaveURL(/\/recover$/);
  await page.goto('/me');
  await expect(page).toHaveURL(/\/login$/);
});

test('login shows the field messages of its checks', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('123');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await snapshot(page, 'login-errors');
});
