import { expect, test } from './fixtures';
import { createContactThroughApi, signUpThroughApi } from './session';

// docs/product/screens.md#two-panes: from 1024 px the list stays at the left of the open
// contact; a phone shows one pane as before.
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const BOOK = 40;
/** `Aperson00`, `Bperson01`, ...: names across the alphabet. */
const given = (i: number) => `${LETTERS[i % 26]}person${String(i).padStart(2, '0')}`;
/** Where the screenshots for the closing note go, when asked for (`KITH_SHOTS=dir`). */
const shots = process.env.KITH_SHOTS;

test('the list beside the open contact, by URL, through Back and reload', async ({
  page,
}, info) => {
  await signUpThroughApi(
    page,
    'Pane Person',
    `panes-${info.project.name}-${Date.now()}@example.com`,
  );
  await Promise.all(
    Array.from({ length: BOOK }, (_, i) => createContactThroughApi(page, given(i))),
  );
  const list = page.getByRole('table', { name: 'Contacts' });
  const row = (name: string) => list.getByRole('row').filter({ hasText: name });

  await page.goto('/');
  await expect(row('Aperson00')).toBeVisible();
  // The letter headers are in: the list has its whole height.
  await expect(page.locator('[data-letter-header="A"]')).toBeVisible();
  // Far down the list: End, then the last row (Z sorts last).
  await page.keyboard.press('End');
  await row('Zperson25').click();
  await expect(page).toHaveURL(/\/person\/[0-9a-f-]{36}$/);
  const contact = page.getByRole('heading', { name: 'Zperson25 Example', level: 1 });
  await expect(contact).toBeVisible();

  if (info.project.name === 'phone') {
    // One pane: the contact alone, and Back to the list where it was.
    await expect(list).toHaveCount(0);
    await page.goBack();
    await expect(row('Zperson25')).toBeInViewport();
    return;
  }

  // Side by side, the list where it was, the open contact marked in it.
  await expect(list).toBeVisible();
  const open = list.locator('[aria-current="true"]');
  await expect(open).toContainText('Zperson25');
  await expect(open).toBeInViewport();
  const [listBox, contactBox] = [await list.boundingBox(), await contact.boundingBox()];
  expect(listBox!.x + listBox!.width).toBeLessThanOrEqual(contactBox!.x);
  if (shots) await page.screenshot({ path: `${shots}/two-panes-1280x800.png` });

  // Another contact from the pane: the list does not move, the URL names the new one.
  const pane = page.locator('[data-list-pane]');
  const scrolled = await pane.evaluate((element) => element.scrollTop);
  expect(scrolled).toBeGreaterThan(0);
  const firstUrl = page.url();
  await row('Yperson24').click();
  await expect(page.getByRole('heading', { name: 'Yperson24 Example', level: 1 })).toBeVisible();
  expect(page.url()).not.toBe(firstUrl);
  await expect(open).toContainText('Yperson24');
  expect(await pane.evaluate((element) => element.scrollTop)).toBe(scrolled);

  // Back: the first contact again, both panes.
  await page.goBack();
  await expect(page).toHaveURL(firstUrl);
  await expect(contact).toBeVisible();
  await expect(open).toContainText('Zperson25');

  // Reload: both panes, the list where it was.
  await page.reload();
  await expect(contact).toBeVisible();
  await expect(open).toBeInViewport();

  if (shots) {
    await page.setViewportSize({ width: 1024, height: 768 });
    await open.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/two-panes-1024x768.png` });
  }
});
