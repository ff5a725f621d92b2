import { axeViolations } from './axe';
import { expect, snapshot, test } from './fixtures';
import { signUpThroughApi } from './session';

// "Sync with your phone": reached from the avatar menu and the Help Center; an app
// password is shown once, works over CardDAV, and stops working when revoked.

test('a person creates an app password, a client signs in with it, and revoking it locks the client out', async ({
  page,
}, info) => {
  const email = `sync-${info.project.name}-${Date.now()}@example.com`;
  await signUpThroughApi(page, 'Sync Person', email);
  await page.goto('/');
  await page.getByRole('button', { name: /Sync Person/ }).click();
  await page.getByRole('menuitem', { name: 'Sync with your phone' }).click();
  await expect(page).toHaveURL(/\/sync$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sync with your phone' })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  await page.getByLabel('Device name').fill('Ana’s iPhone');
  await page.getByRole('button', { name: 'Create app password' }).click();
  const secret = page.getByTestId('new-app-password');
  await expect(secret).toHaveText(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
  const password = (await secret.textContent())!;
  await expect(
    page.getByRole('button', { name: 'Install on this iPhone, iPad or Mac' }),
  ).toBeVisible();
  await expect(page.getByTestId('app-password-row')).toContainText('Ana’s iPhone');
  await expect(page.getByTestId('app-password-row')).toContainText('not used yet');

  // The steps name this server and this person.
  await page.getByRole('button', { name: 'Android (DAVx⁵)' }).click();
  await expect(page.getByText(/Base URL: http:\/\/[^ ]+\/dav\/\. User name: /)).toBeVisible();

  await snapshot(page, 'sync');
  expect(await axeViolations(page)).toEqual([]);

  // A CardDAV client signs in with it (typed in capitals, without dashes), and is named on the
  // page.
  const auth = `Basic ${Buffer.from(`${email}:${password.replaceAll('-', '').toUpperCase()}`).toString('base64')}`;
  const propfind = () =>
    page.request.fetch('/dav/', {
      method: 'PROPFIND',
      headers: { authorization: auth, depth: '0', 'user-agent': 'DAVx5/4.4 (Android 14)' },
    });
  expect((await propfind()).status()).toBe(207);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(secret).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('app-password-row')).toContainText('DAVx5/4.4');

  await page.getByTestId('app-password-row').getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('App password revoked')).toBeVisible();
  await expect(page.getByText('No app passwords yet.')).toBeVisible();
  expect((await propfind()).status()).toBe(401);
});

test('the Help Center leads to the sync page', async ({ page }, info) => {
  await signUpThroughApi(
    page,
    'Help Person',
    `sync-help-${info.project.name}-${Date.now()}@example.com`,
  );
  await page.goto('/help');
  await page.getByRole('button', { name: 'Can I see my Kith contacts on my phone?' }).click();
  const link = page.getByRole('link', { name: 'Sync with your phone' });
  await expect(link).toBeVisible();
  // The answer's panel is still opening on a slow phone: a click may land before it settles.
  await expect(async () => {
    if (!/\/sync$/.test(page.url())) await link.click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/sync$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Sync with your phone' })).toBeVisible();
});
