/* global document, window */
// Runs before the first paint (a blocking script in <head>), for the public pages the build
// prerendered (docs/decisions/0014-prerendered-public-pages.md): they paint in the colour scheme
// the app will use, and a reader of another interface language than the prerendered English sees
// the page once the app has rendered it in theirs, not English first. The keys are the app's own
// (app.tsx, lib/i18n.ts).
(function () {
  var root = document.documentElement;
  try {
    var scheme = localStorage.getItem('kith-color-scheme') || 'auto';
    if (scheme === 'auto') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    root.setAttribute('data-mantine-color-scheme', scheme);
    var language = localStorage.getItem('kith-locale') || navigator.language || 'en';
    if (/^es\b/i.test(language)) root.setAttribute('data-await-app', '');
  } catch {
    // No storage (a locked-down browser): the page paints light and in English.
  }
})();
