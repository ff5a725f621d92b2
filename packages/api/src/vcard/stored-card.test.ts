import { describe, expect, it } from 'vitest';
import type { schema } from '@kith/db';
import { cardBasis, storedCardText } from './stored-card';

type ContactRow = typeof schema.contacts.$inferSelect;

/** A contact row as a card from a phone was read into it. */
function row(overrides: Partial<ContactRow> = {}): ContactRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    userId: '00000000-0000-4000-8000-000000000002',
    givenName: 'Ada',
    familyName: 'Lovelace',
    additionalNames: '',
    honorificPrefixes: '',
    honorificSuffixes: '',
    nickname: '',
    formattedName: '',
    org: null,
    orgUnits: [],
    title: null,
    emails: [],
    phones: [
      { value: '+44 20 7946 0001', type: 'cell' },
      { value: '+44 20 7946 0002', type: 'Boat' },
    ],
    addresses: [],
    urls: [],
    impps: [],
    related: [],
    dates: [],
    note: 'First note',
    email: null,
    phone: null,
    streetAddress: null,
    city: null,
    postCode: null,
    country: null,
    birthdayDay: null,
    birthdayMonth: null,
    birthdayYear: null,
    photoImageId: null,
    isFavorite: false,
    keepInTouch: null,
    keepInTouchFrom: null,
    lastContactedOn: null,
    card: null,
    cardBasis: null,
    extra: [],
    importId: null,
    idempotencyKey: null,
    idempotencyFingerprint: null,
    trashedAt: null,
    uid: 'ada',
    davName: 'ada.vcf',
    revision: 1,
    searchText: '',
    sortName: '',
    sortFamilyName: '',
    phoneDigits: '',
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  } as ContactRow;
}

const PHONE_CARD = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'PRODID:-//Apple Inc.//iPhone OS 18.1//EN',
  'N:Lovelace;Ada;;;',
  'FN:Ada Lovelace',
  'item1.TEL;type=CELL;type=VOICE;type=pref:+44 20 7946 0001',
  'item2.TEL:+44 20 7946 0002',
  'item2.X-ABLabel:Boat',
  'NOTE:First note',
  'X-SOCIALPROFILE;type=twitter:https://twitter.example/ada',
  'UID:ada',
  'END:VCARD',
  '',
].join('\n');

function stored(overrides: Partial<ContactRow>, text = PHONE_CARD) {
  const read = row();
  return row({ card: text, cardBasis: cardBasis(read, []), ...overrides });
}

const source = (contact: ContactRow) => ({ contact, labels: [], photo: async () => null });

describe('cardBasis', () => {
  it('keeps the fingerprints cards were stored with (changing them rewrites every stored card)', () => {
    expect(cardBasis(row(), [])).toMatchInlineSnapshot(`
      {
        "addresses": "T1PNoYwrqgwDVLtf",
        "birthday": "eZxV1wLv7bd1DbGL",
        "categories": "9x4tINmejZawLYvZ",
        "dates": "T1PNoYwrqgwDVLtf",
        "emails": "T1PNoYwrqgwDVLtf",
        "extra": "T1PNoYwrqgwDVLtf",
        "impps": "T1PNoYwrqgwDVLtf",
        "name": "7pym1BAQ_dKoAddc",
        "nickname": "Eq4yyx7ALQHto1gb",
        "note": "zJDeCi-jT0iSixki",
        "organization": "qlWYxnDH-cmrhZTZ",
        "phones": "uIRhjWNGS0h1mbqW",
        "photo": "Eq4yyx7ALQHto1gb",
        "related": "T1PNoYwrqgwDVLtf",
        "title": "Eq4yyx7ALQHto1gb",
        "urls": "T1PNoYwrqgwDVLtf",
      }
    `);
  });
});

describe('cardBasis of a full card', () => {
  it('keeps the fingerprints of lists, typed values, dates, extras and labels', () => {
    const full = row({
      formattedName: 'Dr. Ada Lovelace',
      nickname: 'Countess',
      org: 'Analytical Engines',
      orgUnits: ['Notes', 'Ü'],
      title: 'Mathematician',
      emails: [
        { value: 'ada@example.com', type: 'home' },
        { value: 'countess@example.org', type: '' },
      ],
      phones: [{ value: '+44 20 7946 0000', type: 'cell,voice' }],
      addresses: [
        {
          type: 'home',
          poBox: '',
          extended: 'Flat 2',
          street: '12 St James’s Square',
          locality: 'London',
          region: '',
          postalCode: 'SW1Y 4JH',
          country: 'UK',
        },
      ],
      urls: [{ value: 'https://example.com/ada', type: 'work' }],
      dates: [{ type: 'anniversary', day: 8, month: 7, year: 1835 }],
      related: [{ value: 'William King', type: 'spouse' }],
      note: 'Line one\nline "two"',
      birthdayDay: 10,
      birthdayMonth: 12,
      birthdayYear: null,
      isFavorite: true,
      extra: [{ name: 'X-CUSTOM', value: 'kept', label: '' }],
    } as Partial<ContactRow>);
    expect(cardBasis(full, ['Family', 'friends', 'family'])).toMatchInlineSnapshot(`
      {
        "addresses": "TgeRVPwhU8yHgvoG",
        "birthday": "b8QdHgdfGQWQQLVN",
        "categories": "Pbb3Pkrwkz8uH66n",
        "dates": "UkT0f-g1Jbx1B_Qr",
        "emails": "D5yENu8cLTHRwIVx",
        "extra": "q0-Kp3fPcIbWs_T8",
        "impps": "T1PNoYwrqgwDVLtf",
        "name": "_BwaU0FnhZ0XZ2nW",
        "nickname": "CZx8iXlIHXGcjH2I",
        "note": "sEBcFOsdtBcU6rvG",
        "organization": "rhNwaV5HdkL78ctQ",
        "phones": "YruUAQdk_a9oMhzf",
        "photo": "Eq4yyx7ALQHto1gb",
        "related": "TeSd6_3acqI9EhiZ",
        "title": "PzJduq-WBhzkPTiY",
        "urls": "eBOzz6AM7JDcAndo",
      }
    `);
  });
});

describe('storedCardText', () => {
  it('serves the card as stored while no field changed', async () => {
    expect(await storedCardText(source(stored({})), '3.0')).toBe(PHONE_CARD);
  });

  it('rewrites only the NOTE when the note changed, with the card’s own line endings', async () => {
    const text = await storedCardText(source(stored({ note: 'Second, note' })), '3.0');
    expect(text).toBe(PHONE_CARD.replace('NOTE:First note', 'NOTE:Second\\, note'));
  });

  it('rewrites the phones with their labels, numbering new groups past the card’s own', async () => {
    const phones = [{ value: '+44 20 7946 0003', type: 'Yacht' }];
    const text = await storedCardText(source(stored({ phones })), '3.0');
    expect(text).toBe(
      PHONE_CARD.replace(
        'item1.TEL;type=CELL;type=VOICE;type=pref:+44 20 7946 0001\nitem2.TEL:+44 20 7946 0002\nitem2.X-ABLabel:Boat\n',
        'item3.TEL:+44 20 7946 0003\nitem3.X-ABLABEL:Yacht\n',
      ),
    );
  });

  it('adds a property the card did not have before END, and writes none for the other version', async () => {
    const text = await storedCardText(source(stored({ nickname: 'Enchantress' })), '3.0');
    expect(text).toBe(PHONE_CARD.replace('END:VCARD', 'NICKNAME:Enchantress\nEND:VCARD'));
    expect(await storedCardText(source(stored({})), '4.0')).toBeNull();
  });
});
