import type { RouterOutputs } from '@kith/api';
import { formatDayMonth, formatLongDate } from '../../lib/format';

type Contact = RouterOutputs['contacts']['duplicates']['groups'][number]['contacts'][number];

/** An address on one line: street, locality, post code, country; '' for none. */
export function addressLine(address: Contact['addresses'][number] | undefined): string {
  if (!address) return '';
  const { street, locality, postalCode, country } = address;
  return [street, locality, postalCode, country].filter(Boolean).join(', ');
}

/** "3 April 1990", or "3 April" for a birthday without a year; '' for none. */
export function birthdayText(birthday: Contact['birthday']): string {
  if (!birthday) return '';
  return birthday.year
    ? formatLongDate(new Date(birthday.year, birthday.month - 1, birthday.day))
    : formatDayMonth(birthday.month - 1, birthday.day);
}

/** "Countess • Analytical": the title and the organisation; '' for none. */
export function workText(contact: Pick<Contact, 'title' | 'org'>): string {
  return [contact.title, contact.org].filter(Boolean).join(' • ');
}
