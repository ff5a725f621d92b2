import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { announce, announcer } from './announce';

/** How long a navigation's screen may take to show its heading and title, in ms. */
const SETTLE_WAIT_MS = 3000;
const POLL_MS = 50;

/** What the page showed as a navigation began: its headings' texts, the focus, the title. */
interface Before {
  headings: Map<Element, string>;
  focus: Element | null;
  title: string;
}

const mainHeadings = () => [...document.querySelectorAll<HTMLElement>('main h1')];

/**
 * Where a keyboard or screen-reader user is after a client-side navigation
 * (docs/product/screens.md#keyboard; WCAG 2.4.3 Focus Order, 4.1.3 Status Messages): the
 * browser leaves the focus on <body> (or on the link or row that was pressed) when the router
 * swaps the screen, so the next Tab starts again at the top. After each change of path (not the
 * first load, where the browser starts at the top anyway) the focus moves to the new screen's
 * main heading: the first <h1> in <main> that is new or says something new (a list beside a
 * contact keeps its own), made focusable with tabIndex -1; <main> when none comes within 3 s.
 * The new title is then said in the polite live region. A screen that put the focus somewhere
 * itself (a field it focuses on arrival, a dialog) keeps it.
 */
export function useRouteFocus(): void {
  const router = useRouter();
  useEffect(() => {
    announcer();
    let before: Before | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offBefore = router.subscribe('onBeforeNavigate', (event) => {
      if (!event.fromLocation || !event.pathChanged) return;
      clearTimeout(timer);
      before = {
        headings: new Map(mainHeadings().map((h) => [h, h.textContent ?? ''])),
        focus: document.activeElement,
        title: document.title,
      };
    });
    const offResolved = router.subscribe('onResolved', (event) => {
      const from = before;
      before = null;
      if (!from || !event.pathChanged) return;
      const started = Date.now();
      const waited = () => Date.now() - started >= SETTLE_WAIT_MS;
      const focusHeading = () => {
        const headings = mainHeadings();
        const fresh = headings.find((h) => from.headings.get(h) !== (h.textContent ?? ''));
        if (!fresh && !waited()) {
          timer = setTimeout(focusHeading, POLL_MS);
          return;
        }
        const active = document.activeElement;
        const placedByScreen = active !== null && active !== document.body && active !== from.focus;
        if (!placedByScreen) {
          const target = fresh ?? headings[0] ?? document.querySelector<HTMLElement>('main');
          if (target) {
            if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
            target.focus({ preventScroll: true });
          }
        }
        sayTitle();
      };
      // The title follows the screen's data (a contact's name) and may come a moment later.
      const sayTitle = () => {
        if (document.title === from.title && !waited()) {
          timer = setTimeout(sayTitle, POLL_MS);
          return;
        }
        announce(document.title);
      };
      const settle = focusHeading;
      timer = setTimeout(settle, 0);
    });
    return () => {
      clearTimeout(timer);
      offBefore();
      offResolved();
    };
  }, [router]);
}
