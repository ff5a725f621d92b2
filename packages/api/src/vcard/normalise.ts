/**
 * vCard 2.1 (versit, 1996) to 3.0, so ical.js can read it. 2.1 differs where it matters:
 * parameters may come without a name (`TEL;HOME;VOICE:`), values may be quoted-printable in
 * any charset with soft line breaks (`=` at the end of a line), and base64 is spelt
 * `ENCODING=BASE64`. Phones (Android, old Nokias) and Outlook still write it, and some 3.0
 * writers use quoted-printable too, so every card passes through here.
 */

import { PROPERTY_START, propertyName } from './lines';

const ENCODINGS = new Set(['QUOTED-PRINTABLE', 'BASE64', 'B', '8BIT', '7BIT']);

/** A line of base64 only, as 2.1 writers continue a BASE64 value without indenting it. */
const BASE64_LINE = /^[A-Za-z0-9+/=]+$/;

/** A card's logical lines, and what was repaired on the way, in words for the preview. */
export interface CardLines {
  lines: string[];
  warnings: string[];
}

/**
 * The card's logical lines: RFC 6350 §3.2 folding undone, and quoted-printable soft line
 * breaks joined (a QP line ending in `=` continues on the next line, which is not indented).
 * One broken line spoils one property, never the card (the rest of it still comes in):
 * - blank lines after a soft break are skipped, and the value goes on in the next line, unless
 *   that line starts a property or is `END:VCARD`: then the `=` ended the value;
 * - a line that starts no property and continues none (a bare CR inside a value, which
 *   splits it, RFC 6350 §3.2 allows only CRLF) is read as a line break of the property
 *   before it, or, base64 after a 2.1 BASE64 property, as more of its value; with nothing
 *   before it but BEGIN, it is left out. Each repair is a warning naming the property.
 */
function logicalLines(card: string): CardLines {
  const physical = card.split(/\r\n|\r|\n/);
  const lines: string[] = [];
  const warnings: string[] = [];
  /** A soft break waits for its continuation; `blank` when blank lines came since. */
  let softBreak: { blank: boolean } | null = null;
  for (const line of physical) {
    const previous = lines.at(-1);
    if (softBreak && line.trim() === '') {
      softBreak.blank = true;
      continue;
    }
    if (previous !== undefined && /^[ \t]/.test(line)) {
      lines[lines.length - 1] = previous + line.slice(1);
    } else if (softBreak && previous !== undefined) {
      const ends = /^(BEGIN|END)\s*:/i.test(line) || (softBreak.blank && PROPERTY_START.test(line));
      lines[lines.length - 1] = previous.slice(0, -1) + (ends ? '' : line);
      if (ends) lines.push(line);
      else if (softBreak.blank) {
        warnings.push(
          `${propertyName(previous)} had a blank line inside its quoted-printable text; it was read as one value.`,
        );
      }
    } else if (line.trim() === '') {
      continue;
    } else if (PROPERTY_START.test(line) || previous === undefined) {
      lines.push(line);
    } else if (isBase64(previous) && BASE64_LINE.test(line.trim())) {
      lines[lines.length - 1] = previous + line.trim();
    } else if (/^BEGIN\s*:/i.test(previous)) {
      warnings.push(`A line that belongs to no property ("${excerpt(line)}") was left out.`);
    } else {
      lines[lines.length - 1] = `${previous}\\n${line}`;
      warnings.push(
        `${propertyName(previous)} had a line break where vCard allows none (a bare CR or LF inside its value); its lines were read as one value.`,
      );
    }
    const last = lines.at(-1);
    softBreak =
      last !== undefined && isQuotedPrintable(last) && last.endsWith('=') ? { blank: false } : null;
  }
  return { lines, warnings };
}

/** The start of a line, for a warning: at most 40 characters. */
function excerpt(line: string): string {
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}

/** Whether a line's value is base64 (2.1 `ENCODING=BASE64` or a bare `BASE64`, 3.0 `b`). */
function isBase64(line: string): boolean {
  const head = line.slice(0, line.indexOf(':') + 1).toUpperCase();
  return /;(ENCODING=)?(BASE64|B)[;:]/.test(head);
}

function isQuotedPrintable(line: string): boolean {
  const head = line.slice(0, line.indexOf(':') + 1).toUpperCase();
  return head.includes('QUOTED-PRINTABLE');
}

