import type { Locator, Page } from '@playwright/test';
import { expect, snapshot, test } from './fixtures';
import { signUpThroughApi } from './session';

/** The contact page's list of changes (docs/history.md#a-contacts-history). */
function changes(page: Page): Locator {
  return page.getByRole('region', { name: 'Changes in the last 30 days' });
}

/** The History's entries, newest first. */
function entries(page: Page): Locator {
  return changes(page).getByRole('list').first().locator(':scope > li');
}

/**
 * Closes the toasts, as a person would before reading what they cover (and so none is fading
 * out while axe judges its contrast).
 */
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

/** The contact's details as the page lists them, each label before its value. */
async function details(page: Page): Promise<string> {
  const section = page.getByRole('heading', { name: 'Contact Details' }).locator('..');
  return (await section.innerText()).replace(/\s+/g, ' ');
}

// A person edits a contact, reads in its History what changed in words, and restores the
// version from before the edit, with an Undo.
test("a contact's History says what each change did and restores an earlier version", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await signUpThroughApi(
    page,
    'History Person',
    `history-${info.project.name}-${Date.now()}@example.com`,
  );
  await page.goto('/new');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel(/^Phone( \*)?$/).fill('+44 20 7946 0958');
  await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/person\/[0-9a-f-]{36}$/, { timeout: 10_000 });
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText('Created');
  await expect(entries(page).first()).toContainText('Current version');

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel(/^Name( \*)?$/).fill('Ada Byron');
  await page.getByLabel(/^Phone( \*)?$/).fill('+44 20 7946 0000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact Updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ada Byron', level: 1 })).toBeVisible();

  // The star from the page is a change too, listed as soon as it is made.
  await page.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(entries(page)).toHaveCount(3);
  const [starred, edited, created] = [0, 1, 2].map((i) => entries(page).nth(i));
  await expect(starred!).toContainText('Added to Favorites');
  await expect(starred!).toContainText('In Kith on the web');
  await expect(starred!).toContainText('Current version');
  await expect(edited!).toContainText('Name changed from Ada Lovelace to Ada Byron');
  await expect(edited!).toContainText(
    'Phone · Mobile changed from +44 20 7946 0958 to +44 20 7946 0000',
  );
  await expect(created!).toContainText('Created');
  // The time is relative, with the exact one on hover.
  await expect(edited!.locator('time')).toHaveText('now');
  await expect(edited!.locator('time')).toHaveAttribute('title', /\d{4}/);
  await dismissToasts(page);
  await changes(page).scrollIntoViewIfNeeded();
  await snapshot(page, 'history');

  // "Restore this version" on the first version: the contact as it was when created.
  await created!.getByRole('button', { name: 'Restore this version' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this version?' });
  await expect(dialog).toContainText(
    /Ada Byron will be put back as it was on \d+ \w+ \d{4} at \d\d:\d\d/,
  );
  await snapshot(page, 'history-restore-confirm');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Version restored')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();
  expect(await details(page)).toContain('Phone · Mobile +44 20 7946 0958');
  await expect(page.getByRole('button', { name: 'Add to favorites' })).toBeVisible();

  // The restore is the newest change, through the History, undoing the edit and the star.
  await expect(entries(page)).toHaveCount(4);
  const restored = entries(page).first();
  await expect(restored).toContainText('Restore from history');
  await expect(restored).toContainText('Name changed from Ada Byron to Ada Lovelace');
  await expect(restored).toContainText(
    'Phone · Mobile changed from +44 20 7946 0000 to +44 20 7946 0958',
  );
  await expect(restored).toContainText('Removed from Favorites');

  // Undo puts back what the restore replaced.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Undone')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ada Byron', level: 1 })).toBeVisible();
  expect(await details(page)).toContain('Phone · Mobile +44 20 7946 0000');
  await expect(page.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
  await expect(entries(page)).toHaveCount(5);
});
