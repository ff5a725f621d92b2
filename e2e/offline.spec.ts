import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createContactThroughApi, signUpThroughApi } from './session';

// Kith through a network drop (docs/offline.md): the service worker keeps the app's code and
// the last answers of its reads; offline the Offline banner shows, a save is refused at once
// and keeps what was typed, and back online everything works again.

const OFFLINE_MESSAGE = 'You are offline. Nothing was saved; try again when you are back online.';

/** A look at the banner for people, into `PWA_SHOTS_DIR` when it is set. */
async function shoot(page: Page, name: string) {
  const dir = process.env.PWA_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}-${test.info().project.name}.png`) });
}

test.describe('with the service worker', () => {
  // The suite blocks service workers (playwright.config.ts); these tests are about one.
  test.use({ serviceWorkers: 'allow' });

  test('offline, the last-seen list and contact still show with the Offline banner, a save is refused at once, back online it saves, and signing out removes what was kept', async ({
    page,
    context,
  }, info) => {
    await signUpThroughApi(
      page,
      'Offline Person',
      `offline-${info.project.name}-${Date.now()}@example.com`,
    );
    const id = await createContactThroughApi(page, 'Ada', 'Lovelace');

    // The first visit installs the worker, which takes control of the page.
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Seen once through the worker: the list, then the contact.
    await page.reload();
    await expect(page.getByText('Ada Lovelace').first()).toBeVisible();
    await page.goto(`/person/${id}`);
    await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    expect(page.url()).toContain(`/person/${id}`);
    await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    const banner = page.getByRole('status').filter({ hasText: 'Offline' });
    await expect(banner).toBeVisible();
    await shoot(page, 'offline-contact');

    // The list, as last seen.
    await page.goto('/');
    await expect(page.getByText('Ada Lovelace').first()).toBeVisible();
    await expect(banner).toBeVisible();
    await expectClearOfControls(page);
    await shoot(page, 'offline-list');

    // A screen whose code this visit never loaded opens from the worker's copy.
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    expect(page.url()).not.toMatch(/^chrome-error:/);

    // Editing offline: Save says so at once, and what was typed stays.
    await page.goto(`/person/edit/${id}`);
    const nickname = page.getByLabel('Nickname');
    await nickname.fill('Countess');
    const started = Date.now();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(nickname).toHaveValue('Countess');
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();

    // Back online: the banner goes, and the same Save works.
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Contact Updated')).toBeVisible();
    const saved = await page.request.get(`/api/v1/contacts/${id}`);
    expect(JSON.stringify(await saved.json())).toContain('Countess');

    // Signing out removes every copy of this person's data the worker kept.
    const kept = () =>
      page.evaluate(async () => (await (await caches.open('kith-api-v1')).keys()).length);
    // Polled: the save's own navigation can replace the page while the copies are counted.
    await expect.poll(kept).toBeGreaterThan(0);
    // A mark on this document: a reload during the sign-out (a screen's refused refetch once
    // took the page down with the toast) would wipe it.
    await page.evaluate(() => Object.assign(window, { signOutMark: true }));
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page
      .getByRole('dialog', { name: 'Sign out?' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    await expect(page.getByText('Logout Successful')).toBeVisible();
    expect(await page.evaluate(() => 'signOutMark' in window)).toBe(true);
    await expect.poll(kept).toBe(0);
  });

  test('Kith installs as an app: a valid manifest with its icons, and a service worker controlling the page', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const href = await page.locator('link[rel=manifest]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await page.request.get(href!);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'Kith', start_url: '/', display: 'standalone' });
    expect(manifest.name).toContain('Kith');
    expect(manifest.theme_color).toMatch(/^#/);
    expect(manifest.background_color).toMatch(/^#/);
    for (const [sizes, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]) {
      const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
      expect(icon, `${sizes} ${purpose}`).toBeDefined();
      const image = await page.request.get(icon!.src);
      expect(image.headers()['content-type']).toBe('image/png');
    }
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    // Chromium's own verdict: nothing of Kith's stands between it and "Install app". (A test's
    // browser context is incognito, where Chromium installs nothing: that one is the browser's.)
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  });

  /** No button, link or field the banner sits on at this viewport. */
  async function expectClearOfControls(page: Page) {
    const covered = await page.evaluate(() => {
      const region = document.querySelector('[role=status] .mantine-Paper-root');
      if (!region) return ['no banner'];
      const b = region.getBoundingClientRect();
      const hits: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(
        'a, button, input, textarea, select, [role=button], [role=link]',
      )) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || region.contains(el)) continue;
        const overlaps =
          r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
        if (overlaps) hits.push(el.outerHTML.slice(0, 120));
      }
      return hits;
    });
    expect(covered).toEqual([]);
  }
});

test("before the worker is installed, a screen whose code cannot load offline shows Kith's error, never the browser's, and opens by itself once back online", async ({
  page,
  context,
}, info) => {
  // No service worker: the screen's code is not cached anywhere.
  await signUpThroughApi(
    page,
    'Chunk Person',
    `chunk-${info.project.name}-${Date.now()}@example.com`,
  );
  await createContactThroughApi(page, 'Grace', 'Hopper');
  await page.goto('/');
  await expect(page.getByText('Grace Hopper').first()).toBeVisible();

  await context.setOffline(true);
  await page.getByText('Grace Hopper').first().click();
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
  expect(page.url()).toMatch(/^http:\/\/localhost:\d+\/person\//);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
});
