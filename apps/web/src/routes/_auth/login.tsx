import { i18nKey, pageTitle } from '../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { sendPendingToVerify } from '../-guards';
import { LoginForm } from '../../features/auth/components/login-form';

export const Route = createFileRoute('/_auth/login')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Login')) }] }),
  beforeLoad: ({ context }) => sendPendingToVerify(context),
  component: LoginForm,
});
