import { useNavigate } from '@tanstack/react-router';
import { notifySuccess } from '../../../lib/notify';
import { useSetSession, type SessionUser } from '../../../lib/session';
import { REDIRECT_DELAY_MS, wait } from '../../../lib/timing';

/**
 * What every way of signing in does once the server started the session
 * (docs/product/states.md#session): 'Login Successful', the redirect delay (2 s,
 * docs/product/limits.md#limits), then the person is recorded as signed in and taken to /,
 * with replace so Back does not return to a sign-in step.
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const setSession = useSetSession();
  return async (user: SessionUser) => {
    notifySuccess('Login Successful');
    await wait(REDIRECT_DELAY_MS);
    setSession(user);
    await navigate({ to: '/', replace: true });
  };
}
