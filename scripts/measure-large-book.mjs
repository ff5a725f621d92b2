// Measures how long the contacts list of a 5,000-contact book takes to show, in Debian's
// Chromium, against a running production server (the target: it opens in under a second).
// Usage: pnpm build && PORT=3200 DATA_DIR=$(mktemp -d) pnpm start &
//        node scripts/measure-large-book.mjs http://localhost:3200 <data-dir>
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { chromiumArgs, chromiumPath } from '../e2e/chromium.mjs';

const require = createRequire(import.meta.url);
const { chromium } = require('@playwright/test');

const [baseUrl = 'http://localhost:3200', dataDir] = process.argv.slice(2);
const COUNT = Number(process.env.CONTACTS ?? 5000);
const email = `big-${Date.now()}@example.com`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const context = await browser.newContext({
  baseURL: baseUrl,
  viewport: { width: 1280, height: 800 },
});
const api = context.request;

await api.post('/api/v1/auth/signup', {
  data: { name: 'Big Book', email, password: 'big-book-password-1' },
});
const outbox = join(dataDir, 'outbox');
const mail = readdirSync(outbox)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(outbox, f), 'utf8')))
  .find((m) => m.to === email);
const otp = /\d{6}/.exec(mail.subject)[0];
await api.post('/api/v1/auth/verify', { data: { email, otp } });

const started = Date.now();
for (let i = 0; i < COUNT; i += 50) {
  await Promise.all(
    Array.from({ length: Math.min(50, COUNT - i) }, (_, k) =>
      api.post('/api/v1/contacts', {
        data: {
          firstName: `Person${String(i + k).padStart(5, '0')}`,
          lastName: 'Example',
          phone: `+1 555 ${i + k}`,
          email: `p${i + k}@example.com`,
        },
      }),
    ),
  );
}
console.log(`seeded ${COUNT} contacts in ${Date.now() - started} ms`);

// Timed inside the page from navigation start, so the measuring tool's polling adds nothing.
await context.addInitScript(() => {
  new MutationObserver((_, observer) => {
    if (document.querySelector('[role="row"][aria-rowindex]')) {
      window.__firstRowMs = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
});
const page = await context.newPage();
const runs = [];
for (let run = 0; run < 5; run += 1) {
  const t0 = Date.now();
  await page.goto('/');
  await page.waitForFunction(() => window.__firstRowMs, null, { timeout: 30_000 });
  const firstRowMs = Math.round(await page.evaluate(() => window.__firstRowMs));
  // The rest of the book loads page after page; scroll to the end until the last row shows.
  const last = page
    .getByRole('row')
    .filter({ hasText: `Person${String(COUNT - 1).padStart(5, '0')}` });
  while (!(await last.isVisible())) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(50);
  }
  runs.push({
    firstRowMs,
    lastRowMs: Date.now() - t0,
    rowsInDom: await page.getByRole('row').count(),
  });
}
console.table(runs);
await browser.close();
