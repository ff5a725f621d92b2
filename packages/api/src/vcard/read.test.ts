import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readVCardFile } from './read';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'imports', 'fixtures', name), 'utf8');

describe('readVCardFile: quirks of real writers', () => {
  it('names an organisation card after the organisation, not a first and last name', async () => {
    const { contacts, problems } = await readVCardFile(fixture('vcard-escapes-and-orgs.vcf'));
    expect(problems).toEqual([]);
    const [apple, kindOrg] = contacts;
    expect(apple).toMatchObject({
      givenName: 'Acme Corporation',
      familyName: '',
      org: 'Acme Corporation',
    });
    expect(kindOrg).toMatchObject({ givenName: 'The Analytical Society', familyName: '' });
    // The marks that make them organisations stay with them, so an export writes them again.
    expect(apple!.extra).toContainEqual({ name: 'X-ABSHOWAS', label: '', value: 'COMPANY' });
    expect(kindOrg!.extra).toContainEqual({ name: 'KIND', label: '', value: 'org' });
  });

  it('decodes the escapes Apple and Gmail write, in notes, web addresses and X- properties', async () => {
    const { contacts } = await readVCardFile(fixture('vcard-escapes-and-orgs.vcf'));
    const augusta = contacts[2]!;
    const extra = Object.fromEntries(augusta.extra.map((f) => [f.name, f.value]));
    expect(augusta.note).toBe('Met at the "Difference Engine" talk; see http://example.com, too');
    expect(augusta.urls).toEqual([{ value: 'http://example.com/notes,2024', type: '' }]);
    expect(extra['X-CUSTOM-THING']).toBe('a:b');
  });

  it('keeps a second ORG and TITLE with the other details, and says so in the preview', async () => {
    const { contacts, problems } = await readVCardFile(fixture('vcard-two-orgs.vcf'));
    const mary = contacts[0]!;
    expect(mary).toMatchObject({
      org: 'US Navy',
      orgUnits: ['Naval Reserve'],
      title: 'Rear Admiral',
    });
    expect(mary.extra).toEqual([
      {
        name: 'ORG',
        label: '',
        value: 'Harvard University, Computation Lab',
        components: ['Harvard University', 'Computation Lab'],
      },
      { name: 'TITLE', label: '', value: 'Research Fellow' },
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      'A second organisation, "Harvard University, Computation Lab", is kept with the other details.',
      'A second job title, "Research Fellow", is kept with the other details.',
    ]);
  });

  it('reads quoted-printable without a CHARSET as UTF-8 when it is, else as windows-1252', async () => {
    const { contacts } = await readVCardFile(fixture('vcard-21-qp-no-charset.vcf'));
    expect(contacts.map((c) => [c.givenName, c.familyName])).toEqual([
      ['Günther', 'Bräuer'],
      ['Sigrún', 'Ødegård'],
    ]);
    expect(contacts[0]!.note).toBe('Straße 5, Köln');
  });
});

describe('readVCardFile: the card’s parts', () => {
  it('keeps N’s every part, several nicknames, ORG units and each value’s type', async () => {
    const { contacts, problems } = await readVCardFile(fixture('vcard-name-parts.vcf'));
    expect(problems).toEqual([]);
    const [john, smith] = contacts;
    expect(john).toMatchObject({
      givenName: 'John',
      familyName: 'Public',
      additionalNames: 'Quinlan, Paul',
      honorificPrefixes: 'Mr.',
      honorificSuffixes: 'Esq., Jr.',
      nickname: 'Jack, Johnny',
      org: 'ABC, Inc.',
      orgUnits: ['North American Division', 'Marketing'],
      phones: [
        { value: '+1-418-656-9254', type: 'work' },
        { value: '+1-418-262-6501', type: 'cell' },
      ],
      emails: [{ value: 'john.public@example.com', type: 'work' }],
      addresses: [
        {
          type: 'work',
          poBox: '',
          extended: 'Suite D2-630',
          street: '2875 Laurier',
          locality: 'Quebec',
          region: 'QC',
          postalCode: 'G1V 2M2',
          country: 'Canada',
        },
      ],
      dates: [{ type: 'anniversary', day: 15, month: 4, year: 1996 }],
    });
    // A family name alone stays the family name; Apple's built-in labels become TYPE values.
    expect(smith).toMatchObject({
      givenName: '',
      familyName: 'Smith',
      phones: [{ value: '+44 20 7946 0100', type: 'home,fax' }],
      dates: [{ type: 'Name day', day: 1, month: 5, year: null }],
    });
  });
});

