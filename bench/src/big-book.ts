/**
 * The contacts list of a large book in Chromium (docs/performance.md): the time from
 * navigation start to the first row, from End to the last row, the list data fetched to open
 * the book, and the JS heap once it is open. Used by `pnpm bench:web`.
 */
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../e2e/chromium.mjs';

export interface BigBookFigures {
  contacts: number;
  /** Navigation start to the first real row on screen, ms. */
  firstRowMs: number;
  /** The End key to the last row on screen, ms. */
  endToLastRowMs: number;
  /** Bytes on the wire (compressed) of list calls made while opening the book. */
  listDataKb: number;
  /** The list calls made while opening the book. */
  listCalls: number;
  /** JS heap in use after a collection, once the book is open, MB. */
  heapMb: number;
}

/** Is the row at 1-based `position` of the table on screen with its contact (not a placeholder)? */
const rowShown = (position: number) =>
  `document.querySelector('[role=row][aria-rowindex="${position + 1}"]:not([aria-busy])') !== null`;

/**
 * Opens `origin`'s contacts list as the person whose session `cookie` holds (1280x800), and
 * measures it.
 */
export async function measureBigBook(origin: string, cookie: string): Promise<BigBookFigures> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    // The measuring predicates are strings, which the app's CSP would refuse to evaluate.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      bypassCSP: true,
    });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', value = ''] = pair.split('=');
        return { name, value, url: origin };
      }),
    );
    const page = await context.newPage();
    const listBytes: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (/contacts\.list|labels\.contacts|favorites\.list/.test(request.url())) {
        listBytes.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
      }
    });
    // The moment the first row appears, taken in the page (no polling delay).
    await page.addInitScript(`
      new MutationObserver((_, observer) => {
        if (${rowShown(1)}) {
          window.__firstRow = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    `);
    await page.goto(origin);
    await page.waitForFunction('window.__firstRow !== undefined', undefined, { timeout: 60_000 });
    const firstRowMs = await page.evaluate('window.__firstRow');
    await page.waitForLoadState('networkidle');
    const bytes = (await Promise.all(listBytes)).reduce((a, b) => a + b, 0);
    // The book as the list counts it (the seed trashes a few).
    const rows = Number(await page.getAttribute('[role=table]', 'aria-rowcount')) - 1;
    const calls = listBytes.length;

    await page.evaluate('window.__endPressed = performance.now()');
    await page.keyboard.press('End');
    await page.waitForFunction(rowShown(rows), undefined, { timeout: 60_000, polling: 'raf' });
    const endToLastRowMs = await page.evaluate('performance.now() - window.__endPressed');

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    return {
      contacts: rows,
      firstRowMs: Math.round(firstRowMs as number),
      endToLastRowMs: Math.round(endToLastRowMs as number),
      listDataKb: Math.round(bytes / 1024),
      listCalls: calls,
      heapMb: Math.round((heap / 1024 / 1024) * 10) / 10,
    };
  } finally {
    await browser.close();
  }
}
