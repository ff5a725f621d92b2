import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeImportFile } from './decode-file';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', name)));

describe('decodeImportFile (issue 17: files that are not UTF-8)', () => {
  it('reads a windows-1252 vCard 2.1 without a single replacement character', async () => {
    const { text, encoding } = await decodeImportFile(fixture('windows-1252.vcf'));
    expect(encoding).toBe('windows-1252');
    expect(text).toContain('N:Müller;Zoë;;;');
    expect(text).toContain('Grüße aus Köln');
    expect(text).not.toContain('\uFFFD');
  });

  it('recognises UTF-16 without a byte order mark, either byte order', async () => {
    for (const [name, expected] of [
      ['utf-16le-no-bom.csv', 'utf-16le'],
      ['utf-16be-no-bom.csv', 'utf-16be'],
    ]) {
      const { text, encoding } = await decodeImportFile(fixture(name!));
      expect(encoding, name).toBe(expected);
      expect(text.split('\r\n')[1]).toBe('Zoë,Ångström,zoe@fjord.no,23/6/1974');
    }
  });

  it('follows a byte order mark, and drops it from the text', async () => {
    const utf16 = await decodeImportFile(fixture('utf-16le-bom.csv'));
    expect(utf16.encoding).toBe('utf-16le');
    expect(utf16.text.startsWith('First Name,')).toBe(true);
    const utf8 = await decodeImportFile(fixture('utf-8-bom.vcf'));
    expect(utf8.encoding).toBe('utf-8');
    expect(utf8.text.startsWith('BEGIN:VCARD')).toBe(true);
    expect(utf8.text).toContain('Café Crème GmbH');
  });

  it('keeps UTF-8 as UTF-8, accents and all', async () => {
    const bytes = new TextEncoder().encode('BEGIN:VCARD\r\nFN:Zoë Ångström\r\nEND:VCARD\r\n');
    expect(await decodeImportFile(bytes)).toEqual({
      text: 'BEGIN:VCARD\r\nFN:Zoë Ångström\r\nEND:VCARD\r\n',
      encoding: 'utf-8',
    });
  });
});
