import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/chromium.mjs';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the
 * production build (the compiled server, `apps/server/dist/main.js`, as `pnpm start` runs it),
 * at a desktop and a phone viewport.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

// Workers load this file again; the data folder must be the one the server was given.
process.env.KITH_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'kith-e2e-'));

/**
 * With `E2E_DATABASE_URL` (an empty PostgreSQL database; CI sets one), the suite's server runs
 * on PostgreSQL, a quarter faster on two cores than the embedded database, and a second server
 * on the embedded database (PGlite, what `pnpm start` uses by default) serves the `embedded`
 * project: the contact's whole life at the desktop size, so a browser drives both databases
 * (docs/testing.md). Without it, the one server is embedded.
 */
const databaseUrl = process.env.E2E_DATABASE_URL;
const EMBEDDED_PORT = PORT + 1;
if (databaseUrl) {
  process.env.KITH_E2E_EMBEDDED_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'kith-e2e-embedded-'));
}

/**
 * The compiled server in production mode on `port`, its data (and dev mail outbox) in `dataDir`:
 * what `pnpm start` runs, started without pnpm so the server is the only process.
 */
function server(port: number, dataDir: string | undefined, env: Record<string, string> = {}) {
  const url = `http://localhost:${port}`;
  return {
    command: 'node --enable-source-maps apps/server/dist/main.js',
    url: `${url}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir ?? '',
      APP_SECRET: 'e2e-only-secret-that-is-at-least-32-characters',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_IP: '1000',
      ...env,
    },
  };
}

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
      // What a phone draws no differently runs once, at the desktop size (docs/testing.md,
      // "One size or two"): colours (the dark scheme), keyboard shortcuts, the races of double
      // clicks and slow saves, undoing a whole book, sync alerts and API tokens.
      testIgnore: /(dark-scheme|keyboard|form-edges|undo-changes|sync-alerts|api-tokens)\.spec\.ts/,
      grepInvert: /@desktop-only/,
    },
    ...(databaseUrl
      ? [
          {
            name: 'embedded',
            testMatch: /contacts\.spec\.ts/,
            grep: /whole life/,
            use: {
              baseURL: `http://localhost:${EMBEDDED_PORT}`,
              viewport: { width: 1280, height: 800 },
            },
          },
        ]
      : []),
  ],
  webServer: [
    server(PORT, process.env.KITH_E2E_DATA_DIR, databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(databaseUrl ? [server(EMBEDDED_PORT, process.env.KITH_E2E_EMBEDDED_DATA_DIR)] : []),
  ],
});
