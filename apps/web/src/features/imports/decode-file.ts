/**
 * The text of an import file whatever its encoding (issue 17): address books are written in
 * UTF-8, UTF-16 (Outlook, older Windows tools; with or without a byte order mark) and
 * windows-1252 (vCard 2.1 from old phones and Outlook). Reading every file as UTF-8 turned
 * "Müller" into "M�ller" and UTF-16 files into noise.
 *
 * The order: a byte order mark decides (UTF-8, UTF-16LE, UTF-16BE); then UTF-16 without one,
 * as jschardet recognises it by its zero bytes; then UTF-8 when the bytes are valid UTF-8;
 * else jschardet's guess when it is sure, else windows-1252, which every byte decodes in
 * (WHATWG's reading of "ISO-8859-1" too).
 *
 * @returns the text and the WHATWG name of the encoding it was read in (`utf-8`,
 *   `utf-16le`, `windows-1252`, ...), for the preview to say.
 */
export async function decodeImportFile(
  bytes: Uint8Array,
): Promise<{ text: string; encoding: string }> {
  const bom = byteOrderMark(bytes);
  if (bom) return { text: new TextDecoder(bom).decode(bytes), encoding: bom };

  const { detect } = await import('jschardet');
  const sample = bytes.subarray(0, 64 * 1024);
  const guess = detect(sample);
  const guessed = whatwgName(guess.encoding);
  if ((guessed === 'utf-16le' || guessed === 'utf-16be') && guess.confidence >= SURE) {
    return { text: new TextDecoder(guessed).decode(bytes), encoding: guessed };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: a legacy single-byte encoding.
  }
  const encoding = guessed && guess.confidence >= SURE ? guessed : 'windows-1252';
  return { text: new TextDecoder(encoding).decode(bytes), encoding };
}

/** How sure jschardet must be before its guess wins over the defaults. */
const SURE = 0.8;

function byteOrderMark(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** jschardet's name as TextDecoder knows it, or null when TextDecoder does not. */
function whatwgName(name: string | null | undefined): string | null {
  if (!name) return null;
  const label = name.toLowerCase().replace(/^utf-16-/, 'utf-16');
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}
