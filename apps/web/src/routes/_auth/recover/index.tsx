import { i18nKey, pageTitle } from '../../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { FindAccountForm } from '../../../features/auth/components/find-account-form';

export const Route = createFileRoute('/_auth/recover/')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Find your account')) }] }),
  component: FindAccountForm,
});
