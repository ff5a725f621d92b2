import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectCsvLayout, readCsvRows, readCsvTable } from './csv-read';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

/** A data row for `headers` (quoted as Outlook writes them), with the given cells filled. */
function csvRow(headers: string[], cells: Record<string, string>): string {
  return headers.map((header) => `"${(cells[header] ?? '').replace(/"/g, '""')}"`).join(',');
}

async function read(content: string) {
  const table = readCsvTable(content);
  const layout = detectCsvLayout(table.headers);
  return { layout, ...(await readCsvRows(table, layout, [])) };
}

describe('readCsvRows: Thunderbird’s export', () => {
  it('is told by its headers and fills every field Kith has', async () => {
    const { layout, contacts, problems } = await read(fixture('thunderbird.csv'));
    expect(layout).toBe('thunderbird');
    expect(problems).toEqual([]);
    const [grace, alan] = contacts;
    expect(grace).toEqual({
      row: 2,
      givenName: 'Grace',
      familyName: 'Hopper',
      additionalNames: '',
      honorificPrefixes: '',
      honorificSuffixes: '',
      nickname: 'Amazing Grace',
      formattedName: '',
      nameIsStandIn: false,
      org: 'US Navy',
      orgUnits: ['Naval Reserve'],
      title: 'Rear Admiral',
      emails: [
        { value: 'grace@navy.example', type: '' },
        { value: 'gh@example.org', type: '' },
      ],
      phones: [
        { value: '+1 202 555 0104', type: 'cell' },
        { value: '+1 202 555 0102', type: 'home' },
        { value: '+1 202 555 0101', type: 'work' },
        { value: '+1 202 555 0103', type: 'fax' },
      ],
      addresses: [
        {
          type: 'home',
          poBox: '',
          extended: 'Apt 4',
          street: '12 Elm Street',
          locality: 'Arlington',
          region: 'VA',
          postalCode: '22201',
          country: 'USA',
        },
        {
          type: 'work',
          poBox: '',
          extended: 'Room 5',
          street: '1000 Navy Pentagon',
          locality: 'Washington',
          region: 'DC',
          postalCode: '20350',
          country: 'USA',
        },
      ],
      urls: [
        { value: 'https://navy.example/hopper', type: 'work' },
        { value: 'https://grace.example', type: 'home' },
      ],
      impps: [],
      related: [],
      dates: [],
      note: 'Wrote the first compiler.',
      birthday: { day: 9, month: 12, year: 1906 },
      photo: '',
      labels: [],
      isFavorite: false,
      extra: [
        { name: 'X-CUSTOM', label: 'Screen Name', value: 'ghopper' },
        { name: 'X-CUSTOM', label: 'Custom 1', value: 'COBOL' },
      ],
    });
    // Birth Month and Birth Day without a year: a birthday without a year.
    expect(alan).toMatchObject({
      birthday: { day: 23, month: 6, year: null },
      addresses: [expect.objectContaining({ type: 'work', locality: 'Manchester' })],
      extra: [],
    });
  });

  it('keeps the three birthday columns as they are when they make no date', async () => {
    const [header] = fixture('thunderbird.csv').split('\r\n');
    const headers = readCsvTable(header!).headers;
    const row = headers
      .map(
        (h) =>
          ({ 'First Name': 'Ada', 'Primary Email': 'ada@example.org', 'Birth Year': '1815' })[h] ??
          '',
      )
      .join(',');
    const { contacts } = await read(`${header}\r\n${row}\r\n`);
    expect(contacts[0]!.birthday).toBeNull();
    expect(contacts[0]!.extra).toEqual([{ name: 'X-CUSTOM', label: 'Birth Year', value: '1815' }]);
  });
});

describe('readCsvRows: Outlook’s people, department and business address', () => {
  it('reads Spouse, Children, Manager’s and Assistant’s Name as related people with their type', async () => {
    const [header] = fixture('outlook.csv').split('\n');
    const headers = readCsvTable(header!).headers;
    const row = csvRow(headers, {
      'First Name': 'Katherine',
      'Last Name': 'Johnson',
      'E-mail Address': 'katherine@nasa.example.gov',
      Spouse: 'James Johnson',
      Children: 'Joylette, Constance; Katherine',
      "Manager's Name": 'Henry Pearson',
      "Assistant's Name": 'Dorothy Vaughan',
      Company: 'NASA',
      Department: 'Flight Research Division',
      'Business Street': '4 Langley Blvd',
      'Business City': 'Hampton',
      'Business State': 'VA',
      'Business Postal Code': '23681',
      'Business Country': 'United States',
    });
    const { layout, contacts } = await read(`${header}\n${row}\n`);
    expect(layout).toBe('outlook');
    const [katherine] = contacts;
    expect(katherine!.related).toEqual([
      { value: 'James Johnson', type: 'spouse' },
      { value: 'Joylette', type: 'child' },
      { value: 'Constance', type: 'child' },
      { value: 'Katherine', type: 'child' },
      { value: 'Henry Pearson', type: 'manager' },
      { value: 'Dorothy Vaughan', type: 'assistant' },
    ]);
    expect(katherine).toMatchObject({ org: 'NASA', orgUnits: ['Flight Research Division'] });
    expect(katherine!.addresses).toEqual([
      {
        type: 'work',
        poBox: '',
        extended: '',
        street: '4 Langley Blvd',
        locality: 'Hampton',
        region: 'VA',
        postalCode: '23681',
        country: 'United States',
      },
    ]);
    expect(katherine!.extra).toEqual([]);
  });

  it('reads a business address Outlook wrote only whole, in Business Address', async () => {
    const [header] = fixture('outlook.csv').split('\n');
    const headers = readCsvTable(header!).headers;
    const row = csvRow(headers, {
      'First Name': 'Mary',
      'Business Address': '1 Main St, Springfield',
    });
    const { contacts } = await read(`${header}\n${row}\n`);
    expect(contacts[0]!.addresses).toEqual([
      expect.objectContaining({ type: 'work', street: '1 Main St, Springfield' }),
    ]);
    expect(contacts[0]!.extra).toEqual([]);
  });
});

describe('readCsvRows: Google’s legacy layout', () => {
  it('reads Organization 1 - Department as the ORG unit', async () => {
    const { contacts } = await read(fixture('google-legacy.csv'));
    expect(contacts[0]).toMatchObject({ org: 'Bletchley Park', orgUnits: ['Hut 8'] });
    expect(contacts[0]!.extra.map((field) => field.label)).not.toContain(
      'Organization - Department',
    );
  });
});
