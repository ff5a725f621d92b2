import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { loginInput } from '@kith/validators';
import { Link, useNavigate } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { fieldErrors, notifyError, notifySuccess } from '../../../lib/notify';
import { REDIRECT_DELAY_MS, wait } from '../../../lib/timing';
import { trpc } from '../../../lib/trpc';
import { useSetSession } from '../api/session';
import { AuthHeading } from './auth-heading';

/** The login screen (SPEC §2 /login, §5 Login, §4 "Login success"). */
export function LoginForm() {
  const navigate = useNavigate();
  const setSession = useSetSession();
  const login = trpc.auth.login.useMutation();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginInput, { sync: true }),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const { user } = await login.mutateAsync(values);
      notifySuccess('Login Successful');
      await wait(REDIRECT_DELAY_MS);
      setSession(user);
      await navigate({ to: '/' });
    } catch (error) {
      form.setErrors(fieldErrors(error));
      notifyError(error);
      if (error instanceof TRPCClientError && error.data?.code === 'PRECONDITION_FAILED') {
        await navigate({ to: '/verify' });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AuthHeading title="Login">Welcome back to your address book.</AuthHeading>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/recover" size="sm">
            Forgot Password?
          </Anchor>
        </Group>
        <Button type="submit" loading={login.isPending} fullWidth>
          Login
        </Button>
        <Text size="sm" ta="center">
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to="/signup">
            Sign up
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
