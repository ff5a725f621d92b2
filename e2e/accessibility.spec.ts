import { axeViolations } from './axe';
import { expect, snapshot, test } from './fixtures';
import { createContactThroughApi, signUpThroughApi } from './session';

/** A file name for a path: `/` -> `home`, `/person/edit/<id>` -> `person-edit`. */
const screenName = (path: string) =>
  path
    .replace(/\/[0-9a-f-]{36}$/, '')
    .replace(/^\/$/, '/home')
    .slice(1)
    .replaceAll('/', '-');

test('the public pages pass WCAG 2.1 AA checks', async ({ page }) => {
  // Seven pages, each a full axe run: slow on a busy 2-core machine.
  test.setTimeout(90_000);
  for (const path of ['/', '/login', '/signup', '/recover', '/help', '/contact', '/privacy']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
    await snapshot(page, `light-${screenName(path)}`);
  }
});

test('the signed-in screens pass WCAG 2.1 AA checks', async ({ page }, info) => {
  // Seven screens through axe on a busy two-core machine; /me and a contact grew.
  test.setTimeout(90_000);
  await signUpThroughApi(page, 'Axe Person', `axe-${info.project.name}-${Date.now()}@example.com`);
  const id = await createContactThroughApi(page, 'Checked');
  const trashed = await createContactThroughApi(page, 'Binned');
  await page.request.patch(`/api/v1/trash/${trashed}`);
  for (const path of [
    '/',
    '/favorite',
    '/trash',
    `/person/${id}`,
    `/person/edit/${id}`,
    '/new',
    '/me',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
    await snapshot(page, `light-${screenName(path)}`);
  }
});

test('screens stay WCAG 2.1 AA with a toast or a dialog open', async ({ page }, info) => {
  // Seven screens through axe on a busy two-core machine; /me and a contact grew.
  test.setTimeout(90_000);
  await signUpThroughApi(
    page,
    'Axe Toasts',
    `axe-toasts-${info.project.name}-${Date.now()}@example.com`,
  );
  const id = await createContactThroughApi(page, 'Toasted');
  const trashed = await createContactThroughApi(page, 'Binned');
  await page.request.patch(`/api/v1/trash/${trashed}`);
  const toast = page.locator('.mantine-Notification-root');

  await page.goto(`/person/${id}`);
  await page.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(toast.filter({ hasText: 'Added Toasted' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete from contacts?' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await snapshot(page, 'light-dialog-trash');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/trash');
  await page.getByRole('row').filter({ hasText: 'Binned' }).hover();
  if (info.project.name === 'phone') {
    await page.getByRole('button', { name: 'Actions for Binned Example' }).click();
    await page.getByRole('menuitem', { name: 'Recover' }).click();
  } else {
    await page.getByRole('button', { name: 'Recover' }).first().click();
  }
  await expect(toast.filter({ hasText: 'Contact recovered' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/new');
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign out?' })).toBeVisible();
  // The menu fades out as the dialog opens; check the page the person is left with.
  await expect(page.getByRole('menu')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});
