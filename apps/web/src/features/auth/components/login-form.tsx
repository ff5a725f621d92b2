import { translateErrors } from '../../../lib/i18n';
import {
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { loginInput } from '@kith/validators';
import { Link, useNavigate } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { errorMessage, fieldErrors, notifyError } from '../../../lib/notify';
import { useLogin } from '../api/auth';
import { isSecondFactorDue, usePasskeySignIn } from '../api/second-factor';
import { passkeysSupported } from '../api/passkey-ceremony';
import { AuthHeading } from './auth-heading';
import { PasskeyButton } from './passkey-button';
import { useFinishSignIn } from './use-finish-sign-in';
import { useTranslation } from 'react-i18next';
import { keepSubmitClicks } from '../../../lib/blur-validation';
import { useState } from 'react';

/**
 * The login screen (docs/product/screens.md#public-routes), its checks
 * (docs/product/validation.md#login) and what success does (docs/product/states.md#session).
 * An account with a second factor is sent on to /second-factor, where its session starts
 * (OWASP Multifactor Authentication Cheat Sheet). 'Sign in with a passkey' signs in with no
 * email or password, where the browser has WebAuthn.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const login = useLogin();
  const passkeySignIn = usePasskeySignIn();
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: (values) => translateErrors(schemaResolver(loginInput, { sync: true })(values)),
    validateInputOnBlur: true,
    enhanceGetInputProps: keepSubmitClicks,
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await login.mutateAsync(values);
      if (isSecondFactorDue(answer)) {
        await navigate({ to: '/second-factor' });
        return;
      }
      await finish(answer.user);
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
        <PasskeySignIn
          ceremony={passkeySignIn}
          onSignedIn={finish}
          error={passkeyError}
          setError={setPasskeyError}
        />
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

/** 'or', then 'Sign in with a passkey' and its message; nothing where WebAuthn is missing. */
function PasskeySignIn({
  ceremony,
  onSignedIn,
  error,
  setError,
}: {
  ceremony: ReturnType<typeof usePasskeySignIn>;
  onSignedIn: ReturnType<typeof useFinishSignIn>;
  error: string | null;
  setError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const [supported] = useState(passkeysSupported);
  if (!supported) return null;
  return (
    <>
      <Divider label={t('or')} labelPosition="center" />
      <PasskeyButton
        label={t('Sign in with a passkey')}
        ceremony={ceremony}
        onSignedIn={onSignedIn}
        onStart={() => setError(null)}
        onFailure={(failure) => setError(errorMessage(failure))}
        unsupported="hide"
      />
      {error && (
        <Text c="red.8" size="sm" ta="center" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}
