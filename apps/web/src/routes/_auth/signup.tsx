import { i18nKey, pageTitle } from '../../lib/i18n';
import { createFileRoute } from '@tanstack/react-router';
import { sendPendingToVerify } from '../-guards';
import { SignupForm } from '../../features/auth/components/signup-form';

export const Route = createFileRoute('/_auth/signup')({
  head: () => ({ meta: [{ title: pageTitle(i18nKey('Sign Up')) }] }),
  beforeLoad: ({ context }) => sendPendingToVerify(context),
  component: SignupForm,
});
