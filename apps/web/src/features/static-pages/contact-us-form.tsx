import { i18nKey, translateErrors } from '../../lib/i18n';
import { Alert, Button, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { contactUsInput, type ContactUsInput } from '@kith/validators';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The simulated send lasts 1.5 s and the success message stays 3 s (docs/product/limits.md#limits).
 */
export const SIMULATED_SEND_MS = 1500;
export const SUCCESS_DISPLAY_MS = 3000;

const subjectOptions = [
  { value: 'general', label: i18nKey('General question') },
  { value: 'support', label: i18nKey('Technical support') },
  { value: 'bug', label: i18nKey('Bug report') },
  { value: 'feature', label: i18nKey('Feature request') },
  { value: 'account', label: 'Account' },
  { value: 'billing', label: 'Billing' },
  { value: 'other', label: 'Other' },
];

type Status = 'idle' | 'sending' | 'sent';

const emptyForm = { name: '', email: '', subject: '', message: '' };

/**
 * The Contact Us form (docs/product/states.md#forms). It is local only: Send shows 'Sending...' for
 * 1.5 s without any request, then a success message; 3 s later the form is clear and idle again.
 * With any of the four fields empty, nothing is sent and the empty fields say so.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('idle');
  const form = useForm<typeof emptyForm, ContactUsInput>({
    initialValues: emptyForm,
    validate: (values) => translateErrors(schemaResolver(contactUsInput, { sync: true })(values)),
  });

  useEffect(() => {
    if (status === 'idle') return;
    const next = status === 'sending' ? 'sent' : 'idle';
    const timer = setTimeout(
      () => {
        if (next === 'sent') form.reset();
        setStatus(next);
      },
      status === 'sending' ? SIMULATED_SEND_MS : SUCCESS_DISPLAY_MS,
    );
    return () => clearTimeout(timer);
    // `form` is a new object each render; the timer depends on the status alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  return (
    <form onSubmit={form.onSubmit(() => setStatus('sending'))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('Name')}
            withAsterisk
            autoComplete="name"
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('Email')}
            type="email"
            withAsterisk
            autoComplete="email"
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <Select
          label={t('Subject')}
          placeholder={t('Choose a subject')}
          withAsterisk
          data={subjectOptions.map((option) => ({ ...option, label: t(option.label) }))}
          allowDeselect={false}
          {...form.getInputProps('subject')}
          // Select shows nothing only for null: '' after a reset kept the old choice in view.
          value={form.getValues().subject || null}
          onChange={(value) => form.setFieldValue('subject', value ?? '')}
        />
        <Textarea
          label={t('Message')}
          withAsterisk
          autosize
          minRows={4}
          {...form.getInputProps('message')}
        />
        {status === 'sent' && (
          <Alert color="teal" icon={<IconCircleCheck />} title={t('Message sent')} role="status">
            {t('Thank you! Your message has been sent. We will get back to you soon.')}
          </Alert>
        )}
        <Button type="submit" disabled={status !== 'idle'} w={{ base: '100%', sm: 'auto' }}>
          {status === 'sending' ? t('Sending...') : t('Send Message')}
        </Button>
      </Stack>
    </form>
  );
}
