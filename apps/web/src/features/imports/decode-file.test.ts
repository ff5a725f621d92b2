import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as Jschardet from 'jschardet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeImportFile, readingSamples, sampleNames } from './decode-file';

/** What jschardet answers in a test that sets it; null for its own answer. */
const guess = vi.hoisted(() => ({
  current: null as null | { encoding: string; confidence: number },
}));
vi.mock('jschardet', async (importOriginal) => {
  const real = await importOriginal<typeof Jschardet>();
  const answer = () => ({ ...guess.current!, language: null, mimeType: null });
  return {
    ...real,
    detect: (bytes: Uint8Array) => (guess.current ? answer() : real.detect(bytes)),
    detectAll: (bytes: Uint8Array) => (guess.current ? [answer()] : real.detectAll(bytes)),
  };
});
afterEach(() => {
  guess.current = null;
});

const fixture = (name: string) =>
  new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', name)));

describe('decodeImportFile (files that are not UTF-8)', () => {
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

describe('decodeImportFile: asks when it is not sure (a Shift_JIS file read as windows-1252)', () => {
  it('offers both readings of a small Shift_JIS vCard, each with its first names', async () => {
    const decoded = await decodeImportFile(fixture('shift_jis.vcf'));
    expect(decoded.choices?.map((reading) => reading.encoding)).toEqual([
      'shift_jis',
      'windows-1252',
    ]);
    const [japanese, western] = decoded.choices!;
    expect(sampleNames(japanese!.text)).toEqual(['山田 太郎', '佐藤 花子', '一郎 鈴木']);
    expect(sampleNames(western!.text)).not.toContain('山田 太郎');
    expect(readingSamples(decoded.choices!)[0]).toEqual(['山田 太郎', '佐藤 花子', '一郎 鈴木']);
    // Until the person chooses, the file reads as it did before: windows-1252.
    expect(decoded).toMatchObject({ encoding: 'windows-1252', text: western!.text });
  });

  it('shows the lines that differ when the names read the same both ways', async () => {
    const decoded = await decodeImportFile(fixture('windows-1252.vcf'));
    const encodings = decoded.choices!.map((reading) => reading.encoding);
    expect(encodings).toContain('windows-1252');
    expect(readingSamples(decoded.choices!)[encodings.indexOf('windows-1252')]).toEqual([
      'Café Crème GmbH',
    ]);
  });

  it('goes on without asking when jschardet is sure', async () => {
    guess.current = { encoding: 'SHIFT_JIS', confidence: 0.99 };
    const decoded = await decodeImportFile(fixture('shift_jis.vcf'));
    expect(decoded.choices).toBeUndefined();
    expect(decoded.encoding).toBe('shift_jis');
    expect(decoded.text).toContain('FN:山田 太郎');
  });

  it('does not ask when the guess reads the file as windows-1252 does', async () => {
    guess.current = { encoding: 'ISO-8859-15', confidence: 0.1 };
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('N:M'),
      0xfc,
      ...new TextEncoder().encode('ller;;;;'),
    ]);
    expect(await decodeImportFile(bytes)).toEqual({
      text: 'N:Müller;;;;',
      encoding: 'windows-1252',
    });
  });
});

describe('sampleNames', () => {
  it('takes a CSV’s name columns, quotes and all', () => {
    const csv =
      'First Name,Middle Name,Last Name,E-mail 1 - Value\r\n' +
      'Ada,,Lovelace,ada@example.com\r\n"Grace ""Amazing""",,Hopper,grace@example.com\r\n';
    expect(sampleNames(csv)).toEqual(['Ada Lovelace', 'Grace "Amazing" Hopper']);
  });
});
