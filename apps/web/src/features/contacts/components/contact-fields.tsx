import {
  Fieldset,
  Grid,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NOTE_MAX } from '@kith/validators';
import type { TFunction } from 'i18next';
import { monthOptions, type ContactFormValues } from '../api/contact-form-values';
import { formatCount } from '../../../lib/format';
import { useTranslation } from 'react-i18next';
import { AddressRows } from './address-rows';
import { DateRows } from './date-rows';
import { ValueRows } from './value-rows';

/**
 * A group's error (worksAt, location, birthday) under the group
 * (docs/product/validation.md#contact-form).
 */
function GroupError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Text c="red.8" size="sm" role="alert" mt={4} data-field-error>
      {message}
    </Text>
  );
}

/** The note's counter shows in its last tenth (docs/product/validation.md#contact-form). */
const NOTE_COUNTER_FROM = Math.floor(NOTE_MAX * 0.9);

/**
 * "59,000 of 65,536 characters" under the note once it nears its limit (the field takes no
 * more than `NOTE_MAX`); nothing before.
 */
function noteCounter(length: number, t: TFunction) {
  if (length < NOTE_COUNTER_FROM) return undefined;
  return t('{{length}} of {{max}} characters', {
    length: formatCount(length),
    max: formatCount(NOTE_MAX),
  });
}

/**
 * The fields of the create and edit screens (docs/product/screens.md#create-contact-screen):
 * first and last name (create) or one name field (edit), email, phone, company, job title, the
 * address and the birthday as day, month (a select) and year, with their labels and rules;
 * beyond those (docs/product/contact.md#beyond-the-legacy-fields), the name's other
 * parts and nickname, the department, more phones, emails and addresses with their types,
 * web addresses, other dates and a note.
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
              {...form.getInputProps('givenName')}
            />
            <TextInput
              label={t('Last name')}
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('familyName')}
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
          label={t('Middle name')}
          autoComplete="off"
          {...form.getInputProps('additionalNames')}
        />
        <TextInput
          label={t('Name prefix')}
          placeholder={t('For example: Dr.')}
          autoComplete="off"
          {...form.getInputProps('honorificPrefixes')}
        />
        <TextInput
          label={t('Name suffix')}
          placeholder={t('For example: Jr.')}
          autoComplete="off"
          {...form.getInputProps('honorificSuffixes')}
        />
        <TextInput label={t('Nickname')} autoComplete="off" {...form.getInputProps('nickname')} />
      </SimpleGrid>

      <ValueRows
        form={form}
        list="emails"
        kind="email"
        label={t('Email')}
        addLabel={t('Add email')}
        inputType="email"
      />
      <ValueRows
        form={form}
        list="phones"
        kind="phone"
        label={t('Phone')}
        addLabel={t('Add phone')}
        inputType="tel"
        required
      />

      <Fieldset legend={t('Work')} variant="unstyled">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('Company')} {...form.getInputProps('org')} />
          <TextInput label={t('Job title')} {...form.getInputProps('title')} />
          <TextInput label={t('Department')} {...form.getInputProps('orgUnits.0')} />
        </SimpleGrid>
        <GroupError message={groupError('worksAt')} />
      </Fieldset>

      <AddressRows form={form} groupError={groupError('location')} />

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
              data={monthOptions()}
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

      <Fieldset legend={t('Other dates')} variant="unstyled">
        <DateRows form={form} />
      </Fieldset>

      <Fieldset legend={t('Websites')} variant="unstyled">
        <ValueRows
          form={form}
          list="urls"
          kind="url"
          label={t('Website')}
          addLabel={t('Add website')}
          inputType="url"
        />
      </Fieldset>

      <Textarea
        label={t('Notes')}
        autosize
        minRows={3}
        maxRows={12}
        maxLength={NOTE_MAX}
        description={noteCounter(form.getValues().note.length, t)}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        {...form.getInputProps('note')}
      />
    </Stack>
  );
}
