/* global document, window, location */
// Runs before the first paint (a blocking script in <head>). For the public pages the build
// prerendered (docs/decisions/0014-prerendered-public-pages.md): they paint in the colour scheme
// the app will use, and a reader of another interface language than the prerendered English sees
// the page once the app has rendered it in theirs, not English first. The keys are the app's own
// (app.tsx, lib/i18n.ts). And it starts what the first screen needs (startFirstScreen).
(function () {
  var root = document.documentElement;
  var language = navigator.language;
  try {
    var scheme = localStorage.getItem('kith-color-scheme') || 'auto';
    if (scheme === 'auto') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    root.setAttribute('data-mantine-color-scheme', scheme);
    language = localStorage.getItem('kith-locale') || navigator.language || 'en';
    if (/^es\b/i.test(language)) root.setAttribute('data-await-app', '');
  } catch {
    // No storage (a locked-down browser): the page paints light and in English.
  }
  try {
    startFirstScreen(language);
  } catch {
    // Nothing is lost: the app asks for what it needs itself, only later.
  }
})();

/**
 * A returning person's `/` (the `signed_in=1` cookie, lib/session.ts): the first window of their
 * contacts is asked for now, before any of the app's code has arrived, and the list adopts the
 * answer (lib/first-window.ts); the list screen's code and the catalogue start downloading
 * beside the entry chunk (the build lists their files in `<meta name="kith-first-screen">`).
 * Before, the list call waited for the entry to run and then for a free connection behind
 * chunk downloads (docs/performance.md#the-first-screen-in-a-handful-of-chunks).
 */
function startFirstScreen(language) {
  var home = /(?:^|;\s*)signed_in=1(?:;|$)/.test(document.cookie) && location.pathname === '/';
  // The order the list was last shown in (lib/contact-lists.ts `lastSort`); the app checks it.
  var sort = home ? localStorage.getItem('kith.contactSort') || 'first_name' : '';
  if (/^[a-z_]+$/.test(sort)) {
    // tRPC's own GET for `contacts.listItems` with the list's first-window input, so the service
    // worker keeps and answers it as it does the app's call. First, so it has a connection.
    var input = JSON.stringify({ json: { offset: 0, limit: 100, sort: sort, list: 'contacts' } });
    window.__kithFirstWindow = {
      sort: sort,
      response: fetch('/api/trpc/contacts.listItems?input=' + encodeURIComponent(input), {
        credentials: 'include',
      }).catch(function () {
        return null;
      }),
    };
  }
  var locale = /^es\b/i.test(language || '') ? 'es' : 'en';
  var metas = document.querySelectorAll('meta[name="kith-first-screen"]');
  for (var i = 0; i < metas.length; i++) {
    var group = metas[i].getAttribute('data-for');
    if (group !== locale && !(home && group === 'home')) continue;
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = metas[i].getAttribute('content');
    document.head.appendChild(link);
  }
}
