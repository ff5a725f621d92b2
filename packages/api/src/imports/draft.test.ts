import { describe, expect, it } from 'vitest';
import { dateOrderOf, readBirthday } from './draft';

describe('dateOrderOf: the order of a column’s a/b/yyyy dates (issue 17)', () => {
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
