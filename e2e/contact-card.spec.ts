import { axeViolations } from './axe';
import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { signUpThroughApi } from './session';

/** The contact's details as the detail screen lists them, each label before its value. */
async function details(page: Page) {
  const section = page.getByRole('heading', { name: 'Contact Details' }).locator('..');
  await expect(section).toBeVisible();
  return (await section.innerText()).replace(/\s+/g, ' ');
}

// A contact holds several typed phones, emails, addresses and dates; a person adds,
// types, reorders and removes them on create and edit, and the detail screen shows them all.
test('a person adds, types, reorders and removes phones, emails, addresses and dates', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await signUpThroughApi(
    page,
    'Card Person',
    `card-${info.project.name}-${Date.now()}@example.com`,
  );
  await page.goto('/new');

  await page.getByLabel('First name').fill('Margaret');
  await page.getByLabel('Last name').fill('Hamilton');
  await page.getByLabel('Middle name').fill('Heafield');
  await page.getByLabel('Email', { exact: true }).fill('margaret@example.com');
  await page.getByRole('button', { name: 'Add email' }).click();
  await page.getByLabel('Email 2', { exact: true }).fill('mh@apollo.example');
  await page.getByRole('combobox', { name: 'Email 2 type' }).click();
  await page.getByRole('option', { name: 'Work' }).click();

  await page.getByLabel(/^Phone( \*)?$/).fill('+1 617 555 0142');
  await page.getByRole('button', { name: 'Add phone' }).click();
  await page.getByLabel('Phone 2', { exact: true }).fill('+1 617 555 0143');
  await page.getByRole('combobox', { name: 'Phone 2 type' }).click();
  await page.getByRole('option', { name: 'Custom label…' }).click();
  await page.getByLabel('Label for Phone 2').fill('Lab');

  await page.getByLabel('Company').fill('MIT');
  await page.getByLabel('Job title').fill('Director');
  await page.getByLabel('Department').fill('Software Engineering Division');
  await page.getByLabel('Country').fill('USA');
  await page.getByLabel('City').fill('Cambridge');
  await page.getByLabel('Post code').fill('02139');
  await page.getByLabel('Street address').fill('77 Massachusetts Ave');
  await page.getByLabel('State or region').fill('MA');

  await page.getByRole('button', { name: 'Add date' }).click();
  await page.getByLabel('Date 1: Day').fill('20');
  await page.getByRole('combobox', { name: 'Date 1: Month' }).click();
  await page.getByRole('option', { name: 'July' }).click();
  await page.getByLabel('Date 1: Year').fill('1969');
  await page.getByLabel('Notes').fill('Led the Apollo flight software team.');
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'card-create');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact Created')).toBeVisible();
  await expect(page).toHaveURL(/\/person\/[0-9a-f-]{36}$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Margaret Heafield Hamilton' })).toBeVisible();
  await expect(page.getByText('Director • MIT, Software Engineering Division')).toBeVisible();
  const shown = await details(page);
  expect(shown).toContain('Email · Home margaret@example.com');
  expect(shown).toContain('Email · Work mh@apollo.example');
  // Shown the American way in an American browser (docs/product/validation.md#phone-numbers).
  expect(shown).toContain('Phone · Mobile (617) 555-0142');
  expect(shown).toContain('Phone · Lab (617) 555-0143');
  expect(shown).toContain('Address · Home 77 Massachusetts Ave, 02139 Cambridge, MA, USA');
  expect(shown).toContain('Anniversary 20 July 1969');
  await expect(page.getByRole('link', { name: '(617) 555-0143' })).toHaveAttribute(
    'href',
    'tel:+16175550143',
  );
  await expect(page.getByRole('link', { name: 'mh@apollo.example' })).toHaveAttribute(
    'href',
    'mailto:mh@apollo.example',
  );
  await expect(page.getByText('Led the Apollo flight software team.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'card-detail');

  // Edit: the lab phone becomes the preferred one, the work email goes, a work address comes.
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Phone 2', { exact: true })).toHaveValue('+1 617 555 0143');
  await page.getByRole('button', { name: 'Make Phone 2 preferred' }).click();
  await expect(page.getByLabel(/^Phone( \*)?$/)).toHaveValue('+1 617 555 0143');
  await page.getByRole('button', { name: 'Remove Email 2' }).click();
  await expect(page.getByLabel('Email 2', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add address' }).click();
  const second = page.getByRole('group', { name: 'Address 2' });
  await second.getByRole('combobox', { name: 'Address 2 type' }).click();
  await page.getByRole('option', { name: 'Work' }).click();
  await second.getByLabel('Street address').fill('1 Kendall Sq');
  await second.getByLabel('City').fill('Cambridge');
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'card-edit');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact Updated')).toBeVisible();
  await expect(page).toHaveURL(/\/person\/[0-9a-f-]{36}$/);

  const after = await details(page);
  expect(after.indexOf('(617) 555-0143')).toBeLessThan(after.indexOf('(617) 555-0142'));
  expect(after).not.toContain('mh@apollo.example');
  expect(after).toContain('Address · Work 1 Kendall Sq, Cambridge');
  // The list's single phone is the preferred one.
  await page.goto('/');
  await expect(page.getByText('+1 617 555 0143').filter({ visible: true })).toBeVisible();
});
