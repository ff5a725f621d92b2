import { expect, snapshot, test, type Page } from './fixtures';
import { createContactThroughApi, signUpThroughApi } from './session';

/** The `datetime-local` value of `ms` in the browser's own time zone, to the second. */
function inputValue(page: Page, ms: number): Promise<string> {
  return page.evaluate((at) => {
    const d = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }, ms);
}

/** The rows of the Contacts list once it shows `count` contacts, as their text. */
async function contactRows(page: Page, count: number): Promise<string[]> {
  await expect(
    page.getByRole('heading', { name: new RegExp(`Contacts\\s*${count}`), level: 1 }),
  ).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: 'Example' });
  await expect(rows).toHaveCount(count);
  return rows.allTextContents();
}

/** Opens /me's "Undo changes" card, chooses Custom and types the moment `ms`. */
async function chooseCustomMoment(page: Page, ms: number) {
  await page.goto('/me');
  const card = page.getByRole('region', { name: 'Undo changes' });
  await card.getByRole('radio', { name: 'Custom' }).check();
  await card.getByLabel('Date and time').fill(await inputValue(page, ms));
  return card;
}

test('Undo changes puts the whole book back as it was at a chosen moment, and its toast undoes that', async ({
  page,
}, info) => {
  // The moment is typed to the second, so the test waits for a new second between the book
  // it makes and the changes it undoes.
  await signUpThroughApi(
    page,
    'Undo Person',
    `undo-${info.project.name}-${Date.now()}@example.com`,
  );
  const ids: Record<string, string> = {};
  for (const name of ['Ada', 'Ben', 'Cleo', 'Dora'])
    ids[name] = await createContactThroughApi(page, name);
  const moment = Math.ceil((Date.now() + 1) / 1_000) * 1_000;
  await page.waitForTimeout(moment - Date.now() + 1_000);

  await page.goto('/');
  const before = await contactRows(page, 4);

  // Nothing has changed since the moment: nothing to undo, and the button says so.
  let card = await chooseCustomMoment(page, moment);
  await expect(card.getByRole('status')).toContainText('Nothing changed since then.');
  await expect(card.getByRole('button', { name: 'Undo changes' })).toBeDisabled();
  // A moment still to come is refused by the server, with its reason under the field.
  await card.getByLabel('Date and time').fill(await inputValue(page, Date.now() + 86_400_000));
  await expect(
    card.getByText('That moment is still to come. Choose a moment in the past.'),
  ).toBeVisible();
  await expect(card.getByLabel('Date and time')).toHaveAttribute('aria-invalid', 'true');

  // One contact edited, one moved to the Trash, one deleted for good, one added.
  expect(
    (
      await page.request.patch(`/api/v1/contacts/${ids.Ada}`, { data: { firstName: 'Adelaide' } })
    ).status(),
  ).toBe(200);
  expect((await page.request.patch(`/api/v1/trash/${ids.Ben}`)).status()).toBe(200);
  expect((await page.request.patch(`/api/v1/trash/${ids.Dora}`)).status()).toBe(200);
  expect((await page.request.delete(`/api/v1/contacts/delete/${ids.Dora}`)).status()).toBe(200);
  await createContactThroughApi(page, 'Eve');

  card = await chooseCustomMoment(page, moment);
  await expect(card.getByRole('status')).toContainText(
    '2 contacts will change, 1 will be recreated and 1 will be removed.',
  );
  await snapshot(page, 'undo-changes-preview');
  await card.getByRole('button', { name: 'Undo changes' }).click();

  const dialog = page.getByRole('dialog', { name: 'Undo changes?' });
  await expect(dialog).toContainText(
    '2 contacts will change, 1 will be recreated and 1 will be removed.',
  );
  // Focus starts on Cancel, so an Enter pressed by habit does not undo the book.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await snapshot(page, 'undo-changes-confirm');
  await dialog.getByRole('button', { name: 'Undo changes' }).click();

  const toast = page
    .getByRole('alert')
    .filter({ hasText: 'Your address book is back as it was at' });
  await expect(toast).toBeVisible();
  await expect(dialog).toBeHidden();
  await snapshot(page, 'undo-changes-done');

  // The list is exactly as it was at the moment: Ada's name, Ben out of the Trash, Dora back,
  // Eve gone.
  await page.getByRole('link', { name: 'Kith home' }).click();
  expect(await contactRows(page, 4)).toEqual(before);
  // Pointing at the toast holds it open (its 10 s run out on a busy machine otherwise).
  await toast.hover();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Undone')).toBeVisible();

  // The restore undone: the book is as the changes left it.
  const after = await contactRows(page, 3);
  expect(after.join('\n')).toContain('Adelaide Example');
  expect(after.join('\n')).toContain('Eve Example');
  expect(after.join('\n')).not.toContain('Ben Example');
  expect(after.join('\n')).not.toContain('Dora Example');
});
