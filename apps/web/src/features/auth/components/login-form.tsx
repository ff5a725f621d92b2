import { translateErrors } from '../../../lib/i18n';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { loginInput } from '@kith/validators';
import { Link, useNavigate } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { fieldErrors, notifyError, notifySuccess } from '../../../lib/notify';
import { REDIRECT_DELAY_MS, wait } from '../../../lib/timing';
import { useLogin } from '../api/auth';
import { useSetSession } from '../../../lib/session';
import { AuthHeading } from './auth-heading';
import { useTranslation } from 'react-i18next';
import { keepSubmitClicks } from '../../../lib/blur-validation';

/**
 * The login screen (docs/product/screens.md#public-routes), its checks
 * (docs/product/validation.md#login) and what success does (docs/product/states.md#session).
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setSession = useSetSession();
  const login = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: (values) => translateErrors(schemaResolver(loginInput, { sync: true })(values)),
    validateInputOnBlur: true,
    enhanceGetInputProps: keepSubmitClicks,
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
        <AuthHeading title={t('Login')}>{t('Welcome back to your address book.')}</AuthHeading>
        <TextInput
          label={t('Email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('Password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/recover" size="sm">
            {t('Forgot Password?')}
          </Anchor>
        </Group>
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('Login')}
        </Button>
        <Text size="sm" ta="center">
          {t("Don't have an account?")}{' '}
          <Anchor component={Link} to="/signup" underline="always">
            {t('Sign up')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
