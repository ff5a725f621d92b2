import type { Page, TestInfo } from '@playwright/test';
import { expect, snapshot, test } from './fixtures';
import { selectRow } from './rows';
import { createContactThroughApi, signUpThroughApi } from './session';

const isPhone = (info: TestInfo) => info.project.name === 'phone';

/** Opens a section from the sidebar, or from the drawer on a phone. */
async function goTo(page: Page, info: TestInfo, section: 'Contacts' | 'Favorite' | 'Trash') {
  if (isPhone(info)) await page.getByRole('button', { name: 'Open navigation' }).click();
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: section })
    .click();
}

/** Closes the toasts, as a person would before reaching what they cover. */
async function dismissToasts(page: Page) {
  const closeButtons = page.locator('.mantine-Notification-root button');
  for (let i = 0; i < 10 && (await closeButtons.count()) > 0; i += 1) {
    // A toast may close by itself meanwhile; a short timeout keeps that from stalling the test.
    await closeButtons
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
}

const today = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
}).format(new Date());

test('a person keeps a contact through its whole life', async ({ page, foreignRequests }, info) => {
  test.setTimeout(120_000);
  await signUpThroughApi(
    page,
    'Grace Hopper',
    `grace-${info.project.name}-${Date.now()}@example.com`,
  );
  await page.goto('/');
  await expect(page.getByText('No contacts yet')).toBeVisible();
  await expect(
    page.getByText('Start building your network by adding your first contact'),
  ).toBeVisible();
  await snapshot(page, 'contacts-empty');

  // Create, with a photo.
  if (isPhone(info)) await page.getByRole('link', { name: 'Add contact' }).click();
  else await page.getByRole('link', { name: 'Create Contact', exact: true }).click();
  await expect(page).toHaveURL(/\/new$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles('e2e/fixtures/portrait.jpg');
  await expect(page.getByText('Image uploaded successfully!')).toBeVisible();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByLabel(/^Phone( \*)?$/).fill('+44 20 7946 0018');
  await page.getByLabel('Company').fill('Analytical Engines');
  await page.getByLabel('Job title').fill('Programmer');
  await page.getByLabel('Country').fill('United Kingdom');
  await page.getByLabel('City').fill('London');
  await page.getByLabel('Post code').fill('W1 0AA');
  await page.getByLabel('Street address').fill('12 St James Square');
  await page.getByLabel('Day').fill('10');
  await page.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: 'December' }).click();
  await page.getByLabel('Year').fill('1985');
  await snapshot(page, 'create');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact Created')).toBeVisible();
  await expect(page).toHaveURL(/\/person\/[0-9a-f-]{36}$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByText('Programmer • Analytical Engines')).toBeVisible();
  await expect(page.getByText('12 St James Square, W1 0AA London, United Kingdom')).toBeVisible();
  await expect(page.getByText('10 December 1985')).toBeVisible();
  // The contact's own photo, not its row's in the list beside it (two panes from 1024 px).
  const photo = page
    .getByRole('img', { name: 'Ada Lovelace' })
    .and(page.locator(':not([data-list-pane] *)'));
  // A short-lived signed link, and the browser really loads the picture through it.
  await expect(photo).toHaveAttribute('src', /^\/uploads\/.+\.webp\?exp=\d+&sig=[\w-]+$/);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await snapshot(page, 'detail');

  // Find it in the list and by search.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: /Contacts\s*1/ })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Ada Lovelace' })).toBeVisible();
  await snapshot(page, 'contacts');
  if (isPhone(info)) await page.getByRole('button', { name: 'Search contacts' }).click();
  const search = page.getByRole('textbox', { name: 'Search contacts' });
  await search.fill('lovel');
  await expect(page.getByRole('option', { name: /Ada Lovelace/ })).toBeVisible();
  await snapshot(page, 'search');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();

  // Favorite it and see it in Favorites.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(page.getByText('Added Ada Lovelace to favorites')).toBeVisible();
  await goTo(page, info, 'Favorite');
  await expect(page.getByRole('heading', { name: /Favorites\s*1/ })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Ada Lovelace' })).toBeVisible();
  await snapshot(page, 'favorites');

  // Edit it.
  await page
    .getByRole('row')
    .filter({ hasText: 'Ada Lovelace' })
    .getByRole('button', { name: 'Edit Ada Lovelace' })
    .click();
  await expect(page.getByLabel(/^Name( \*)?$/)).toHaveValue('Ada Lovelace');
  await page.getByLabel(/^Name( \*)?$/).fill('Ada King');
  await snapshot(page, 'edit');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact Updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ada King' })).toBeVisible();

  // Trash it and see the date in Trash.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Move to trash' }).click();
  const trashDialog = page.getByRole('dialog', { name: 'Delete from contacts?' });
  await expect(
    trashDialog.getByText(
      'This contact will be permanently deleted from this account after 30 days.',
    ),
  ).toBeVisible();
  await trashDialog.getByRole('button', { name: 'Move To Trash' }).click();
  await expect(page.getByText('Contact move to trash')).toBeVisible();
  await expect(page).toHaveURL(/\/trash$/, { timeout: 10_000 });
  const trashedRow = page.getByRole('row').filter({ hasText: 'Ada King' });
  await expect(trashedRow).toContainText(today);
  await snapshot(page, 'trash');

  // Recover it, trash it again, delete it forever.
  if (isPhone(info)) {
    await trashedRow.getByRole('button', { name: 'Actions for Ada King' }).click();
    await page.getByRole('menuitem', { name: 'Recover' }).click();
  } else {
    await trashedRow.hover();
    await trashedRow.getByRole('button', { name: 'Recover' }).click();
  }
  await expect(page.getByText('Contact recovered')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();
  await goTo(page, info, 'Contacts');
  // 'Contact recovered' sits below the list's header row, over the first rows on a phone.
  await dismissToasts(page);
  await page.getByRole('row').filter({ hasText: 'Ada King' }).click();
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Move to trash' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move To Trash' }).click();
  await expect(page).toHaveURL(/\/trash$/, { timeout: 10_000 });
  if (isPhone(info)) {
    await page.getByRole('button', { name: 'Actions for Ada King' }).click();
    await page.getByRole('menuitem', { name: 'Delete Forever' }).click();
  } else {
    await page.getByRole('row').filter({ hasText: 'Ada King' }).hover();
    await page
      .getByRole('row')
      .filter({ hasText: 'Ada King' })
      .getByRole('button', { name: 'Delete Forever' })
      .click();
  }
  const forever = page.getByRole('dialog', { name: 'Delete forever?' });
  await expect(forever.getByText("This can't be undone")).toBeVisible();
  await forever.getByRole('button', { name: 'Delete Forever' }).click();
  await expect(page.getByText('Contact Deleted')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Empty Trash now' })).toBeDisabled();
  expect(foreignRequests).toEqual([]);
});

