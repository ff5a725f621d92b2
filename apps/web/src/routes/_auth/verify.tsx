import { i18nKey, pageTitle } from '../../lib/i18n';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { VerifyEmail } from '../../features/auth/components/verify-email';
import { GUARD_DELAY_MS, wait } from '../../lib/timing';

/**
 * /verify needs the pending-verification cookie; without it, back to /
 * (docs/product/screens.md#route-guards).
 */
export const Route = createFileRoute('/_auth/verify')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Verify your email')) }] }),
  beforeLoad: async ({ context }) => {
    const pending = await context.api.auth.pendingVerification.query().catch(() => null);
    if (!pending) {
      await wait(GUARD_DELAY_MS);
      throw redirect({ to: '/', replace: true });
    }
    return { pendingEmail: pending.email, resendInMs: pending.resendInMs };
  },
  component: function VerifyPage() {
    const { pendingEmail, resendInMs } = Route.useRouteContext();
    return <VerifyEmail email={pendingEmail} resendInMs={resendInMs} />;
  },
});
