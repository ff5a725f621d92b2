import type { ImportedContact } from '@kith/validators';
import { readVCardFile } from '../vcard/read';
import { propertyValue, unescapeText, unfoldedLines } from '../vcard/lines';
import { groupVCard } from '../vcard/group-card';
import type { ImageStorage } from '../storage/image-storage';
import { embedded } from '../contacts';
import { contactCardText, storedCardVersion } from '../vcard/stored-card';
import type { VCardVersion } from '../vcard/write';
import { etagOf, type IncomingCard } from './address-book.service';
import type { BookCard, CardHead } from './book-cards';
import { isAppleClient } from './group-cards';
import { DavError, NS } from './xml';

/** The vCard media types a card may be PUT as (RFC 6350 §10.1; `text/x-vcard` of old clients). */
const VCARD_TYPES = ['text/vcard', 'text/x-vcard', 'text/directory'];

const VALID_DATA = { ns: NS.CARDDAV, name: 'valid-address-data' };
const SUPPORTED_DATA = { ns: NS.CARDDAV, name: 'supported-address-data' };

/**
 * Reads the body of a card PUT (RFC 6352 §6.3.2) with the import's vCard reader, so a card
 * from a phone fills the same fields a file's does and keeps what Kith has no field for.
 *
 * The card keeps to the contact limits of an import (`CONTACT_LIMITS` of @kith/validators):
 * one past them (more than 2,000 property lines, a name over 200 characters, 501 extra
 * properties...) is refused whole, never cut short, and nothing is stored.
 *
 * @throws DavError 415 `supported-address-data` for another media type or vCard 2.1;
 *   403 `valid-address-data` for anything but exactly one readable vCard 3.0 or 4.0, and for
 *   a card past a limit, with the reason as its message.
 */
export async function readIncomingCard(
  body: string,
  contentType: string | undefined,
  fallbackUid: string,
): Promise<IncomingCard> {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType && !VCARD_TYPES.includes(mediaType)) {
    throw new DavError(415, `Cards are sent as text/vcard, not ${mediaType}.`, SUPPORTED_DATA);
  }
  const cards = body.match(/^BEGIN:VCARD\s*$/gim)?.length ?? 0;
  if (cards !== 1) {
    throw new DavError(
      403,
      cards === 0
        ? 'The body is not a vCard (no BEGIN:VCARD line).'
        : 'A card resource holds exactly one vCard; this body has several.',
      VALID_DATA,
    );
  }
  const lines = unfoldedLines(body);
  const first = (name: string) => propertyValue(lines, name)?.trim();
  const version = first('VERSION');
  if (version === '2.1') {
    throw new DavError(
      415,
      'vCard 2.1 is not accepted over CardDAV: send vCard 3.0 or 4.0 (RFC 6352 §6.3.2.1).',
      SUPPORTED_DATA,
    );
  }
  if (version !== '3.0' && version !== '4.0') {
    throw new DavError(
      403,
      version
        ? `vCard version ${version} is not supported; send 3.0 or 4.0.`
        : 'The vCard has no VERSION.',
      VALID_DATA,
    );
  }
  const { contacts, problems } = await readVCardFile(body);
  const failure = problems.find((p) => p.severity === 'error');
  const contact: ImportedContact | undefined = contacts[0];
  if (!contact || failure) {
    throw new DavError(403, failure?.message ?? 'The vCard could not be read.', VALID_DATA);
  }
  const uid = unescapeText(first('UID') ?? '') || fallbackUid;
  return { uid, contact, text: body };
}

/**
 * The vCard version a request asks for: `Accept` (GET) or an `address-data` element (REPORT);
 * 3.0 for Apple's clients, which never ask; else undefined (each card is then served in its
 * own version).
 */
