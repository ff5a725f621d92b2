import { readFileSync } from 'node:fs';
import { expect, snapshot, test } from './fixtures';
import { selectRow } from './rows';
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
  await snapshot(page, 'contacts-sorted');

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

test('Export downloads the list as Google CSV, and a selection as vCard', async ({
  page,
}, info) => {
  await signUpThroughApi(
    page,
    'Export Person',
    `export-list-${info.project.name}-${Date.now()}@example.com`,
  );
  await createContactThroughApi(page, 'Ada', 'Young');
  await createContactThroughApi(page, 'Bruno', 'Costa');
  await page.goto('/');

  let downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'CSV for Google Contacts' }).click();
  let download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kith-contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split(/\r?\n/)[0]).toContain('First Name,Middle Name,Last Name');
  expect(csv).toContain('Bruno,,Costa');
  // The first menu fades out; until it has, its items would match the second menu's.
  await expect(page.getByRole('menu')).toHaveCount(0);

  await selectRow(page, 'Ada Young');
  downloading = page.waitForEvent('download');
  await page
    .getByRole('toolbar', { name: 'Selected contacts' })
    .getByRole('button', { name: 'Export' })
    .click();
  await page.getByRole('menuitem', { name: 'vCard (.vcf), with photos' }).click();
  download = await downloading;
  const vcf = readFileSync(await download.path(), 'utf8');
  expect(vcf).toContain('FN:Ada Young');
  expect(vcf).not.toContain('Bruno');
});
