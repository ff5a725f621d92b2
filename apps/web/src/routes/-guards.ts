import { redirect } from '@tanstack/react-router';
import type { ApiClient } from '../lib/trpc';
import type { SessionUser } from '../lib/session';
import { GUARD_DELAY_MS, wait } from '../lib/timing';

/**
 * A visitor who is not signed in and has an email waiting for its
 * code is sent to /verify (replace), from `/`, /login and /signup alike
 * (docs/product/screens.md#route-guards).
 *
 * @throws the router's redirect to /verify when a verification is pending.
 */
export async function sendPendingToVerify(context: {
  session: SessionUser | null;
  api: ApiClient;
}): Promise<void> {
  if (context.session) return;
  const pending = await context.api.auth.pendingVerification.query().catch(() => null);
  if (pending) {
    await wait(GUARD_DELAY_MS);
    throw redirect({ to: '/verify', replace: true });
  }
}
