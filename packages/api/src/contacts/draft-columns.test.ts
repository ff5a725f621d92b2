import type { ImportedContact } from '@kith/validators';
import { describe, expect, it } from 'vitest';
import { contactToVCard } from '../vcard/contact-vcard';
import { readVCardFile } from '../vcard/read';
import { columnsOf } from './draft-columns';

describe('readVCardFile: labels survive any number of round trips (RFC 6350 §3.4)', () => {
  /** The contact row an import would write, as the export reads it. */
  const rowOf = (contact: ImportedContact) =>
    ({
      ...columnsOf(contact),
      id: '00000000-0000-4000-8000-000000000001',
      uid: 'round-trip',
      isFavorite: contact.isFavorite,
      extra: contact.extra,
      updatedAt: new Date('2026-01-02T03:04:05Z'),
    }) as unknown as Parameters<typeof contactToVCard>[0];

  it('reads TYPE=MSG,WORK as the label msg,work, and keeps it through three round trips', async () => {
    const card =
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\n' +
      'TEL;TYPE=MSG,WORK:+44 20 7946 0001\r\nADR;TYPE=work,postal:;;1 Main St;London;;;\r\n' +
      'END:VCARD\r\n';
    let [contact] = (await readVCardFile(card)).contacts;
    for (const version of ['4.0', '3.0', '4.0'] as const) {
      expect(contact!.phones).toEqual([{ value: '+44 20 7946 0001', type: 'msg,work' }]);
      expect(contact!.addresses[0]!.type).toBe('work,postal');
      const written = contactToVCard(rowOf(contact!), null, [], version);
      // TYPE values RFC 2426 names are written back as TYPE, as sent.
      expect(written).toMatch(/\r\nTEL;(VALUE=text;)?TYPE=msg,work:/);
      const read = await readVCardFile(written);
      expect(read.problems).toEqual([]);
      contact = read.contacts[0];
    }
    expect(contact!.phones[0]!.type).toBe('msg,work');
    expect(contact!.addresses[0]!.type).toBe('work,postal');
  });

  it('keeps a label of the person’s own with a comma through three round trips as X-ABLabel', async () => {
    const card =
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\n' +
      'item1.TEL:+44 20 7946 0001\r\nitem1.X-ABLabel:Boat\\, aft deck\r\nEND:VCARD\r\n';
    let [contact] = (await readVCardFile(card)).contacts;
    for (const version of ['4.0', '3.0', '4.0'] as const) {
      expect(contact!.phones).toEqual([{ value: '+44 20 7946 0001', type: 'Boat, aft deck' }]);
      const written = contactToVCard(rowOf(contact!), null, [], version);
      expect(written).toContain('.X-ABLABEL:Boat\\, aft deck\r\n');
      contact = (await readVCardFile(written)).contacts[0];
    }
    expect(contact!.phones[0]!.type).toBe('Boat, aft deck');
  });

  it('unescapes an X-ABLabel as text: commas, semicolons, backslashes and Apple’s \\:', async () => {
    const card =
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\r\n' +
      'item1.TEL:1\r\nitem1.X-ABLabel:a\\,b\\;c\\\\d\r\n' +
      'item2.URL:https://example.org\r\nitem2.X-ABLabel:_$!<HomePage>!$_\r\n' +
      'item3.EMAIL:ada@example.org\r\nitem3.X-ABLabel:see\\: here\r\n' +
      'END:VCARD\r\n';
    const [contact] = (await readVCardFile(card)).contacts;
    expect(contact!.phones[0]!.type).toBe('a,b;c\\d');
    expect(contact!.urls[0]!.type).toBe('HomePage');
    expect(contact!.emails[0]!.type).toBe('see: here');
  });
});
