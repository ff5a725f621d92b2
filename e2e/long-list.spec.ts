import { axeViolations } from './axe';
import { expect, snapshot, test } from './fixtures';
import { selectRow } from './rows';
import { signUpThroughApi } from './session';

// A long book opens with only the rows on screen fetched, End and the A-Z rail jump
// at once, and "Select All" acts on rows the browser never loaded.
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const BOOK = 390;
/** `Aperson000`, `Bperson001`, ...: every letter starts some names. */
const given = (i: number) => `${LETTERS[i % 26]}person${String(i).padStart(3, '0')}`;

test('a long book: windows on screen, End, the A-Z rail, and Select All over unloaded rows', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page, 'Long Book', `long-${info.project.name}-${Date.now()}@example.com`);
  const csv = [
    'First Name,Last Name,Phone 1 - Value',
    ...Array.from({ length: BOOK }, (_, i) => `${given(i)},Long,+1 555 ${1000 + i}`),
  ].join('\n');
  await page.goto('/import');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'long.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: `Import ${BOOK}` }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible();

  const offsets: number[] = [];
  page.on('request', (request) => {
    // GET /api/trpc/contacts.listItems?input={"json": {...}} (each window is a request of its own).
    const url = new URL(request.url());
    if (!url.pathname.endsWith('/contacts.listItems')) return;
    const input = JSON.parse(url.searchParams.get('input') ?? '{}') as {
      json?: { offset?: number; fromEnd?: boolean };
    };
    const page = input.json;
    offsets.push(page?.fromEnd ? -page.offset! - 1 : (page?.offset ?? 0));
  });
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: new RegExp(`Contacts\\s*${BOOK}`) }),
  ).toBeVisible();
  const rows = page.getByRole('rowgroup').nth(1).getByRole('row');
  await expect(rows.first()).toContainText('Aperson000 Long');
  // Only the first window was read: the rows further down were never fetched.
  expect(offsets).toEqual([0]);

  // End reads the last window from the list's end (offset 0 from the end: -1 here), and
  // nothing in between.
  await page.keyboard.press('End');
  await expect(page.getByRole('row', { name: /Zperson389 Long/ })).toBeInViewport();
  expect(offsets).toEqual([0, -1]);

  // The rail: M's first contact lands at the top, below the header.
  await page
    .getByRole('navigation', { name: 'Jump to letter' })
    .getByRole('button', {
      name: 'Jump to M',
    })
    .click();
  await expect(page.getByRole('row', { name: /Mperson012 Long/ })).toBeInViewport();
  expect(await axeViolations(page)).toEqual([]);
  await snapshot(page, 'long-list-rail');

  // Select All covers the 390, one unticked; the trash takes the other 389.
  await page.keyboard.press('Home');
  await selectRow(page, 'Aperson000 Long');
  const toolbar = page.getByRole('toolbar', { name: 'Selected contacts' });
  await toolbar.getByRole('button', { name: '1 selected' }).click();
  await page.getByRole('menuitem', { name: 'Select All' }).click();
  await expect(toolbar.getByText(`${BOOK} selected`)).toBeVisible();
  await selectRow(page, 'Bperson001 Long');
  await expect(toolbar.getByText(`${BOOK - 1} selected`)).toBeVisible();
  await toolbar.getByRole('button', { name: 'Move to trash' }).click();
  await page
    .getByRole('dialog', { name: 'Delete selected contacts?' })
    .getByRole('button', { name: 'Move To Trash' })
    .click();
  await expect(page.getByRole('heading', { name: /Contacts\s*1$/ })).toBeVisible();
  await expect(rows.first()).toContainText('Bperson001 Long');
  await expect(page.getByRole('navigation', { name: 'Jump to letter' })).toHaveCount(0);
});
