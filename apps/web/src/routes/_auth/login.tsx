import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '../../features/auth/components/login-form';

export const Route = createFileRoute('/_auth/login')({
  head: () => ({ meta: [{ title: 'Login · Kith' }] }),
  component: LoginForm,
});
