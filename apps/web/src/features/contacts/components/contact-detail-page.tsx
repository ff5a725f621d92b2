import { formatDateTime, formatDayMonth, formatLongDate } from '../../../lib/format';
import {
  ActionIcon,
  Anchor,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconCake,
  IconCalendarEvent,
  IconMail,
  IconMessage,
  IconUsers,
  IconWorld,
  IconMapPin,
  IconPencil,
  IconPhone,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { useRef, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { REDIRECT_DELAY_MS, wait } from '../../../lib/timing';
import type { Contact } from '../../../lib/contact-lists';
import { errorMessage, serviceFailure } from '../../../lib/notify';
import { notifyUndoable } from '../../../lib/undo-toast';
import { formatPhone, telHref } from '../../../lib/phone';
import { useToggleFavorite } from '../api/favorites';
import { useMoveToTrash, useRecoverFromTrash } from '../api/contacts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ContactAvatar } from '../../../components/contact-avatar';
import { WithContact } from './with-contact';
import { ExtraFields } from './extra-fields';
import { typeName } from '../../../lib/value-types';
import { useTranslation } from 'react-i18next';
import { contactName, shownName } from '../../../lib/contact-name';

/**
 * "10 December 1985", or "15 April" for a birthday without a year (imported vCards write
 * `--0415`); null when there is no day and month (docs/product/screens.md#detail-screen).
 */
export function birthdayText(birthday: Contact['birthday']): string | null {
  if (!birthday) return null;
  const month = birthday.month - 1;
  if (!birthday.year) return formatDayMonth(month, birthday.day);
  return formatLongDate(new Date(birthday.year, month, birthday.day));
}

/**
 * An address as text (docs/product/screens.md#detail-screen: street, post code and city, country),
 * with the parts the legacy location had no field for where they belong: the apartment after the
 * street, the PO box, the region after the city. An address may lack parts and shows the ones it
 * has; null when it has none.
 */
export function addressText(address: Contact['addresses'][number]): string | null {
  const { street, extended, poBox, postalCode, locality, region, country } = address;
  const town = [[postalCode, locality].filter(Boolean).join(' '), region].filter(Boolean);
  return [street, extended, poBox, ...town, country].filter(Boolean).join(', ') || null;
}

/** "12 June 1815", or "12 June" without a year. */
function dateText(date: Contact['dates'][number]): string {
  if (!date.year) return formatDayMonth(date.month - 1, date.day);
  return formatLongDate(new Date(date.year, date.month - 1, date.day));
}

/**
 * The whole name: prefix, given, middle and family names, suffix ("Dr. Ada King Lovelace, FRS").
 */
export function fullName(contact: Contact): string {
  const name = [
    contact.honorificPrefixes,
    contact.givenName,
    contact.additionalNames,
    contact.familyName,
  ]
    .filter(Boolean)
    .join(' ');
  return contact.honorificSuffixes ? `${name}, ${contact.honorificSuffixes}` : name;
}

/**
 * The line under the name: 'job title • company, department' (docs/product/screens.md#detail-screen).
 * A department without a company or a job title is labelled ('Department: Research'), so it
 * does not read as a company; null when there is none of the three.
 */
export function workLine(contact: Contact, t: TFunction): string | null {
  const units = contact.orgUnits.filter(Boolean).join(', ');
  if (!contact.org && !contact.title) {
    return units ? t('Department: {{name}}', { name: units }) : null;
  }
  const organisation = [contact.org, units].filter(Boolean).join(', ');
  return [contact.title, organisation].filter(Boolean).join(' • ');
}

/**
 * What other features show on the page, given by its route (a feature never imports another):
 * each is drawn for the contact shown.
 */
export interface ContactDetailParts {
  /** Above everything, for a contact in the trash only: the notice that offers Recover. */
  trashedNotice?: (contact: Contact) => ReactNode;
  /** Under the name and title: the contact's labels. */
  labels?: (contact: Contact) => ReactNode;
  /** After the details, before the history, for a contact not in the trash: keep in touch. */
  panels?: (contact: Contact) => ReactNode;
  /** In the History, under its dates: the contact's changes, each of which can be restored. */
  history?: (contact: Contact) => ReactNode;
}

/** /person/{id} (docs/product/screens.md#detail-screen). */
export function ContactDetailPage({ id, parts = {} }: { id: string; parts?: ContactDetailParts }) {
  return (
    <WithContact id={id}>
      {(contact) => <ContactDetail contact={contact} parts={parts} />}
    </WithContact>
  );
}

function ContactDetail({ contact, parts }: { contact: Contact; parts: ContactDetailParts }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const from = useRouterState({ select: (s) => s.location.state.from });
  const toggleFavorite = useToggleFavorite();
  const trash = useMoveToTrash();
  const recover = useRecoverFromTrash();
  // Set when Undo brought the contact back before the page moved on to the Trash.
  const undone = useRef(false);
  const [trashOpened, trashDialog] = useDisclosure(false);
  const birthday = birthdayText(contact.birthday);
  const name = shownName(fullName(contact) || contactName(contact), t);
  const work = workLine(contact, t);
  /** "Phone · Mobile": the field, and the value's type when it has one. */
  const labelled = (field: string, type: string) =>
    type ? `${field} · ${typeName(type, t)}` : field;

  // 'Working...', then 'Contact move to trash' with Undo (which recovers it) for 10 s, and the
  // Trash opens after 2 s unless Undo came first (docs/product/messages.md).
  const moveToTrash = async () => {
    trashDialog.close();
    const working = notifications.show({
      loading: true,
      message: t('Working...'),
      autoClose: false,
      withCloseButton: false,
    });
    try {
      await trash.mutateAsync({ id: contact.id });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, serviceFailure('trash')) });
      return;
    } finally {
      notifications.hide(working);
    }
    undone.current = false;
    notifyUndoable('Contact move to trash', async () => {
      await recover.mutateAsync({ id: contact.id });
      undone.current = true;
    });
    await wait(REDIRECT_DELAY_MS);
    if (!undone.current) await navigate({ to: '/trash' });
  };

  return (
    <Container size="sm" px={0}>
      {contact.trashedAt !== null && parts.trashedNotice?.(contact)}
      <Group justify="space-between" mb="md">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('Back')}
          onClick={() => navigate({ to: from ?? '/' })}
        >
          <IconArrowLeft size={22} />
        </ActionIcon>
        <Group gap={4}>
          <Tooltip label={contact.isFavorite ? t('Remove from favorites') : t('Add to favorites')}>
            <ActionIcon
              variant="subtle"
              size="lg"
              color={contact.isFavorite ? 'yellow.8' : 'gray'}
              aria-label={contact.isFavorite ? t('Remove from favorites') : t('Add to favorites')}
              aria-pressed={contact.isFavorite}
              disabled={contact.trashedAt !== null}
              onClick={() =>
                toggleFavorite.mutate({ id: contact.id, isFavorite: !contact.isFavorite })
              }
            >
              {contact.isFavorite ? <IconStarFilled size={20} /> : <IconStar size={20} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('Edit')}>
            <ActionIcon
              variant="subtle"
              size="lg"
              color="gray"
              aria-label={t('Edit')}
              onClick={() =>
                navigate({ to: '/person/edit/$id', params: { id: contact.id }, state: { from } })
              }
            >
              <IconPencil size={20} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('Move to trash')}>
            <ActionIcon
              variant="subtle"
              size="lg"
              color="red"
              aria-label={t('Move to trash')}
              disabled={contact.trashedAt !== null}
              onClick={trashDialog.open}
            >
              <IconTrash size={20} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      {/* A name, nickname or job may be one long word: it breaks anywhere rather than
          widening the page past the screen (overflow-wrap is inherited by each line). */}
      <Stack align="center" gap={4} mb="xl" ta="center" style={{ overflowWrap: 'anywhere' }}>
        <ContactAvatar
          name={name}
          initialsFrom={shownName(contactName(contact), t) || name}
          url={contact.photo?.url ?? ''}
          size={120}
        />
        <Title order={1} fz="h2" mt="sm">
          {name}
        </Title>
        {contact.nickname && <Text c="dimmed">“{contact.nickname}”</Text>}
        {work && <Text c="dimmed">{work}</Text>}
        {parts.labels?.(contact)}
      </Stack>

      <Stack gap="md">
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} fz="h4" mb="sm">
            {t('Contact Details')}
          </Title>
          <Stack gap="sm">
            {contact.emails.map((email, i) => (
              <Detail
                key={i}
                icon={<IconMail size={18} />}
                label={labelled(t('Email'), email.type)}
              >
                <Anchor href={`mailto:${email.value}`}>{email.value}</Anchor>
              </Detail>
            ))}
            {contact.phones.map((phone, i) => (
              <Detail
                key={i}
                icon={<IconPhone size={18} />}
                label={labelled(t('Phone'), phone.type)}
              >
                <PhoneLink text={phone.value} />
              </Detail>
            ))}
            {contact.phones.length === 0 && (
              <Detail icon={<IconPhone size={18} />} label={t('Phone')}>
                <EditLink id={contact.id} from={from} label={t('Add phone number')} />
              </Detail>
            )}
            {contact.addresses.map((address, i) => (
              <Detail
                key={i}
                icon={<IconMapPin size={18} />}
                label={labelled(t('Address'), address.type)}
              >
                {addressText(address)}
              </Detail>
            ))}
            {contact.addresses.length === 0 && (
              <Detail icon={<IconMapPin size={18} />} label={t('Address')}>
                <EditLink id={contact.id} from={from} label={t('Add Location')} />
              </Detail>
            )}
            <Detail icon={<IconCake size={18} />} label={t('Birthday')}>
              {birthday ?? <EditLink id={contact.id} from={from} label={t('Add Birthday')} />}
            </Detail>
            {contact.dates.map((date, i) => (
              <Detail key={i} icon={<IconCalendarEvent size={18} />} label={typeName(date.type, t)}>
                {dateText(date)}
              </Detail>
            ))}
            {contact.urls.map((url, i) => (
              <Detail
                key={i}
                icon={<IconWorld size={18} />}
                label={labelled(t('Website'), url.type)}
              >
                <WebLink address={url.value} />
              </Detail>
            ))}
            {contact.impps.map((impp, i) => (
              <Detail
                key={i}
                icon={<IconMessage size={18} />}
                label={labelled(t('Chat'), impp.type)}
              >
                {impp.value}
              </Detail>
            ))}
            {contact.related.map((person, i) => (
              <Detail
                key={i}
                icon={<IconUsers size={18} />}
                label={labelled(t('Related person'), person.type)}
              >
                {person.value}
              </Detail>
            ))}
          </Stack>
        </Paper>
        {contact.note && (
          <Paper withBorder radius="lg" p="lg">
            <Title order={2} fz="h4" mb="sm">
              {t('Notes')}
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {contact.note}
            </Text>
          </Paper>
        )}
        <ExtraFields extra={contact.extra} />
        {contact.trashedAt === null && parts.panels?.(contact)}
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} fz="h4" mb="sm">
            {t('History')}
          </Title>
          <Stack gap={6}>
            <Text size="sm">
              <Text span fw={600}>
                {t('Last Edited:')}
              </Text>{' '}
              {formatDateTime(contact.updatedAt)}
            </Text>
            <Text size="sm">
              <Text span fw={600}>
                {t('Added To Contacts:')}
              </Text>{' '}
              {formatDateTime(contact.createdAt)}
            </Text>
          </Stack>
          {parts.history?.(contact)}
        </Paper>
      </Stack>

      <ConfirmDialog
        opened={trashOpened}
        onClose={trashDialog.close}
        title={t('Delete from contacts?')}
        text={t('This contact will be permanently deleted from this account after 30 days.')}
        confirmLabel={t('Move To Trash')}
        onConfirm={moveToTrash}
        busy={trash.isPending}
      />
    </Container>
  );
}

/** A web address; only http(s) ones become links, as a card may hold any scheme. */
function WebLink({ address }: { address: string }) {
  if (!/^https?:\/\//i.test(address)) return address;
  return (
    <Anchor href={address} target="_blank" rel="noopener noreferrer nofollow">
      {address}
    </Anchor>
  );
}

/**
 * A phone as the person reads it, a link that dials it in E.164
 * (docs/product/validation.md#phone-numbers); text with nothing to dial is no link.
 */
export function PhoneLink({ text }: { text: string }) {
  const href = telHref(text);
  return href ? <Anchor href={href}>{formatPhone(text)}</Anchor> : text;
}

/** A link to the edit screen, for a detail that is missing. */
function EditLink({ id, from, label }: { id: string; from?: string; label: string }) {
  return (
    <Anchor
      renderRoot={(props) => (
        <Link {...props} to="/person/edit/$id" params={{ id }} state={{ from }} />
      )}
    >
      {label}
    </Anchor>
  );
}

function Detail({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} aria-hidden>
        {icon}
      </Text>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}
