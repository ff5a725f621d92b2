import { useCallback, useEffect, useRef } from 'react';

/** The CSS variable toasts.module.css reads for the toasts' top edge. */
const TOASTS_TOP = '--kith-toasts-top';
const GAP_PX = 8;

/**
 * Keeps toasts below the element it is given (a screen's header row with Save, Export or
 * Sort), so they never cover those controls (issue 21.3). Measured against the top of the
 * page when the element appears and when the window is resized; the default placement (below
 * the top bar) comes back when the element goes.
 */
export function useToastsBelow<T extends HTMLElement>() {
  const element = useRef<T | null>(null);
  const place = useCallback(() => {
    const box = element.current?.getBoundingClientRect();
    if (!box) return;
    document.documentElement.style.setProperty(
      TOASTS_TOP,
      `${Math.round(box.bottom + window.scrollY + GAP_PX)}px`,
    );
  }, []);
  useEffect(() => {
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('resize', place);
      document.documentElement.style.removeProperty(TOASTS_TOP);
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
