import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { selectRow } from './rows';
import { createContactThroughApi, signUpThroughApi } from './session';

/** The sidebar on a desktop; on a phone it sits in the drawer. */
async function sidebar(page: Page, info: TestInfo) {
  if (info.project.name === 'phone') {
    await page.getByRole('button', { name: 'Open navigation' }).click();
  }
  return page.getByRole('navigation', { name: 'Sections' });
}

test('labels: created from the sidebar, given in bulk, counted, taken away, renamed and deleted', async ({
  page,
}, info) => {
  await signUpThroughApi(
    page,
    'Label Person',
    `labels-${info.project.name}-${Date.now()}@example.com`,
  );
  for (const name of ['Ann', 'Bob', 'Cy']) await createContactThroughApi(page, name);
  await page.goto('/');

  await (await sidebar(page, info)).getByRole('button', { name: 'Create label' }).click();
  const create = page.getByRole('dialog', { name: 'Create label' });
  await create.getByLabel('Label name').fill('Family');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/label\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /Family\s*0/, level: 1 })).toBeVisible();
  await expect(page.getByText('No contacts with this label yet')).toBeVisible();

  await page.goto('/');
  await selectRow(page, 'Ann Example');
  await selectRow(page, 'Bob Example');
  const toolbar = page.getByRole('toolbar', { name: 'Selected contacts' });
  await toolbar.getByRole('button', { name: 'Labels' }).click();
  await page.getByRole('menuitem', { name: 'Family' }).first().click();
  await expect(page.getByText('Label Family given')).toBeVisible();
  // Undo takes it back from the two; given again, it stays.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Undone')).toBeVisible();
  await expect((await sidebar(page, info)).getByRole('link', { name: /Family/ })).toContainText(
    '0',
  );
  if (info.project.name === 'phone') {
    await page.getByRole('button', { name: 'Close navigation' }).click();
  }
  await toolbar.getByRole('button', { name: 'Labels' }).click();
  await page.getByRole('menuitem', { name: 'Family' }).first().click();
  await expect(page.getByText('Label Family given')).toBeVisible();

  const family = (await sidebar(page, info)).getByRole('link', { name: /Family/ });
  await expect(family).toContainText('2');
  await family.click();
  await expect(page.getByRole('heading', { name: /Family\s*2/, level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Cy Example' })).toHaveCount(0);

  // Taken away on the contact's page.
  await page.getByRole('row').filter({ hasText: 'Ann Example' }).click();
  await page.getByRole('button', { name: 'Remove label Family' }).click();
  await expect(page.getByRole('group', { name: 'Labels' }).getByText('Family')).toHaveCount(0);

  await page.goBack();
  await expect(page.getByRole('heading', { name: /Family\s*1/, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Label actions' }).click();
  await page.getByRole('menuitem', { name: 'Rename label' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename label' });
  await rename.getByLabel('Label name').fill('Relatives');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: /Relatives\s*1/, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Label actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete label' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this label?' })
    .getByRole('button', { name: 'Delete label' })
    .click();
  await expect(page.getByText('Label deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Contacts\s*3/, level: 1 })).toBeVisible();
});
