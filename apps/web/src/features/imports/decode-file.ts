/** A file's text as read in one encoding. */
export interface FileReading {
  text: string;
  /** The WHATWG name of the encoding (`utf-8`, `shift_jis`, `windows-1252`, ...). */
  encoding: string;
}

/** A file's text, and the readings to choose from when its encoding is not sure. */
export interface DecodedFile extends FileReading {
  /**
   * Present when the file is no Unicode, jschardet is not sure of its encoding and two
   * readings give different text: the guessed reading and windows-1252, for the person to
   * choose (`text` and `encoding` hold windows-1252's, what is read without asking).
   */
  choices?: FileReading[];
}

/**
 * The text of an import file whatever its encoding: address books are written in
 * UTF-8, UTF-16 (Outlook, older Windows tools; with or without a byte order mark),
 * windows-1252 (vCard 2.1 from old phones and Outlook) and the legacy encodings of other
 * languages (Shift_JIS from Japanese phones). Reading every file as UTF-8 turned "Müller"
 * into "M�ller" and UTF-16 files into noise; reading a Shift_JIS file as windows-1252 turned
 * 山田 into "ŽR“c".
 *
 * The order: a byte order mark decides (UTF-8, UTF-16LE, UTF-16BE); then UTF-16 without one,
 * as jschardet recognises it by its zero bytes; then UTF-8 when the bytes are valid UTF-8;
 * else jschardet's guess when it is sure (`SURE`). When it is not (its confidence stays far
 * below on a file of a few kilobytes), its best guess that TextDecoder knows and that reads
 * every byte is weighed against windows-1252, which every byte decodes in (WHATWG's reading
 * of "ISO-8859-1" too): when the two texts are the same, or the guess does not read the
 * file, it is windows-1252; when they differ, both are in `choices`, for the person to say
 * which reading looks right (`sampleNames` shows a few names of each).
 *
 * @returns the text and the WHATWG name of the encoding it was read in, for the preview to
 *   say, and `choices` when the person should choose.
 */
export async function decodeImportFile(bytes: Uint8Array): Promise<DecodedFile> {
  const bom = byteOrderMark(bytes);
  if (bom) return { text: new TextDecoder(bom).decode(bytes), encoding: bom };

  const { detect, detectAll } = await import('jschardet');
  const sample = bytes.subarray(0, 64 * 1024);
  const guess = detect(sample);
  const guessed = whatwgName(guess.encoding);
  if ((guessed === 'utf-16le' || guessed === 'utf-16be') && guess.confidence >= SURE) {
    return { text: new TextDecoder(guessed).decode(bytes), encoding: guessed };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: a legacy encoding.
  }
  if (guessed && guess.confidence >= SURE) {
    return { text: new TextDecoder(guessed).decode(bytes), encoding: guessed };
  }
  const fallback: FileReading = {
    text: new TextDecoder(FALLBACK).decode(bytes),
    encoding: FALLBACK,
  };
  for (const candidate of detectAll(sample)) {
    const encoding = whatwgName(candidate.encoding);
    if (!encoding || encoding === FALLBACK || encoding.startsWith('utf-')) continue;
    const reading = readStrictly(bytes, encoding);
    // The best guess that reads every byte of the file: asked about only if it differs.
    if (!reading) continue;
    return reading.text === fallback.text
      ? fallback
      : { ...fallback, choices: [reading, fallback] };
  }
  return fallback;
}

/** How sure jschardet must be before its guess wins over the defaults. */
const SURE = 0.8;

/** The encoding every byte decodes in, read when nothing better is known. */
const FALLBACK = 'windows-1252';

/** The text of `bytes` in `encoding`, or null when some bytes are not text in it. */
function readStrictly(bytes: Uint8Array, encoding: string): FileReading | null {
  try {
    return { text: new TextDecoder(encoding, { fatal: true }).decode(bytes), encoding };
  } catch {
    return null;
  }
}

