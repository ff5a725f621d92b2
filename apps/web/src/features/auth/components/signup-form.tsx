import { currentLocale, translateErrors } from '../../../lib/i18n';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { signupInput } from '@kith/validators';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { fieldErrors, notifyError, notifySuccess } from '../../../lib/notify';
import { REDIRECT_DELAY_MS, wait } from '../../../lib/timing';
import { useSignup } from '../api/auth';
import { PasswordPair } from './password-pair';
import { AuthHeading } from './auth-heading';
import { useTranslation } from 'react-i18next';
import { keepSubmitClicks } from '../../../lib/blur-validation';
import { useSubmitOnce } from '../../../lib/use-submit-once';

/**
 * The sign-up screen (docs/product/screens.md#public-routes, docs/product/validation.md#signup,
 * docs/product/states.md#session). The button stays
 * disabled until the confirmation matches the password, and from the click until the next screen
 * opens (the request, then the 2 s on 'Signup Successful') or the request fails: one click, one
 * sign-up.
 */
export function SignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signup = useSignup();
  const [confirm, setConfirm] = useState('');
  const form = useForm({
    initialValues: { name: '', email: '', password: '' },
    validate: (values) => {
      const result = signupInput.safeParse(values);
      if (result.success) return {};
      return translateErrors(
        Object.fromEntries(
          result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        ),
      );
    },
    validateInputOnBlur: true,
    enhanceGetInputProps: keepSubmitClicks,
  });
  const password = form.getValues().password;
  // From the click until /verify opens (the call, then the 2 s on 'Signup Successful'), or
  // until it fails: a second click then sent a second sign-up.
  const submitting = useSubmitOnce();
  const busy = submitting.busy;

  const submit = form.onSubmit(async (values) => {
    if (!submitting.start()) return;
    try {
      await signup.mutateAsync({ ...values, locale: currentLocale() });
      notifySuccess('Signup Successful');
      await wait(REDIRECT_DELAY_MS);
      await navigate({ to: '/verify' });
    } catch (error) {
      submitting.finish();
      form.setErrors(fieldErrors(error));
      notifyError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AuthHeading title={t('Sign Up')}>
          {t('Create your free, private address book.')}
        </AuthHeading>
        <TextInput label={t('Name')} autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput
          label={t('Email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordPair
          password={password}
          confirm={confirm}
          onPasswordChange={(value) => form.setFieldValue('password', value)}
          onConfirmChange={setConfirm}
          passwordError={form.errors.password as string | undefined}
        />
        <Button
          type="submit"
          fullWidth
          loading={busy}
          disabled={busy || confirm !== password || !password}
        >
          {t('Signup')}
        </Button>
        <Text size="sm" ta="center">
          {t('Already have an account?')}{' '}
          <Anchor component={Link} to="/login" underline="always">
            {t('Login')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