/**
 * Quoted-printable (RFC 2045 §6.7) bytes, read in the given charset. Without a CHARSET
 * parameter (`charset` undefined) they are read as UTF-8 when they are valid UTF-8, else as
 * windows-1252, which old phones and Outlook wrote ("M=FCller" came out "M�ller").
 */
export function decodeQuotedPrintable(value: string, charset?: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    const hex = value.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...new TextEncoder().encode(char));
    }
  }
  const data = new Uint8Array(bytes);
  if (charset) {
    try {
      return new TextDecoder(charset).decode(data);
    } catch {
      // A charset TextDecoder does not know: guess as if none were given.
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** Splits `A;B="x;y";C` at the semicolons outside quotes. */
function splitParams(head: string): string[] {
  return head.match(/(?:[^;"]|"[^"]*")+/g) ?? [];
}

/** One logical line rewritten as vCard 3.0. */
function upgradeLine(line: string, version21: boolean): string {
  const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  if (colon < 0) return line;
  const [name, ...params] = splitParams(line.slice(0, colon));
  let value = line.slice(colon + 1);
  const kept: string[] = [];
  let encoding = '';
  let charset: string | undefined;
  for (const param of params) {
    const eq = param.indexOf('=');
    const key = eq < 0 ? '' : param.slice(0, eq).toUpperCase();
    const paramValue = eq < 0 ? param : param.slice(eq + 1);
    if (key === 'ENCODING' || (eq < 0 && ENCODINGS.has(param.toUpperCase()))) {
      encoding = paramValue.toUpperCase();
    } else if (key === 'CHARSET') {
      charset = paramValue.replace(/"/g, '');
    } else if (eq < 0) {
      // 2.1's nameless parameters are TYPE values (HOME, WORK, CELL, PREF, JPEG...).
      if (version21) kept.push(`TYPE=${param}`);
    } else {
      kept.push(param);
    }
  }
  if (encoding === 'QUOTED-PRINTABLE') {
    value = decodeQuotedPrintable(value, charset).replace(/\r\n|\r|\n/g, '\\n');
  }
  // Commas separate nothing in 2.1 (nor in decoded quoted-printable), but do in 3.0 text.
  if ((version21 || encoding === 'QUOTED-PRINTABLE') && !/^(.*\.)?CATEGORIES$/i.test(name!)) {
    value = value.replace(/(?<!\\),/g, '\\,');
  }
  if (encoding === 'BASE64' || encoding === 'B') {
    kept.push('ENCODING=b');
    value = value.replace(/\s+/g, '');
  }
  if (version21 && name!.toUpperCase() === 'VERSION') value = '3.0';
  return [name, ...kept].join(';') + ':' + value;
}

/**
 * The card's own lines: components nested in it (`BEGIN:X` to its `END:X`, any depth), which
 * RFC 6350 does not define, are left out with everything inside them, and so is an `END:X`
 * that closes nothing. `END:VCARD` always ends the card. Without this, a stray `END:X` made
 * ical.js end the card early and answer several components.
 */
function ownLines(lines: string[]): string[] {
  const kept: string[] = [];
  let depth = 0;
  for (const line of lines) {
    const match = /^(BEGIN|END)\s*:\s*(\S*)\s*$/i.exec(line);
    if (!match) {
      if (depth === 0) kept.push(line);
      continue;
    }
    const begin = match[1]!.toUpperCase() === 'BEGIN';
    const vcard = match[2]!.toUpperCase() === 'VCARD';
    if (begin && vcard && kept.length === 0) kept.push(line);
    else if (begin) depth += 1;
    else if (vcard) {
      depth = 0;
      kept.push(line);
    } else if (depth > 0) depth -= 1;
  }
  return kept;
}

/**
 * One card's text made readable for ical.js: lines unfolded, components nested in the card
 * left out (`ownLines`), quoted-printable decoded into escaped 3.0 text, base64 values
 * joined, and for a 2.1 card its nameless parameters named TYPE and its VERSION set to 3.0.
 * Then folded lines are no longer an issue either. Linear in the card's length.
 *
 * @returns the card's lines, one property each (BEGIN and END included), and the repairs of
 *   broken lines in words for the preview (`logicalLines`).
 */
export function normaliseVCard(card: string): CardLines {
  const { lines: logical, warnings } = logicalLines(card);
  const lines = ownLines(logical);
  const version21 = lines.some((line) => /^VERSION:\s*2\.1\s*$/i.test(line));
  return { lines: lines.map((line) => upgradeLine(line, version21)), warnings };
}
