import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppContext } from './app';
import { i18nReady } from './lib/i18n';
import { guardChunkReloads } from './pwa/chunk-guard';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Offline, a screen whose code cannot load shows its error, not the browser's (docs/offline.md).
guardChunkReloads();
// Registered once the page has loaded (register.ts); its code need not hold the first screen.
void import('./pwa/register').then(({ registerServiceWorker }) => registerServiceWorker());

const context = createAppContext();
const app = (
  <StrictMode>
    <App context={context} />
  </StrictMode>
);
// The first render waits for the catalogue, so a Spanish reader never sees English flash. A
// prerendered public page (painted already, scripts/prerender.mjs) stays until its route has
// loaded too, so the app's first render replaces it with the same page, never a spinner. (It
// is replaced, not hydrated: the router renders another tree on a server than in a browser.)
const prerendered = root.hasAttribute('data-prerendered');
void Promise.all([i18nReady, prerendered ? context.router.load() : null])
  .catch(() => undefined)
  .finally(() => createRoot(root).render(app));
