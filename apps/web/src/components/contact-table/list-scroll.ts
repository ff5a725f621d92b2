import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * The list pane keeps its place (docs/product/screens.md#two-panes): opening a contact from the
 * full-width list shows the pane's list with the same row at the same height, and a reload of
 * /person/:id finds the pane's list where it was.
 */

/** The row last opened: its index, its list, and its top edge in the viewport (px). */
const memory: { opened: { list: string; index: number; top: number } | null } = { opened: null };

/** Where this tab keeps the pane's scroll (px from its top), per list. */
const PANE_SCROLL_KEY = 'kith.paneScroll';

/** Notes the row a person opened, for the pane that shows next (`top`: viewport px). */
export function rememberOpenedRow(list: string, index: number, top: number): void {
  memory.opened = { list, index, top };
}

function savedScroll(list: string): number | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(PANE_SCROLL_KEY) ?? 'null') as {
      list: string;
      top: number;
    } | null;
    return saved?.list === list ? saved.top : null;
  } catch {
    return null;
  }
}

/**
 * In the list pane (`scroller`), once the list has its height (`ready`): scrolls to where the
 * row just opened in `list` was (`scrollTopFor(index, viewportTop)` gives the pane's scrollTop
 * that puts it there), else to the place the pane had in this tab; and keeps that place as the
 * pane scrolls. Does nothing for a list that scrolls the window.
 */
export function usePaneScroll(
  scroller: HTMLElement | undefined,
  list: string,
  ready: boolean,
  scrollTopFor: (index: number, viewportTop: number) => number,
): void {
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (!scroller || !ready || restored.current) return;
    restored.current = true;
    const row = memory.opened?.list === list ? memory.opened : null;
    memory.opened = null;
    const top = row ? scrollTopFor(row.index, row.top) : savedScroll(list);
    if (top !== null && top > 0) scroller.scrollTo({ top, behavior: 'instant' });
  });
  useEffect(() => {
    if (!scroller) return;
    const save = () => {
      try {
        sessionStorage.setItem(PANE_SCROLL_KEY, JSON.stringify({ list, top: scroller.scrollTop }));
      } catch {
        // A browser that keeps nothing (private mode, full storage) starts at the top.
      }
    };
    scroller.addEventListener('scroll', save, { passive: true });
    return () => scroller.removeEventListener('scroll', save);
  }, [scroller, list]);
}
