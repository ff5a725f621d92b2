import type { Page } from '@playwright/test';
import { expect, snapshot, test } from './fixtures';
import { signUpThroughApi } from './session';

// docs/api-tokens.md: a personal API token made on /me, used by a script with no cookies
// (Authorization: Bearer) on the REST and tRPC paths, then revoked.

function uniqueEmail(prefix: string): string {
  return `${prefix}-${test.info().project.name}-${Date.now()}@example.com`;
}

function tokensCard(page: Page) {
  return page.getByRole('region', { name: 'API tokens' });
}

/** The contact list's row for `name`: the contact is in the app. */
function contactRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Contacts' }).getByRole('row').filter({ hasText: name });
}

test('a token made on /me with contacts read and write lists and creates contacts with no cookies, and is refused once revoked', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page, 'Ada Script', uniqueEmail('api-token'));
  await page.goto('/me');
  const card = tokensCard(page);
  await expect(card.getByText('No API tokens yet.')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await snapshot(page, 'api-tokens-empty');

  await card.getByRole('button', { name: 'Create token' }).click();
  const create = page.getByRole('dialog', { name: 'Create an API token' });
  await expect(create.getByRole('combobox', { name: /Expires/ })).toHaveValue('30');
  // Nothing chosen: refused by the fields, nothing made.
  await create.getByRole('button', { name: 'Create token' }).click();
  await expect(create.getByText('Give the token a name')).toBeVisible();
  await expect(create.getByText('Choose at least one thing the token may do')).toBeVisible();
  await snapshot(page, 'api-tokens-create-errors');

  await create.getByRole('textbox', { name: /Token name/ }).fill('Address sync');
  const contacts = create.getByRole('radiogroup', { name: 'Contacts' });
  await contacts.getByText('Read and write', { exact: true }).click();
  await expect(contacts.getByRole('radio', { name: 'Read and write' })).toBeChecked();
  await snapshot(page, 'api-tokens-create');
  await create.getByRole('button', { name: 'Create token' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your new token' });
  await expect(shown.getByText('Copy it now: you will not see it again.')).toBeVisible();
  const token = (await shown.getByTestId('new-api-token').textContent())?.trim() ?? '';
  expect(token).toMatch(/^kith_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByTestId('api-token-example')).toHaveText(
    `curl -H "Authorization: Bearer ${token}" ${baseURL}/api/v1/contacts`,
  );
  await snapshot(page, 'api-tokens-shown-once');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(token)).toHaveCount(0);

  const row = card.getByTestId('api-token-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Address sync');
  await expect(row).toContainText(`${token.slice(0, 9)}…`);
  await expect(row).toContainText('Contacts: read and write');
  await expect(row).toContainText('Not used yet');

  // A script: its own request context, no cookies of the page.
  const script = await playwright.request.newContext({ baseURL });
  try {
    const auth = { Authorization: `Bearer ${token}` };
    const listed = await script.get('/api/v1/contacts', { headers: auth });
    expect(listed.status(), await listed.text()).toBe(200);

    const created = await script.post('/api/trpc/contacts.create', {
      headers: auth,
      data: {
        json: {
          givenName: 'Grace',
          familyName: 'Hopper',
          phones: [{ value: '+1 555 0100', type: '' }],
        },
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const listedAgain = await script.get('/api/v1/contacts', { headers: auth });
    expect(listedAgain.status()).toBe(200);
    expect(await listedAgain.text()).toContain('Grace');
    expect((await script.storageState()).cookies).toEqual([]);

    await page.goto('/');
    await expect(contactRow(page, 'Grace Hopper')).toBeVisible();

    await page.goto('/me');
    await expect(row).toContainText('Last used');
    await row.scrollIntoViewIfNeeded();
    await snapshot(page, 'api-tokens-list');

    await row.getByRole('button', { name: 'Revoke Address sync' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this token?' });
    await expect(confirm).toContainText('“Address sync”');
    await snapshot(page, 'api-tokens-revoke');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(card.getByText('No API tokens yet.')).toBeVisible();
    await expect(page.getByText('API token revoked')).toBeVisible();

    // Its next call is refused, by tRPC and by REST alike (docs/api-tokens.md#scopes).
    const invalid = 'This API token is not valid. Create a new one on your profile page.';
    const refusedTrpc = await script.post('/api/trpc/contacts.create', {
      headers: auth,
      data: {
        json: {
          givenName: 'Too',
          familyName: 'Late',
          phones: [{ value: '+1 555 0101', type: '' }],
        },
      },
    });
    expect(refusedTrpc.status()).toBe(401);
    expect(await refusedTrpc.text()).toContain(invalid);
    const refused = await script.get('/api/v1/contacts', { headers: auth });
    expect(refused.status(), await refused.text()).toBe(401);
    expect(await refused.text()).toContain(invalid);
  } finally {
    await script.dispose();
  }
});
