import { expect, snapshot, test } from './fixtures';
import { createContactThroughApi, signUpThroughApi } from './session';

// Safety rails for sync (docs/history.md#safety-rails-for-sync): a phone that deletes more
// than a fifth of the book within 10 minutes is told about on every signed-in page, and
// "Undo these changes" puts those contacts back.

test('a phone deletes a third of the book; the notice says so and Undo puts them back', async ({
  page,
}, info) => {
  // The server looks for bursts seconds after a CardDAV write (and each minute besides).
  test.setTimeout(120_000);
  const email = `alerts-${info.project.name}-${Date.now()}@example.com`;
  await signUpThroughApi(page, 'Alert Person', email);
  const ids: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    ids.push(await createContactThroughApi(page, `Friend${String(i).padStart(2, '0')}`));
  }

  await page.goto('/sync');
  await page.getByLabel('Device name').fill('iPhone');
  await page.getByRole('button', { name: 'Create app password' }).click();
  const password = (await page.getByTestId('new-app-password').textContent())!;
  const profile = await page.request.get('/api/trpc/account.profile');
  const userId = ((await profile.json()) as { result: { data: { json: { id: string } } } }).result
    .data.json.id;

  // The phone deletes 4 of the 12 contacts, as a CardDAV client does.
  const authorization = `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;
  for (const id of ids.slice(0, 4)) {
    const res = await page.request.fetch(`/dav/addressbooks/${userId}/contacts/${id}.vcf`, {
      method: 'DELETE',
      headers: { authorization },
    });
    expect(res.status()).toBe(204);
  }

  await page.goto('/');
  const notice = page.getByTestId('sync-alert');
  await expect(async () => {
    await page.reload();
    await expect(notice).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 80_000, intervals: [2_000, 5_000] });
  await expect(notice).toContainText('Many contacts changed at once');
  await expect(notice).toContainText(
    /iPhone changed 4 contacts (at|between) \d\d:\d\d( and \d\d:\d\d)?\./,
  );
  await expect(page.getByText('Friend00 Example')).toHaveCount(0);
  await snapshot(page, 'sync-alert');

  await notice.getByRole('button', { name: 'Undo these changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Undo these changes?' });
  await expect(dialog).toContainText('The 4 contacts iPhone changed go back as they were');
  await snapshot(page, 'sync-alert-confirm');
  await dialog.getByRole('button', { name: 'Undo these changes' }).click();
  await expect(page.getByText('4 contacts put back as they were')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(page.getByText('Friend00 Example').first()).toBeVisible();

  // The notice stays gone after a reload: the alert is undone on the server.
  await page.reload();
  await expect(page.getByText('Friend03 Example').first()).toBeVisible();
  await expect(notice).toHaveCount(0);
});
