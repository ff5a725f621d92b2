import { i18nKey, pageTitle } from '../../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { guardRecoveryStep } from '../../../features/auth/api/recovery-guard';
import { IdentifyAccount } from '../../../features/auth/components/identify-account';

export const Route = createFileRoute('/_auth/recover/identify')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Is this your account?')) }] }),
  beforeLoad: async ({ context }) => ({
    account: await guardRecoveryStep(() => context.api.recover.checkFound.query()),
  }),
  component: function IdentifyPage() {
    const { account } = Route.useRouteContext();
    return <IdentifyAccount account={account} />;
  },
});
