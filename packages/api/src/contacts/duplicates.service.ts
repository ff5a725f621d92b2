import { executeRows, schema } from '@kith/db';
import type { ContactMergeInput, MergeField } from '@kith/validators';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { ApiDependencies } from '../context';
import { NotFoundError, ValidationError } from '../errors';
import { deleteImages } from '../images/images.service';
import { mergeExtras } from './extra-fields';
import { selectContacts, toDto } from './contacts.service';
import type { ContactDto } from './contact-dto';

const { contacts, contactLabels } = schema;

/** How alike two names must be (pg_trgm `similarity`, 0 to 1) to be offered as duplicates. */
export const NAME_SIMILARITY = 0.7;

export type DuplicateReason = 'email' | 'phone' | 'name';

/** Contacts that look like one person, and why. */
export interface DuplicateGroup {
  reasons: DuplicateReason[];
  contacts: ContactDto[];
}

export const MERGE_NOT_FOUND = 'One of these contacts is gone. Refresh the page and try again.';

/**
 * A phone number compared as one: E.164 when libphonenumber-js can read it (it needs a
 * leading + or country code), else its digits alone.
 */
export function phoneKey(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone);
  return parsed?.isValid() ? parsed.number : phone.replace(/\D/g, '');
}

/**
 * Likely duplicates among the person's contacts not in the trash (issue 6 "Merge & fix"):
 * the same email (any case), the same phone number once normalised, or very similar names
 * (pg_trgm similarity at least 0.7). Groups join every contact linked by any reason.
 * Nothing is ever merged here.
 */
export async function findDuplicates(
  deps: Pick<ApiDependencies, 'db' | 'images'>,
  userId: string,
): Promise<DuplicateGroup[]> {
  const active = and(eq(contacts.userId, userId), isNull(contacts.trashedAt));
  const rows = await deps.db
    .select({ id: contacts.id, email: contacts.email, phone: contacts.phone })
    .from(contacts)
    .where(active);
  const pairs: [string, string, DuplicateReason][] = [];
  const linkSame = (
    key: (row: (typeof rows)[number]) => string | null,
    reason: DuplicateReason,
  ) => {
    const first = new Map<string, string>();
    for (const row of rows) {
      const value = key(row);
      if (!value) continue;
      const seen = first.get(value);
      if (seen) pairs.push([seen, row.id, reason]);
      else first.set(value, row.id);
    }
  };
  linkSame((row) => row.email?.trim().toLowerCase() || null, 'email');
  linkSame((row) => (row.phone ? phoneKey(row.phone) || null : null), 'phone');

  // The % operator uses the trigram index on sort_name; similarity() then applies our bar.
  const similar = await executeRows<{ a: string; b: string }>(
    deps.db,
    sql`
    select a.id as a, b.id as b
    from ${contacts} a
    join ${contacts} b
      on b.user_id = a.user_id and a.id < b.id and a.sort_name % b.sort_name
    where a.user_id = ${userId} and a.trashed_at is null and b.trashed_at is null
      and similarity(a.sort_name, b.sort_name) >= ${NAME_SIMILARITY}`,
  );
  for (const row of similar) pairs.push([row.a, row.b, 'name']);
  if (pairs.length === 0) return [];

  // Union-find over every link, so A~B by email and B~C by phone make one group.
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    const p = parent.get(id) ?? id;
    if (p === id) return id;
    const root = find(p);
    parent.set(id, root);
    return root;
  };
  for (const [a, b] of pairs) parent.set(find(a), find(b));
  const groups = new Map<string, { ids: Set<string>; reasons: Set<DuplicateReason> }>();
  for (const [a, b, reason] of pairs) {
    const root = find(a);
    const group = groups.get(root) ?? { ids: new Set(), reasons: new Set() };
    group.ids.add(a).add(b);
    group.reasons.add(reason);
    groups.set(root, group);
  }

  const ids = [...groups.values()].flatMap((g) => [...g.ids]);
  const full = await selectContacts(deps.db).where(and(active, inArray(contacts.id, ids)));
  const byId = new Map(full.map((row) => [row.contact.id, toDto(deps.images, row)]));
  return [...groups.values()]
    .map((group) => ({
      reasons: [...group.reasons].sort(),
      contacts: [...group.ids]
        .map((id) => byId.get(id))
        .filter((c): c is ContactDto => Boolean(c))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    }))
    .filter((group) => group.contacts.length > 1)
    .sort((a, b) => a.contacts[0]!.name.localeCompare(b.contacts[0]!.name));
}

