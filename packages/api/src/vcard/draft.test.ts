import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, importedContact } from '@kith/validators';
import {
  completeDraft,
  dateOrderOf,
  emptyDraft,
  NO_NAME,
  NOTHING_TO_IMPORT,
  readBirthday,
  STAND_IN_MESSAGES,
  type ContactDraft,
} from './draft';

describe('dateOrderOf: the order of a column’s a/b/yyyy dates', () => {
  it('is told by a part over 12, whichever row holds it', () => {
    expect(dateOrderOf(['4/6/1980', '', '23/6/1974'])).toBe('day-first');
    expect(dateOrderOf(['4/6/1980', '6/23/1974'])).toBe('month-first');
    expect(dateOrderOf(['23.6.1974'])).toBe('day-first');
  });

  it('cannot tell when every part is 12 or less, nor when rows say both', () => {
    expect(dateOrderOf(['4/6/1980', '1/2/1990'])).toBe('ambiguous');
    expect(dateOrderOf(['13/1/1990', '1/13/1990'])).toBe('ambiguous');
  });

  it('has nothing to say of ISO dates or an empty column', () => {
    expect(dateOrderOf(['1985-04-15', '--0415', ''])).toBeNull();
  });
});

describe('readBirthday in either order', () => {
  it('reads a/b/yyyy as asked, and refuses what is not a date in that order', () => {
    expect(readBirthday('4/6/1980', 'day-first')).toEqual({ day: 4, month: 6, year: 1980 });
    expect(readBirthday('4/6/1980', 'month-first')).toEqual({ day: 6, month: 4, year: 1980 });
    expect(readBirthday('23/6/1974', 'month-first')).toBeNull();
    expect(readBirthday('1985-04-15', 'day-first')).toEqual({ day: 15, month: 4, year: 1985 });
  });
});

describe('completeDraft: the card is the record (RFC 6350 §6.2.1 asks only for FN)', () => {
  const draft = (parts: Partial<ContactDraft>): ContactDraft => ({ ...emptyDraft(7), ...parts });
  const address = (components: string[]) => ({ components, type: 'home' });

  it('takes a contact with nothing but a note, an address, a web address or a birthday', () => {
    const cases: [Partial<ContactDraft>, string][] = [
      [
        { note: '\n  Met at the bakery on Elm Street\nSecond line' },
        'Met at the bakery on Elm Street',
      ],
      [{ addresses: [address(['', '', '1 Main St', 'Springfield', 'IL', '', ''])] }, 'Springfield'],
      [{ addresses: [address(['', '', '', '', '', '', 'Norway'])] }, 'Norway'],
      [{ urls: [{ value: 'https://example.org/ada', type: '' }] }, 'https://example.org/ada'],
      [{ nickname: 'Bunny' }, 'Bunny'],
      [{ birthday: '--0415' }, NO_NAME],
    ];
    for (const [parts, name] of cases) {
      const { contact, problems } = completeDraft(draft(parts));
      expect(contact, name).not.toBeNull();
      expect(contact!.givenName, name).toBe(name);
      expect(contact!.familyName).toBe('');
      expect(problems.map((p) => p.severity)).toEqual(['warning']);
      expect(importedContact.safeParse(contact).success, name).toBe(true);
    }
    const birthday = completeDraft(draft({ birthday: '--0415' })).contact!;
    expect(birthday.birthday).toEqual({ day: 15, month: 4, year: null });
    expect(completeDraft(draft({ note: 'Hi' })).problems[0]!.message).toBe(
      STAND_IN_MESSAGES.detail,
    );
  });

  it('still names a contact after its company, email or phone first, with the same warning', () => {
    const { contact, problems } = completeDraft(
      draft({
        org: 'Acme Ltd',
        note: 'A note',
        urls: [{ value: 'https://acme.example', type: '' }],
      }),
    );
    expect(contact!.givenName).toBe('Acme Ltd');
    expect(problems[0]!.message).toBe('No name; it is named after its company, email or phone.');
  });

  it('keeps a stand-in short: the first line of a long note, cut at a word', () => {
    const note = `${'word '.repeat(300)}\nsecond line`;
    const { contact } = completeDraft(draft({ note }));
    expect(contact!.givenName.length).toBeLessThanOrEqual(80);
    expect(contact!.givenName.length).toBeLessThanOrEqual(CONTACT_LIMITS.namePart);
    expect(contact!.givenName).toMatch(/^word( word)*…$/);
    expect(contact!.note).toBe(note.trim());
  });

  it('refuses only a row with no value at all', () => {
    expect(
      completeDraft(
        draft({ fullName: '  ', extra: [{ name: 'KIND', label: '', value: 'individual' }] }),
      ),
    ).toEqual({
      contact: null,
      problems: [{ row: 7, name: '', severity: 'error', message: NOTHING_TO_IMPORT }],
    });
  });
});
