import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../../lib/i18n';
import { formatPhone, telHref } from '../../../lib/phone';
import type { Contact } from '../../../lib/contact-lists';
import { typeName } from '../../../lib/value-types';

type ExtraField = Contact['extra'][number];

/** What each kept vCard property (RFC 6350) is called on the page. */
const FIELD_NAMES: Record<string, string> = {
  EMAIL: i18nKey('Email'),
  TEL: i18nKey('Phone'),
  ADR: i18nKey('Address'),
  URL: i18nKey('Website'),
  NOTE: i18nKey('Notes'),
  NICKNAME: i18nKey('Nickname'),
  BDAY: i18nKey('Birthday'),
  ANNIVERSARY: i18nKey('Anniversary'),
  'X-EVENT': i18nKey('Event'),
  IMPP: i18nKey('Chat'),
  RELATED: i18nKey('Related person'),
  ROLE: i18nKey('Role'),
  PHOTO: i18nKey('Photo address'),
  'X-NAME-PREFIX': i18nKey('Name prefix'),
  'X-NAME-SUFFIX': i18nKey('Name suffix'),
};

/** The order fields are listed in: as the contact card above, then the rest. */
const ORDER = Object.keys(FIELD_NAMES);
const rank = (field: ExtraField) => {
  const i = ORDER.indexOf(field.name);
  return i < 0 ? ORDER.length : i;
};

/**
 * "More details": what an import brought that Kith has no field for
 * (custom fields, social profiles, a second organisation, an email that was not valid),
 * shown read-only; an export writes it all again.
 */
export function ExtraFields({ extra }: { extra: ExtraField[] }) {
  const { t } = useTranslation();
  if (extra.length === 0) return null;
  const fields = [...extra].sort((a, b) => rank(a) - rank(b));
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h4">
          {t('More details')}
        </Title>
        <Badge variant="light" color="gray">
          {t('Imported, read-only')}
        </Badge>
      </Group>
      <Stack gap="sm">
        {fields.map((field, i) => (
          <div key={i}>
            <Text size="xs" c="dimmed">
              {fieldTitle(field, t)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              <FieldValue field={field} />
            </Text>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * "Email (Work)", "Shoe size", "X-SOCIALPROFILE (twitter)", "LABEL (Home, parcel)": the
 * property and its type in words (`typeName`); a custom field by its own name.
 */
function fieldTitle(field: ExtraField, t: TFunction): string {
  if (field.name === 'X-CUSTOM') return field.label || t('Custom field');
  const known = FIELD_NAMES[field.name];
  const name = known ? t(known) : field.name;
  const type = typeName(field.label, t);
  return type ? `${name} (${type})` : name;
}

function FieldValue({ field }: { field: ExtraField }) {
  if (field.name === 'EMAIL') return <Anchor href={`mailto:${field.value}`}>{field.value}</Anchor>;
  // Dialled in E.164 and shown in the person's region; the card keeps the text as sent.
  if (field.name === 'TEL') {
    const href = telHref(field.value);
    return href ? <Anchor href={href}>{formatPhone(field.value)}</Anchor> : field.value;
  }
  // Only web addresses become links: a file may hold any scheme, javascript: included.
  if (/^https?:\/\//i.test(field.value)) {
    return (
      <Anchor href={field.value} target="_blank" rel="noopener noreferrer nofollow">
        {field.value}
      </Anchor>
    );
  }
  return field.value;
}
