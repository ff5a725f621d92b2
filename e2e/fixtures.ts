import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { axeViolations } from './axe';

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

/** The impacts a snapshot's axe check refuses: the goal is none of these on any screen. */
const BLOCKING = ['critical', 'serious'] as const;

/**
 * A notable state of a spec: axe-core must find no critical or serious WCAG 2.1 A/AA violation
 * on it (docs/product/screens.md#keyboard), and a full-page screenshot is saved under
 * e2e/screenshots/<project>/ for people to look at. `E2E_SCREENSHOTS=0` skips the images (CI
 * does: nobody looks there, and on two shared cores the ~90 full-page captures cost the suite
 * minutes) but never the check, so every spec's named states are checked in CI too.
 * `accessibility.spec.ts` checks its states against every impact.
 */
export async function snapshot(page: Page, name: string): Promise<void> {
  const violations = await axeViolations(page, BLOCKING);
  expect({ state: name, violations }, 'critical and serious axe violations').toEqual({
    state: name,
    violations: [],
  });
  await screenshot(page, name);
}

/**
 * A full-page screenshot of `name` under e2e/screenshots/<project>/, for people to look at;
 * none with `E2E_SCREENSHOTS=0`. `snapshot` checks the state with axe first; this is for a
 * state a test has just checked against every impact itself.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  const dir = join(import.meta.dirname, 'screenshots', test.info().project.name);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
