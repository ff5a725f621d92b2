/**
 * A vCard's content lines (RFC 6350 §3.2-§3.4, RFC 2426 §5): folding undone, each line's
 * group, name and value, and text values unescaped. The one line reader of the vCard files
 * an import reads (`read.ts`, beside ical.js), the cards and group cards CardDAV clients send,
 * and the cards an `addressbook-query` filter looks into.
 */

/** A line break: CRLF, LF, a lone CR, or the CR CR LF of iPhone exports. */
const LINE_BREAK = /\r*\n|\r/;

/** A line break followed by the space or tab that continues a folded line (RFC 6350 §3.2). */
const FOLD = /(?:\r*\n|\r)[ \t]/g;

/** The start of a property line: `[group.]NAME` then `;` or `:` (RFC 6350 §3.3). */
export const PROPERTY_START = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)?[;:]/;

/** `[group.]NAME[;params]:value`: the group, the name and the value of a content line. */
const CONTENT_LINE = /^(?:([\w-]+)\.)?([\w-]+)(?:;[^:]*)?:(.*)$/;

/** A vCard's text with its folded lines joined again; its line breaks stay as they were. */
export function unfold(text: string): string {
  return text.replace(FOLD, '');
}

/** A vCard's content lines, folding undone; any line break counts (`LINE_BREAK`). */
export function unfoldedLines(text: string): string[] {
  return unfold(text).split(LINE_BREAK);
}

/** One content line: its group (Apple's `item1`, '' without one), name and raw value. */
export interface ContentLine {
  group: string;
  /** Upper-cased: names are case-insensitive (RFC 6350 §3.3). */
  name: string;
  /** As written: escapes not undone, not trimmed. */
  value: string;
}

/** A content line's parts, or null for a line that is no property (no name and colon). */
export function contentLine(line: string): ContentLine | null {
  const match = CONTENT_LINE.exec(line);
  if (!match) return null;
  return { group: match[1] ?? '', name: match[2]!.toUpperCase(), value: match[3]! };
}

/** The raw value of the first property `name` (any group, any parameters), or undefined. */
export function propertyValue(lines: string[], name: string): string | undefined {
  const wanted = name.toUpperCase();
  for (const line of lines) {
    const parsed = contentLine(line);
    if (parsed?.name === wanted) return parsed.value;
  }
  return undefined;
}

/** The raw values of every property `name` (any group, any parameters), in card order. */
export function propertyValues(lines: string[], name: string): string[] {
  const wanted = name.toUpperCase();
  const values: string[] = [];
  for (const line of lines) {
    const parsed = contentLine(line);
    if (parsed?.name === wanted) values.push(parsed.value);
  }
  return values;
}

/**
 * A text value with its escapes undone, in one pass (RFC 6350 §3.4): `\\`, `\,`, `\;`, and
 * `\n` or `\N` as a line break; and `\:`, which RFC 6350 does not define but Apple writes
 * (`urn\:uuid\:…`). Any other backslash stays as written.
 */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\,;:nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** A property's name as the import preview names it: `item1.TEL;TYPE=cell:…` is TEL. */
export function propertyName(line: string): string {
  const head = /^(?:[A-Za-z0-9-]+\.)?([A-Za-z0-9-]+)/.exec(line);
  return head ? head[1]!.toUpperCase() : 'a property';
}

/**
 * How many lines of a card start a property (`PROPERTY_START`), counting no further than
 * `max + 1`: a folded line's continuation (it starts with a space), a quoted-printable soft
 * break and a base64 line are not counted. One forward scan, so a card of 100,000 properties
 * costs one pass, not 100,000 parsed lines.
 */
export function propertyLineCount(card: string, max: number): number {
  const start = new RegExp(PROPERTY_START.source, 'gm');
  let n = 0;
  while (n <= max && start.exec(card)) n += 1;
  return n;
}
