import { readFileSync } from 'node:fs';
import { expect, snapshot, test, type Page } from './fixtures';
import { signUpThroughApi } from './session';

/**
 * A new person with Ada and Augusta Lovelace, who share an email and differ in phone;
 * Augusta has a photo when `photo` is set.
 */
async function bookWithTwins(
  page: Page,
  project: string,
  name: string,
  photo = false,
): Promise<void> {
  await signUpThroughApi(page, 'Merge Person', `${name}-${project}-${Date.now()}@example.com`);
  let publicId = '';
  if (photo) {
    const upload = await page.request.post('/api/v1/image', {
      multipart: {
        image: {
          name: 'portrait.jpg',
          mimeType: 'image/jpeg',
          buffer: readFileSync('e2e/fixtures/portrait.jpg'),
        },
      },
    });
    expect(upload.status()).toBe(201);
    publicId = (await upload.json()).data.image.publicId;
  }
  for (const [firstName, phone, avatar] of [
    ['Ada', '+44 20 7946 0000', ''],
    ['Augusta', '+44 20 7946 9999', publicId],
  ]) {
    const res = await page.request.post('/api/v1/contacts', {
      data: {
        firstName,
        lastName: 'Lovelace',
        phone,
        email: 'ada@example.com',
        ...(avatar ? { avatar: { publicId: avatar } } : {}),
      },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/merge');
  await expect(page.getByRole('heading', { name: 'Merge & fix', level: 1 })).toBeVisible();
}

test('Merge & fix shows duplicates side by side, what the merge keeps, and merges the picked values', async ({
  page,
}, info) => {
  await bookWithTwins(page, info.project.name, 'merge', true);
  const group = page.getByRole('region', { name: 'Ada Lovelace' });
  await expect(group.getByText('Same email')).toBeVisible();
  // The Photo row offers the photo itself (on a phone it offered names), and Ada's "(empty)".
  const augustaPhoto = group.getByRole('radio', { name: 'Photo: Augusta Lovelace' });
  await expect(augustaPhoto).toBeChecked();
  await expect(group.locator('label').filter({ has: page.locator('img') })).toHaveCount(1);
  await expect(group.getByRole('radio', { name: 'Photo: Ada Lovelace' })).toBeVisible();

  await group.getByRole('radio', { name: 'Keep Ada Lovelace' }).check();
  await group.getByRole('radio', { name: 'Name: Augusta Lovelace' }).check();
  await group.getByRole('radio', { name: 'Phone: +44 20 7946 9999' }).check();
  // Before Merge: the contact it will make, the picked phone first and the other kept.
  const preview = group.getByRole('group', { name: 'After the merge' });
  await expect(preview).toContainText('Augusta Lovelace');
  await expect(preview.getByRole('img', { name: 'Augusta Lovelace' })).toBeVisible();
  await expect(preview).toContainText('Email: ada@example.com');
  await expect(preview).toContainText('Phone: +44 20 7946 9999 · +44 20 7946 0000');
  await expect(preview).toContainText(
    'The other contact goes to the Trash. Its notes, links, dates and labels are kept on this contact.',
  );
  await snapshot(page, 'merge');

  await group.getByRole('button', { name: 'Merge 2 contacts' }).click();
  await expect(page.getByText('Merged 2 contacts')).toBeVisible();
  await expect(page.getByText('No duplicates found')).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Contacts\s*1/, level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Augusta Lovelace' })).toContainText(
    '+44 20 7946 9999',
  );
  await page.goto('/trash');
  await expect(page.getByRole('row').filter({ hasText: 'Augusta Lovelace' })).toBeVisible();
});

test('a double click on Merge merges once, with one toast, and Undo puts both contacts back', async ({
  page,
}, info) => {
  await bookWithTwins(page, info.project.name, 'merge-twice');
  let merges = 0;
  page.on('request', (request) => {
    if (request.url().includes('contacts.merge')) merges += 1;
  });
  const group = page.getByRole('region', { name: 'Ada Lovelace' });
  await group.getByRole('button', { name: 'Merge 2 contacts' }).dblclick();
  const toast = page.getByText('Merged 2 contacts');
  await expect(toast).toBeVisible();
  await expect(page.getByText('No duplicates found')).toBeVisible();
  await expect(toast).toHaveCount(1);
  await expect(page.getByText('One of these contacts is gone')).toHaveCount(0);
  expect(merges).toBe(1);

  await page
    .getByRole('alert')
    .filter({ hasText: 'Merged 2 contacts' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(page.getByText('Undone')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ada Lovelace' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Contacts\s*2/, level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Ada Lovelace' })).toContainText(
    '+44 20 7946 0000',
  );
  await expect(page.getByRole('row').filter({ hasText: 'Augusta Lovelace' })).toBeVisible();
  await page.goto('/trash');
  await expect(page.getByText('Trash is empty')).toBeVisible();
});

test('Not duplicates hides the group for good, and Show dismissed can suggest it again', async ({
  page,
}, info) => {
  await bookWithTwins(page, info.project.name, 'merge-dismiss');
  await page
    .getByRole('region', { name: 'Ada Lovelace' })
    .getByRole('button', { name: 'Not duplicates' })
    .click();
  await expect(page.getByText('Marked as not duplicates')).toBeVisible();
  await expect(page.getByText('No duplicates found')).toBeVisible();

  await page.reload();
  await expect(page.getByText('No duplicates found')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ada Lovelace' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show dismissed (1)' }).click();
  await expect(page.getByText('Ada Lovelace and Augusta Lovelace')).toBeVisible();
  await snapshot(page, 'merge-dismissed');

  await page
    .getByRole('button', { name: 'Suggest again: Ada Lovelace and Augusta Lovelace' })
    .click();
  // The toast survives the list of dismissed pairs going away with its last pair.
  await expect(page.getByText('Suggested as duplicates again')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ada Lovelace' })).toBeVisible();
});
