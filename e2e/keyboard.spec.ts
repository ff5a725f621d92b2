import type { Page } from '@playwright/test';
import { expect, snapshot, test } from './fixtures';
import { createContactThroughApi, signUpThroughApi } from './session';

/**
 * The keyboard (docs/product/screens.md#keyboard): the skip link, where the focus goes after
 * a navigation, and the shortcuts `/`, `c` and `?`, which never fire while typing.
 */

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? { tag: el.tagName, id: el.id, text: (el.textContent ?? '').trim().slice(0, 60) }
      : null;
  });

test('the first Tab reaches "Skip to content", which passes the header and navigation', async ({
  page,
}, info) => {
  await page.goto('/help');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();

  await signUpThroughApi(
    page,
    'Skip Person',
    `skip-${info.project.name}-${Date.now()}@example.com`,
  );
  await page.goto('/new');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await snapshot(page, 'skip-link');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // From the content's start, First name is a few Tabs away (it was 18 through the shell).
  let tabs = 0;
  const firstName = page.getByLabel('First name');
  while (tabs < 6 && !(await firstName.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press('Tab');
    tabs += 1;
  }
  await expect(firstName).toBeFocused();
});

test('after a navigation the focus is on the new screen’s heading and its title is said', async ({
  page,
}, info) => {
  await signUpThroughApi(
    page,
    'Focus Person',
    `focus-${info.project.name}-${Date.now()}@example.com`,
  );
  await createContactThroughApi(page, 'Focused');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Contacts/ })).toBeVisible();
  // Not on the first load: the browser starts at the top of the page.
  expect(await focused(page)).toMatchObject({ tag: 'BODY' });

  if (info.project.name === 'phone')
    await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('link', { name: 'Trash' }).click();
  const trash = page.getByRole('heading', { level: 1, name: /Trash/ });
  await expect(trash).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Trash · Kith' })).toHaveCount(1);

  // A row opens the contact: its name's heading takes the focus.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: /Contacts/ })).toBeFocused();
  await page.getByRole('row', { name: /Focused Example/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Focused Example' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Contact · Kith' })).toHaveCount(1);
});

test('shortcuts: / searches, c creates, ? lists them all; none fires while typing', async ({
  page,
}, info) => {
  await signUpThroughApi(
    page,
    'Keys Person',
    `keys-${info.project.name}-${Date.now()}@example.com`,
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Contacts/ })).toBeVisible();

  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const [key, action] of [
    ['/', 'Search contacts'],
    ['c', 'Create a contact'],
    ['?', 'Show keyboard shortcuts'],
    ['j', 'Select the next contact'],
    ['k', 'Select the previous contact'],
    ['Enter', 'Open the selected contact'],
    ['e', 'Edit the selected contact'],
    ['#', 'Move the selected contact to the trash (asks first)'],
  ]) {
    await expect(dialog.getByRole('row', { name: `${key} ${action}` })).toBeVisible();
  }
  await snapshot(page, 'shortcuts-dialog');
  // Keys in the dialog stay the dialog's: c does not leave for the create screen.
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/new$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // Typing a name with a c in it, or a ?, stays in the field.
  const firstName = page.getByLabel('First name');
  await firstName.click();
  await page.keyboard.type('Cecilia?');
  await expect(firstName).toHaveValue('Cecilia?');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // / from outside a field goes to the search box; c and ? typed there are letters.
  await page.getByRole('heading', { level: 1 }).focus();
  await page.keyboard.press('/');
  const search = page.getByRole('textbox', { name: 'Search contacts' });
  await expect(search).toBeFocused();
  await page.keyboard.type('c?');
  await expect(search).toHaveValue('c?');
  await expect(page).toHaveURL(/\/new$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the shortcuts dialog in Spanish, from the avatar menu', async ({ page }, info) => {
  await signUpThroughApi(page, 'Teclas', `teclas-${info.project.name}-${Date.now()}@example.com`);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /account menu/ }).click();
  const spanish = page.getByRole('menuitemradio', { name: 'Español' });
  await expect(async () => {
    if (!(await spanish.isVisible())) {
      await page.getByRole('menuitem', { name: /Language/ }).click({ timeout: 2_000 });
    }
    await spanish.click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await page.getByRole('button', { name: /menú de la cuenta/ }).click();
  await page.getByRole('menuitem', { name: 'Atajos de teclado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Atajos de teclado' });
  await expect(dialog.getByRole('row', { name: 'c Crear un contacto' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'En una lista de contactos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeAttached();
});
