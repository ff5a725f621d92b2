/**
 * vCard 3.0 cards as an iPhone writes them when it uploads a contact over CardDAV: CRLF line
 * endings, Apple's `type=` parameters repeated, a custom label as `itemN.X-ABLabel`, an address
 * with its `X-ABADR` country code, a note, `REV` and an upper-case UUID as the `UID` and the
 * card's name (`<UID>.vcf`). Lines longer than 75 octets are folded (RFC 2426 §2.6).
 * Deterministic: a Faker of its own with a fixed seed, so Kith and Radicale get the same cards
 * and the seeded books (the shared `faker`) are not disturbed.
 */
import { Faker, base, en } from '@faker-js/faker';

export interface PhoneCard {
  /** The card's name in the book, `<UID>.vcf`. */
  name: string;
  uid: string;
  text: string;
}

const LABELS = ['Studio', 'Boat', 'Grandma', 'Allotment', 'Old number', 'Signal', 'Night'];

/** RFC 2426 §5 text: backslash, comma, semicolon and line breaks escaped. */
function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets, never inside a UTF-8 sequence. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74; // a continuation starts with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * `count` different cards. `seed` picks the people: the same seed gives the same cards, so a
 * book's first upload and its 100 new cards use different seeds.
 */
export function phoneCards(count: number, seed: number): PhoneCard[] {
  const faker = new Faker({ locale: [en, base], seed });
  const rev = new Date('2026-11-25T08:00:00Z');
  return Array.from({ length: count }, (_, i) => {
    const given = faker.person.firstName();
    const family = faker.person.lastName();
    const uid = faker.string.uuid().toUpperCase();
    const email = faker.internet.email({ firstName: given, lastName: family }).toLowerCase();
    const workEmail = `${given}.${family}@${faker.internet.domainName()}`
      .toLowerCase()
      .replace(/[^a-z0-9.@-]/g, '');
    const street = faker.location.streetAddress();
    const city = faker.location.city();
    const postcode = faker.location.zipCode();
    const state = faker.location.state({ abbreviated: true });
    const note = `${faker.lorem.sentence()}\n${faker.lorem.sentences(2)}`;
    const lines = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'PRODID:-//Apple Inc.//iPhone OS 18.1//EN',
      `N:${escapeText(family)};${escapeText(given)};;;`,
      `FN:${escapeText(`${given} ${family}`)}`,
      ...(i % 3 === 0
        ? [
            `ORG:${escapeText(faker.company.name())};`,
            `TITLE:${escapeText(faker.person.jobTitle())}`,
          ]
        : []),
      `EMAIL;type=INTERNET;type=HOME;type=pref:${email}`,
      `EMAIL;type=INTERNET;type=WORK:${workEmail}`,
      `TEL;type=CELL;type=VOICE;type=pref:${faker.phone.number({ style: 'international' })}`,
      `TEL;type=HOME;type=VOICE:${faker.phone.number({ style: 'national' })}`,
      `item1.TEL:${faker.phone.number({ style: 'international' })}`,
      `item1.X-ABLabel:${LABELS[i % LABELS.length]}`,
      `item2.ADR;type=HOME;type=pref:;;${escapeText(street)};${escapeText(city)};${state};${postcode};United States`,
      'item2.X-ABADR:us',
      `NOTE:${escapeText(note)}`,
      `REV:${new Date(rev.getTime() + i * 1000).toISOString().replace(/\.\d{3}/, '')}`,
      `UID:${uid}`,
      'END:VCARD',
    ];
    return { name: `${uid}.vcf`, uid, text: `${lines.map(fold).join('\r\n')}\r\n` };
  });
}
