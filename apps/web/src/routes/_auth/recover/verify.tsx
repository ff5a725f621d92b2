import { i18nKey, pageTitle } from '../../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { guardRecoveryStep } from '../../../features/auth/api/recovery-guard';
import { RecoverCode } from '../../../features/auth/components/recover-code';

export const Route = createFileRoute('/_auth/recover/verify')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Enter your recovery code')) }] }),
  beforeLoad: async ({ context }) => {
    const { resendInMs } = await guardRecoveryStep(() => context.api.recover.checkCodeSent.query());
    return { resendInMs };
  },
  component: function RecoverCodePage() {
    const { resendInMs } = Route.useRouteContext();
    return <RecoverCode resendInMs={resendInMs} />;
  },
});
