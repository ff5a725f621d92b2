import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows, MIGRATIONS_FOLDER, type DatabaseHandle } from './client';
import { createTestDb, migrationsBefore } from './testing';

/**
 * Migration 0011 (the contact's typed lists) on a database of the older shape: contacts with one email, phone
 * and location, and the extras an import kept, come out with each value in its list, in
 * order, and nothing lost.
 */
const CARD_MIGRATION = '0011_contact_card';

let handle: DatabaseHandle;
let folder: string;

const extra = [
  { name: 'EMAIL', label: 'work', value: 'Ada@Work.example' },
  { name: 'EMAIL', label: '', value: 'not an email' },
  { name: 'TEL', label: 'cell', value: '+44 7700 900123' },
  { name: 'TEL', label: 'Boat', value: '555 0100' },
  {
    name: 'ADR',
    label: 'work',
    value: 'PO 1, Floor 2, 1 Main St, Albany, NY, 12207, USA',
    components: ['PO 1', 'Floor 2', '1 Main St', 'Albany', 'NY', '12207', 'USA'],
  },
  { name: 'URL', label: '', value: 'https://ada.example' },
  { name: 'IMPP', label: 'home', value: 'xmpp:ada@example.org' },
  { name: 'RELATED', label: 'spouse', value: 'William' },
  { name: 'ANNIVERSARY', label: '', value: '18350708' },
  { name: 'X-EVENT', label: 'Graduation', value: '--0614' },
  { name: 'X-EVENT', label: 'Someday', value: 'one day' },
  { name: 'NOTE', label: '', value: 'First note' },
  { name: 'NOTE', label: '', value: 'Second note' },
  { name: 'NICKNAME', label: '', value: 'Enchantress' },
  { name: 'X-NAME-PREFIX', label: '', value: 'Countess' },
  { name: 'X-NAME-SUFFIX', label: '', value: 'FRS' },
  { name: 'X-SOCIALPROFILE', label: 'twitter', value: 'ada' },
];

beforeAll(async () => {
  folder = migrationsBefore(CARD_MIGRATION);
  handle = await createTestDb({ migrationsFolder: folder });
  const [user] = await executeRows<{ id: string }>(
    handle.db,
    sql`insert into users (name, email, password_hash) values ('Owner', 'owner@example.com', 'x') returning id`,
  );
  await handle.db.execute(sql`
    insert into contacts (user_id, given_name, family_name, email, phone, street_address, city, post_code, country, extra)
    values
      (${user!.id}, 'Ada', 'Lovelace', 'ada@example.com', '+44 20 7946 0018', '12 St James''s Sq', 'London', 'SW1Y 4JH', 'UK', ${JSON.stringify(extra)}::jsonb),
      (${user!.id}, 'Bare', '', null, null, null, null, null, null, '[]'::jsonb)`);
  await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
});

afterAll(async () => {
  await handle.close();
  rmSync(folder, { recursive: true, force: true });
});

async function contact(name: string) {
  const [row] = await executeRows<Record<string, unknown>>(
    handle.db,
    sql`select * from contacts where given_name = ${name}`,
  );
  return row!;
}

describe('the contact card migration (0011)', () => {
  it('puts the old single values first in their lists, then the imported extras, with types', async () => {
    const ada = await contact('Ada');
    expect(ada.emails).toEqual([
      { value: 'ada@example.com', type: '' },
      { value: 'ada@work.example', type: 'work' },
    ]);
    expect(ada.phones).toEqual([
      { value: '+44 20 7946 0018', type: '' },
      { value: '+44 7700 900123', type: 'cell' },
      { value: '555 0100', type: 'Boat' },
    ]);
    expect(ada.addresses).toEqual([
      {
        type: '',
        poBox: '',
        extended: '',
        street: "12 St James's Sq",
        locality: 'London',
        region: '',
        postalCode: 'SW1Y 4JH',
        country: 'UK',
      },
      {
        type: 'work',
        poBox: 'PO 1',
        extended: 'Floor 2',
        street: '1 Main St',
        locality: 'Albany',
        region: 'NY',
        postalCode: '12207',
        country: 'USA',
      },
    ]);
    expect(ada.urls).toEqual([{ value: 'https://ada.example', type: '' }]);
    expect(ada.impps).toEqual([{ value: 'xmpp:ada@example.org', type: 'home' }]);
    expect(ada.related).toEqual([{ value: 'William', type: 'spouse' }]);
    expect(ada.dates).toEqual([
      { type: 'anniversary', day: 8, month: 7, year: 1835 },
      { type: 'Graduation', day: 14, month: 6, year: null },
    ]);
    expect(ada).toMatchObject({
      note: 'First note',
      nickname: 'Enchantress',
      honorific_prefixes: 'Countess',
      honorific_suffixes: 'FRS',
    });
  });

  it('keeps as extras what still has no field: invalid emails, undated events, second notes', async () => {
    const ada = await contact('Ada');
    expect(ada.extra).toEqual([
      { name: 'EMAIL', label: '', value: 'not an email' },
      { name: 'X-EVENT', label: 'Someday', value: 'one day' },
      { name: 'NOTE', label: '', value: 'Second note' },
      { name: 'X-SOCIALPROFILE', label: 'twitter', value: 'ada' },
    ]);
  });

  it('derives the single email, phone and location from the first values, as before', async () => {
    const ada = await contact('Ada');
    expect(ada).toMatchObject({
      email: 'ada@example.com',
      phone: '+44 20 7946 0018',
      street_address: "12 St James's Sq",
      city: 'London',
      post_code: 'SW1Y 4JH',
      country: 'UK',
      phone_digits: '442079460018,447700900123,5550100',
    });
    expect(ada.search_text).toContain('ada@work.example');
    expect(ada.search_text).toContain('enchantress');
  });

  it('leaves a contact without those values empty', async () => {
    const bare = await contact('Bare');
    expect(bare).toMatchObject({
      emails: [],
      phones: [],
      addresses: [],
      email: null,
      phone: null,
      city: null,
      extra: [],
      note: '',
    });
  });
});
