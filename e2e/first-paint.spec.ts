import { expect, test } from './fixtures';
import { createContactThroughApi, signUpThroughApi } from './session';

// A visitor's page paints without waiting for the session check: only a browser
// holding the script-readable `signed_in` cookie waits for it.

test('a visitor sees the landing page while the session check is still running', async ({
  page,
}) => {
  // The check is held unanswered until the app has rendered the page: a page that waited for
  // it would never take over from the prerendered HTML, and the test would time out.
  const held: (() => void)[] = [];
  await page.route('**/api/trpc/auth.check**', async (route) => {
    await new Promise<void>((release) => held.push(release));
    await route.continue().catch(() => undefined);
  });
  // The fixture's goto returns once the app has replaced the prerendered page.
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your people, kept close and kept private' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' }).first()).toBeVisible();
  for (const release of held) release();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a session from before the signed_in cookie still opens the contacts', async ({
  page,
}, info) => {
  await signUpThroughApi(
    page,
    'Old Session',
    `old-session-${info.project.name}-${Date.now()}@example.com`,
  );
  await createContactThroughApi(page, 'Kept', 'Around');
  // As a browser signed in before the marker cookie existed.
  await page.context().clearCookies({ name: 'signed_in' });
  await page.goto('/');
  await expect(
    page
      .getByRole('link', { name: /Kept Around/ })
      .or(page.getByText('Kept Around'))
      .first(),
  ).toBeVisible();
});

test('a signed-in browser waits for its session and opens the contacts, never the landing page', async ({
  page,
}, info) => {
  await signUpThroughApi(
    page,
    'Marked Session',
    `marked-${info.project.name}-${Date.now()}@example.com`,
  );
  await createContactThroughApi(page, 'Marked', 'Contact');
  // Notes whether the landing page's headline ever shows, however briefly.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const headings = [...document.querySelectorAll('h1')];
      if (headings.some((h) => h.textContent?.includes('kept close and kept private'))) {
        (window as unknown as { landingSeen: boolean }).landingSeen = true;
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto('/');
  await expect(page.getByText('Marked Contact').first()).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { landingSeen?: boolean }).landingSeen ?? false,
    ),
  ).toBe(false);
});

test('the public pages are prerendered: a visitor sees them with JavaScript off, a signed-in person never does', async ({
  browser,
  baseURL,
}, info) => {
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await noScript.newPage();
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your people, kept close and kept private' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Kith — your private address book');
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  await expect(page).toHaveTitle(/Help Center/);

  // With a session the server sends the app's shell: `/` is their contacts, never the landing.
  await signUpThroughApi(
    page,
    'Prerender Person',
    `prerender-${info.project.name}-${Date.now()}@example.com`,
  );
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  await noScript.close();
});

test('a prerendered page gives way to the app without a spinner or a blank frame', async ({
  page,
}) => {
  // Every frame the page shows from its first paint until the app has rendered.
  await page.addInitScript(`
    window.__frames = [];
    const record = () => {
      const root = document.getElementById('root');
      // While the parser is still reading the page a frame may show part of it: that is the
      // browser's, not the hand-over this test is about.
      if (!root || document.readyState === 'loading') return requestAnimationFrame(record);
      window.__frames.push({
        heading: !!root.querySelector('h1'),
        loader: !!document.querySelector('[role=progressbar], .mantine-Loader-root'),
        prerendered: root.hasAttribute('data-prerendered'),
      });
      if (window.__frames.length < 400) requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  `);
  await page.goto('/');
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  const frames = (await page.evaluate('window.__frames')) as {
    heading: boolean;
    loader: boolean;
    prerendered: boolean;
  }[];
  expect(frames.length).toBeGreaterThan(0);
  expect(frames.filter((f) => !f.heading || f.loader)).toEqual([]);
});
