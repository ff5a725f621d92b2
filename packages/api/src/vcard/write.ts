/**
 * A vCard writer, 4.0 (RFC 6350) or 3.0 (RFC 2426, which Apple's clients read). Values are
 * escaped per §3.4, lines folded at 75 octets per §3.2 without splitting a UTF-8 character,
 * and lines end in CRLF.
 */

/** The vCard versions Kith writes. */
export type VCardVersion = '4.0' | '3.0';

/** One property: name, parameters, and a value, or a structured value's components. */
export interface VCardProperty {
  name: string;
  /** RFC 6350 §3.3 group, as Apple's `item1.` that ties a property to its X-ABLabel. */
  group?: string;
  params?: Record<string, string>;
  /** Text to escape, or components joined by `;` (N, ADR, ORG), each escaped. */
  value: string | string[];
  /** A URI or date value, written as it is (no text escaping): PHOTO data URIs, BDAY. */
  raw?: boolean;
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/**
 * Escapes a text value (RFC 6350 §3.4 and its TEXT-CHAR grammar): backslash, comma and
 * newlines. A semicolon stays as it is: only structured values escape it.
 */
export function escapeText(value: string): string {
  return value.replace(/[\\,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** Escapes one component of a structured value (N, ADR, ORG): a semicolon too. */
export function escapeComponent(value: string): string {
  return escapeText(value).replace(/;/g, '\\;');
}

function paramValue(key: string, value: string): string {
  // RFC 6868 caret encoding, and quotes around values that hold separators. TYPE's commas
  // separate its values (`TYPE=work,fax`), so they stay bare.
  const encoded = value.replace(/\^/g, '^^').replace(/\n/g, '^n').replace(/"/g, "^'");
  const separators = key.toLowerCase() === 'type' ? /[;:]/ : /[;:,]/;
  return separators.test(encoded) ? `"${encoded}"` : encoded;
}

/** Folds a content line into lines of at most 75 octets, continuation lines led by a space. */
export function foldLine(line: string): string {
  const octets = Buffer.byteLength(line);
  if (octets <= MAX_LINE_OCTETS) return line;
  // As many octets as characters: all ASCII, one octet each (a photo's base64 most of all), so
  // the line is cut by position; other text is measured a character at a time.
  return octets === line.length ? foldAscii(line) : foldUtf8(line);
}

function foldAscii(line: string): string {
  const out = [line.slice(0, MAX_LINE_OCTETS)];
  for (let at = MAX_LINE_OCTETS; at < line.length; at += MAX_LINE_OCTETS - 1) {
    out.push(line.slice(at, at + MAX_LINE_OCTETS - 1));
  }
  return out.join(`${CRLF} `);
}

function foldUtf8(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = out.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

/** One content line, folded, without its line ending. */
export function formatProperty(property: VCardProperty): string {
  const params = Object.entries(property.params ?? {})
    .map(([key, value]) => `;${key.toUpperCase()}=${paramValue(key, value)}`)
    .join('');
  const value = Array.isArray(property.value)
    ? property.value.map(escapeComponent).join(';')
    : property.raw
      ? property.value
      : escapeText(property.value);
  const name = (property.group ? `${property.group}.` : '') + property.name.toUpperCase();
  return foldLine(`${name}${params}:${value}`);
}

/** A whole vCard: BEGIN, VERSION (first, as §6.7.9 asks), the properties, END; CRLF-ended. */
export function formatVCard(properties: VCardProperty[], version: VCardVersion = '4.0'): string {
  const lines = [
    'BEGIN:VCARD',
    `VERSION:${version}`,
    ...properties.map(formatProperty),
    'END:VCARD',
  ];
  return lines.join(CRLF) + CRLF;
}
