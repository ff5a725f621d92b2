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
 * BENCH_WEB_LIGHTHOUSE_RUNS (BENCH_WEB_RUNS; 0 for none);
 * BENCH_WEB_BIG_BOOKS, the big books' sizes ("10000,100000"; empty for none); BENCH_WEB_DIST,
 * built `dist` folders to compare, comma-separated (say, a worktree of the commit before and
 * this one): each is served by a server of its own on the same database, and the runs
 * alternate between them, so a busy machine weighs on both alike. Without it, this
 * checkout's web app is built and measured.
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
/** Lighthouse runs per page and build (`BENCH_WEB_LIGHTHOUSE_RUNS`, else `RUNS`; 0 for none). */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_WEB_LIGHTHOUSE_RUNS ?? RUNS);
/** The books the list is opened at in Chromium: two sizes, to see how its cost grows. */
const BIG_BOOKS = (process.env.BENCH_WEB_BIG_BOOKS ?? '10000,100000')
  .split(',')
  .filter(Boolean)
  .map(Number);
const webDir = resolve(import.meta.dirname, '../../apps/web');
const DISTS = (process.env.BENCH_WEB_DIST ?? '')
  .split(',')
  .filter(Boolean)
  .map((dir) => resolve(dir));
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

function initialAssets(
  distDir: string,
): { route: string; jsFiles: number; jsKb: number; cssKb: number }[] {
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
      // A route file's component is split off under its own key; a plain module is its path.
      const split = `${component}?tsr-split=component`;
      const key = manifest[split] ? split : component;
      collect(key, js, css);
    }
    const sum = (files: Set<string>) =>
      Math.round([...files].reduce((total, file) => total + gzipKb(file), 0) * 10) / 10;
    return { route, jsFiles: js.size, jsKb: sum(js), cssKb: sum(css) };
  });
}

type LighthouseFigures = Awaited<ReturnType<typeof runLighthouse>>;

/** The median of `values` (the upper one of an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Each figure's median over runs of Lighthouse. */
function medianLighthouse(runs: LighthouseFigures[]): LighthouseFigures {
  const of = (pick: (r: LighthouseFigures) => number) => median(runs.map(pick));
  return {
    performance: of((r) => r.performance),
    accessibility: of((r) => r.accessibility),
    bestPractices: of((r) => r.bestPractices),
    lcpMs: of((r) => r.lcpMs),
    cls: of((r) => r.cls),
    tbtMs: of((r) => r.tbtMs),
    jsRequests: of((r) => r.jsRequests),
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
    const requests = (
      lhr.audits['network-requests']?.details as { items?: { resourceType?: string }[] }
    )?.items;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      tbtMs: Math.round(audit('total-blocking-time')),
      jsRequests: requests?.filter((r) => r.resourceType === 'Script').length ?? -1,
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

if (DISTS.length === 0) {
  log('building the web app');
  execFileSync('pnpm', ['build'], { cwd: webDir, stdio: 'inherit' });
  DISTS.push(join(webDir, 'dist'));
}
const assets = DISTS.flatMap((dist) => {
  if (!existsSync(join(dist, '.vite/manifest.json')))
    throw new Error(`no Vite manifest in ${dist}`);
  return initialAssets(dist).map((figures) => ({ dist, ...figures }));
});
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
const secret = randomBytes(32).toString('hex');
/** One server per build, on the one database. */
const targets = await Promise.all(
  DISTS.map(async (dist, i) => {
    const port = 3199 - i;
    const started = await startBenchApp(database, {
      env: {
        NODE_ENV: 'production',
        APP_SECRET: secret,
        WEB_DIST_DIR: dist,
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
      },
      serveWeb: true,
      port,
    });
    const cookies: Cookie[] = (await signIn(started.origin, book.email)).split('; ').map((pair) => {
      const [name = '', value = ''] = pair.split('=');
      return { name, value, url: started.origin };
    });
    return { dist, ...started, cookies };
  }),
);

const bigBooks: (BigBookFigures & { dist: string; firstRowRunsMs: number[] })[] = [];
for (const size of BIG_BOOKS) {
  log(`seeding an account with ${size} contacts for the list in Chromium`);
  const email = `big-${size}@example.com`;
  await seedAccount(database.db, email, size);
  // What autovacuum does for a live book: the planner's statistics and the visibility map.
  await opened.run('vacuum analyze', []);
  const cookieOf = new Map<string, string>();
  for (const target of targets) {
    const cookie = await signIn(target.origin, email);
    cookieOf.set(target.dist, cookie);
    // The first visit warms the server and the browser's code cache as a returning person's.
    await measureBigBook(target.origin, cookie);
  }
  const runs = new Map<string, BigBookFigures[]>(targets.map((t) => [t.dist, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const target of targets) {
      runs.get(target.dist)!.push(await measureBigBook(target.origin, cookieOf.get(target.dist)!));
    }
  }
  for (const [dist, figures] of runs) {
    const firstRowRunsMs = figures.map((f) => f.firstRowMs);
    const mid = figures.find((f) => f.firstRowMs === median(firstRowRunsMs))!;
    bigBooks.push({ dist, ...mid, firstRowRunsMs });
    log(`${size} contacts, ${dist}: first row ${firstRowRunsMs.join(', ')} ms`);
  }
}
console.table(bigBooks);

const lighthouseRuns = new Map<string, LighthouseFigures[]>();
for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
  for (const target of targets) {
    for (const [page, cookies] of [
      ['landing (/)', []],
      [`contacts list (/, ${CONTACTS} contacts)`, target.cookies],
    ] as const) {
      const key = `${target.dist}\t${page}`;
      const figures = await runLighthouse(`${target.origin}/`, [...cookies]);
      lighthouseRuns.set(key, [...(lighthouseRuns.get(key) ?? []), figures]);
      log(`Lighthouse ${page}, ${target.dist}: ${JSON.stringify(figures)}`);
    }
  }
}
const lighthouseResults = [...lighthouseRuns].map(([key, runs]) => {
  const [dist, page] = key.split('\t');
  return { dist, page, ...medianLighthouse(runs) };
});
console.table(lighthouseResults);
for (const target of targets) await target.app.close();
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