function byteOrderMark(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** jschardet's names that are no WHATWG label (Windows code pages), with the WHATWG name. */
const CODE_PAGES: Record<string, string> = {
  cp932: 'shift_jis',
  cp936: 'gbk',
  cp949: 'euc-kr',
  cp950: 'big5',
  cp874: 'windows-874',
  macroman: 'macintosh',
  maccyrillic: 'x-mac-cyrillic',
};

/** jschardet's name as TextDecoder knows it, or null when TextDecoder does not. */
function whatwgName(name: string | null | undefined): string | null {
  if (!name) return null;
  const label = name.toLowerCase().replace(/^utf-16-/, 'utf-16');
  try {
    return new TextDecoder(CODE_PAGES[label] ?? label).encoding;
  } catch {
    return null;
  }
}

/** How the encodings a file may be read in are called where people meet them. */
const ENCODING_NAMES: Record<string, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Western European)',
  'windows-1250': 'Windows-1250 (Central European)',
  'windows-1251': 'Windows-1251 (Cyrillic)',
  shift_jis: 'Shift_JIS (Japanese)',
  'euc-jp': 'EUC-JP (Japanese)',
  'iso-2022-jp': 'ISO-2022-JP (Japanese)',
  'euc-kr': 'EUC-KR (Korean)',
  gbk: 'GBK (Simplified Chinese)',
  gb18030: 'GB18030 (Simplified Chinese)',
  big5: 'Big5 (Traditional Chinese)',
};

/** An encoding's name for people (`Shift_JIS (Japanese)`), else its WHATWG name. */
export function encodingName(encoding: string): string {
  return ENCODING_NAMES[encoding] ?? encoding;
}

/**
 * The first `count` names of a contacts file, for a person to see whether its text reads
 * right: of a vCard, each card's FN (RFC 6350 §6.2.1), else its N given and family name; of
 * a CSV, the cells of the columns whose header says "name" (`First Name`, `Last Name`,
 * `Name`...), else the first cell, of the first rows. Folded lines are joined; quoted-
 * printable is left as it is. An empty list when no name is found.
 */
export function sampleNames(text: string, count = 3): string[] {
  const names: string[] = [];
  if (/BEGIN:VCARD/i.test(text)) {
    const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r\n|\r|\n/);
    let n: string | null = null;
    let fn: string | null = null;
    for (const line of lines) {
      const property = /^(?:[\w-]+\.)?(FN|N|END)(?:;[^:]*)?:(.*)$/i.exec(line);
      if (!property) continue;
      const [, name, value] = property as unknown as [string, string, string];
      if (name.toUpperCase() === 'FN') fn = unescape(value);
      else if (name.toUpperCase() === 'N') {
        const [family = '', given = ''] = value.split(';').map(unescape);
        n = [given, family].filter(Boolean).join(' ');
      } else if (/^VCARD$/i.test(value.trim())) {
        const shown = (fn || n || '').trim();
        if (shown) names.push(shown);
        if (names.length >= count) break;
        [fn, n] = [null, null];
      }
    }
    return names;
  }
  const [header, ...rows] = text
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim())
    .slice(0, count + 1)
    .map(csvCells);
  if (!header) return names;
  const nameColumns = header.flatMap((cell, i) => (/name/i.test(cell) ? [i] : []));
  const columns = nameColumns.length > 0 ? nameColumns : [0];
  for (const cells of rows) {
    const shown = columns
      .map((i) => cells[i]?.trim() ?? '')
      .filter(Boolean)
      .join(' ');
    if (shown) names.push(shown);
  }
  return names;
}

/**
 * What each reading of a file shows the person choosing between them, in the order of
 * `readings`: its first `count` names (`sampleNames`) when they tell the readings apart, else
 * (the names read the same, as "Zoë Müller" does in windows-1250 and windows-1252) the first
 * `count` lines whose text differs, each as its value (after a vCard line's `NAME:`), at most
 * 60 characters.
 */
export function readingSamples(readings: FileReading[], count = 3): string[][] {
  const names = readings.map((reading) => sampleNames(reading.text, count));
  if (new Set(names.map((list) => list.join('\n'))).size > 1) return names;
  const lines = readings.map((reading) => reading.text.split(/\r\n|\r|\n/));
  const differing: number[] = [];
  for (let i = 0; i < lines[0]!.length && differing.length < count; i++) {
    if (lines.some((list) => list[i] !== lines[0]![i])) differing.push(i);
  }
  return lines.map((list) =>
    differing.map((i) => {
      const line = (list[i] ?? '').replace(/^[\w.-]+(?:;[^:]*)?:/, '').trim();
      return line.length > 60 ? `${line.slice(0, 60)}…` : line;
    }),
  );
}

/** RFC 6350 §3.4 text unescaping (`\,` `\;` `\\` `\n`), for a name shown as it reads. */
function unescape(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (/n/i.test(c) ? ' ' : c));
}

/** The cells of one CSV line (RFC 4180 quoting), for a preview: a quoted line break ends it. */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}
