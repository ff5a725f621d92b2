import { createFileRoute } from '@tanstack/react-router';
import { guardRecoveryStep } from '../../../features/auth/api/recovery-guard';
import { RecoverCode } from '../../../features/auth/components/recover-code';

export const Route = createFileRoute('/_auth/recover/verify')({
  head: () => ({ meta: [{ title: 'Enter your recovery code · Kith' }] }),
  beforeLoad: async ({ context }) => {
    await guardRecoveryStep(() => context.api.recover.checkCodeSent.query());
  },
  component: RecoverCode,
});
