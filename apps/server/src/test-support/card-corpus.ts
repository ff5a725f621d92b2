/**
 * The card corpus (apps/server/test-fixtures/vcards/README.md): every real vCard of the
 * fixture folders, one entry a card, byte for byte as its file holds it, tagged with its
 * project, file and version. A file of several cards is split at its BEGIN:VCARD and
 * END:VCARD lines; the bytes between cards (blank lines) belong to no card.
 *
 * Read by the corpus test (dav/card-corpus.test.ts) and `pnpm bench:cards`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the corpus: one folder a project, its `.vcf` files inside. */
export const CORPUS_DIR = fileURLToPath(new URL('../../test-fixtures/vcards/', import.meta.url));

/** How a file's bytes are written: UTF-8 (or another ASCII-compatible set), or UTF-16. */
export type CardEncoding = 'utf-8' | 'windows-1252' | 'utf-16be' | 'utf-16le';

/** One card of the corpus. */
export interface CorpusCard {
  /** The project folder: `ez-vcard`, `kith`, `roundcubemail`... */
  project: string;
  /** The file's name in its folder. */
  file: string;
  /** 1-based position in the file. */
  index: number;
  /** How many cards the file holds. */
  cardsInFile: number;
  /** `project/file`, with `#index` when the file holds several cards. */
  id: string;
  /** The VERSION line's value: `2.1`, `3.0`, `4.0`, or what else the card says ('' if none). */
  version: string;
  encoding: CardEncoding;
  /** The card's bytes exactly as in the file. */
  bytes: Buffer;
  /** The bytes decoded (`encoding`). */
  text: string;
  /** The UID's value (escapes of `,`, `;` and `\` undone), if the card has one. */
  uid?: string;
}

/**
 * Every card of the corpus in `dir` (default: the fixtures), by project then file name.
 * Folders without `.vcf` files and a missing `dir` give no cards.
 */
export function corpusCards(dir: string = CORPUS_DIR): CorpusCard[] {
  let projects: string[];
  try {
    projects = readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());
  } catch {
    return [];
  }
  const cards: CorpusCard[] = [];
  for (const project of projects.sort()) {
    const files = readdirSync(join(dir, project))
      .filter((name) => name.toLowerCase().endsWith('.vcf'))
      .sort();
    for (const file of files) {
      const bytes = readFileSync(join(dir, project, file));
      const encoding = encodingOf(bytes);
      const parts = splitCards(bytes, encoding);
      parts.forEach((part, i) => {
        const text = decode(part, encoding);
        const lines = unfoldLines(text);
        const uid = propertyValue(lines, 'UID')?.replace(/\\([,;\\])/g, '$1');
        cards.push({
          project,
          file,
          index: i + 1,
          cardsInFile: parts.length,
          id: parts.length > 1 ? `${project}/${file}#${i + 1}` : `${project}/${file}`,
          version: propertyValue(lines, 'VERSION')?.trim() ?? '',
          encoding,
          bytes: part,
          text,
          ...(uid ? { uid } : {}),
        });
      });
    }
  }
  return cards;
}

/**
 * The encoding of a file's bytes: UTF-16 by its byte-order mark or, without one, by the zero
 * bytes of ASCII letters; else UTF-8 when the bytes are valid UTF-8, else windows-1252 (the
 * 2.1 cards of Outlook and The Bat!).
 */
export function encodingOf(bytes: Buffer): CardEncoding {
  const [a, b] = [bytes[0], bytes[1]];
  if ((a === 0xfe && b === 0xff) || (a === 0 && b !== undefined && b !== 0)) return 'utf-16be';
  if ((a === 0xff && b === 0xfe) || (a !== 0 && a !== undefined && b === 0)) return 'utf-16le';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** `bytes` as text in `encoding`. */
export function decode(bytes: Buffer, encoding: CardEncoding): string {
  if (encoding === 'utf-16be') {
    // swap16 needs whole code units; a stray last byte is dropped.
    return Buffer.from(bytes.subarray(0, bytes.length & ~1))
      .swap16()
      .toString('utf16le');
  }
  if (encoding === 'utf-16le') return bytes.toString('utf16le');
  return new TextDecoder(encoding).decode(bytes);
}

/**
 * The cards of one file, each from its BEGIN:VCARD line through its END:VCARD line and that
 * line's line ending, byte for byte. Nested cards (a 2.1 AGENT) stay inside their card.
 */
export function splitCards(bytes: Buffer, encoding: CardEncoding = encodingOf(bytes)): Buffer[] {
  // A view with one character a code unit, so positions map back onto the bytes.
  const wide = encoding === 'utf-16be' || encoding === 'utf-16le';
  const view = wide ? decode(bytes, encoding) : bytes.toString('latin1');
  const unit = wide ? 2 : 1;
  const cards: Buffer[] = [];
  let depth = 0;
  let start = 0;
  let position = 0;
  while (position < view.length) {
    const newline = view.indexOf('\n', position);
    const next = newline === -1 ? view.length : newline + 1;
    const raw = view.slice(position, next);
    // A byte-order mark before the first card is not part of it.
    const mark = /^(?:\uFEFF|\u00EF\u00BB\u00BF)/.exec(raw)?.[0].length ?? 0;
    const line = raw.slice(mark).trim().toUpperCase();
    if (line === 'BEGIN:VCARD') {
      if (depth === 0) start = position + mark;
      depth++;
    } else if (line === 'END:VCARD' && depth > 0) {
      depth--;
      if (depth === 0) cards.push(bytes.subarray(start * unit, next * unit));
    }
    position = next;
  }
  return cards;
}

/**
 * The content lines of a card's text: line endings of any kind (CRLF, LF, CR, and the CR CR
 * LF of an iPhone export) made one, folds undone, blank lines dropped.
 */
export function unfoldLines(text: string): string[] {
  return text
    .replace(/\r+\n?|\n/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/** The value of the first `name` property (any group, any parameters) of unfolded lines. */
export function propertyValue(lines: string[], name: string): string | undefined {
  const pattern = new RegExp(`^(?:[A-Za-z0-9-]+\\.)?${name}(?:;[^:]*)?:(.*)$`, 'i');
  for (const line of lines) {
    const match = pattern.exec(line);
    if (match) return match[1];
  }
  return undefined;
}
