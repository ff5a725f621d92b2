import { axeViolations } from './axe';
import { expect, screenshot, test } from './fixtures';
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
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
    await screenshot(page, `light-${screenName(path)}`);
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
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
    await screenshot(page, `light-${screenName(path)}`);
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
  await screenshot(page, 'light-dialog-trash');
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

/**
 * The states a tester found failing (docs/product/screens.md#keyboard): forms with their
 * errors shown, the open avatar menu, the search dropdown with results, the shortcuts dialog,
 * the A-Z rail, each in the light scheme and, at the desktop size, the dark one.
 */
for (const scheme of ['light', 'dark'] as const) {
  // Colours do not depend on the viewport: the dark scheme's run is the desktop's only.
  test(
    `forms with their errors shown pass WCAG 2.1 AA checks (${scheme})`,
    { tag: scheme === 'dark' ? '@desktop-only' : [] },
    async ({ page }, info) => {
      test.setTimeout(90_000);
      await page.emulateMedia({ colorScheme: scheme });

      await page.goto('/login');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText(/valid email/i).first()).toBeVisible();
      expect({ at: 'login', violations: await axeViolations(page) }).toEqual({
        at: 'login',
        violations: [],
      });
      await screenshot(page, `${scheme}-login-errors`);

      await page.goto('/signup');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Name').click();
      await expect(page.getByText(/valid email/i).first()).toBeVisible();
      expect({ at: 'signup', violations: await axeViolations(page) }).toEqual({
        at: 'signup',
        violations: [],
      });
      await screenshot(page, `${scheme}-signup-errors`);

      await signUpThroughApi(
        page,
        'Form Errors',
        `errors-${scheme}-${info.project.name}-${Date.now()}@example.com`,
      );
      await page.goto('/new');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('First name is required')).toBeVisible();
      expect({ at: 'new', violations: await axeViolations(page) }).toEqual({
        at: 'new',
        violations: [],
      });
      await screenshot(page, `${scheme}-new-errors`);
      if (info.project.name === 'desktop') {
        // The sidebar's button to the screen already open, under the pointer: filled buttons
        // darken on hover rather than lighten.
        await page.getByRole('link', { name: 'Create Contact', exact: true }).hover();
        expect({ at: 'hover', violations: await axeViolations(page) }).toEqual({
          at: 'hover',
          violations: [],
        });
      }
    },
  );

  // Colours do not depend on the viewport: the dark scheme's run is the desktop's only.
  test(
    `the open avatar menu, search results and shortcuts dialog pass WCAG 2.1 AA checks (${scheme})`,
    { tag: scheme === 'dark' ? '@desktop-only' : [] },
    async ({ page }, info) => {
      test.setTimeout(90_000);
      await page.emulateMedia({ colorScheme: scheme });
      await signUpThroughApi(
        page,
        'Menu Person',
        `menu-${scheme}-${info.project.name}-${Date.now()}@example.com`,
      );
      // More results than the dropdown shows at once: it scrolls.
      for (const family of [
        'One',
        'Two',
        'Three',
        'Four',
        'Five',
        'Six',
        'Seven',
        'Eight',
        'Nine',
        'Ten',
      ]) {
        await createContactThroughApi(page, 'Searchable', family);
      }

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.getByRole('button', { name: /account menu/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
      expect({ at: 'menu', violations: await axeViolations(page) }).toEqual({
        at: 'menu',
        violations: [],
      });
      await screenshot(page, `${scheme}-avatar-menu`);

      // From the menu, for those who do not know `?`.
      await page.getByRole('menuitem', { name: 'Keyboard shortcuts' }).click();
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(dialog).toBeVisible();
      await expect(page.getByRole('menu')).toHaveCount(0);
      expect({ at: 'shortcuts', violations: await axeViolations(page) }).toEqual({
        at: 'shortcuts',
        violations: [],
      });
      await screenshot(page, `${scheme}-shortcuts-dialog`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);

      if (info.project.name === 'phone') {
        await page.getByRole('button', { name: 'Search contacts' }).click();
      }
      await page.getByRole('textbox', { name: 'Search contacts' }).fill('Searchable');
      await expect(page.getByRole('option', { name: /Searchable Two/ })).toBeVisible();
      expect({ at: 'search', violations: await axeViolations(page) }).toEqual({
        at: 'search',
        violations: [],
      });
      await screenshot(page, `${scheme}-search-results`);
    },
  );
}

test('the A-Z rail passes WCAG 2.1 AA checks, its letters at least 24 px (WCAG 2.5.8)', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await signUpThroughApi(
    page,
    'Rail Person',
    `rail-${info.project.name}-${Date.now()}@example.com`,
  );
  // 30 names, enough for the rail; two in other scripts, which sort after Z.
  const givens = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'Mia', 'Noor', 'שרה', 'ليلى'];
  const csv = [
    'First Name,Last Name,Phone 1 - Value',
    ...givens.map((given, i) => `${given},Rail,+1 555 ${2000 + i}`),
  ].join('\n');
  await page.goto('/import');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'rail.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: `Import ${givens.length}` }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible();
  await page.goto('/');
  const rail = page.getByRole('navigation', { name: 'Jump to letter' });
  await expect(rail).toBeVisible();
  const letters = rail.getByRole('button');
  await expect(letters).toHaveCount(27);
  for (const box of await letters.evaluateAll((buttons) =>
    buttons.map((button) => {
      const { width, height } = button.getBoundingClientRect();
      return { letter: button.textContent, width, height };
    }),
  )) {
    expect(box.width, `${box.letter}'s width`).toBeGreaterThanOrEqual(24);
    expect(box.height, `${box.letter}'s height`).toBeGreaterThanOrEqual(24);
  }
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'light-rail');

  // Names in Hebrew and Arabic sort after Z: `#` is the rail's last letter and jumps to them.
  await expect(letters.last()).toHaveAccessibleName('Jump to other names');
  await letters.last().click();
  await expect(page.getByRole('row', { name: /שרה Rail/ })).toBeInViewport();
  await expect(page.getByRole('row', { name: /^A Rail/ })).not.toBeInViewport();
});
