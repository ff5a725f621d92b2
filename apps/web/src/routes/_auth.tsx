import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { GUARD_DELAY_MS, wait } from '../lib/timing';

/**
 * Login, sign-up, verification and recovery. A signed-in person is sent to / with replace
 * (docs/product/screens.md#route-guards).
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context }) => {
    if (context.session) {
      await wait(GUARD_DELAY_MS);
      throw redirect({ to: '/', replace: true });
    }
  },
  component: AuthLayout,
});
