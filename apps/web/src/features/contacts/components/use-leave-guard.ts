import { useBlocker } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/** What a form screen needs to ask before its unsaved changes are lost. */
export interface LeaveGuard {
  /** A navigation away is waiting for the person's answer (show the Discard dialog). */
  blocked: boolean;
  /** Cancel: the waiting navigation is dropped and the person stays on the form. */
  stay: () => void;
  /** Discard: the waiting navigation goes on. */
  leave: () => void;
  /** Lets the screen's own next navigation through (after its Discard, or after a save). */
  allowLeave: () => void;
}

/**
 * Asks before a screen with unsaved changes is left any other way than its own buttons: a
 * sidebar link, a search result, the browser's Back (`blocked`: the screen shows its Discard
 * dialog), or a reload or a closed tab (the browser's own question, `beforeunload`), so typed
 * input is never lost without a word (docs/product/states.md#forms).
 *
 * @param unsaved true while the form holds something that leaving would lose.
 */
export function useLeaveGuard(unsaved: boolean): LeaveGuard {
  const unsavedRef = useRef(unsaved);
  const allowed = useRef(false);
  useEffect(() => {
    unsavedRef.current = unsaved;
  }, [unsaved]);
  const guarding = () => unsavedRef.current && !allowed.current;
  const blocker = useBlocker({
    shouldBlockFn: guarding,
    enableBeforeUnload: guarding,
    withResolver: true,
  });
  return {
    blocked: blocker.status === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => {
      allowed.current = true;
      blocker.proceed?.();
    },
    allowLeave: () => {
      allowed.current = true;
    },
  };
}
