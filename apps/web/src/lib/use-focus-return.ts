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

/**
 * Puts focus back where it was before a dialog opened, once it closes (WCAG 2.4.3 focus
 * order; issue 21.8). A dialog opened from a menu item lost focus to `<body>`: Mantine returns
 * it to the item, which the closed menu has removed; then the menu's own button takes it.
 * While closed, the hook follows focus; on close it mends only a focus that was lost.
 */
export function useFocusReturn(opened: boolean): void {
  const back = useRef<HTMLElement | null>(null);
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
      // After the close transition and Mantine's own attempt.
      window.setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && back.current?.isConnected) back.current.focus();
      }, 300);
    };
  }, [opened]);
}
