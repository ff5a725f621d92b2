import { translateErrors } from '../../../lib/i18n';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { emailInput } from '@kith/validators';
import { Link, useNavigate } from '@tanstack/react-router';
import { fieldErrors, notifyError, notifySuccess } from '../../../lib/notify';
import { useFindAccount } from '../api/recover';
import { AuthHeading } from './auth-heading';
import { useTranslation } from 'react-i18next';
import { keepSubmitClicks } from '../../../lib/blur-validation';

/**
 * Recovery step 1, 'Find your account' (docs/product/screens.md#verification-and-recovery-screens).
 */
export function FindAccountForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const find = useFindAccount();
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => translateErrors(schemaResolver(emailInput, { sync: true })(values)),
    validateInputOnBlur: true,
    enhanceGetInputProps: keepSubmitClicks,
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await find.mutateAsync(values);
      notifySuccess('User Found');
      await navigate({ to: '/recover/identify' });
    } catch (error) {
      form.setErrors(fieldErrors(error));
      notifyError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AuthHeading title={t('Find your account')}>
          {t('Enter the email address of your Kith account.')}
        </AuthHeading>
        <TextInput
          label={t('Email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth loading={find.isPending}>
          {t('Find Account')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('Back to login')}
        </Anchor>
      </Stack>
    </form>
  );
}
