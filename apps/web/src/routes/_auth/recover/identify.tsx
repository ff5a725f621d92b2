import { createFileRoute } from '@tanstack/react-router';
import { guardRecoveryStep } from '../../../features/auth/api/recovery-guard';
import { IdentifyAccount } from '../../../features/auth/components/identify-account';

export const Route = createFileRoute('/_auth/recover/identify')({
  head: () => ({ meta: [{ title: 'Is this your account? · Kith' }] }),
  beforeLoad: async ({ context }) => ({
    account: await guardRecoveryStep(() => context.api.recover.checkFound.query()),
  }),
  component: function IdentifyPage() {
    const { account } = Route.useRouteContext();
    return <IdentifyAccount account={account} />;
  },
});
