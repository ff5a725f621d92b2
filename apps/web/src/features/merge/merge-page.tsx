import { Anchor, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowMerge } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/load-failure';
import { notifyError } from '../../lib/notify';
import { notifyUndoable } from '../../lib/undo-toast';
import {
  useDismissDuplicates,
  useDismissedDuplicates,
  useDuplicates,
  useMerge,
  useUndismissDuplicates,
  useUndoMerge,
} from './api';
import { DismissedPairs } from './dismissed-pairs';
import { MergeGroup } from './merge-group';

/**
 * "Merge & fix": likely duplicates, each reviewed side by side and merged by hand, or set
 * aside as "Not duplicates"; both say so in a toast with Undo, and the pairs set aside can be
 * shown and suggested again (docs/product/screens.md#merge--fix-screen).
 */
export function MergePage() {
  const { t } = useTranslation();
  const duplicates = useDuplicates();
  const dismissed = useDismissedDuplicates(true);
  const [showDismissed, setShowDismissed] = useState(false);
  const undoMerge = useUndoMerge();
  const undismiss = useUndismissDuplicates();
  const merge = useMerge({
    onSuccess: async (contact, input) => {
      notifyUndoable(
        'Merged {{count}} contacts',
        () => undoMerge.mutateAsync({ undoToken: contact.undoToken }),
        { count: input.mergeIds.length + 1 },
      );
    },
    onError: (error) => notifyError(error),
  });
  const dismiss = useDismissDuplicates({
    onSuccess: async (_result, { contactIds }) => {
      notifyUndoable('Marked as not duplicates', () => undismiss.mutateAsync({ contactIds }));
    },
    onError: (error) => notifyError(error),
  });
  const dismissedCount = dismissed.data?.length ?? 0;

  /** Which change of the group with `ids` is on its way. */
  const busyOf = (ids: string[]): 'merge' | 'dismiss' | null => {
    if (merge.isPending && merge.variables && ids.includes(merge.variables.keepId)) return 'merge';
    if (dismiss.isPending && dismiss.variables?.contactIds.join() === ids.join()) return 'dismiss';
    return null;
  };

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
        {dismissedCount > 0 && (
          <Group mt="xs">
            {/* A link-styled button: a hover background under it lowered its contrast. */}
            <Anchor
              component="button"
              type="button"
              size="sm"
              aria-expanded={showDismissed}
              onClick={() => setShowDismissed((shown) => !shown)}
            >
              {showDismissed
                ? t('Hide dismissed')
                : t('Show dismissed ({{count}})', { count: dismissedCount })}
            </Anchor>
          </Group>
        )}
      </div>
      {showDismissed && dismissed.data && <DismissedPairs pairs={dismissed.data} />}
      {duplicates.error ? (
        <LoadFailure error={duplicates.error} />
      ) : !duplicates.data ? (
        <Center py={80}>
          <Loader role="progressbar" aria-label={t('Loading')} />
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
          {duplicates.data.groups.map((group) => {
            const ids = group.contacts.map((c) => c.id);
            const busy = busyOf(ids);
            return (
              <MergeGroup
                key={ids.join()}
                group={group}
                busy={busy}
                disabled={!busy && (merge.isPending || dismiss.isPending)}
                onMerge={(input) => merge.mutate(input)}
                onDismiss={(contactIds) => dismiss.mutate({ contactIds })}
              />
            );
          })}
        </>
      )}
    </Stack>
  );
}
