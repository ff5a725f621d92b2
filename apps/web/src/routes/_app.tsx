import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AppShellLayout } from './-app-shell/app-shell-layout';
import { GUARD_DELAY_MS, wait } from '../lib/timing';

/**
 * The signed-in screens other than `/`. A visitor is sent to /verify when an email waits for
 * its code, else to /login (docs/product/screens.md#route-guards).
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context }) => {
    if (context.session) return { user: context.session };
    const pending = await context.api.auth.pendingVerification.query().catch(() => null);
    await wait(GUARD_DELAY_MS);
    throw redirect({ to: pending ? '/verify' : '/login', replace: true });
  },
  component: () => (
    <AppShellLayout>
      <Outlet />
    </AppShellLayout>
  ),
});
