import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readVCardFile } from './vcard-read';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('readVCardFile: quirks of real writers (issue 17)', () => {
  it('names an organisation card after the organisation, not a first and last name', async () => {
    const { contacts, problems } = await readVCardFile(fixture('vcard-escapes-and-orgs.vcf'));
    expect(problems).toEqual([]);
    const [apple, kindOrg] = contacts;
    expect(apple).toMatchObject({
      givenName: 'Acme Corporation',
      familyName: '',
      company: 'Acme Corporation',
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
    expect(extra.NOTE).toBe('Met at the "Difference Engine" talk; see http://example.com, too');
    expect(extra.URL).toBe('http://example.com/notes,2024');
    expect(extra['X-CUSTOM-THING']).toBe('a:b');
  });

  it('keeps a second ORG and TITLE with the other details, and says so in the preview', async () => {
    const { contacts, problems } = await readVCardFile(fixture('vcard-two-orgs.vcf'));
    const mary = contacts[0]!;
    expect(mary).toMatchObject({ company: 'US Navy, Naval Reserve', jobTitle: 'Rear Admiral' });
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
    expect(contacts[0]!.extra).toContainEqual({ name: 'NOTE', label: '', value: 'Straße 5, Köln' });
  });
});