test('bulk select, trash, recover and delete, and empty the trash', async ({ page }, info) => {
  test.setTimeout(90_000);
  await signUpThroughApi(
    page,
    'Bulk Person',
    `bulk-${info.project.name}-${Date.now()}@example.com`,
  );
  for (const name of ['Alpha', 'Bravo', 'Charlie']) await createContactThroughApi(page, name);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Contacts\s*3/ })).toBeVisible();

  await selectRow(page, 'Alpha Example');
  const toolbar = page.getByRole('toolbar', { name: 'Selected contacts' });
  await expect(toolbar.getByText('1 selected')).toBeVisible();
  await toolbar.getByRole('button', { name: '1 selected' }).click();
  await page.getByRole('menuitem', { name: 'Select All' }).click();
  await expect(toolbar.getByText('3 selected')).toBeVisible();
  await snapshot(page, 'selection');
  await toolbar.getByRole('button', { name: 'Move to trash' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete selected contacts?' });
  await expect(
    dialog.getByText('These contacts will be permanently deleted from this account after 30 days.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Move To Trash' }).click();
  await expect(page.getByText('3 add to trash')).toBeVisible();
  await expect(page.getByText('No contacts yet')).toBeVisible();
  await expect(toolbar).toBeHidden();

  await goTo(page, info, 'Trash');
  await selectRow(page, 'Alpha Example');
  await toolbar.getByRole('button', { name: '1 selected' }).click();
  await page.getByRole('menuitem', { name: 'Select All' }).click();
  await toolbar.getByRole('button', { name: 'Recover' }).click();
  await expect(page.getByText('Contacts recovered')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();

  await goTo(page, info, 'Contacts');
  await selectRow(page, 'Bravo Example');
  await selectRow(page, 'Charlie Example');
  await expect(toolbar.getByText('2 selected')).toBeVisible();
  await toolbar.getByRole('button', { name: 'Move to trash' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Move To Trash' }).click();
  await expect(page.getByText('2 add to trash')).toBeVisible();
  await goTo(page, info, 'Trash');
  await selectRow(page, 'Bravo Example');
  await selectRow(page, 'Charlie Example');
  await toolbar.getByRole('button', { name: 'Delete forever' }).click();
  await page
    .getByRole('dialog', { name: 'Delete forever?' })
    .getByRole('button', { name: 'Delete Forever' })
    .click();
  await expect(page.getByText('2 contacts deleted')).toBeVisible();

  const last = await createContactThroughApi(page, 'Delta');
  await page.request.patch(`/api/v1/trash/${last}`);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Delta Example' })).toBeVisible();
  await page.getByRole('button', { name: 'Empty Trash now' }).click();
  await page
    .getByRole('dialog', { name: 'Delete forever?' })
    .getByRole('button', { name: 'Delete Forever' })
    .click();
  await expect(page.getByText('Trash emptied')).toBeVisible();
  await expect(page.getByText('Trash is empty')).toBeVisible();
  await snapshot(page, 'trash-empty');
  await expect(page.getByRole('heading', { name: /Contacts\s*1/ })).toBeHidden();
});
