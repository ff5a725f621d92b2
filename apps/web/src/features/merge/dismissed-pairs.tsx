import type { RouterOutputs } from '@kith/api';
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContactAvatar } from '../../components/contact-avatar';
import { contactName, shownName } from '../../lib/contact-name';
import { useUndismissDuplicates } from './api';

type DismissedPair = RouterOutputs['contacts']['dismissedDuplicates'][number];

/**
 * "Show dismissed": the pairs said not to be duplicates, each with "Suggest again", which
 * takes "Not duplicates" back so the pair can be offered once more
 * (docs/product/screens.md#merge--fix-screen).
 */
export function DismissedPairs({ pairs }: { pairs: DismissedPair[] }) {
  const { t } = useTranslation();
  const undismiss = useUndismissDuplicates();
  return (
    <Stack gap="xs" component="section" aria-labelledby="dismissed-title">
      <Title order={2} fz="h4" id="dismissed-title">
        {t('Not duplicates')}
      </Title>
      {pairs.length === 0 && <Text c="dimmed">{t('Nothing dismissed')}</Text>}
      {pairs.map((pair) => {
        const names = pair.contacts.map((c) => shownName(contactName(c), t));
        const ids = pair.contacts.map((c) => c.id);
        const busy = undismiss.isPending && undismiss.variables?.contactIds.join() === ids.join();
        return (
          <Paper key={ids.join()} withBorder radius="md" p="xs">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="xs" wrap="nowrap" miw={0}>
                {/* The photos and the button keep their size; the names wrap. */}
                {pair.contacts.map((contact, i) => (
                  <Box key={contact.id} style={{ flexShrink: 0, display: 'flex' }}>
                    <ContactAvatar
                      name={names[i]!}
                      url={contact.photo?.url ?? ''}
                      size={28}
                      decorative
                    />
                  </Box>
                ))}
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {t('{{first}} and {{second}}', { first: names[0], second: names[1] })}
                </Text>
              </Group>
              <Button
                size="compact-sm"
                variant="subtle"
                style={{ flexShrink: 0 }}
                loading={busy}
                disabled={undismiss.isPending && !busy}
                aria-label={t('Suggest again: {{first}} and {{second}}', {
                  first: names[0],
                  second: names[1],
                })}
                // Its toasts come from the hook (api.ts): this list may be gone by then.
                onClick={() => undismiss.mutate({ contactIds: ids })}
              >
                {t('Suggest again')}
              </Button>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
