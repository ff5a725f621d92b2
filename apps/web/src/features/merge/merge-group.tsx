import type { RouterOutputs } from '@kith/api';
import { MERGE_FIELDS, type MergeField } from '@kith/validators';
import {
  Badge,
  Button,
  Flex,
  Group,
  Paper,
  Radio,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactName, shownName } from '../../lib/contact-name';
import { i18nKey } from '../../lib/i18n';
import { ContactAvatar } from '../../components/contact-avatar';
import { MergePreview } from './merge-preview';
import { mergeResult } from './merge-result';
import { addressLine, birthdayText, workText } from './values';

type DuplicateGroup = RouterOutputs['contacts']['duplicates']['groups'][number];
type Contact = DuplicateGroup['contacts'][number];

const REASON_LABELS = {
  email: i18nKey('Same email'),
  phone: i18nKey('Same phone number'),
  name: i18nKey('Similar names'),
} as const;

const FIELD_LABELS: Record<MergeField, string> = {
  name: i18nKey('Name'),
  email: i18nKey('Email'),
  phone: i18nKey('Phone'),
  org: i18nKey('Work'),
  address: i18nKey('Address'),
  birthday: i18nKey('Birthday'),
  photo: i18nKey('Photo'),
};

/** A field's value as the person compares it; '' when the contact has none. */
function valueOf(contact: Contact, field: MergeField): string {
  switch (field) {
    case 'name':
      return contactName(contact);
    case 'email':
      return contact.emails[0]?.value ?? '';
    case 'phone':
      return contact.phones[0]?.value ?? '';
    case 'org':
      return workText(contact);
    case 'address':
      return addressLine(contact.addresses[0]);
    case 'birthday':
      return birthdayText(contact.birthday);
    case 'photo':
      return contact.photo?.url ?? '';
  }
}

/** Each field's first contact that has a value, the kept contact first. */
function defaultPicks(keepId: string, contacts: Contact[]): Record<MergeField, string> {
  const ordered = [...contacts].sort((a, b) => Number(b.id === keepId) - Number(a.id === keepId));
  return Object.fromEntries(
    MERGE_FIELDS.map((field) => [
      field,
      (ordered.find((c) => valueOf(c, field)) ?? ordered[0]!).id,
    ]),
  ) as Record<MergeField, string>;
}

/**
 * One group of likely duplicates, side by side: the person picks which contact to keep and,
 * field by field, whose value to keep, sees the contact the merge will make, then merges, or
 * says they are not duplicates (docs/product/screens.md#merge--fix-screen). Nothing is merged
 * without that click. `busy` names the change of this group on its way ('merge' or
 * 'dismiss'); `disabled` holds the buttons while another group's change is.
 */
