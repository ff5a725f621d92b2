import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, snapshot, test } from './fixtures';
import { signUpThroughApi } from './session';

const PASSWORD = 'kith-e2e-pass-77';

/** A 1x1 PNG, enough for the photo picker. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function uniqueEmail(prefix: string): string {
  return `${prefix}-${test.info().project.name}-${Date.now()}@example.com`;
}

/** The same account signed in from another browser, on its own cookies. */
async function otherBrowser(browser: Browser, baseURL: string, email: string, password = PASSWORD) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const res = await page.request.post('/api/v1/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return { context, page };
}

/** The status of the session check from that browser: 200 signed in, 403 signed out. */
async function sessionStatus(page: Page): Promise<number> {
  return (await page.request.get('/api/trpc/auth.check')).status();
}

async function openAvatarMenu(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(name) }).click();
}

/**
 * Picks `item` from one of the avatar menu's submenus. The pointer passing over `submenu`
 * may open it before the click lands, and on a phone its dropdown then covers `submenu`:
 * so the submenu is clicked only while `item` is not showing yet.
 */
async function pickFromSubmenu(page: Page, submenu: string | RegExp, item: string) {
  const choice = page.getByRole('menuitemradio', { name: item });
  await expect(async () => {
    if (!(await choice.isVisible())) {
      await page.getByRole('menuitem', { name: submenu }).click({ timeout: 2_000 });
    }
    await choice.click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test('the profile shows the email and saves a new name and photo', async ({ page }) => {
  const email = uniqueEmail('profile');
  await signUpThroughApi(page, 'Ada Lovelace', email);
  await page.goto('/me');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByTestId('profile-email')).toHaveText(email);

  await page.getByLabel('Name').fill('Ada King');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PIXEL_PNG,
  });
  await expect(page.getByRole('button', { name: 'Remove the photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await snapshot(page, 'profile');

  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Ada King');
  await expect(page.getByRole('banner').locator('img')).toBeVisible();
  await expect(page.getByRole('button', { name: /Ada King/ })).toBeVisible();
});

test('changing the password needs the current one and signs the other browsers out', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('password');
  await signUpThroughApi(page, 'Pat Word', email);
  const other = await otherBrowser(browser, baseURL!, email);

  await page.goto('/me');
  await expect(page.getByTestId('session-row')).toHaveCount(2);
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('lighthouse-keeper-7');
  await page.getByLabel('Confirm new password').fill('lighthouse-keeper-7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The password is not correct.').first()).toBeVisible();

  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. 1 other session was signed out.')).toBeVisible();
  await expect(page.getByTestId('session-row')).toHaveCount(1);

  expect(await sessionStatus(other.page)).toBe(403);
  await other.context.close();
});

test('the sessions list names each browser and signs the others out', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('sessions');
  await signUpThroughApi(page, 'Sam Sessions', email);
  const other = await otherBrowser(browser, baseURL!, email);

  await page.goto('/me');
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('This device');
  await expect(rows.nth(1).getByRole('button', { name: 'Sign out' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(page.getByText('1 other session was signed out.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  expect(await sessionStatus(other.page)).toBe(403);
  await other.context.close();
});

test('Download my data saves a zip of the account', async ({ page }) => {
  await signUpThroughApi(page, 'Dee Data', uniqueEmail('export'));
  await page.goto('/me');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kith-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});

test('deleting the account needs the password, signs out, and the account cannot sign in', async ({
  page,
}) => {
  const email = uniqueEmail('delete');
  await signUpThroughApi(page, 'Del Eted', email);
  await page.goto('/me');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const password = dialog.locator('input[type="password"]');
  await password.fill('wrong-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The password is not correct.')).toBeVisible();

  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();

  const login = await page.request.post('/api/v1/auth/login', {
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(401);
});

test('the avatar menu switches to dark mode, and the choice persists', async ({ page }) => {
  await signUpThroughApi(page, 'Nox Dark', uniqueEmail('dark'));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  await openAvatarMenu(page, 'Nox Dark');
  await pickFromSubmenu(page, 'Appearance', 'Dark');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await snapshot(page, 'contacts-dark');
});

test('Spanish from the avatar menu is kept for the account, on every device', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('es');
  await signUpThroughApi(page, 'Lola Flores', email);
  await page.goto('/trash');
  await openAvatarMenu(page, 'Lola Flores');
  await pickFromSubmenu(page, /Language/, 'Español');
  await expect(page.getByRole('heading', { name: 'Papelera', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await snapshot(page, 'trash-es');

  // Another browser, which has never chosen a language, follows the account.
  const other = await otherBrowser(browser, baseURL!, email);
  await other.page.goto('/me');
  await expect(other.page.getByRole('heading', { name: 'Perfil', level: 1 })).toBeVisible();
  await expect(other.page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(other.page.getByRole('button', { name: 'Descargar mis datos' })).toBeVisible();
  await other.context.close();
});

test('the public pages offer the language picker, and the choice is remembered', async ({
  page,
}) => {
  await page.goto('/help');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { name: 'Centro de ayuda', level: 1 })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Empieza gratis' })).toBeVisible();
  await snapshot(page, 'landing-es');
});