describe('readVCardFile: hostile files', () => {
  it('reads 1 MB of BEGIN:VCARD lines that never end in linear time, and says so', async () => {
    // Matching each card with /BEGIN:VCARD[\s\S]*?END:VCARD/ scanned to the end of the file
    // from every BEGIN: 1 MB took 20 s, a 7 MB file would have held the server 15 minutes.
    const content = `BEGIN:VCARD\r\nFN:Ada\r\nEND:VCARD\r\n${'BEGIN:VCARD\r\n'.repeat(80_000)}`;
    const started = performance.now();
    const result = await readVCardFile(content);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result.contacts).toHaveLength(1);
    expect(result.problems).toEqual([
      expect.objectContaining({
        row: 2,
        severity: 'error',
        message: expect.stringContaining('END:VCARD'),
      }),
    ]);
  });
});

describe('readVCardFile: a card of anything a person wrote comes in', () => {
  it('reads a card with an empty FN and only a note, as DAVx5 sends it', async () => {
    const card =
      'BEGIN:VCARD\r\nVERSION:4.0\r\nUID:abc\r\nFN:\r\nNOTE:Gate code 4711\\nsecond line\r\nEND:VCARD\r\n';
    const { contacts, problems } = await readVCardFile(card);
    expect(contacts).toEqual([
      expect.objectContaining({ givenName: 'Gate code 4711', note: 'Gate code 4711\nsecond line' }),
    ]);
    expect(problems).toEqual([expect.objectContaining({ severity: 'warning' })]);
  });

  it('refuses a card with no value at all', async () => {
    const { contacts, problems } = await readVCardFile(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\r\nN:;;;;\r\nUID:x\r\nEND:VCARD\r\n',
    );
    expect(contacts).toEqual([]);
    expect(problems).toEqual([expect.objectContaining({ severity: 'error' })]);
  });
});

describe('readVCardFile: one bad line fails its property, not the card', () => {
  const messages = (problems: { message: string }[]) => problems.map((p) => p.message);

  it('reads a bare CR inside a value as a line break of that value, and says so', async () => {
    const card =
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Bee\r\nN:Bee;Ann;;;\r\n' +
      'NOTE:first line\rsecond line\r\nEMAIL:ann@example.org\r\nEND:VCARD\r\n';
    const { contacts, problems } = await readVCardFile(card);
    expect(contacts).toEqual([
      expect.objectContaining({
        givenName: 'Ann',
        familyName: 'Bee',
        note: 'first line\nsecond line',
        emails: [{ value: 'ann@example.org', type: '' }],
      }),
    ]);
    expect(messages(problems)).toEqual([expect.stringMatching(/^NOTE had a line break/)]);
  });

  it('reads a quoted-printable soft break before a blank line, and the properties after it', async () => {
    const continued =
      'BEGIN:VCARD\r\nVERSION:2.1\r\nN:Bee;Ann\r\n' +
      'NOTE;ENCODING=QUOTED-PRINTABLE:Gr=C3=BC=C3=9Fe aus =\r\n\r\nK=C3=B6ln\r\n' +
      'TEL;CELL:+49 30 1234567\r\nEND:VCARD\r\n';
    const ended =
      'BEGIN:VCARD\r\nVERSION:2.1\r\nN:Bee;Ann\r\nTEL;CELL:+49 30 1234567\r\n' +
      'NOTE;ENCODING=QUOTED-PRINTABLE:Tsch=C3=BCss=\r\nEND:VCARD\r\n';
    const first = await readVCardFile(continued);
    expect(first.contacts).toEqual([
      expect.objectContaining({
        givenName: 'Ann',
        note: 'Grüße aus Köln',
        phones: [{ value: '+49 30 1234567', type: 'cell' }],
      }),
    ]);
    expect(messages(first.problems)).toEqual([
      'NOTE had a blank line inside its quoted-printable text; it was read as one value.',
    ]);
    // A soft break just before END:VCARD no longer swallows the card's end.
    const second = await readVCardFile(ended);
    expect(second.contacts).toEqual([expect.objectContaining({ note: 'Tschüss' })]);
    expect(second.problems).toEqual([]);
  });

  it('leaves out a line ical.js cannot read, naming its property, and keeps the rest', async () => {
    const card =
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Bee\r\nN:Bee;Ann;;;\r\n' +
      'TEL;TYPE=cell;=oops:+1 555 0100\r\nEMAIL:ann@example.org\r\nEND:VCARD\r\n';
    const { contacts, problems } = await readVCardFile(card);
    expect(contacts).toEqual([
      expect.objectContaining({
        givenName: 'Ann',
        phones: [],
        emails: [{ value: 'ann@example.org', type: '' }],
      }),
    ]);
    expect(problems).toEqual([
      expect.objectContaining({
        row: 1,
        name: 'Ann Bee',
        severity: 'warning',
        message: expect.stringMatching(/^TEL could not be read \(.*\), so it was left out/),
      }),
    ]);
  });
});

