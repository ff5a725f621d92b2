import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * The test fixture every e2e test uses. It records each request the page makes to a host
 * other than the app's own, and fails the test if there was any (no third-party
 * requests from the browser); its `page.goto` waits for the app to replace a prerendered page.
 */
export const test = base.extend<{ foreignRequests: string[] }>({
  // A public page comes prerendered and the app renders over it a moment later;
  // a test acts on the app, so `goto` waits for it as a person's second click would.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.locator('#root[data-prerendered]').waitFor({ state: 'detached' });
      return response;
    };
    await use(page);
  },
  foreignRequests: async ({ page, baseURL }, use) => {
    const own = new URL(baseURL!).host;
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (['data:', 'blob:'].includes(url.protocol)) return;
      if (url.host !== own) foreign.push(request.url());
    });
    await use(foreign);
    expect(foreign, 'requests to other hosts').toEqual([]);
  },
});

export { expect };

/**
 * Saves a full-page screenshot under e2e/screenshots/<project>/ for people to look at.
 * `E2E_SCREENSHOTS=0` skips them (CI does: nobody looks there, and on two shared cores the
 * ~90 full-page captures cost the suite minutes).
 */
export async function snapshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  const dir = join(import.meta.dirname, 'screenshots', test.info().project.name);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
