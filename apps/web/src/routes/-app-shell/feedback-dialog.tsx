import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { notifyError } from '../../lib/notify';
import { useSendFeedback } from './api';
import { useTranslation } from 'react-i18next';
import { useFocusReturn } from '../../lib/use-focus-return';

/** The thank-you dialog closes itself after 3 s (docs/product/limits.md#limits). */
export const THANK_YOU_MS = 3000;
const FEEDBACK_FAILED = 'Failed send feedback. Please try again.';

/**
 * The feedback dialog (docs/product/states.md#forms): Submit closes it and sends the message (an
 * empty one too, docs/product/validation.md#other-forms); success shows 'Thank You!' for 3 s or
 * until closed; failure dismisses other toasts and shows why.
 */
export function FeedbackDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  useFocusReturn(opened);
  const [message, setMessage] = useState('');
  const [thanked, setThanked] = useState(false);
  const send = useSendFeedback();

  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(() => setThanked(false), THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [thanked]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    onClose();
    try {
      await send.mutateAsync({ message });
      setMessage('');
      setThanked(true);
    } catch (error) {
      notifications.clean();
      notifyError(error, FEEDBACK_FAILED);
    }
  };

  return (
    <>
      <Modal opened={opened} onClose={onClose} title={t('Send feedback')} centered>
        <form onSubmit={submit}>
          <Stack>
            <Textarea
              label={t('Your feedback')}
              description={t('What works, what does not, what you wish Kith did.')}
              autosize
              minRows={4}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('Cancel')}
              </Button>
              <Button type="submit">{t('Submit')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={thanked}
        onClose={() => setThanked(false)}
        title={t('Thank You!')}
        centered
        size="sm"
      >
        <Text>{t('Your feedback helps us make Kith better.')}</Text>
      </Modal>
    </>
  );
}
