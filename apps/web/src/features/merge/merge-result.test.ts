import { describe, expect, it } from 'vitest';
import { contactDto } from '../../test/contact-dto';
import { mergeResult } from './merge-result';

const value = (v: string) => ({ value: v, type: '' });

const ada = contactDto('a', 'Ada', 'Lovelace', {
  emails: [value('ada@example.com')],
  phones: [value('+44 20 7946 0000')],
});
const augusta = contactDto('b', 'Augusta', 'Lovelace', {
  emails: [value('ADA@example.com'), value('augusta@example.com')],
  phones: [value('+442079460000'), value('+44 20 7946 9999')],
  org: 'Analytical',
  isFavorite: true,
});

describe("Merge & fix's preview", () => {
  it('keeps every value once, the picked ones first, and the picked name and work', () => {
    const picks = {
      name: 'b',
      email: 'a',
      phone: 'b',
      org: 'b',
      address: 'a',
      birthday: 'a',
      photo: 'a',
    };
    const result = mergeResult([ada, augusta], 'a', picks);
    expect(result.name.givenName).toBe('Augusta');
    expect(result.org.org).toBe('Analytical');
    // The same email in another case, and the same number written otherwise, are one value.
    expect(result.emails.map((e) => e.value)).toEqual(['ada@example.com', 'augusta@example.com']);
    expect(result.phones.map((p) => p.value)).toEqual(['+442079460000', '+44 20 7946 9999']);
    expect(result.isFavorite).toBe(true);
    expect(result.copies.map((c) => c.id)).toEqual(['b']);
  });
});
