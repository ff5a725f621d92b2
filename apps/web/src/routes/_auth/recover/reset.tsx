import { i18nKey, pageTitle } from '../../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { guardRecoveryStep } from '../../../features/auth/api/recovery-guard';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';

export const Route = createFileRoute('/_auth/recover/reset')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Reset your password')) }] }),
  beforeLoad: async ({ context }) => {
    await guardRecoveryStep(() => context.api.recover.checkVerified.query());
  },
  component: ResetPasswordForm,
});
