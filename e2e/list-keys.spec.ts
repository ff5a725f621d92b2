import { expect, test } from './fixtures';
import { selectRow } from './rows';
import { createContactThroughApi, signUpThroughApi } from './session';

// docs/product/screens.md#list-keys, #letter-headers and #compact-rows.
const shots = process.env.KITH_SHOTS;

test(
  'j, k, Enter, e and # on the list; one history entry for a double click',
  { tag: '@desktop-only' },
  async ({ page }, info) => {
    await signUpThroughApi(
      page,
      'Key Person',
      `keys-${info.project.name}-${Date.now()}@example.com`,
    );
    for (const name of ['Ada', 'Bruno', 'Carla']) await createContactThroughApi(page, name);
    const rows = page.getByRole('rowgroup').nth(1).getByRole('row');

    await page.goto('/');
    await expect(rows.first()).toContainText('Ada Example');
    await page.keyboard.press('j');
    await expect(rows.nth(0)).toBeFocused();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await expect(rows.nth(1)).toBeFocused();
    await expect(rows.nth(1)).toContainText('Bruno Example');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Bruno Example', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);

    await expect(rows.first()).toContainText('Ada Example');
    await page.keyboard.press('j');
    await page.keyboard.press('e');
    await expect(page).toHaveURL(/\/person\/edit\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Edit contact', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);

    // A double click is one open: Back returns to the list at once. (On the name: a wide screen
    // then shows the list beside the contact, the same row under the second click.)
    await rows.filter({ hasText: 'Carla Example' }).dblclick({ position: { x: 120, y: 20 } });
    await expect(page.getByRole('heading', { name: 'Carla Example', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);

    // # asks first, then the toast's Undo brings the contact back.
    await expect(rows.first()).toContainText('Ada Example');
    await page.keyboard.press('j');
    await page.keyboard.press('Shift+#');
    const ask = page.getByRole('dialog', { name: 'Delete from contacts?' });
    await ask.getByRole('button', { name: 'Move To Trash' }).click();
    await expect(page.getByText('1 add to trash')).toBeVisible();
    await expect(rows.filter({ hasText: 'Ada Example' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(rows.filter({ hasText: 'Ada Example' })).toHaveCount(1);
  },
);

test('letter headers when sorted by name, compact rows, and Undo after a bulk trash', async ({
  page,
}, info) => {
  await signUpThroughApi(
    page,
    'Head Person',
    `heads-${info.project.name}-${Date.now()}@example.com`,
  );
  const names = ['Ada', 'Alma', 'Bruno', 'Bea', 'Carla', 'Dan', 'Dora', 'Eva', 'Emil', 'Fay'];
  await Promise.all(names.map((name) => createContactThroughApi(page, name)));
  const rows = page.getByRole('rowgroup').nth(1).getByRole('row');
  const header = (letter: string) => page.locator(`[data-letter-header="${letter}"]`);

  await page.goto('/');
  await expect(header('A')).toBeVisible();
  await expect(header('B')).toBeVisible();
  // The header sits just above its letter's first row.
  const [b, bea] = [await header('B').boundingBox(), await rows.nth(2).boundingBox()];
  expect(bea!.y).toBeGreaterThanOrEqual(b!.y + b!.height - 1);
  if (shots && info.project.name === 'phone') {
    await page.screenshot({ path: `${shots}/letter-headers-390x844.png` });
  }

  // Compact rows: 44 px, and so after a reload.
  expect((await rows.first().boundingBox())!.height).toBeCloseTo(60, 0);
  await page.getByRole('button', { name: /Sort: First name/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Compact rows' }).click();
  await expect.poll(async () => (await rows.first().boundingBox())!.height).toBeCloseTo(44, 0);
  await page.reload();
  await expect(rows.first()).toContainText('Ada Example');
  expect((await rows.first().boundingBox())!.height).toBeCloseTo(44, 0);

  // By date, no headers.
  await page.getByRole('button', { name: /Sort: First name/ }).click();
  await page.getByRole('menuitemradio', { name: 'Recently added' }).click();
  await expect(header('A')).toHaveCount(0);

  // Bulk trash, then Undo: every one comes back.
  await selectRow(page, 'Ada Example');
  await selectRow(page, 'Bruno Example');
  await page.getByRole('button', { name: 'Move to trash' }).click();
  await page
    .getByRole('dialog', { name: 'Delete selected contacts?' })
    .getByRole('button', { name: 'Move To Trash' })
    .click();
  await expect(page.getByText('2 add to trash')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Contacts\s*8/, level: 1 })).toBeVisible();
  // The toast covers neither the title nor the first two rows (their edit and star buttons).
  const toast = (await page
    .getByRole('alert')
    .filter({ hasText: '2 add to trash' })
    .boundingBox())!;
  for (const needed of [page.getByRole('heading', { level: 1 }), rows.nth(0), rows.nth(1)]) {
    const box = (await needed.boundingBox())!;
    const apart =
      toast.x >= box.x + box.width ||
      box.x >= toast.x + toast.width ||
      toast.y >= box.y + box.height ||
      box.y >= toast.y + toast.height;
    expect(apart, 'the toast covers something needed').toBe(true);
  }
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Undone')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Contacts\s*10/, level: 1 })).toBeVisible();
});
