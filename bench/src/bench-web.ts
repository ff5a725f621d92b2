/**
 * `pnpm bench:web`: builds the web app, reports each route's initial JS and CSS (gzip), and
 * runs Lighthouse (mobile emulation, Debian's Chromium) on the landing page and on the
 * contacts list of a seeded account. Prints tables and adds them to bench/results.json.
 * Not part of `pnpm test`.
 *
 * Each page is measured `BENCH_WEB_RUNS` times (3) and each figure reported as the median:
 * one Lighthouse run on a 2-core machine varies by 10 points.
 *
 * It also opens the contacts list of a 10,000- and a 100,000-contact book in Chromium
 * (`big-book.ts`): first row, End to the last row, list data fetched, JS heap.
 *
 * Settings: BENCH_WEB_CONTACTS, the seeded account's contacts (5000); BENCH_WEB_RUNS (3);
 * BENCH_WEB_BIG_BOOKS, the big books' sizes ("10000,100000"; empty for none).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chromium, type Cookie as BrowserCookie } from 'playwright-core';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../../e2e/chromium.mjs';
import { signIn, startBenchApp } from './bench-app';
import { seedAccount, seedBook } from './seed';
import { openDatabase } from './databases';
import { measureBigBook, type BigBookFigures } from './big-book';

const CONTACTS = Number(process.env.BENCH_WEB_CONTACTS ?? 5_000);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** The books the list is opened at in Chromium: two sizes, to see how its cost grows. */
const BIG_BOOKS = (process.env.BENCH_WEB_BIG_BOOKS ?? '10000,100000')
  .split(',')
  .filter(Boolean)
  .map(Number);
const webDir = resolve(import.meta.dirname, '../../apps/web');
const distDir = join(webDir, 'dist');
type Cookie = Pick<BrowserCookie, 'name' | 'value'> & { url: string };
const log = (line: string) => console.log(`[bench:web] ${line}`);

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** The route component chunks each screen loads first (TanStack Router code splitting). */
const ROUTES: Record<string, string[]> = {
  '/ (landing)': ['src/routes/index.tsx', 'src/features/landing/home-landing.tsx'],
  '/ (contacts list)': ['src/routes/index.tsx', 'src/routes/-home-contacts.tsx'],
  '/login': ['src/routes/_auth.tsx', 'src/routes/_auth/login.tsx'],
  '/signup': ['src/routes/_auth.tsx', 'src/routes/_auth/signup.tsx'],
  '/help': ['src/routes/_public.tsx', 'src/routes/_public/help.tsx'],
  '/favorite': ['src/routes/_app.tsx', 'src/routes/_app/favorite.tsx'],
  '/person/$id': ['src/routes/_app.tsx', 'src/routes/_app/person/$id.tsx'],
};

function initialAssets(): { route: string; jsKb: number; cssKb: number }[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gzipKb = (file: string) =>
    Math.round((gzipSync(readFileSync(join(distDir, file))).length / 1024) * 10) / 10;
  const collect = (key: string, js: Set<string>, css: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) collect(imported, js, css);
  };
  return Object.entries(ROUTES).map(([route, components]) => {
    const js = new Set<string>();
    const css = new Set<string>();
    collect('index.html', js, css);
    for (const component of components) {
      const key = component.startsWith('src/routes/')
        ? `${component}?tsr-split=component`
        : component;
      collect(key, js, css);
    }
    const sum = (files: Set<string>) =>
      Math.round([...files].reduce((total, file) => total + gzipKb(file), 0) * 10) / 10;
    return { route, jsKb: sum(js), cssKb: sum(css) };
  });
}

type LighthouseFigures = Awaited<ReturnType<typeof runLighthouse>>;

/** Each figure's median over `RUNS` runs of Lighthouse on `url`. */
async function medianLighthouse(url: string, cookies?: Cookie[]): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(url, cookies));
  const median = (pick: (r: LighthouseFigures) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    performance: median((r) => r.performance),
    accessibility: median((r) => r.accessibility),
    bestPractices: median((r) => r.bestPractices),
    lcpMs: median((r) => r.lcpMs),
    cls: median((r) => r.cls),
    tbtMs: median((r) => r.tbtMs),
  };
}

let debuggingPort = 9333;

/**
 * One Lighthouse run on `url` in a fresh Chromium. The signed-in run puts the session's
 * cookies in the browser's own jar (Playwright), not in request headers, so the page's script
 * sees `signed_in` as a person's browser does.
 */
async function runLighthouse(url: string, cookies: Cookie[] = []) {
  const port = debuggingPort++;
  const profile = mkdtempSync(join(tmpdir(), 'kith-lighthouse-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [...chromiumArgs.filter((a) => a !== '--headless'), `--remote-debugging-port=${port}`],
    headless: true,
  });
  try {
    await browser.addCookies(cookies);
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const lhr = result!.lhr;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? -1;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      tbtMs: Math.round(audit('total-blocking-time')),
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

log('building the web app');
execFileSync('pnpm', ['build'], { cwd: webDir, stdio: 'inherit' });
if (!existsSync(join(distDir, '.vite/manifest.json'))) throw new Error('no Vite manifest');
const assets = initialAssets();
console.table(assets);

log(`seeding an account with ${CONTACTS} contacts`);
// PostgreSQL as in production when an admin URL is given, else PGlite in memory.
const opened = await openDatabase(
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
);
const database = opened.handle;
log(`database: ${database.kind}`);
const book = await seedBook(
  database.db,
  { mainContacts: CONTACTS, otherAccounts: 0, otherContacts: 0 },
  log,
);
const { app, origin } = await startBenchApp(database, {
  env: {
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST_DIR: distDir,
    PORT: '3199',
    PUBLIC_URL: 'http://localhost:3199',
  },
  serveWeb: true,
  port: 3199,
});
const cookies: Cookie[] = (await signIn(origin, book.email)).split('; ').map((pair) => {
  const [name = '', value = ''] = pair.split('=');
  return { name, value, url: origin };
});

const bigBooks: BigBookFigures[] = [];
for (const size of BIG_BOOKS) {
  log(`seeding an account with ${size} contacts for the list in Chromium`);
  const email = `big-${size}@example.com`;
  await seedAccount(database.db, email, size);
  // What autovacuum does for a live book: the planner's statistics and the visibility map.
  await opened.run('vacuum analyze', []);
  const cookie = await signIn(origin, email);
  // The first visit warms the server and the browser's code cache as a returning person's.
  await measureBigBook(origin, cookie);
  bigBooks.push(await measureBigBook(origin, cookie));
}
console.table(bigBooks);

const lighthouseResults = [
  { page: 'landing (/)', ...(await medianLighthouse(`${origin}/`)) },
  {
    page: `contacts list (/, ${CONTACTS} contacts)`,
    ...(await medianLighthouse(`${origin}/`, cookies)),
  },
];
console.table(lighthouseResults);
await app.close();
await opened.drop();

const resultsFile = resolve(import.meta.dirname, '../results.json');
const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
writeFileSync(
  resultsFile,
  `${JSON.stringify(
    {
      ...previous,
      web: {
        date: new Date().toISOString(),
        initialAssetsGzipKb: assets,
        database: database.kind,
        lighthouseRuns: RUNS,
        lighthouse: lighthouseResults,
        bigBooks,
      },
    },
    null,
    2,
  )}\n`,
);
log(`written to ${resultsFile}`);
process.exit(0);
