import type { RouterOutputs } from '@kith/api';
import type { MergeField } from '@kith/validators';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

type Contact = RouterOutputs['contacts']['duplicates']['groups'][number]['contacts'][number];
type Email = Contact['emails'][number];
type Phone = Contact['phones'][number];
type Address = Contact['addresses'][number];

/** What a merge will keep, as the preview shows it before Merge is pressed. */
export interface MergeResult {
  /** The contact whose name, work, birthday and photo are kept. */
  name: Contact;
  org: Contact;
  birthday: Contact;
  photo: Contact;
  /** Every email, phone and address of the group, each once, the preferred (picked) first. */
  emails: Email[];
  phones: Phone[];
  addresses: Address[];
  /** Starred when any contact of the group is. */
  isFavorite: boolean;
  /** The contacts that go to the Trash. */
  copies: Contact[];
}

const fold = (text: string) => text.trim().toLowerCase();

/** A phone number compared as one: E.164 when it reads as a valid number, else its digits. */
function phoneKey(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone);
  return parsed?.isValid() ? parsed.number : phone.replace(/\D/g, '');
}

/** What makes two values of a list the same value, as the server joins them. */
const sameness = {
  emails: (v: Email) => fold(v.value),
  phones: (v: Phone) => phoneKey(v.value) || fold(v.value),
  addresses: (a: Address) =>
    [a.poBox, a.extended, a.street, a.locality, a.region, a.postalCode, a.country]
      .map(fold)
      .join('\u0000'),
};

/** The values of `lists` in order, each once by `key`. */
function union<T>(lists: T[][], key: (value: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const value of lists.flat()) {
    const k = key(value);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(value);
  }
  return out;
}

/**
 * The contact a merge will make, worked out as the server's merge does it
 * (docs/product/screens.md#merge--fix-screen): the kept contact's lists, then each copy's
 * values it lacks, the picked contact's email, phone and address first; the name, work,
 * birthday and photo of the contact picked for each. `picks` names a contact of `contacts`
 * for each field; `keepId` is one of `contacts`.
 */
export function mergeResult(
  contacts: Contact[],
  keepId: string,
  picks: Record<MergeField, string>,
): MergeResult {
  const keep = contacts.find((c) => c.id === keepId)!;
  const copies = contacts.filter((c) => c.id !== keepId);
  const byId = (id: string) => contacts.find((c) => c.id === id) ?? keep;
  const ordered = [keep, ...copies];
  const first = (field: MergeField) => byId(picks[field]);
  return {
    name: byId(picks.name),
    org: byId(picks.org),
    birthday: byId(picks.birthday),
    photo: byId(picks.photo),
    emails: union([first('email').emails, ...ordered.map((c) => c.emails)], sameness.emails),
    phones: union([first('phone').phones, ...ordered.map((c) => c.phones)], sameness.phones),
    addresses: union(
      [first('address').addresses, ...ordered.map((c) => c.addresses)],
      sameness.addresses,
    ),
    isFavorite: contacts.some((c) => c.isFavorite),
    copies,
  };
}
