import { useEffect, useRef } from 'react';

/** Where focus should come back to for an element that had it: a menu's own button for an item. */
function returnPoint(element: EventTarget | Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement)) return null;
  const menu = element.closest<HTMLElement>('[role="menu"]');
  if (!menu) return element;
  // Mantine names the menu by its button (aria-labelledby); ARIA also allows aria-controls.
  const labelledBy = menu.getAttribute('aria-labelledby');
  const button = labelledBy ? document.getElementById(labelledBy) : null;
  return (
    button ??
    (menu.id
      ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`)
      : null)
  );
}

/** How long after a dialog closes a lost focus is still put back, in ms. */
const MEND_FOR_MS = 1_000;

/**
 * Puts focus back where it was before a dialog opened, once it closes (WCAG 2.4.3 focus
 * order). A dialog opened from a menu item lost focus to `<body>`: Mantine returns
 * it to the item, which the closed menu has removed; then the menu's own button takes it.
 * While closed, the hook follows focus; on close it mends only a focus that was lost.
 */
export function useFocusReturn(opened: boolean): void {
  const back = useRef<HTMLElement | null>(null);
  // Cleared when the component goes: a page that left has no focus to mend, and the
  // timers below must not outlive it (nor the document, in a test that has ended).
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (opened) return;
    const follow = (target: EventTarget | Element | null) => {
      // A dialog's own elements (the one opening, or closing) are no place to return to.
      if (target instanceof Element && target.closest('[role="dialog"]')) return;
      back.current = returnPoint(target) ?? back.current;
    };
    follow(document.activeElement);
    const onFocus = (event: FocusEvent) => follow(event.target);
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [opened]);
  useEffect(() => {
    if (!opened) return;
    return () => {
      // Mantine's close transition and its own attempt come after this, later on a busy
      // machine (a single check at 300 ms sometimes ran before them and focus was lost after):
      // so for a second, a focus found lost is mended each time.
      const started = performance.now();
      const mend = () => {
        if (!mounted.current) return;
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && back.current?.isConnected) back.current.focus();
        if (performance.now() - started < MEND_FOR_MS) window.setTimeout(mend, 50);
      };
      window.setTimeout(mend, 50);
    };
  }, [opened]);
}
