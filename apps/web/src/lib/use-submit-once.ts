import { useCallback, useRef, useState } from 'react';

/**
 * One submit at a time: a double click on Save created the contact twice.
 * `start()` answers false while a submit runs, so the second click does nothing even before
 * React has re-rendered the button as busy; `finish()` lets the next one through. `busy` is
 * for the button. A screen that leaves after success never calls `finish()`, so its button
 * stays busy until it is gone.
 */
export function useSubmitOnce() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const start = useCallback(() => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    return true;
  }, []);
  const finish = useCallback(() => {
    running.current = false;
    setBusy(false);
  }, []);
  return { busy, start, finish };
}
