import { i18nKey, pageTitle } from '../../lib/i18n';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { loadPendingSecondFactor } from '../../features/auth/api/second-factor';
import { SecondFactorScreen } from '../../features/auth/components/second-factor-screen';
import { GUARD_DELAY_MS, wait } from '../../lib/timing';

/**
 * /second-factor needs a sign-in waiting for its second step (the server's 10-minute cookie);
 * without one, back to /login with replace (docs/product/screens.md#route-guards).
 */
export const Route = createFileRoute('/_auth/second-factor')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Two-step verification')) }] }),
  beforeLoad: async ({ context }) => {
    const pending = await loadPendingSecondFactor(context.api).catch(() => null);
    if (!pending) {
      await wait(GUARD_DELAY_MS);
      throw redirect({ to: '/login', replace: true });
    }
    return { pending };
  },
  component: function SecondFactorPage() {
    const { pending } = Route.useRouteContext();
    return <SecondFactorScreen pending={pending} />;
  },
});
