import { Readable } from 'node:stream';
import { getReminderSettings } from '../reminders';
import { schema } from '@kith/db';
import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { ApiDependencies } from '../trpc/context';
import {
  type ContactWithPhoto,
  embedded,
  labelNames,
  selectContactsWithPhoto,
  toContact,
} from '../contacts';
import { contactCardText } from '../vcard/stored-card';
import { getProfile } from '../account';
import { historyJson, historyPhotos, historySince, photoPath } from './history-file';

const { contacts, images } = schema;

/** Contacts read per query: memory stays flat however large the book is. */
const PAGE_SIZE = 500;

type Deps = Pick<ApiDependencies, 'db' | 'images' | 'now'>;

/**
 * "Download my data": a zip, built as a stream, holding
 * - `account.json`: the profile (name, email, photo, preferences, dates) and the reminder
 *   settings (the calendar address is left out: it is a secret, shown on /me);
 * - `contacts.vcf` and `trash.vcf`: every contact's card, with its labels as CATEGORIES: as a
 *   phone or a file sent it (docs/card-is-the-record.md), else vCard 4.0 (RFC 6350) with its
 *   photo embedded;
 * - `contacts.json`: every contact in the API's shape, trashed ones with `trashedAt`;
 * - `history.json`: every version of the contacts and labels the history keeps, the last 30
 *   days (`historyJson`, docs/history.md#in-the-data-export);
 * - `photos/`: the profile photo and each contact's photo, as stored, and in
 *   `photos/history/` the photos only versions of the history still show.
 *
 * Contacts and versions are read in pages of 500 as the zip is consumed, so memory does not
 * grow with the book or its history.
 *
 * @throws NotFoundError when the account was deleted.
 */
export async function createDataArchive(deps: Deps, userId: string): Promise<Readable> {
  const profile = await getProfile(deps, userId);
  // archiver and its streams are loaded with the first download, not at start
  // (docs/performance.md#memory).
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const { saved, ...reminders } = await getReminderSettings(deps.db, userId);
  const account = {
    ...profile,
    avatar: profile.avatar ? { ...profile.avatar, file: 'photos/profile.webp' } : null,
    reminders: saved ? reminders : null,
    exportedAt: new Date(),
    format:
      'Kith data export 3: contacts.vcf (each card as sent, else vCard 4.0), contacts.json, ' +
      'history.json (the last 30 days of changes), photos/',
  };
  archive.append(JSON.stringify(account, null, 2), { name: 'account.json' });
  archive.append(Readable.from(vcards(deps, userId, 'active')), { name: 'contacts.vcf' });
  archive.append(Readable.from(vcards(deps, userId, 'trashed')), { name: 'trash.vcf' });
  archive.append(Readable.from(contactsJson(deps, userId)), { name: 'contacts.json' });
  const since = historySince(deps);
  const pastPhotos = await historyPhotos(deps, userId, since);
  archive.append(Readable.from(historyJson(deps, userId, since, pastPhotos)), {
    name: 'history.json',
  });
  if (profile.avatar) {
    const [image] = await deps.db
      .select({ key: images.storageKey })
      .from(images)
      .where(eq(images.id, profile.avatar.publicId));
    if (image) {
      archive.append(Readable.from(photoBytes(deps, image.key)), { name: 'photos/profile.webp' });
    }
  }
  // The photo entries are listed now (a name and a key each); each photo's bytes are only
  // fetched when the archive reaches its entry.
  for await (const page of pages(deps, userId, 'all', true)) {
    for (const { contact, photo } of page) {
      if (!photo) continue;
      archive.append(Readable.from(photoBytes(deps, photo.key)), {
        name: photoPath(contact.id, photo.contentType),
      });
    }
  }
  for (const { file, storageKey } of pastPhotos.values()) {
    if (storageKey) archive.append(Readable.from(photoBytes(deps, storageKey)), { name: file });
  }
  void archive.finalize();
  return archive;
}

async function* pages(
  deps: Deps,
  userId: string,
  which: 'active' | 'trashed' | 'all',
  withPhotosOnly = false,
): AsyncGenerator<ContactWithPhoto[]> {
  let after: string | null = null;
  for (;;) {
    const rows: ContactWithPhoto[] = await selectContactsWithPhoto(deps.db, {}, { withCard: true })
      .where(
        and(
          eq(contacts.userId, userId),
          which === 'active' ? isNull(contacts.trashedAt) : undefined,
          which === 'trashed' ? isNotNull(contacts.trashedAt) : undefined,
          withPhotosOnly ? isNotNull(contacts.photoImageId) : undefined,
          after ? gt(contacts.id, after) : undefined,
        ),
      )
      .orderBy(asc(contacts.id))
      .limit(PAGE_SIZE);
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.contact.id;
  }
}

async function* vcards(deps: Deps, userId: string, which: 'active' | 'trashed') {
  const labelsById = await labelNames(deps.db, userId);
  for await (const page of pages(deps, userId, which)) {
    for (const { contact, photo } of page) {
      // Each card in its own version: as a phone or a file sent it, else 4.0.
      yield await contactCardText(
        { contact, labels: labelsById.get(contact.id) ?? [], photo: embedded(deps.images, photo) },
        undefined,
        '4.0',
      );
    }
  }
}

async function* contactsJson(deps: Deps, userId: string) {
  yield '[\n';
  let first = true;
  for await (const page of pages(deps, userId, 'all')) {
    for (const { contact, photo } of page) {
      const card = toContact(contact, photo ? deps.images.urlFor(photo.key) : null);
      const file = photo ? photoPath(contact.id, photo.contentType) : null;
      const entry = { ...card, photo: card.photo && { ...card.photo, file } };
      yield `${first ? '' : ',\n'}${JSON.stringify(entry)}`;
      first = false;
    }
  }
  yield '\n]\n';
}

async function* photoBytes(deps: Deps, key: string) {
  const bytes = await deps.images.get(key);
  if (bytes) yield Buffer.from(bytes);
}