describe('readVCardFile: emails as they were written', () => {
  it('keeps an internationalised email (RFC 6531) and the case of every email', async () => {
    const card =
      'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Jörg Müller\r\n' +
      'EMAIL:jörg@müller.example\r\nEMAIL;TYPE=work:Joerg.Mueller@Example.com\r\nEND:VCARD\r\n';
    const { contacts, problems } = await readVCardFile(card);
    expect(problems).toEqual([]);
    expect(contacts[0]!.emails).toEqual([
      { value: 'jörg@müller.example', type: '' },
      { value: 'Joerg.Mueller@Example.com', type: 'work' },
    ]);
  });
});

describe('readVCardFile: group cards', () => {
  it('makes a group card a label of the contacts it lists, never a contact', async () => {
    const file = [
      'BEGIN:VCARD\r\nVERSION:4.0\r\nUID:urn:uuid:ada\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEND:VCARD\r\n',
      'BEGIN:VCARD\r\nVERSION:4.0\r\nUID:alan\r\nFN:Alan Turing\r\nN:Turing;Alan;;;\r\nEND:VCARD\r\n',
      'BEGIN:VCARD\r\nVERSION:4.0\r\nUID:g1\r\nKIND:group\r\nFN:Computing\r\nMEMBER:urn:uuid:ada\r\nMEMBER:urn:uuid:alan\r\nEND:VCARD\r\n',
      'BEGIN:VCARD\r\nVERSION:3.0\r\nUID:g2\r\nX-ADDRESSBOOKSERVER-KIND:group\r\nFN:\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:ada\r\nX-ADDRESSBOOKSERVER-MEMBER:urn:uuid:elsewhere\r\nEND:VCARD\r\n',
    ].join('');
    const { contacts, problems } = await readVCardFile(file);
    expect(contacts.map((c) => [c.givenName, c.labels])).toEqual([
      ['Ada', ['Computing', 'Unnamed group']],
      ['Alan', ['Computing']],
    ]);
    expect(problems).toEqual([
      expect.objectContaining({
        row: 4,
        severity: 'warning',
        message:
          'The group “Unnamed group” lists contacts that are not in this file (1 of 2); the label is given to the others.',
      }),
    ]);
  });
});

describe('readVCardFile: a text value with a comma a phone did not escape', () => {
  it('keeps the whole note, FN and title of a 3.0 card', async () => {
    const card =
      'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Smith, Jane\r\nN:Smith;Jane;;;\r\n' +
      'TITLE:Head of Sales, EMEA\r\nNOTE:Met at the bakery on Tuesday; tall, red scarf. Likes rye\r\nEND:VCARD\r\n';
    const [contact] = (await readVCardFile(card)).contacts;
    expect(contact!.note).toBe('Met at the bakery on Tuesday; tall, red scarf. Likes rye');
    expect(contact!.title).toBe('Head of Sales, EMEA');
    expect(contact!.formattedName).toBe('Smith, Jane');
  });
});
