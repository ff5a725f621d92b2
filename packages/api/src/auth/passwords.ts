import { ValidationError } from '../errors';
import { dictionary } from '@zxcvbn-ts/language-common';
import { argon2id, hash, verify } from 'argon2';

/**
 * argon2id with OWASP's minimum parameters (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1).
 */
const ARGON2_OPTIONS = { type: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password into a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches the PHC `hash`; false for a mismatch or a malformed hash. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when an email is unknown, so an unknown
 * email and a wrong password take the same time (OWASP Authentication Cheat Sheet).
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  return decoyHash;
}

const commonPasswords = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** The message for a password found in the list of most common passwords. */
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common and easy to guess. Please choose another.';

/**
 * True for a password in the ~49,000 most common passwords (the list maintained by
 * zxcvbn-ts), compared case-insensitively. NIST SP 800-63B 5.1.1.2 asks that these be refused.
 */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/**
 * NIST SP 800-63B: refuse passwords from lists of commonly used ones.
 *
 * @throws ValidationError on `field` (default `password`) for a common password.
 */
export function assertUncommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new ValidationError(COMMON_PASSWORD_MESSAGE, { [field]: [COMMON_PASSWORD_MESSAGE] });
  }
}
