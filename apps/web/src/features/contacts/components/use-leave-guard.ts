import { notifications } from '@mantine/notifications';
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { i18n } from '../../../lib/i18n';

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
 * Says that a save is on its way and the screen stays until its answer: a toast, 'Still saving.
 * The contact opens once it is saved.'
 * (docs/product/screens.md#create-contact-screen). What the form's Back and
 * any other way out show while Save is busy, instead of offering Discard for what was sent.
 */
export function notifyStillSaving(): void {
  notifications.show({
    id: 'still-saving',
    color: 'blue',
    message: i18n.t('Still saving. The contact opens once it is saved.'),
  });
}

/**
 * Asks before a screen with unsaved changes is left any other way than its own buttons: a
 * sidebar link, a search result, the browser's Back (`blocked`: the screen shows its Discard
 * dialog), or a reload or a closed tab (the browser's own question, `beforeunload`), so typed
 * input is never lost without a word (docs/product/states.md#forms).
 *
 * While `saving` (a save was sent and its answer has not come), a way out is refused with
 * `notifyStillSaving` instead of asking: discarding then would not stop what the server is
 * already creating, and the contact would open moments after the person discarded it.
 *
 * @param unsaved true while the form holds something that leaving would lose.
 * @param saving true from Save until the answer (and, after success, until the screen leaves).
 */
export function useLeaveGuard(unsaved: boolean, saving = false): LeaveGuard {
  const unsavedRef = useRef(unsaved);
  const savingRef = useRef(saving);
  const allowed = useRef(false);
  useEffect(() => {
    unsavedRef.current = unsaved;
    savingRef.current = saving;
  }, [unsaved, saving]);
  const guarding = () => (unsavedRef.current || savingRef.current) && !allowed.current;
  const blocker = useBlocker({
    shouldBlockFn: guarding,
    enableBeforeUnload: guarding,
    withResolver: true,
  });
  const blocked = blocker.status === 'blocked';
  const { reset } = blocker;
  useEffect(() => {
    if (blocked && savingRef.current) {
      reset?.();
      notifyStillSaving();
    }
  }, [blocked, reset]);
  return {
    blocked: blocked && !saving,
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
