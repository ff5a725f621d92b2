import { describe, expect, it } from 'vitest';
import { joinComponents, splitComponents } from './contact-csv';

describe('a structured value in a CSV cell (RFC 6350 §3.4 escapes)', () => {
  it('splits back into the parts it was joined from, ; , and \\ in a part included', () => {
    const parts = ['Company; The', 'R&D, Lab 2', 'C:\\temp', ''];
    const cell = joinComponents(parts);
    expect(cell).toBe('Company\\; The;R&D\\, Lab 2;C:\\\\temp;');
    expect(splitComponents(cell)).toEqual(parts);
    expect(splitComponents('Harvard University;Computation Lab')).toEqual([
      'Harvard University',
      'Computation Lab',
    ]);
  });
});
