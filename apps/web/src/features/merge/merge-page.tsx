import { Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowMerge } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { contactName } from '../../lib/contact-name';
import { LoadFailure } from '../../components/load-failure';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDuplicates, useMerge } from './api';
import { MergeGroup } from './merge-group';

/** "Merge & fix": likely duplicates, each reviewed side by side and merged by hand. */
export function MergePage() {
  const { t } = useTranslation();
  const duplicates = useDuplicates();
  const merge = useMerge({
    onSuccess: async (contact) => {
      notifySuccess('Merged into {{name}}. The other copies are in the Trash.', {
        name: contactName(contact),
      });
    },
    onError: (error) => notifyError(error),
  });

  return (
    // Room at the bottom on phones, so the floating add button never covers a Merge button.
    <Stack gap="md" pb={{ base: 80, sm: 0 }}>
      <div>
        <Title order={1} fz="h2">
          {t('Merge & fix')}
        </Title>
        <Text c="dimmed">
          {t(
            'Contacts with the same email, the same phone number or very similar names. Pick what to keep; the other copies go to the Trash, so you can undo.',
          )}
        </Text>
      </div>
      {duplicates.error ? (
        <LoadFailure error={duplicates.error} />
      ) : !duplicates.data ? (
        <Center py={80}>
          <Loader aria-label={t('Loading')} />
        </Center>
      ) : duplicates.data.groups.length === 0 ? (
        <Stack align="center" gap="sm" py={64} ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconArrowMerge size={34} stroke={1.4} />
          </ThemeIcon>
          <Title order={2} fz="h3">
            {t('No duplicates found')}
          </Title>
        </Stack>
      ) : (
        <>
          {duplicates.data.total > duplicates.data.groups.length && (
            <Text>
              {t('Showing the first {{shown}} of {{total}} groups. Merge these to see more.', {
                shown: duplicates.data.groups.length,
                total: duplicates.data.total,
              })}
            </Text>
          )}
          {duplicates.data.groups.map((group) => (
            <MergeGroup
              key={group.contacts.map((c) => c.id).join()}
              group={group}
              busy={merge.isPending}
              onMerge={(input) => merge.mutate(input)}
            />
          ))}
        </>
      )}
    </Stack>
  );
}
