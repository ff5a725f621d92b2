import { expect, snapshot, test } from './fixtures';
import { signUpThroughApi } from './session';

test('Merge & fix shows duplicates side by side and merges the picked values', async ({
  page,
}, info) => {
  await signUpThroughApi(
    page,
    'Merge Person',
    `merge-${info.project.name}-${Date.now()}@example.com`,
  );
  for (const [firstName, phone] of [
    ['Ada', '+44 20 7946 0000'],
    ['Augusta', '+44 20 7946 9999'],
  ]) {
    const res = await page.request.post('/api/v1/contacts', {
      data: { firstName, lastName: 'Lovelace', phone, email: 'ada@example.com' },
    });
    expect(res.status()).toBe(201);
  }

  await page.goto('/merge');
  await expect(page.getByRole('heading', { name: 'Merge & fix', level: 1 })).toBeVisible();
  const group = page.getByRole('region', { name: 'Ada Lovelace' });
  await expect(group.getByText('Same email')).toBeVisible();
  await snapshot(page, 'merge');

  await group.getByRole('radio', { name: 'Keep Ada Lovelace' }).check();
  await group.getByRole('radio', { name: 'Phone: +44 20 7946 9999' }).check();
  await group.getByRole('button', { name: 'Merge 2 contacts' }).click();
  await expect(
    page.getByText('Merged into Ada Lovelace. The other copies are in the Trash.'),
  ).toBeVisible();
  await expect(page.getByText('No duplicates found')).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Contacts\s*1/, level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Ada Lovelace' })).toContainText(
    '+44 20 7946 9999',
  );
  await page.goto('/trash');
  await expect(page.getByRole('row').filter({ hasText: 'Augusta Lovelace' })).toBeVisible();
});