export function requestedVersion(
  mediaType: string | undefined,
  version?: string | null,
  userAgent?: string,
): VCardVersion | undefined {
  if (version === '4.0' || version === '3.0') return version;
  const asked = /version\s*=\s*"?(\d\.\d)/i.exec(mediaType ?? '')?.[1];
  if (asked === '4.0' || asked === '3.0') return asked;
  // Apple's clients never ask and read 3.0 only: a card another client sent as 4.0 reaches
  // them converted.
  return isAppleClient(userAgent) ? '3.0' : undefined;
}

/**
 * A card's own version: the one its stored text declares, else 3.0, which every CardDAV
 * client reads (RFC 6352 §6.3.1 requires it).
 */
export function nativeVersion(card: BookCard): VCardVersion {
  const stored = card.kind === 'contact' ? card.contact.contact.card : null;
  return (stored && storedCardVersion(stored)) || '3.0';
}

/** What a listing needs of a card already read whole (`CardHead`). */
export function headOf(card: BookCard): CardHead {
  return {
    name: card.name,
    revision: card.revision,
    updatedAt: card.updatedAt,
    version: nativeVersion(card),
  };
}

/**
 * A card's strong ETag in `version` (RFC 7232 §2.3; RFC 6352 §6.3.2.3): each representation
 * has its own. The card in its own version is `"<revision>"`, the other version
 * `"<revision>-<version>"`; a revision moves with every change of the card.
 */
export function cardEtag(card: CardHead, version: VCardVersion | undefined): string {
  return etagOf(card.revision, version && version !== card.version ? version : undefined);
}

/**
 * The cards last written, by what their text is made of: a contact's id and revision (which
 * every change of the contact moves, its labels' and photo's too: migration 0012's triggers),
 * its label names, its photo, the version and whether the photo is embedded. So a card is
 * written once per change however many clients sync it, and an `addressbook-query` that reads
 * every card does not write them all again. Least recently used cards go first past
 * `maxChars` characters.
 */
export class CardTextCache {
  private readonly texts = new Map<string, string>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  /** The cached text for `key`, marked as used now; undefined when absent. */
  get(key: string): string | undefined {
    const text = this.texts.get(key);
    if (text !== undefined) {
      this.texts.delete(key);
      this.texts.set(key, text);
    }
    return text;
  }

  /** Keeps `text` for `key`, dropping the least recently used texts past the limit. */
  set(key: string, text: string): void {
    if (text.length > this.maxChars) return;
    const old = this.texts.get(key);
    if (old !== undefined) this.chars -= old.length;
    this.texts.delete(key);
    this.texts.set(key, text);
    this.chars += text.length;
    for (const [oldest, dropped] of this.texts) {
      if (this.chars <= this.maxChars) break;
      this.texts.delete(oldest);
      this.chars -= dropped.length;
    }
  }
}

/**
 * A card as a client gets it, in `version` (its own when undefined): a contact's stored card
 * as it was sent, with what changed in Kith since written into it, or, without one (or in the
 * other version), the card written from its fields with its photo embedded (unless
 * `withPhoto` is false) and its labels as CATEGORIES; or a label's group card. With `cache`,
 * a contact's card written before for the same revision is given again (`CardTextCache`).
 */
export async function cardText(
  storage: ImageStorage,
  card: BookCard,
  asked: VCardVersion | undefined,
  withPhoto = true,
  cache?: CardTextCache,
): Promise<string> {
  const version = asked ?? nativeVersion(card);
  if (card.kind === 'group') return groupVCard(card.group, card.updatedAt, version);
  const { contact, photo, labels } = card.contact;
  const key = cache
    ? [contact.id, contact.revision, version, withPhoto, photo?.key ?? '', ...labels].join('\0')
    : '';
  const cached = cache?.get(key);
  if (cached !== undefined) return cached;
  const text = await contactCardText(
    { contact, labels, photo: embedded(storage, photo, withPhoto) },
    version,
    '3.0',
  );
  cache?.set(key, text);
  return text;
}
