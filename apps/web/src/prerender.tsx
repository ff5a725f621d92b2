import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App, createAppContext } from './app';
import { i18nReady } from './lib/i18n';

/**
 * The public pages are rendered to HTML at build time (`scripts/prerender.mjs`), so a visitor's
 * browser paints them before any JavaScript has run (the landing page's LCP waited for 300 KB of
 * script; docs/decisions/0014-prerendered-public-pages.md). Rendered as a visitor with no session
 * sees them, in English; the app then renders over them in the browser.
 */
export { PUBLIC_PAGES } from './lib/public-pages';

/**
 * One page's markup (the inside of `#root`, with the route's `<title>` where HeadContent
 * stands). Runs in Node under a DOM (jsdom), as the build script sets up; waits for every
 * lazy screen to load.
 */
export async function prerenderPage(path: string): Promise<string> {
  await i18nReady;
  const context = createAppContext(createMemoryHistory({ initialEntries: [path] }));
  await context.router.load();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App context={context} />
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
