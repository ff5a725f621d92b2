import { describe, expect, it } from 'vitest';
import {
  CONTACT_LIMITS,
  contactLimitProblem,
  multiLineText,
  singleLineText,
} from './contact-limits';
import { contactCreateInput } from './contacts';
import { importedContact } from './imports';

const base = { givenName: 'Ada', familyName: 'Lovelace' };

describe('contact limits', () => {
  it('strips control characters from one-line text, and keeps the note its lines', () => {
    expect(singleLineText('Ada\rLovelace')).toBe('Ada Lovelace');
    expect(singleLineText('A\r\n\tB\u0001\u0007\u007fC')).toBe('A BC');
    expect(multiLineText('one\r\ntwo\rthree\u001b\tfour')).toBe('one\ntwo\nthree\tfour');
    // NUL is refused with 400 by the API rather than changed.
    expect(singleLineText('a\u0000b')).toBe('a\u0000b');
  });

  it('names the first limit a contact passes, and nothing within them', () => {
    expect(contactLimitProblem(base)).toBeNull();
    expect(contactLimitProblem({ ...base, givenName: 'x'.repeat(201) })).toBe(
      'The first name has 201 characters; at most 200 are kept.',
    );
    const extra = Array.from({ length: 501 }, () => ({ name: 'X-A', label: '', value: '' }));
    expect(contactLimitProblem({ ...base, extra })).toBe(
      'The card has 501 other properties; a contact keeps at most 500.',
    );
    const phones = [{ value: '1'.repeat(41), type: '' }];
    expect(contactLimitProblem({ ...base, phones })).toMatch(/^A phone number has 41/);
  });

  it('gives the zod schemas their numbers and their cleaning', () => {
    const long = 'x'.repeat(CONTACT_LIMITS.namePart + 1);
    const form = { givenName: 'Ada\rB', familyName: 'L', phones: [{ value: '1', type: '' }] };
    expect(contactCreateInput.parse(form).givenName).toBe('Ada B');
    const tooLong = contactCreateInput.safeParse({ ...form, givenName: long });
    expect(tooLong.error?.issues.map((issue) => issue.message)).toEqual([
      `At most ${CONTACT_LIMITS.namePart} characters`,
    ]);
    const imported = {
      row: 1,
      ...base,
      org: '',
      title: '',
      birthday: null,
      photo: '',
      labels: [],
      extra: [],
    };
    expect(importedContact.safeParse({ ...imported, givenName: long }).success).toBe(false);
    expect(importedContact.parse({ ...imported, givenName: 'A\rB' }).givenName).toBe('A B');
  });
});