/** The columns each merge field carries. */
const FIELD_COLUMNS: Record<MergeField, (keyof typeof contacts.$inferSelect)[]> = {
  name: ['givenName', 'familyName'],
  email: ['email'],
  phone: ['phone'],
  worksAt: ['company', 'jobTitle'],
  location: ['country', 'city', 'postCode', 'streetAddress'],
  birthday: ['birthdayDay', 'birthdayMonth', 'birthdayYear'],
  avatar: ['avatarImageId'],
};

/**
 * Merges duplicates into one contact, in one transaction: the kept contact takes each picked
 * field from the contact chosen for it, every label of the copies, and the star if any copy
 * had it; the emails and phones not picked, and the copies' extra fields, become extra fields
 * of the kept contact, so nothing is lost. The copies go to the Trash (recover them to undo).
 * A photo taken from a copy moves to the kept contact; the kept contact's own photo it
 * replaces is deleted.
 *
 * @returns the merged contact.
 * @throws NotFoundError when a contact is not the person's or is in the trash;
 *   ValidationError when `take` names a contact outside the merge.
 */
export async function mergeContacts(
  deps: Pick<ApiDependencies, 'db' | 'images' | 'now'>,
  userId: string,
  input: ContactMergeInput,
): Promise<ContactDto> {
  const ids = [input.keepId, ...input.mergeIds.filter((id) => id !== input.keepId)];
  if (ids.length < 2) throw new ValidationError('Choose at least two contacts to merge.');
  const replacedPhoto = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(contacts)
      .where(
        and(eq(contacts.userId, userId), isNull(contacts.trashedAt), inArray(contacts.id, ids)),
      )
      .for('update');
    if (rows.length !== ids.length) throw new NotFoundError(MERGE_NOT_FOUND);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const keep = byId.get(input.keepId)!;

    const changes: Partial<typeof contacts.$inferInsert> = {};
    let photoFrom: string | null = null;
    for (const [field, sourceId] of Object.entries(input.take) as [MergeField, string][]) {
      const source = byId.get(sourceId);
      if (!source) {
        throw new ValidationError('Pick values from the contacts being merged.', {
          [`take.${field}`]: ['Pick values from the contacts being merged.'],
        });
      }
      if (sourceId === keep.id) continue;
      for (const column of FIELD_COLUMNS[field]) {
        (changes as Record<string, unknown>)[column] = source[column];
      }
      if (field === 'avatar') photoFrom = sourceId;
    }
    if (rows.some((row) => row.isFavorite)) changes.isFavorite = true;
    // Nothing of the copies is lost: their extra fields, and the emails and phones not
    // picked, are kept as extra fields of the merged contact.
    const email = changes.email !== undefined ? changes.email : keep.email;
    const phone = changes.phone !== undefined ? changes.phone : keep.phone;
    const others = rows.flatMap((row) => [
      ...(row.id === keep.id ? [] : row.extra),
      ...(row.email && row.email !== email ? [{ name: 'EMAIL', label: '', value: row.email }] : []),
      ...(row.phone && row.phone !== phone ? [{ name: 'TEL', label: '', value: row.phone }] : []),
    ]);
    const extra = mergeExtras(keep.extra, others);
    if (extra.length !== keep.extra.length) changes.extra = extra;
    if (Object.keys(changes).length > 0) {
      await tx.update(contacts).set(changes).where(eq(contacts.id, keep.id));
    }
    const copies = ids.slice(1);
    if (photoFrom) {
      // The photo now belongs to the kept contact alone, so deleting the copy never takes it.
      await tx.update(contacts).set({ avatarImageId: null }).where(eq(contacts.id, photoFrom));
    }
    await tx.execute(sql`
      insert into ${contactLabels} (contact_id, label_id)
      select ${keep.id}::uuid, label_id from ${contactLabels}
      where contact_id in (${sql.join(
        copies.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      on conflict do nothing`);
    await tx.update(contacts).set({ trashedAt: deps.now() }).where(inArray(contacts.id, copies));
    return photoFrom && keep.avatarImageId && keep.avatarImageId !== changes.avatarImageId
      ? keep.avatarImageId
      : null;
  });
  if (replacedPhoto) await deleteImages(deps, userId, [replacedPhoto]);
  const [row] = await selectContacts(deps.db).where(eq(contacts.id, input.keepId));
  return toDto(deps.images, row!);
}
