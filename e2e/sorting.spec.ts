import { expect, test } from './fixtures';
import { createContactThroughApi, signUpThroughApi } from './session';

test('the contacts list sorts by last name or recently added, and keeps the order', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const email = `sort-${info.project.name}-${Date.now()}@example.com`;
  await signUpThroughApi(page, 'Sorty Person', email);
  await createContactThroughApi(page, 'Ada', 'Young');
  await createContactThroughApi(page, 'Zoë', 'Adams');
  await createContactThroughApi(page, 'Bruno', 'Costa');
  const firstRow = page.getByRole('rowgroup').nth(1).getByRole('row').first();

  await page.goto('/');
  await expect(firstRow).toContainText('Ada Young');
  await page.getByRole('button', { name: /Sort: First name/ }).click();
  await page.getByRole('menuitemradio', { name: 'Last name' }).click();
  await expect(firstRow).toContainText('Zoë Adams');

  await page.getByRole('button', { name: /Sort: Last name/ }).click();
  await page.getByRole('menuitemradio', { name: 'Recently added' }).click();
  await expect(firstRow).toContainText('Bruno Costa');

  // Another browser signed in to the same account lists in the same order.
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await other.request.post('/api/v1/auth/login', {
    data: { email, password: 'kith-e2e-pass-77' },
  });
  await other.goto('/');
  await expect(other.getByRole('button', { name: /Sort: Recently added/ })).toBeVisible();
  await expect(other.getByRole('rowgroup').nth(1).getByRole('row').first()).toContainText(
    'Bruno Costa',
  );
  await context.close();
});
