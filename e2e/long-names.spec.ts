import { expect, test } from './fixtures';
import { createContactThroughApi, signUpThroughApi } from './session';

// A name of 120 letters with no space to break at: the detail screen's heading must wrap
// inside the viewport instead of widening the page (found at 1864 px wide at 1280 and
// 1299 px at 390), on both the desktop and the phone viewport.
test('a long unbroken name wraps on the detail screen without widening the page', async ({
  page,
}, info) => {
  await signUpThroughApi(
    page,
    'Long Name Person',
    `long-name-${info.project.name}-${Date.now()}@example.com`,
  );
  const firstName = 'W'.repeat(120);
  const id = await createContactThroughApi(page, firstName);

  await page.goto(`/person/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(firstName);

  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
});
