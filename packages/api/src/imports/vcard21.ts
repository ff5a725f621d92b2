/**
 * vCard 2.1 (versit, 1996) to 3.0, so ical.js can read it. 2.1 differs where it matters:
 * parameters may come without a name (`TEL;HOME;VOICE:`), values may be quoted-printable in
 * any charset with soft line breaks (`=` at the end of a line), and base64 is spelt
 * `ENCODING=BASE64`. Phones (Android, old Nokias) and Outlook still write it, and some 3.0
 * writers use quoted-printable too, so every card passes through here.
 */

const ENCODINGS = new Set(['QUOTED-PRINTABLE', 'BASE64', 'B', '8BIT', '7BIT']);

/**
 * The card's logical lines: RFC 6350 §3.2 folding undone, and quoted-printable soft line
 * breaks joined (a QP line ending in `=` continues on the next line, which is not indented).
 */
function logicalLines(card: string): string[] {
  const physical = card.split(/\r\n|\r|\n/);
  const lines: string[] = [];
  for (const line of physical) {
    const previous = lines.at(-1);
    if (previous !== undefined && /^[ \t]/.test(line)) {
      lines[lines.length - 1] = previous + line.slice(1);
    } else if (previous !== undefined && isQuotedPrintable(previous) && previous.endsWith('=')) {
      lines[lines.length - 1] = previous.slice(0, -1) + line;
    } else if (line.trim() !== '') {
      lines.push(line);
    }
  }
  return lines;
}

function isQuotedPrintable(line: string): boolean {
  const head = line.slice(0, line.indexOf(':') + 1).toUpperCase();
  return head.includes('QUOTED-PRINTABLE');
}

/**
 * Quoted-printable (RFC 2045 §6.7) bytes, read in the given charset. Without a CHARSET
 * parameter (`charset` undefined) they are read as UTF-8 when they are valid UTF-8, else as
 * windows-1252, which old phones and Outlook wrote (issue 17: "M=FCller" came out "M�ller").
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
 */
export function normaliseVCard(card: string): string {
  const lines = ownLines(logicalLines(card));
  const version21 = lines.some((line) => /^VERSION:\s*2\.1\s*$/i.test(line));
  return lines.map((line) => upgradeLine(line, version21)).join('\r\n') + '\r\n';
}
