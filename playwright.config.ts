import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/chromium.mjs';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the
 * production build served by `pnpm start`, at a desktop and a phone viewport.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

// Workers load this file again; the data folder must be the one the server was given.
process.env.KITH_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'kith-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Generous for 2 shared cores: the same suite's steps took 2-3x longer on a busy day, and a
  // step that waits longer than this is a failure worth a look, not a slow machine.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Two at once on these two cores: with three, the first tests of a run (axe walks, the
  // sign-up flow) ran past their limits on 2026-11-25 while the machine answered at half its
  // usual speed (the load test's 203 requests/s against 385 before).
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL,
    // A trace records every action's DOM and screen, about a quarter of a heavy test's time;
    // `E2E_TRACE=0` (set by .ci/run, whose output is text only) records none.
    trace: process.env.E2E_TRACE === '0' ? 'off' : 'retain-on-failure',
    // No single step may wait out the whole test.
    actionTimeout: 15_000,
    screenshot: 'only-on-failure',
    // No service worker but where a test asks for one (e2e/offline.spec.ts): a worker answers
    // the requests tests intercept with page.route, and each test's fresh browser would
    // download every file of the app into its cache.
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    // A test tagged @phone-only or @desktop-only is about one viewport and is not collected
    // for the other (rather than collected and skipped).
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      grepInvert: /@phone-only/,
    },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // Colours do not change with the viewport: the dark-scheme checks run at desktop size.
      testIgnore: /dark-scheme\.spec\.ts/,
      grepInvert: /@desktop-only/,
    },
  ],
  webServer: {
    command: 'pnpm start',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.KITH_E2E_DATA_DIR,
      APP_SECRET: 'e2e-only-secret-that-is-at-least-32-characters',
      LOG_LEVEL: 'warn',
      // Every test signs a new person up from the same address: the suite makes more than the
      // 100 sign-in calls per 15 minutes one address may (the limits have their own API tests).
      RATE_LIMIT_PER_IP: '1000',
    },
  },
});
