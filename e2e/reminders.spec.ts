import { axeViolations } from './axe';
import { expect, snapshot, test } from './fixtures';
import { createContactThroughApi, signUpThroughApi } from './session';

// Reminders, the calendar feed and keep in touch, at both viewports.

test('a person turns reminders on, and they are kept as set', async ({ page }, info) => {
  await signUpThroughApi(
    page,
    'Remy Minder',
    `remind-${info.project.name}-${Date.now()}@example.com`,
  );
  await page.goto('/me');
  const card = page.getByRole('region', { name: 'Reminders' });
  await expect(card.getByRole('switch', { name: 'Email me reminders' })).not.toBeChecked();
  // The browser's own zone is proposed (Playwright's default is the machine's).
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(card.getByRole('combobox', { name: 'Time zone' })).toHaveValue(zone);

  await card.getByRole('switch', { name: 'Email me reminders' }).check({ force: true });
  await card.getByRole('checkbox', { name: 'Other dates' }).check();
  await card.getByText('1 week before').click();
  await card.getByLabel('Time of day').fill('07:30');
  // Picked with the keyboard: on a phone, scrolling a tapped option into view can carry the
  // field out of sight, and Mantine then hides its list (Popover's hideDetached).
  const zoneBox = card.getByRole('combobox', { name: 'Time zone' });
  await zoneBox.fill('Europe/Mad');
  await expect(page.getByRole('option', { name: 'Europe/Madrid' })).toBeVisible();
  await zoneBox.press('ArrowDown');
  await zoneBox.press('Enter');
  await expect(zoneBox).toHaveValue('Europe/Madrid');
  await card.getByRole('radio', { name: /One email a week/ }).check();
  await snapshot(page, 'reminders-settings');
  expect(await axeViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText('Reminders saved')).toBeVisible();

  await page.reload();
  const saved = page.getByRole('region', { name: 'Reminders' });
  await expect(saved.getByRole('switch', { name: 'Email me reminders' })).toBeChecked();
  await expect(saved.getByRole('checkbox', { name: 'Other dates' })).toBeChecked();
  await expect(saved.getByRole('checkbox', { name: 'On the day' })).toBeChecked();
  await expect(saved.getByRole('checkbox', { name: '1 week before' })).toBeChecked();
  await expect(saved.getByRole('checkbox', { name: '3 days before' })).not.toBeChecked();
  await expect(saved.getByLabel('Time of day')).toHaveValue('07:30');
  await expect(saved.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Madrid');
  await expect(saved.getByRole('radio', { name: /One email a week/ })).toBeChecked();
});

test(
  'a calendar address lists the birthdays, and stops working when turned off',
  { tag: '@desktop-only' },
  async ({ page }, info) => {
    await signUpThroughApi(page, 'Cal Feed', `feed-${info.project.name}-${Date.now()}@example.com`);
    const created = await page.request.post('/api/v1/contacts', {
      data: {
        firstName: 'Ana',
        lastName: 'García',
        phone: '+34 600 000 000',
        birthday: { day: 14, month: 'march', year: 1990 },
      },
    });
    expect(created.status()).toBe(201);
    await page.goto('/me');
    const card = page.getByRole('region', { name: 'Birthdays in your calendar' });
    await card.getByRole('button', { name: 'Create calendar address' }).click();
    const url = (await card.getByTestId('feed-url').textContent())!;
    expect(url).toMatch(/\/api\/calendar\/[\w-]{65}\.ics$/);
    await snapshot(page, 'calendar-feed');
    expect(await axeViolations(page)).toEqual([]);

    const feed = await page.request.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await feed.text()).toContain("SUMMARY:Ana García's birthday");

    await card.getByRole('button', { name: 'Turn off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off the calendar address?' });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(card.getByRole('button', { name: 'Create calendar address' })).toBeVisible();
    expect((await page.request.get(new URL(url).pathname)).status()).toBe(404);
  },
);

test('keep in touch: an interval on a contact, "talked today", and the list in the sidebar', async ({
  page,
}, info) => {
  await signUpThroughApi(page, 'Kit Touch', `touch-${info.project.name}-${Date.now()}@example.com`);
  const id = await createContactThroughApi(page, 'Olga', 'Friend');
  await page.goto(`/person/${id}`);
  const panel = page.getByRole('region', { name: 'Keep in touch' });
  await panel.getByRole('combobox', { name: 'How often' }).click();
  await page.getByRole('option', { name: 'Every month' }).click();
  await expect(panel.getByText(/^Next: /)).toBeVisible();
  await panel.getByRole('button', { name: 'I talked to them today' }).click();
  await expect(page.getByText('Marked as talked to today')).toBeVisible();
  await expect(panel.getByText(/^Last talked: .* · Next: /)).toBeVisible();
  await snapshot(page, 'keep-in-touch-contact');
  expect(await axeViolations(page)).toEqual([]);

  // A weekly contact is due sooner, so it comes first. (Being overdue takes a week to pass:
  // the API tests move the clock for that, and for the sidebar's count.)
  const weekly = await createContactThroughApi(page, 'Bruno', 'Weekly');
  const setWeekly = await page.request.post('/api/trpc/keepInTouch.set', {
    data: { json: { contactId: weekly, interval: 'week' } },
  });
  expect(setWeekly.status()).toBe(200);

  await page.goto('/keep-in-touch');
  await expect(page.getByRole('heading', { level: 1, name: 'Keep in touch' })).toBeVisible();
  const rows = page.getByTestId('keep-in-touch-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Bruno Weekly');
  await expect(rows.nth(0)).toContainText('Every week');
  await expect(rows.nth(1)).toContainText('Olga Friend');
  await expect(page.getByText('No one is due right now.')).toBeVisible();
  await snapshot(page, 'keep-in-touch-list');
  expect(await axeViolations(page)).toEqual([]);
});
