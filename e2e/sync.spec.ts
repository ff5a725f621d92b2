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
  await expect(
    page.getByRole('region', { name: 'What to type in' }).getByText(email, { exact: true }),
  ).toBeVisible();

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

  // The steps name this server and this person, each value on its own: nothing to type ends in
  // the sentence's full stop.
  await page.getByRole('button', { name: 'Android (DAVx⁵)' }).click();
  const android = page.getByRole('region', { name: 'Android (DAVx⁵)' });
  const origin = new URL(page.url()).origin;
  await expect(android.getByTestId('value-to-type')).toHaveText([`${origin}/dav/`, email]);
  await expect(android).toContainText('free on F-Droid and paid on Google Play');
  await expect(android).toContainText('choose “Groups are separate vCards”');
  // Each value has its copy button, which copies the value alone.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await android.getByRole('button', { name: 'Copy Base URL' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/dav/`);
  const values = await page.getByTestId('value-to-type').allTextContents();
  expect(values.length).toBeGreaterThan(6);
  for (const value of values) expect(value).not.toMatch(/[.,;:]$/);
  // iOS calls the profile unsigned: the page says that is expected, here and in the steps.
  await page.getByRole('button', { name: 'iPhone and iPad' }).click();
  await expect(page.getByRole('region', { name: 'iPhone and iPad' })).toContainText(
    'Not Signed or Not Verified: that is expected',
  );
  await expect(
    page.getByText(/^Your iPhone, iPad or Mac shows the profile as Not Signed or Not Verified/),
  ).toBeVisible();

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

// The floating add button shows on phones only.
test(
  'on a phone the floating add button covers neither the device name nor the new password',
  { tag: '@phone-only' },
  async ({ page }) => {
    await signUpThroughApi(page, 'Small Screen', `sync-fab-${Date.now()}@example.com`);
    await page.goto('/sync');
    const fab = page.getByRole('link', { name: 'Add contact' });
    await expect(fab).toBeVisible();

    /**
     * Whether the button's box can meet `target`'s: the button stays where it is as the page
     * scrolls, so a box that ends left of it is under it at no scroll position.
     */
    const covered = async (target: ReturnType<typeof page.getByTestId>) => {
      const button = (await fab.boundingBox())!;
      const box = (await target.boundingBox())!;
      return box.x + box.width > button.x;
    };
    const field = page.getByLabel('Device name');
    expect(await covered(field)).toBe(false);
    await field.fill('Phone');
    await page.getByRole('button', { name: 'Create app password' }).click();
    const secret = page.getByTestId('new-app-password');
    await expect(secret).toBeVisible();
    expect(await covered(secret)).toBe(false);
    // And the password stays on one line, read as one word.
    const line = await secret.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await secret.boundingBox())!.height).toBeLessThan(line * 1.5);
  },
);
