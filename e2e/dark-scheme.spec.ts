import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, snapshot, test } from './fixtures';
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
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const violations = results.violations.map((v) => ({
    rule: v.id,
    nodes: v.nodes.slice(0, 3).map((n) => n.html.slice(0, 160)),
  }));
  expect({ path, violations }).toEqual({ path, violations: [] });
  await snapshot(page, `${name}-dark`);
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
