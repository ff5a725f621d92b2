import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { createContactThroughApi, signUpThroughApi } from './session';

// The edges of the contact form, the Trash and sign-up a person meets with a slow network or
// a quick finger: one click is one call with one outcome, and nothing discarded reappears.
// Phones read in the browser language's region (docs/product/validation.md#phone-numbers).

const uniqueEmail = (info: TestInfo, what: string) =>
  `${what}-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

const isPhone = (info: TestInfo) => info.project.name === 'phone';

/** Where the phone field's screenshots go for people to look at; unset, none are taken. */
const SHOTS = process.env.FORM_SHOTS_DIR;

/** Holds every call to one tRPC procedure `ms` before it goes on, as a slow network would. */
async function slowDown(page: Page, procedure: string, ms: number) {
  await page.route(`**/api/trpc/*${procedure}*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * The calls the page makes to one tRPC procedure, each batched call counted ('a,a?batch=1'
 * is two calls in one request).
 */
function countCalls(page: Page, procedure: string) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/trpc/')) return;
    const procedures = decodeURIComponent(url.pathname.slice('/api/trpc/'.length)).split(',');
    for (const called of procedures) if (called === procedure) calls.push(called);
  });
  return calls;
}

test.use({ locale: 'en-GB' });

test('Back during a slow save does not offer Discard, and the saved contact opens', async ({
  page,
}, info) => {
  await signUpThroughApi(page, 'Grace Hopper', uniqueEmail(info, 'slow-save'));
  // Opened from the list inside the app, so the browser's Back is the app's own navigation.
  await page.goto('/');
  if (isPhone(info)) await page.getByRole('link', { name: 'Add contact' }).click();
  else await page.getByRole('link', { name: 'Create Contact', exact: true }).click();
  await expect(page).toHaveURL(/\/new$/);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel(/^Phone( \*)?$/).fill('020 7946 0958');
  const creates = countCalls(page, 'contacts.create');
  await slowDown(page, 'contacts.create', 3000);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Still saving. The contact opens once it is saved.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Discard Changes' })).toBeHidden();
  // The browser's Back is held the same way.
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Discard Changes' })).toBeHidden();
  await expect(page).toHaveURL(/\/new$/);

  await expect(page.getByText('Contact Created')).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/person\/[\w-]+$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
  expect(creates).toHaveLength(1);
});

test('Recover clicked twice recovers once and says so once', async ({ page }, info) => {
  await signUpThroughApi(page, 'Grace Hopper', uniqueEmail(info, 'recover'));
  const id = await createContactThroughApi(page, 'Ada', 'King');
  expect((await page.request.patch(`/api/v1/trash/${id}`)).status()).toBe(200);
  await page.goto('/trash');
  const row = page.getByRole('row').filter({ hasText: 'Ada King' });
  await expect(row).toBeVisible();
  const recovers = countCalls(page, 'trash.recover');
  await slowDown(page, 'trash.recover', 1000);
  if (isPhone(info)) {
    // The menu closes on the first tap; the second reaches Recover through it again.
    for (let i = 0; i < 2; i++) {
      await row.getByRole('button', { name: 'Actions for Ada King' }).click();
      await page.getByRole('menuitem', { name: 'Recover' }).click();
    }
  } else {
    await row.hover();
    await row.getByRole('button', { name: 'Recover' }).dblclick();
  }
  await expect(page.getByText('Contact recovered')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();
  await expect(page.getByText('Contact not found.')).toBeHidden();
  expect(recovers).toHaveLength(1);
});

test('Sign Up clicked again during its redirect sends one sign-up', async ({ page }, info) => {
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(uniqueEmail(info, 'signup'));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('analytical-1843');
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill('analytical-1843');
  const signups = countCalls(page, 'auth.signup');
  const button = page.getByRole('button', { name: 'Signup' });
  await button.click();
  await expect(page.getByText('Signup Successful')).toBeVisible();
  // The 2 s before /verify opens: the button stays busy, and a click reaches nothing.
  await expect(button).toBeDisabled();
  await button.click({ force: true });
  await expect(page).toHaveURL(/\/verify$/, { timeout: 10_000 });
  expect(signups).toHaveLength(1);
  await expect(page.getByText('Signup Successful')).toHaveCount(1);
});

test('a photo removed on /new can be picked again', async ({ page }, info) => {
  await signUpThroughApi(page, 'Grace Hopper', uniqueEmail(info, 'photo'));
  await page.goto('/new');
  const input = page.locator('input[type="file"]');
  await input.setInputFiles('e2e/fixtures/portrait.jpg');
  await expect(page.getByText('Image uploaded successfully!')).toBeVisible();
  // The chooser forgot the file: picking the same one again is a change the browser reports.
  await expect(input).toHaveValue('');
  await page.getByRole('button', { name: 'Remove the photo' }).click();
  await expect(page.getByText('Image delete successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove the photo' })).toBeHidden();
  await input.setInputFiles('e2e/fixtures/portrait.jpg');
  await expect(page.getByRole('button', { name: 'Remove the photo' })).toBeVisible();
  await expect(input).toHaveValue('');
});

test('a phone is dialled in E.164, shown in the British way, and one no phone can dial is warned about', async ({
  page,
}, info) => {
  await signUpThroughApi(page, 'Grace Hopper', uniqueEmail(info, 'phone'));
  await page.goto('/new');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  const phone = page.getByLabel(/^Phone( \*)?$/);
  // A phone's width: the value keeps a usable width, the type wraps under it.
  expect((await phone.boundingBox())!.width).toBeGreaterThan(isPhone(info) ? 250 : 400);
  await phone.fill('+44 (0)20 7946 0958');
  await page.getByRole('button', { name: 'Add phone' }).click();
  const second = page.getByLabel('Phone 2', { exact: true });
  await second.fill('ask at reception');
  await page.getByLabel('Company').focus();
  const warning = 'This does not look like a number a phone can dial. It is saved as typed.';
  await expect(page.getByText(warning)).toHaveCount(1);
  await expect(second).toHaveAccessibleDescription(warning);
  await expect(page.getByRole('button', { name: 'Make Phone 2 preferred' })).toBeVisible();
  if (SHOTS) {
    await second.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/phone-field-${info.project.name}.png` });
  }

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/person\/[\w-]+$/, { timeout: 10_000 });
  const dial = page.getByRole('link', { name: '020 7946 0958' });
  await expect(dial).toHaveAttribute('href', 'tel:+442079460958');
  // Nothing in it to dial: shown as typed, and no link.
  await expect(page.getByText('ask at reception', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ask at reception' })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/detail-phones-${info.project.name}.png` });

  // The card keeps what was typed.
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel(/^Phone( \*)?$/)).toHaveValue('+44 (0)20 7946 0958');
});

test('Undo in the toast brings back a contact moved to the Trash from its page', async ({
  page,
}, info) => {
  await signUpThroughApi(page, 'Grace Hopper', uniqueEmail(info, 'undo'));
  const id = await createContactThroughApi(page, 'Ada', 'King');
  await page.goto(`/person/${id}`);
  await page.getByRole('button', { name: 'Move to trash' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move To Trash' }).click();
  await expect(page.getByText('Contact move to trash')).toBeVisible();
  // The Trash opens after 2 s; the toast and its Undo stay for 10.
  await expect(page).toHaveURL(/\/trash$/, { timeout: 10_000 });
  await expect(page.getByRole('row').filter({ hasText: 'Ada King' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Undone')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();
});
