import {
  Anchor,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ContactAvatar } from '../../components/contact-avatar';
import { LoadFailure } from '../../components/load-failure';
import { notifyError, notifySuccess } from '../../lib/notify';
import { localToday, useKeepInTouchList, useTalkedToday } from './api';
import { intervalLabels } from '../../lib/keep-in-touch-intervals';
import { dueText } from './keep-in-touch-panel';
import { contactName, shownName } from '../../lib/contact-name';

/**
 * /keep-in-touch: everyone the person means to keep in touch with, soonest due
 * first; the due ones marked, each with "Talked today".
 */
export function KeepInTouchPage() {
  const { t } = useTranslation();
  const list = useKeepInTouchList();
  const talked = useTalkedToday({
    onSuccess: () => notifySuccess('Marked as talked to today'),
    onError: (error) => notifyError(error),
  });
  const labels = intervalLabels(t);
  if (list.error) return <LoadFailure error={list.error} />;
  if (!list.data) {
    return (
      <Center py={80}>
        <Loader role="progressbar" aria-label={t('Loading')} />
      </Center>
    );
  }
  const { items, dueCount } = list.data;
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('Keep in touch')}</Title>
          <Text c="dimmed">
            {items.length === 0
              ? t('No one yet. Open a contact and choose how often you want to be in touch.')
              : dueCount === 0
                ? t('No one is due right now.')
                : t('{{count}} people are due for a call or a message.', { count: dueCount })}
          </Text>
        </div>
        {items.length > 0 && (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <Paper
                key={item.contact.id}
                component="li"
                withBorder
                radius="md"
                p="sm"
                data-testid="keep-in-touch-row"
                data-due={item.due}
              >
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <ContactAvatar
                      name={shownName(contactName(item.contact), t)}
                      url={item.contact.photo?.url ?? ''}
                      size={40}
                      decorative
                    />
                    <div style={{ minWidth: 0 }}>
                      <Anchor
                        renderRoot={(props) => (
                          <Link
                            {...props}
                            to="/person/$id"
                            params={{ id: item.contact.id }}
                            state={{ from: '/keep-in-touch' }}
                          />
                        )}
                        fw={600}
                      >
                        {shownName(contactName(item.contact), t)}
                      </Anchor>
                      <Text size="sm" c={item.due ? 'red.8' : 'dimmed'}>
                        {[
                          item.interval && labels[item.interval],
                          item.dueOn && dueText(t, item.dueOn),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </div>
                  </Group>
                  <Button
                    variant={item.due ? 'filled' : 'default'}
                    size="xs"
                    loading={talked.isPending && talked.variables?.contactId === item.contact.id}
                    onClick={() =>
                      talked.mutate({ contactId: item.contact.id, today: localToday() })
                    }
                    aria-label={t('Talked today with {{name}}', {
                      name: shownName(contactName(item.contact), t),
                    })}
                  >
                    {t('Talked today')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
