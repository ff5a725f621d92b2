import { useCallback, useRef, useState } from 'react';
import { isStepUpRequired } from '../../lib/second-factor-api';
import { StepUpDialog } from './step-up-dialog';

/** The step-up dialog was closed without confirming: the change was not made. */
export class StepUpCancelled extends Error {
  constructor() {
    super('The second-factor check was cancelled.');
    this.name = 'StepUpCancelled';
  }
}

/** Whether `error` is a step-up the person closed (nothing to report: they chose not to). */
export function isStepUpCancelled(error: unknown): boolean {
  return error instanceof StepUpCancelled;
}

/**
 * Step-up for a change the server guards with a fresh second-factor check: `run(action)` calls
 * `action`; when the server answers PRECONDITION_FAILED ('Confirm it is you with your second
 * factor first.'), it opens the "Confirm it's you" dialog and, once the person has confirmed,
 * calls `action` again and answers with its result. A dialog closed without confirming rejects
 * with `StepUpCancelled`. Render `dialog` once in the screen that calls `run`; `opened` says
 * when it shows, so that a dialog the change started from can step aside meanwhile.
 * The check lasts 5 minutes on the server (OWASP Authentication Cheat Sheet, "Reauthentication
 * after risk events": https://cheatsheetseries.owasp.org/cheatsheets/Authentication_Cheat_Sheet.html).
 */
export function useStepUp() {
  const [opened, setOpened] = useState(false);
  const pending = useRef<{ resolve: () => void; reject: (error: Error) => void } | null>(null);

  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!isStepUpRequired(error)) throw error;
      pending.current?.reject(new StepUpCancelled());
      await new Promise<void>((resolve, reject) => {
        pending.current = { resolve, reject };
        setOpened(true);
      });
      return action();
    }
  }, []);

  const settle = (confirmed: boolean) => {
    const request = pending.current;
    pending.current = null;
    setOpened(false);
    if (confirmed) request?.resolve();
    else request?.reject(new StepUpCancelled());
  };

  const dialog = (
    <StepUpDialog opened={opened} onConfirmed={() => settle(true)} onClose={() => settle(false)} />
  );
  return { run, dialog, opened };
}
