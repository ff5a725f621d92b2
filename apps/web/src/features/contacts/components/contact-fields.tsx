import { Fieldset, Grid, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { monthOptions, type ContactFormValues } from '../api/contact-form-values';
import { useTranslation } from 'react-i18next';

/** A group's error (worksAt, location, birthday) under the group, as SPEC §5 places it. */
function GroupError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Text c="red.8" size="sm" role="alert" mt={4} data-field-error>
      {message}
    </Text>
  );
}

/**
 * The fields of SPEC §2's create and edit screens: first and last name (create) or one name
 * field (edit), company, job title, email, phone, the four address parts, and the birthday as
 * day, month (a select) and year.
 */
export function ContactFields({
  form,
  mode,
}: {
  form: UseFormReturnType<ContactFormValues>;
  mode: 'create' | 'edit';
}) {
  const { t } = useTranslation();
  const groupError = (group: string) => form.errors[group] as string | undefined;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {mode === 'create' ? (
          <>
            <TextInput
              label={t('First name')}
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={t('Last name')}
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('lastName')}
            />
          </>
        ) : (
          <TextInput
            label={t('Name')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('name')}
          />
        )}
        <TextInput
          label={t('Email')}
          type="email"
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('Phone')}
          type="tel"
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('phone')}
        />
      </SimpleGrid>

      <Fieldset legend={t('Work')} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('Company')} {...form.getInputProps('company')} />
          <TextInput label={t('Job title')} {...form.getInputProps('jobTitle')} />
        </SimpleGrid>
        <GroupError message={groupError('worksAt')} />
      </Fieldset>

      <Fieldset legend={t('Address')} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('Country')} {...form.getInputProps('country')} />
          <TextInput label={t('City')} {...form.getInputProps('city')} />
          <TextInput label={t('Post code')} {...form.getInputProps('postCode')} />
          <TextInput label={t('Street address')} {...form.getInputProps('streetAddress')} />
        </SimpleGrid>
        <GroupError message={groupError('location')} />
      </Fieldset>

      <Fieldset legend={t('Birthday')} variant="unstyled">
        <Grid gap="sm">
          <Grid.Col span={3}>
            <TextInput
              label={t('Day')}
              inputMode="numeric"
              maxLength={2}
              {...form.getInputProps('birthdayDay')}
            />
          </Grid.Col>
          <Grid.Col span={5}>
            <Select
              label={t('Month')}
              data={monthOptions}
              clearable
              allowDeselect
              {...form.getInputProps('birthdayMonth')}
              value={form.getValues().birthdayMonth || null}
              onChange={(value) => form.setFieldValue('birthdayMonth', value ?? '')}
            />
          </Grid.Col>
          <Grid.Col span={4}>
            <TextInput
              label={t('Year')}
              inputMode="numeric"
              maxLength={4}
              {...form.getInputProps('birthdayYear')}
            />
          </Grid.Col>
        </Grid>
        <GroupError message={groupError('birthday')} />
      </Fieldset>
    </Stack>
  );
}
