import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { createContactThroughApi, signUpThroughApi } from './session';

// Typed input is never lost without a word: leaving a form with unsaved changes by the
// browser's Back, a link or closing the tab asks first (docs/product/states.md#forms).

const uniqueEmail = (info: TestInfo) =>
  `unsaved-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Opens /new from the list, inside the app, so Back is the app's own navigation. */
async function openCreateScreen(page: Page, info: TestInfo) {
  await page.goto('/');
  if (info.project.name === 'phone') await page.getByRole('link', { name: 'Add contact' }).click();
  else await page.getByRole('link', { name: 'Create Contact', exact: true }).click();
  await expect(page).toHaveURL(/\/new$/);
}

test("the browser's Back on /new with a typed name asks, and Cancel keeps what was typed", async ({
  page,
}, info) => {
  await signUpThroughApi(page, 'Grace Hopper', uniqueEmail(info));
  await openCreateScreen(page, info);
  const firstName = page.getByRole('textbox', { name: /^First name/ });
  await firstName.fill('Ada');
  await page.goBack();
  const dialog = page.getByRole('dialog', { name: 'Discard Changes' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/new$/);
  await expect(firstName).toHaveValue('Ada');

  // Closing the tab (or reloading) asks through the browser's own question.
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', (question) => {
      resolve(question.type());
      void question.dismiss();
    });
  });
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
});

test('leaving the edit screen by Back after a change asks, and Discard leaves', async ({
  page,
}, info) => {
  await signUpThroughApi(page, 'Grace Hopper', uniqueEmail(info));
  const id = await createContactThroughApi(page, 'Ada', 'Lovelace');
  await page.goto(`/person/${id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/person/edit/${id}$`));
  const name = page.getByRole('textbox', { name: /^Name( \*)?$/ });
  await expect(name).toHaveValue('Ada Lovelace');
  await name.fill('Ada King');
  await page.goBack();
  const dialog = page.getByRole('dialog', { name: 'Discard Changes' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(new RegExp(`/person/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
});

test('an untouched form leaves without asking', async ({ page }, info) => {
  await signUpThroughApi(page, 'Grace Hopper', uniqueEmail(info));
  await openCreateScreen(page, info);
  await expect(page.getByRole('textbox', { name: /^First name/ })).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/\/new$/);
  await expect(page.getByRole('dialog', { name: 'Discard Changes' })).toBeHidden();
});
