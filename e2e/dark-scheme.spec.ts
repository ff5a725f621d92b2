import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, screenshot, test } from './fixtures';
import { createContactThroughApi, signUpThroughApi } from './session';

/**
 * Every screen in the dark scheme: screenshots to look at, and axe's WCAG 2.1 AA rules with
 * colour contrast. Colours do not depend on the viewport, so this runs at the desktop size
 * only (playwright.config.ts); the light scheme is checked at both in accessibility.spec.ts.
 */
async function checkDark(page: Page, path: string, name: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
  await screenshot(page, `${name}-dark`);
}

test('the public pages in the dark scheme pass WCAG 2.1 AA checks', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const [path, name] of [
    ['/', 'landing'],
    ['/login', 'login'],
    ['/signup', 'signup'],
    ['/help', 'help'],
    ['/privacy', 'privacy'],
  ] as const) {
    await checkDark(page, path, name);
  }
});

test('the signed-in screens in the dark scheme pass WCAG 2.1 AA checks', async ({ page }) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await signUpThroughApi(page, 'Dusk Person', `dark-${Date.now()}@example.com`);
  const id = await createContactThroughApi(page, 'Evening');
  const trashed = await createContactThroughApi(page, 'Midnight');
  await page.request.patch(`/api/v1/trash/${trashed}`);
  await page.request.patch(`/api/v1/favorites/${id}`, { data: { isFavorite: true } });
  for (const [path, name] of [
    ['/', 'contacts'],
    ['/favorite', 'favorites'],
    ['/trash', 'trash'],
    [`/person/${id}`, 'contact'],
    [`/person/edit/${id}`, 'edit-contact'],
    ['/new', 'new-contact'],
    ['/me', 'profile'],
  ] as const) {
    await checkDark(page, path, name);
  }
});

test('the page paints in the chosen dark scheme from its first frame, before any stylesheet arrives', async ({
  page,
}) => {
  // Dark chosen in Kith on a device set to light: only the page itself can know it.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => localStorage.setItem('kith-color-scheme', 'dark'));
  // A slow network, at its worst: no stylesheet arrives at all.
  await page.route('**/*.css', (route) => route.abort());
  await page.goto('/login');
  const unstyled = await page.evaluate(() => {
    const html = getComputedStyle(document.documentElement);
    return { background: html.backgroundColor, scheme: html.colorScheme };
  });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  // The same colour the styled page has (Mantine's dark body), so nothing changes when it lands.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const styled = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(unstyled).toEqual({ background: styled, scheme: 'dark' });
  expect(styled).toBe('rgb(36, 36, 36)');
});
