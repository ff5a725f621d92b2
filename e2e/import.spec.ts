import { axeViolations } from './axe';
import { fileURLToPath } from 'node:url';
import { expect, snapshot, test } from './fixtures';
import { signUpThroughApi } from './session';

/** The committed import fixtures the API tests read too. */
const fixture = (name: string) =>
  fileURLToPath(new URL(`../packages/api/src/imports/fixtures/${name}`, import.meta.url));

test('imports a Google CSV: preview with problems and a duplicate to update, then the book has them', async ({
  page,
}, info) => {
  await signUpThroughApi(
    page,
    'Import Person',
    `import-${info.project.name}-${Date.now()}@example.com`,
  );
  const existing = await page.request.post('/api/v1/contacts', {
    data: {
      firstName: 'Augusta',
      lastName: 'King',
      phone: '+44 1234 567890',
      email: 'ada@example.com',
    },
  });
  expect(existing.status()).toBe(201);

  await page.goto('/');
  if (info.project.name === 'phone') {
    await page.getByRole('button', { name: 'Open navigation' }).click();
  }
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import contacts', level: 1 })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(fixture('google.csv'));

  await expect(page.getByRole('heading', { name: 'Check before importing' })).toBeVisible();
  await expect(page.getByText('google.csv, read as Google Contacts CSV.')).toBeVisible();
  await expect(page.getByText('new contacts')).toBeVisible();
  await expect(page.getByText('Ada Lovelace (row 2) matches Augusta King by email')).toBeVisible();
  await expect(page.getByText(/Row 5: No name, email, phone or company/)).toBeVisible();
  await expect(
    page.getByText(/Row 6 · Grace Hopper: "not-an-email" is not a valid email/),
  ).toBeVisible();
  await page.getByText('Update', { exact: true }).click();
  expect(await axeViolations(page)).toEqual([]);
  await snapshot(page, 'import-preview');

  // Nothing was written by the preview.
  const before = await page.request.get('/api/v1/contacts');
  expect(((await before.json()) as { data: unknown[] }).data).toHaveLength(1);

  await page.getByRole('button', { name: 'Import 3 and update 1' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible();
  await expect(page.getByText('3 contacts added · 1 contact updated')).toBeVisible();
  await snapshot(page, 'import-done');

  await page.getByRole('link', { name: 'View contacts' }).click();
  await expect(page.getByRole('heading', { name: /Contacts\s*4/, level: 1 })).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'Ada Lovelace' }).click();
  await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'More details' })).toBeVisible();
  await expect(page.getByText('Email · Work', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ada@engines.example' })).toBeVisible();
  await expect(page.getByText('Favourite engine')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Labels' }).getByText('Friends')).toBeVisible();
  await snapshot(page, 'imported-contact');
});

test(
  'maps the columns of an unknown CSV, imports it, and undoes the import',
  { tag: '@desktop-only' },
  async ({ page }, info) => {
    await signUpThroughApi(
      page,
      'Mapping Person',
      `mapping-${info.project.name}-${Date.now()}@example.com`,
    );
    await page.goto('/import');
    await expect(page.getByText('Drop a contacts file here')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, 'import-choose');
    await page.locator('input[type=file]').setInputFiles(fixture('other.csv'));

    await expect(page.getByRole('heading', { name: 'Where does each column go?' })).toBeVisible();
    const shoeSize = page.getByRole('combobox', { name: 'Shoe size' });
    await expect(shoeSize).toHaveValue('custom');
    await expect(page.getByRole('combobox', { name: 'Full name' })).toHaveValue('fullName');
    await shoeSize.selectOption('ignore');
    await snapshot(page, 'import-mapping');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { name: 'Check before importing' })).toBeVisible();
    await page.getByRole('button', { name: 'Import 2 contacts' }).click();
    await expect(page.getByText('2 contacts added')).toBeVisible();

    await page.getByRole('button', { name: 'Undo import' }).click();
    await expect(page.getByText('Import undone. Your contacts are as they were.')).toBeVisible();
    const after = await page.request.get('/api/v1/contacts');
    expect(((await after.json()) as { data: unknown[] }).data).toHaveLength(0);
  },
);

test(
  'reads a windows-1252 vCard and a UTF-16 CSV in their own encodings, and says so',
  { tag: '@desktop-only' },
  async ({ page }, info) => {
    await signUpThroughApi(
      page,
      'Encoding Person',
      `encoding-${info.project.name}-${Date.now()}@example.com`,
    );
    const webFixture = (name: string) =>
      fileURLToPath(new URL(`../apps/web/src/features/imports/fixtures/${name}`, import.meta.url));

    await page.goto('/import');
    await page.locator('input[type=file]').setInputFiles(webFixture('windows-1252.vcf'));
    // A small file's encoding is a guess: the page shows both readings and asks.
    await expect(page.getByText('Which reading looks right?')).toBeVisible();
    await page.getByRole('button', { name: /^Read as Windows-1252/ }).click();
    await expect(
      page.getByText(/Its text was read as Windows-1252 \(Western European\)\./),
    ).toBeVisible();
    await page.getByRole('button', { name: /^Import 1/ }).click();
    await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible();

    await page.goto('/import');
    await page.locator('input[type=file]').setInputFiles(webFixture('utf-16le-no-bom.csv'));
    await expect(page.getByText(/Its text was read as UTF-16\./)).toBeVisible();
    await page.getByRole('button', { name: /^Import 2/ }).click();
    await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible();

    const res = await page.request.get('/api/v1/contacts');
    const names = ((await res.json()) as { data: { name: string }[] }).data.map((c) => c.name);
    expect(names.sort()).toEqual(['José Muñoz', 'Zoë Müller', 'Zoë Ångström']);
  },
);

