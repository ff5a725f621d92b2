import { createFileRoute } from '@tanstack/react-router';
import { FindAccountForm } from '../../../features/auth/components/find-account-form';

export const Route = createFileRoute('/_auth/recover/')({
  head: () => ({ meta: [{ title: 'Find your account · Kith' }] }),
  component: FindAccountForm,
});
