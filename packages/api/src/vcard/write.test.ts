import { describe, expect, it } from 'vitest';
import { escapeComponent, escapeText, foldLine, formatVCard } from './write';

describe('vCard 4.0 writer (RFC 6350)', () => {
  it('folds long lines at 75 octets without splitting a UTF-8 character (§3.2)', () => {
    const line = `NOTE:${'é'.repeat(100)}${'x'.repeat(100)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(3);
    for (const part of physical) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(physical.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it("folds an ASCII line, a photo's base64, into full 75-octet lines; one of 75 stays whole", () => {
    const base64 = 'A'.repeat(70) + 'B'.repeat(200);
    const line = `PHOTO:${base64}`;
    const physical = foldLine(line).split('\r\n');
    expect(physical[0]).toBe(line.slice(0, 75));
    expect(physical.slice(1, -1).every((part) => part.length === 75 && part[0] === ' ')).toBe(true);
    expect(foldLine(line).replace(/\r\n /g, '')).toBe(line);
    expect(physical).toHaveLength(Math.ceil((line.length - 75) / 74) + 1);
    expect(foldLine('X'.repeat(75))).toBe('X'.repeat(75));
    expect(foldLine('X'.repeat(76))).toBe(`${'X'.repeat(75)}\r\n X`);
  });

  it('escapes text values and structured components as §3.4 says', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b;c\\\\d\\ne');
    expect(escapeComponent('12 Main St; Flat 2, rear')).toBe('12 Main St\\; Flat 2\\, rear');
  });

  it('writes BEGIN, VERSION 4.0 first, the properties, END, each line ending in CRLF', () => {
    const card = formatVCard([
      { name: 'fn', value: 'Ada, Countess' },
      { name: 'n', value: ['Lovelace', 'Ada', '', '', ''] },
      { name: 'email', params: { type: 'home' }, value: 'ada@example.com' },
    ]);
    expect(card).toBe(
      'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ada\\, Countess\r\nN:Lovelace;Ada;;;\r\n' +
        'EMAIL;TYPE=home:ada@example.com\r\nEND:VCARD\r\n',
    );
  });
});