test(
  'asks whether 4/6/1980 is day first or month first when the file cannot tell',
  { tag: '@desktop-only' },
  async ({ page }, info) => {
    await signUpThroughApi(
      page,
      'Dates Person',
      `dates-${info.project.name}-${Date.now()}@example.com`,
    );
    await page.goto('/import');
    await page.locator('input[type=file]').setInputFiles(fixture('outlook-ambiguous-dates.csv'));
    await expect(
      page.getByText('In this file, is 4/6/1980 the 4th of June or April 6th?'),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await snapshot(page, 'import-date-order');
    await page.getByText('Day first (4 June)').click();
    await expect(page.getByRole('radio', { name: 'Day first (4 June)' })).toBeChecked();
    await page.getByRole('button', { name: /^Import 2/ }).click();
    await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible();

    const res = await page.request.get('/api/v1/contacts');
    const people = (await res.json()) as { data: { name: string; birthday: unknown }[] };
    expect(people.data.find((c) => c.name === 'Mario Bianchi')?.birthday).toEqual({
      day: 4,
      month: 'june',
      year: 1980,
    });

    // A file whose dates tell says how it read them.
    await page.goto('/import');
    await page.locator('input[type=file]').setInputFiles(fixture('outlook-day-first.csv'));
    await expect(page.getByText(/Birthdays are read day first/)).toBeVisible();
  },
);

test(
  'the preview names who will be added, and an email with an accent comes in as an email',
  { tag: '@desktop-only' },
  async ({ page }, info) => {
    await signUpThroughApi(
      page,
      'Accent Person',
      `accent-${info.project.name}-${Date.now()}@example.com`,
    );
    const others = Array.from({ length: 11 }, (_, i) => `Person${i + 2},Sample,`);
    const csv = ['First Name,Last Name,E-mail Address', 'Émile,Rossi,émile.rossi@exemple.fr']
      .concat(others)
      .join('\r\n');
    await page.goto('/import');
    await expect(page.getByText('Drop a contacts file here')).toBeVisible();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'accents.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    await expect(page.getByRole('heading', { name: 'Check before importing' })).toBeVisible();
    const added = page.getByRole('region', { name: 'Who will be added' });
    await expect(added.getByRole('listitem')).toHaveText([
      'Émile Rossi',
      ...Array.from({ length: 7 }, (_, i) => `Person${i + 2} Sample`),
    ]);
    await expect(added.getByText('and 4 more')).toBeVisible();
    // An address is an address in any script (docs/product/validation.md#a-contacts-emails).
    await expect(page.getByText(/is not a valid email/)).toHaveCount(0);
    await snapshot(page, 'import-preview-names');

    await page.getByRole('button', { name: 'Import 12 contacts' }).click();
    await expect(page.getByText('12 contacts added')).toBeVisible();
    await page.getByRole('link', { name: 'View contacts' }).click();
    await page.getByRole('row').filter({ hasText: 'Émile Rossi' }).click();
    await expect(page.getByRole('heading', { name: 'Émile Rossi', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'émile.rossi@exemple.fr' })).toHaveAttribute(
      'href',
      'mailto:émile.rossi@exemple.fr',
    );
    await expect(page.getByRole('heading', { name: 'More details' })).toHaveCount(0);
  },
);

test(
  'an import goes on when the page is left, and the page shows its progress again',
  { tag: '@desktop-only' },
  async ({ page }, info) => {
    test.setTimeout(150_000);
    await signUpThroughApi(
      page,
      'Progress Person',
      `progress-${info.project.name}-${Date.now()}@example.com`,
    );
    // Big enough that the import is still running after the reload on a fast machine: on one,
    // 5,000 rows were done before the page came back, and it showed the empty Import screen.
    const rows = Array.from({ length: 10_000 }, (_, i) => `Person${i},Progress,p${i}@example.com`);
    const csv = ['First Name,Last Name,E-mail Address', ...rows].join('\r\n');
    await page.goto('/import');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import 10,000 contacts' }).click();
    await expect(page.getByText(/Importing… [\d,]+ of 10,000/)).toBeVisible();

    // Left at once (reloaded), and looked at once back: the import is still on its way.
    await page.reload();
    await expect(page.getByText(/Importing… [\d,]+ of 10,000/)).toBeVisible();
    await expect(page.getByText('Drop a contacts file here')).toHaveCount(0);
    await expect(
      page.getByText('You can leave this page: the import goes on, and this page shows it again.'),
    ).toBeVisible();
    await snapshot(page, 'import-progress');
    await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({
      timeout: 120_000,
    });
    await expect(page.getByText('10,000 contacts added')).toBeVisible();
  },
);
