import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * What axe-core finds broken on the page against WCAG 2.1 A and AA: each rule with its impact
 * and the first three elements, so a failure says where to look. Empty when the page is clean.
 * With `impacts` (e.g. `['critical', 'serious']`), only violations of those impacts.
 * It first lets the page's finite animations end: a toast or dialog still fading in is
 * half-transparent, and axe would judge its text's contrast mid-fade.
 * Axe runs in the page itself (legacy mode): the default first runs it in each frame and then
 * opens a blank page to put the frames' results together, a second page per check that made
 * each check 2.4x slower (560-690 ms against 230-250 ms for the same sign-up form, with the
 * same results); the app has no frames to put together.
 */
export async function axeViolations(page: Page, impacts?: readonly string[]) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((v) => !impacts || impacts.includes(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      nodes: v.nodes.slice(0, 3).map((n) => n.html.slice(0, 160)),
    }));
}