export function MergeGroup({
  group,
  busy,
  disabled,
  onMerge,
  onDismiss,
}: {
  group: DuplicateGroup;
  busy: 'merge' | 'dismiss' | null;
  disabled: boolean;
  onMerge: (input: {
    keepId: string;
    mergeIds: string[];
    take: Record<MergeField, string>;
  }) => void;
  onDismiss: (contactIds: string[]) => void;
}) {
  const { t } = useTranslation();
  const [keepId, setKeepId] = useState(group.contacts[0]!.id);
  const [picks, setPicks] = useState(() => defaultPicks(keepId, group.contacts));
  // Side by side where there is room; on a phone, each field's choices one under another.
  const wide = useMediaQuery('(min-width: 48em)', true);
  const fields = MERGE_FIELDS.filter((field) => group.contacts.some((c) => valueOf(c, field)));

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={shownName(contactName(group.contacts[0]!), t)}
    >
      <Group gap="xs" mb="sm">
        {group.reasons.map((reason) => (
          <Badge key={reason} variant="light">
            {t(REASON_LABELS[reason])}
          </Badge>
        ))}
      </Group>
      {!wide ? (
        <Stack gap="md">
          <Radio.Group label={t('Keep')} value={keepId} onChange={setKeepId}>
            <Stack gap={6} mt={4}>
              {group.contacts.map((contact) => (
                <Radio
                  key={contact.id}
                  value={contact.id}
                  label={t('Keep {{name}}', { name: shownName(contactName(contact), t) })}
                />
              ))}
            </Stack>
          </Radio.Group>
          {fields.map((field) => (
            <Radio.Group
              key={field}
              label={t(FIELD_LABELS[field])}
              value={picks[field]}
              onChange={(id) => setPicks({ ...picks, [field]: id })}
            >
              <Stack gap={6} mt={4}>
                {group.contacts.map((contact) => {
                  const value = valueOf(contact, field);
                  return (
                    <Radio
                      key={contact.id}
                      value={contact.id}
                      aria-label={`${t(FIELD_LABELS[field])}: ${field === 'photo' ? shownName(contactName(contact), t) : value || t('(empty)')}`}
                      label={
                        field === 'photo' ? (
                          <PhotoChoice contact={contact} url={value} />
                        ) : (
                          value || t('(empty)')
                        )
                      }
                      description={
                        field === 'name' ? undefined : shownName(contactName(contact), t)
                      }
                    />
                  );
                })}
              </Stack>
            </Radio.Group>
          ))}
        </Stack>
      ) : (
        <ScrollArea type="auto">
          <Table verticalSpacing="xs" miw={200 + group.contacts.length * 180}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={110} />
                {group.contacts.map((contact) => (
                  <Table.Th key={contact.id}>
                    <Group gap="xs" wrap="nowrap">
                      <ContactAvatar
                        name={shownName(contactName(contact), t)}
                        url={contact.photo?.url ?? ''}
                        size={32}
                      />
                      <Radio
                        name={`keep-${group.contacts[0]!.id}`}
                        checked={keepId === contact.id}
                        onChange={() => setKeepId(contact.id)}
                        label={t('Keep {{name}}', { name: shownName(contactName(contact), t) })}
                      />
                    </Group>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field) => (
                <Table.Tr key={field}>
                  <Table.Th scope="row">{t(FIELD_LABELS[field])}</Table.Th>
                  {group.contacts.map((contact) => {
                    const value = valueOf(contact, field);
                    return (
                      <Table.Td key={contact.id}>
                        <Radio
                          name={`${field}-${group.contacts[0]!.id}`}
                          checked={picks[field] === contact.id}
                          onChange={() => setPicks({ ...picks, [field]: contact.id })}
                          aria-label={`${t(FIELD_LABELS[field])}: ${field === 'photo' ? shownName(contactName(contact), t) : value || t('(empty)')}`}
                          label={
                            field === 'photo' ? (
                              <PhotoChoice contact={contact} url={value} />
                            ) : (
                              <Text size="sm" c={value ? undefined : 'dimmed'}>
                                {value || t('(empty)')}
                              </Text>
                            )
                          }
                        />
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <MergePreview result={mergeResult(group.contacts, keepId, picks)} />
      {/* Side by side where there is room; on a phone, full width, Merge first. */}
      <Flex direction={wide ? 'row' : 'column-reverse'} justify="flex-end" gap="sm" mt="sm">
        <Button
          variant="default"
          fullWidth={!wide}
          loading={busy === 'dismiss'}
          disabled={disabled || busy === 'merge'}
          onClick={() => onDismiss(group.contacts.map((c) => c.id))}
        >
          {t('Not duplicates')}
        </Button>
        <Button
          fullWidth={!wide}
          loading={busy === 'merge'}
          disabled={disabled || busy === 'dismiss'}
          onClick={() =>
            onMerge({
              keepId,
              mergeIds: group.contacts.map((c) => c.id).filter((id) => id !== keepId),
              take: picks,
            })
          }
        >
          {t('Merge {{count}} contacts', { count: group.contacts.length })}
        </Button>
      </Flex>
    </Paper>
  );
}

/**
 * A choice of photo: the contact's photo (decorative: the radio's name says whose), or
 * '(empty)' when it has none. On a phone the contact's name is the radio's description, as
 * for the other fields.
 */
function PhotoChoice({ contact, url }: { contact: Contact; url: string }) {
  const { t } = useTranslation();
  const name = shownName(contactName(contact), t);
  return url ? (
    <ContactAvatar name={name} url={url} size={40} decorative />
  ) : (
    <Text c="dimmed" size="sm">
      {t('(empty)')}
    </Text>
  );
}
