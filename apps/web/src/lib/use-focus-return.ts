import { useEffect } from 'react';

/**
 * Puts focus back where it was when a dialog opened, once it closes (WCAG 2.4.3 focus order;
 * issue 21.8). A dialog opened from a menu item would send focus back to that item, which the
 * closed menu has removed, and focus fell to `<body>`; then the menu's own button takes it.
 * Mantine's `returnFocus` covers the other cases; this runs after it and only mends a lost focus.
 */
export function useFocusReturn(opened: boolean): void {
  useEffect(() => {
    if (!opened) return;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const menu = active?.closest<HTMLElement>('[role="menu"]');
    const menuButton = menu?.id
      ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`)
      : null;
    const back = menuButton ?? active;
    return () => {
      // After the close transition, when Mantine has tried its own return.
      window.setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && back?.isConnected) back.focus();
      }, 300);
    };
  }, [opened]);
}
