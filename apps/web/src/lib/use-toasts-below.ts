import { useCallback, useEffect, useRef } from 'react';

/** The CSS variable toasts.module.css reads for the toasts' top edge. */
const TOASTS_TOP = '--kith-toasts-top';
const GAP_PX = 8;

/**
 * The bottom edge (px from the page top) of every element toasts must stay below, by the hook
 * that placed it. A screen that mounts during a route change sets its edge before the screen
 * leaving removes its own, so each keeps its entry and the lowest one wins.
 */
const edges = new Map<object, number>();

function applyEdges(): void {
  const style = document.documentElement.style;
  if (edges.size === 0) style.removeProperty(TOASTS_TOP);
  else style.setProperty(TOASTS_TOP, `${Math.max(...edges.values()) + GAP_PX}px`);
}

/**
 * Keeps toasts below the element it is given (a screen's header row with Save, Export or
 * Sort), so they never cover those controls. Measured against the top of the
 * page when the element appears and when the window is resized; the default placement (below
 * the top bar) comes back when the element goes.
 */
export function useToastsBelow<T extends HTMLElement>() {
  const element = useRef<T | null>(null);
  const key = useRef({});
  const place = useCallback(() => {
    const box = element.current?.getBoundingClientRect();
    if (!box) return;
    edges.set(key.current, Math.round(box.bottom + window.scrollY));
    applyEdges();
  }, []);
  useEffect(() => {
    const own = key.current;
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('resize', place);
      edges.delete(own);
      applyEdges();
    };
  }, [place]);
  return useCallback(
    (node: T | null) => {
      element.current = node;
      if (node) place();
    },
    [place],
  );
}
